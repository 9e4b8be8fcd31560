import FilterableResults

/// One run of ``BatchUpdateValidator``: the two tables indexed by key, what
/// the section events do to each section, the row events that passed the
/// structural checks, and the violations found so far.
///
/// The checks run in `run(isSameContent:)`, in the order of the rules, each
/// in its own extension: section events (rules 1, 2, 6), the section
/// mapping (4, 5), row events (1, 2, 3, 5, 6), the replay (4, 5), content
/// (6), minimality and identity (9), emptiness (7). An event that breaks
/// rule 1 or 2 takes no further part, so one mistake is reported once
/// rather than echoed by every later check.
@usableFromInline struct BatchValidation<Element, Key: Hashable> {
    @usableFromInline typealias Change = ResultsChangeset<Element, Key>.ElementChange

    /// What the section events do to a section of the old table.
    @usableFromInline enum OldSectionFate: Equatable {
        /// Not named by a delete, move or update: it fills a new index in order.
        case stays
        case deleted
        case reloaded
        case moved(to: Int)
    }

    /// Where a section of the new table comes from.
    @usableFromInline enum NewSectionOrigin: Equatable {
        case inserted
        case moved(from: Int)
        case stays(from: Int)
        case reloaded(from: Int)

        /// The old section whose rows this one keeps (row events apply to
        /// it), or `nil` when its rows are taken from the new table.
        @inlinable var rowSource: Int? {
            switch self {
            case let .moved(index), let .stays(index): index
            case .inserted, .reloaded: nil
            }
        }
    }

    @usableFromInline let changeset: ResultsChangeset<Element, Key>
    @usableFromInline let old: [ResultsSection<Element>]
    @usableFromInline let new: [ResultsSection<Element>]
    /// Whether the tables may leave empty sections out, so that an unnamed
    /// section's position is not its identity.
    @usableFromInline let hidesEmptySections: Bool
    /// The sections' values before and after, when the tables have them
    /// (snapshots do): a changed value needs a section update.
    @usableFromInline var sectionValues: (old: [ResultsSectionValue?], new: [ResultsSectionValue?])?
    /// The keys of `old`, section by section.
    @usableFromInline let oldKeys: TableKeys<Element, Key>
    /// The keys of `new`, section by section.
    @usableFromInline let newKeys: TableKeys<Element, Key>
    /// The identity of each section of `old`.
    @usableFromInline let oldIdentities: [SectionIdentity]
    /// The identity of each section of `new`.
    @usableFromInline let newIdentities: [SectionIdentity]
    /// Where each key is in `old` (its first place if it repeats).
    @usableFromInline let oldLocation: KeyLocations<Element, Key>
    /// Where each key is in `new` (its first place if it repeats).
    @usableFromInline let newLocation: KeyLocations<Element, Key>

    /// One fate per old section.
    @usableFromInline var oldFates: [OldSectionFate]
    /// One origin per new section; `nil` until the mapping knows it (and
    /// for good when the section events do not add up).
    @usableFromInline var newOrigins: [NewSectionOrigin?]
    /// Whether every new section has an origin.
    @usableFromInline var sectionsAreMapped = false

    /// Indexes in `changeset.elementChanges` of the row events that passed
    /// rules 1 and 2, in order.
    @usableFromInline var acceptedEvents: [Int] = []
    /// The accepted row event naming each old index path.
    @usableFromInline var eventAtOldPath: EventsByPath
    /// The accepted row event naming each new index path.
    @usableFromInline var eventAtNewPath: EventsByPath
    /// The kind of each row event, by number (read once: a changeset
    /// makes each event it is asked for).
    @usableFromInline var eventKinds: [RowChange.Kind] = []
    /// The old path of each accepted move, by event number.
    @usableFromInline var moveSources: [Int: ResultsIndexPath] = [:]
    /// Accepted row events that already broke a rule (later checks that
    /// would only repeat the complaint skip them).
    @usableFromInline var flaggedEvents: Set<Int> = []

    /// Where the tables first differ in what a view shows (section names,
    /// keys, content; values aside), or `nil` when they look the same; set
    /// when the run starts.
    @usableFromInline var visibleDifference: String?

