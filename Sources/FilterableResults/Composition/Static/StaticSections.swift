/// Fixed sections and rows, declared as the screen reads, that a data
/// source shows and a ``ResultsComposition`` joins with live results.
///
///     let settings = try StaticSections<Element> {
///         StaticSection("Account") {
///             StaticRow(.profile)
///             StaticRow(.signOut)
///         }
///     }
///
/// Replacing the declaration reports one batch from the package's own
/// diff:
///
///     try settings.setSections {                // animated: a section inserted above, rows kept
///         StaticSection("Beta") { StaticRow(.experiments) }
///         StaticSection("Account") { StaticRow(.profile); StaticRow(.signOut) }
///     }
///
/// In that batch, sections matched by title move, new ones are inserted,
/// missing ones deleted, and kept ones whose footer changed are updated;
/// rows matched by id move, come and go, and change (rows compared with
/// `==` when `Element` is `Equatable`, else every kept row counts as
/// changed). Users cannot delete or move static rows.
public final class StaticSections<Element> {
    /// The declaration's rows, by id, in a store sectioned by hand: the
    /// engine whose updates this source reports, its rows shown as their
    /// values.
    let controller: ResultsController<StaticRow<Element>, AnyHashable>
    /// The sections declared last.
    ///
    /// - Complexity: O(1).
    public private(set) var sections: [StaticSection<Element>]

    /// Creates the sections `sections` declares, comparing rows with `isSameContent`.
    init(_ sections: [StaticSection<Element>], isSameContent: (@Sendable (StaticRow<Element>, StaticRow<Element>) -> Bool)?) throws(ResultsError) {
        var store = ResultsStore<StaticRow<Element>, AnyHashable>(key: { $0.id }, isSameContent: isSameContent)
        try store.setData(sections: Self.resultsSections(sections))
        controller = ResultsController(store: store)
        try controller.setSectionValues(Self.sectionValues(sections))
        self.sections = sections
    }

    /// Creates the sections `sections` declares; every row kept by a new
    /// declaration counts as changed (`Element` is not `Equatable`).
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for two sections with one title.
    /// - Complexity: O(*n* log *n*) for *n* rows.
    public convenience init(@Builder _ sections: () -> [StaticSection<Element>]) throws(ResultsError) {
        try self.init(sections(), isSameContent: nil)
    }

    /// Replaces the declaration, and reports the difference as one
    /// animated batch (section moves, inserts and deletes; row moves,
    /// inserts, deletes and changes). Rows with one id keep the first
    /// position and the last row given.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for two sections with
    ///   one title; nothing changes then.
    /// - Complexity: O(*n* log *n*) for *n* rows.
    public func setSections(@Builder _ sections: () -> [StaticSection<Element>]) throws(ResultsError) {
        try setSections(sections())
    }

    /// Replaces the declaration with `sections`, as the result-builder form does.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for two sections with
    ///   one title; nothing changes then.
    /// - Complexity: O(*n* log *n*) for *n* rows.
    public func setSections(_ sections: [StaticSection<Element>]) throws(ResultsError) {
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.setData(sections: Self.resultsSections(sections))
            try controller.setSectionValues(Self.sectionValues(sections))
        }
        self.sections = sections
    }

    /// A declaration as the store's sections.
    static func resultsSections(_ sections: [StaticSection<Element>]) -> [ResultsSection<StaticRow<Element>>] {
        sections.map { ResultsSection(name: $0.title, elements: $0.rows) }
    }

    /// The sections' values: their titles and footers, by index (the
    /// store shows every declared section, in order).
    static func sectionValues(_ sections: [StaticSection<Element>]) -> ResultsSnapshot<StaticRow<Element>, AnyHashable>.SectionValue {
        let values = sections.map { ResultsSectionValue(title: $0.title, footerTitle: $0.footer) }
        return { section in values[section.index] }
    }
}

extension StaticSections where Element: Equatable & SendableMetatype {
    /// Creates the sections `sections` declares; a row kept by a new
    /// declaration changes when it is not `==` to the one before.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for two sections with one title.
    /// - Complexity: O(*n* log *n*) for *n* rows.
    public convenience init(@Builder _ sections: () -> [StaticSection<Element>]) throws(ResultsError) {
        try self.init(sections(), isSameContent: { $0.value == $1.value })
    }
}

// MARK: - As a source

extension StaticSections: ResultsSource {
    /// The identity of a static row: its ``StaticRow/id``.
    public typealias Key = AnyHashable

    /// The table of the declared sections: the rows' values, by their ids,
    /// with each section's title and footer.
    public struct Snapshot: ResultsTableSnapshot {
        /// The declared rows, as the engine holds them.
        let rows: ResultsSnapshot<StaticRow<Element>, AnyHashable>

        /// The number of sections.
        ///
        /// - Complexity: O(1).
        public var numberOfSections: Int { rows.numberOfSections }
        /// The number of rows.
        ///
        /// - Complexity: O(1).
        public var count: Int { rows.count }
        /// The number of rows in `section`, or `nil` for a section that does not exist.
        ///
        /// - Complexity: O(log *n*).
        public func numberOfElements(inSection section: Int) -> Int? { rows.numberOfElements(inSection: section) }
        /// The title of `section`, or `nil`.
        ///
        /// - Complexity: O(log *n*).
        public func name(ofSection section: Int) -> String? { rows.name(ofSection: section) }
        /// The title and footer of `section`, or `nil`.
        ///
        /// - Complexity: O(log *n*).
        public func value(ofSection section: Int) -> ResultsSectionValue? { rows.value(ofSection: section) }
        /// The value of the row at `indexPath`, or `nil`.
        ///
        /// - Complexity: O(log *n*).
        public func element(at indexPath: ResultsIndexPath) -> Element? { rows.element(at: indexPath)?.value }
        /// The id of the row at `indexPath`, or `nil`.
        ///
        /// - Complexity: O(log *n*).
        public func key(at indexPath: ResultsIndexPath) -> AnyHashable? { rows.key(at: indexPath) }
        /// The declared row at `indexPath` (its value, id and action), or `nil`.
        ///
        /// - Complexity: O(log *n*).
        public func row(at indexPath: ResultsIndexPath) -> StaticRow<Element>? { rows.element(at: indexPath) }
    }

    /// The table as last reported.
    ///
    /// - Complexity: O(1).
    public var reportedSnapshot: Snapshot { Snapshot(rows: controller.reportedSnapshot) }

    /// The key of the static row with identity `id` (its ``StaticRow/id``:
    /// the row itself for a `Hashable` row).
    ///
    ///     let profile = header.key(ofRow: Element.profile)
    ///     let version = header.key(ofRow: "version")
    ///
    /// - Complexity: O(1).
    public func key(ofRow id: some Hashable) -> Key { AnyHashable(id) }

    /// Whether a batch is open.
    ///
    /// - Complexity: O(1).
    public var isBatching: Bool { controller.isBatching }
    /// Whether changes are reported (see ``setUpdatesEnabled(_:)``).
    ///
    /// - Complexity: O(1).
    public var updatesEnabled: Bool { controller.updatesEnabled }

    /// Opens a batch: `setSections` calls made until the matching
    /// ``endUpdates()`` are reported as one update.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification``.
    /// - Complexity: O(1).
    public func beginUpdates() throws(ResultsError) { try controller.beginUpdates() }
    /// Closes the batch ``beginUpdates()`` opened.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open batch.
    /// - Complexity: that of the update reported.
    public func endUpdates() throws(ResultsError) { try controller.endUpdates() }
    /// Runs `body` as one batch, atomically: when it throws, the sections
    /// return to their declaration before the call and nothing is reported.
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body`, plus the update reported.
    public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let declared = sections
        do {
            try controller.performBatchUpdates(body)
        } catch {
            sections = declared
            throw error
        }
    }
    /// Pauses reporting changes (`false`), or resumes it (`true`) with one
    /// reload when anything changed meanwhile.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch.
    /// - Complexity: O(1), plus the reload.
    public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) { try controller.setUpdatesEnabled(enabled) }

    /// Calls `handler` with every update from now on, until the returned
    /// observation is cancelled or released.
    ///
    /// - Complexity: O(1); each update O(*n*) for *n* changed rows.
    public func observe(_ handler: @escaping (Update) -> Void) -> ResultsObservation {
        controller.observe { update in
            handler(Update(
                changeset: update.isReload ? ResultsChangeset() : update.changeset.map(\.value),
                snapshot: Snapshot(rows: update.snapshot), isReload: update.isReload))
        }
    }

    /// Refuses: static rows come only with their declaration.
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` always.
    /// - Complexity: O(1).
    @discardableResult
    public func remove(key: Key) throws(ResultsError) -> Bool {
        throw .rowNotEditable("static row \(key)", reason: "declare the sections without it")
    }

    /// The action of the row at `indexPath` of `shown`, run when it is selected.
    ///
    /// - Complexity: O(log *n*).
    public func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)? {
        shown.row(at: indexPath)?.action
    }

    public func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool { false }

    /// Refuses: static rows come only with their declaration.
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` always.
    /// - Complexity: O(1).
    public func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) -> Key {
        throw .rowNotEditable("a row dropped at \(destination)", reason: "static rows come only with their declaration")
    }

    /// Refuses: static rows move only with their declaration.
    ///
    /// - Throws: ``ResultsError/moveNotAllowed(from:to:reason:)`` always.
    /// - Complexity: O(1).
    public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) {
        throw .moveNotAllowed(from: source, to: destination, reason: "static rows move only with their declaration")
    }
}