    @usableFromInline var violations: [BatchUpdateViolation] = []

    /// Indexes both tables by key and reports keys that repeat (rule 0);
    /// sections are identified by id, else by name, or unnamed by index.
    /// Keys are read from the rows through `key`, which the run keeps.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable init(
        changeset: ResultsChangeset<Element, Key>,
        old: [ResultsSection<Element>], new: [ResultsSection<Element>],
        key: @escaping (Element) -> Key,
        hidesEmptySections: Bool
    ) {
        self.init(
            changeset: changeset, old: old, new: new,
            oldKeys: TableKeys(rows: old, key: key), newKeys: TableKeys(rows: new, key: key),
            oldIdentities: old.enumerated().map { SectionIdentity(name: $0.element.name, id: $0.element.id, index: $0.offset) },
            newIdentities: new.enumerated().map { SectionIdentity(name: $0.element.name, id: $0.element.id, index: $0.offset) },
            hidesEmptySections: hidesEmptySections)
    }

    /// Indexes both tables, given with their rows' keys and their sections'
    /// identities, by key and reports keys that repeat (rule 0).
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable init(
        changeset: ResultsChangeset<Element, Key>,
        old: [ResultsSection<Element>], new: [ResultsSection<Element>],
        oldKeys: TableKeys<Element, Key>, newKeys: TableKeys<Element, Key>,
        oldIdentities: [SectionIdentity], newIdentities: [SectionIdentity],
        hidesEmptySections: Bool
    ) {
        self.changeset = changeset
        self.old = old
        self.new = new
        self.hidesEmptySections = hidesEmptySections
        self.oldKeys = oldKeys
        self.newKeys = newKeys
        self.oldIdentities = oldIdentities
        self.newIdentities = newIdentities
        oldFates = Array(repeating: .stays, count: old.count)
        newOrigins = Array(repeating: nil, count: new.count)
        eventAtOldPath = EventsByPath(rowCounts: oldKeys.map(\.count))
        eventAtNewPath = EventsByPath(rowCounts: newKeys.map(\.count))
        var repeats: [(table: String, key: Key, first: ResultsIndexPath, again: ResultsIndexPath)] = []
        oldLocation = KeyLocations(oldKeys) { repeats.append(("old", $0, $1, $2)) }
        newLocation = KeyLocations(newKeys) { repeats.append(("new", $0, $1, $2)) }
        for (table, key, first, again) in repeats {
            report(0, "the \(table) table has key \(describe(key)) twice, at \(first) and \(again): keys must be unique, so rows cannot be matched by identity")
        }
    }

    /// Runs every check.
    ///
    /// - Complexity: O(*n* log *n* + *e*).
    @inlinable mutating func run(isSameContent: (Element, Element) -> Bool) {
        visibleDifference = firstDifference(isSameContent: isSameContent)
        checkSectionEvents()
        mapSections()
        checkRowEvents()
        if sectionsAreMapped { replayRows() }
        checkContent(isSameContent: isSameContent)
        checkSectionUpdates()
        checkMinimalMoves()
        checkStayingRowsAreNotReplaced()
        checkSectionIdentity(isSameContent: isSameContent)
        checkEmptiness()
    }

    /// The violations, ordered by rule (stable within a rule).
    @inlinable var sortedViolations: [BatchUpdateViolation] {
        violations.enumerated()
            .sorted { ($0.element.rule, $0.offset) < ($1.element.rule, $1.offset) }
            .map(\.element)
    }

    @inlinable mutating func report(_ rule: Int, _ message: String) {
        violations.append(BatchUpdateViolation(rule: rule, message: message))
    }

    /// The first row where two key sequences differ (the shorter one's
    /// count when one is a prefix of the other), or `nil` when they are equal.
    @inlinable func firstMismatch<Keys: RandomAccessCollection<Key>>(_ lhs: Keys, _ rhs: Keys) -> Int? where Keys.Index == Int {
        for row in 0..<min(lhs.count, rhs.count) where lhs[row] != rhs[row] { return row }
        return lhs.count == rhs.count ? nil : min(lhs.count, rhs.count)
    }
}
