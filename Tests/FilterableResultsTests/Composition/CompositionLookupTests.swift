import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Finding a composed row by its key: in the visible table (folded
/// sections and the composition's filter hide rows), by the part's own
/// lookup, as `key(at:)` names the rows.
@MainActor
@Suite("Composition lookups by key")
struct CompositionLookupTests {
    typealias Key = ResultsComposition<Row>.Key
    typealias PartKey = ResultsComposition<Row>.PartKey

    /// The key of a friend (part 1) or a suggestion (part 2) with entry id `id`.
    static func friend(_ id: Int) -> Key { .row(part: 1, partKey: PartKey(id)) }
    static func suggestion(_ id: Int) -> Key { .row(part: 2, partKey: PartKey(id)) }
    /// The key of a static row of the header (part 0), by its id.
    static func fixedRow(_ id: String) -> Key { .row(part: 0, partKey: PartKey(AnyHashable(id))) }

    /// Where each key of the composed table is, read row by row with
    /// `key(at:)`: what a lookup must answer.
    static func everyKey(_ snapshot: ResultsComposition<Row>.Snapshot) -> [Key: ResultsIndexPath] {
        var paths: [Key: ResultsIndexPath] = [:]
        for section in 0..<snapshot.numberOfSections {
            for row in 0..<(snapshot.numberOfElements(inSection: section) ?? 0) {
                let path = visible(section, row)
                if let key = snapshot.key(at: path) { paths[key] = path }
            }
        }
        return paths
    }

    /// What is wrong with the lookups of `snapshot` for `keys` (rows
    /// shown or not), against the rows read one by one.
    static func lookupProblems(_ composition: ResultsComposition<Row>, keys: [Key]) -> [String] {
        let snapshot = composition.reportedSnapshot
        let shown = everyKey(snapshot)
        var problems: [String] = []
        for key in Set(keys).union(shown.keys) {
            let path = snapshot.indexPath(forKey: key)
            if path != shown[key] { problems.append("\(key): found at \(String(describing: path)), shown at \(String(describing: shown[key]))") }
            if snapshot.visibleElement(forKey: key) != path.flatMap(snapshot.element(at:)) { problems.append("\(key): another element") }
            if snapshot.contains(key: key) != (path != nil) { problems.append("\(key): contains disagrees") }
            if composition.indexPath(forKey: key) != path || composition.visibleElement(forKey: key) != snapshot.visibleElement(forKey: key) {
                problems.append("\(key): the composition and its snapshot disagree")
            }
        }
        return problems
    }

    @Test func everyRowShownIsFoundWhereItShows() throws {
        let screen = try FriendsScreen()
        let snapshot = screen.composition.reportedSnapshot
        #expect(snapshot.indexPath(forKey: Self.fixedRow("sign out")) == visible(0, 1))
        #expect(snapshot.indexPath(forKey: Self.friend(3)) == visible(1, 2))
        #expect(snapshot.indexPath(forKey: Self.suggestion(9)) == visible(3, 1))
        #expect(snapshot.visibleElement(forKey: Self.suggestion(8)) == .entry(source: 2, Entry(id: 8, group: "b")))
        #expect(snapshot.indexPath(forKey: .row(part: 1, showing: screen.friends, key: 2)) == visible(1, 1))
        #expect(Self.lookupProblems(screen.composition, keys: [Self.friend(9), Self.suggestion(1), Self.fixedRow("profile")]).isEmpty)
    }

    @Test func aKeyNoRowHasIsNotFound() throws {
        let screen = try FriendsScreen()
        let snapshot = screen.composition.reportedSnapshot
        #expect(snapshot.indexPath(forKey: Self.friend(7)) == nil, "7 is a suggestion, not a friend")
        #expect(snapshot.indexPath(forKey: Self.friend(42)) == nil)
        #expect(snapshot.indexPath(forKey: .row(part: 9, partKey: PartKey(1))) == nil, "no part 9")
        #expect(snapshot.indexPath(forKey: .row(part: -1, partKey: PartKey(1))) == nil)
        #expect(snapshot.visibleElement(forKey: Self.friend(42)) == nil && !snapshot.contains(key: Self.friend(42)))
    }

    @Test func aKeyOfAnotherTypeThanThePartsNamesNoRow() throws {
        let screen = try FriendsScreen()
        let snapshot = screen.composition.reportedSnapshot
        #expect(snapshot.indexPath(forKey: .row(part: 1, partKey: PartKey(Int8(1)))) == nil)
        #expect(snapshot.indexPath(forKey: .row(part: 1, partKey: PartKey(Optional(1)))) == nil, "a cast would unwrap it")
        #expect(snapshot.indexPath(forKey: .row(part: 1, partKey: PartKey("1"))) == nil)
        #expect(snapshot.indexPath(forKey: .row(part: 0, partKey: PartKey(1))) == nil, "the header's ids are strings")
    }

    @Test func aRowInAFoldedSectionIsNotVisibleUntilItsSectionUnfolds() throws {
        let screen = try FriendsScreen()
        let b = ResultsComposition<Row>.SectionID(part: 2, name: "b")
        try screen.composition.foldSection(b)
        #expect(screen.composition.indexPath(forKey: Self.suggestion(8)) == nil)
        #expect(screen.composition.visibleElement(forKey: Self.suggestion(9)) == nil)
        #expect(screen.composition.indexPath(forKey: Self.suggestion(7)) == visible(2, 0), "section a stays open")
        #expect(screen.suggestions.visibleElement(forKey: 8) == Entry(id: 8, group: "b"), "the part's own table still shows it")
        #expect(Self.lookupProblems(screen.composition, keys: [Self.suggestion(8), Self.suggestion(9)]).isEmpty)

        try screen.composition.unfoldSection(b)
        #expect(screen.composition.indexPath(forKey: Self.suggestion(8)) == visible(3, 0))
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRowTheCompositionsFilterHidesIsNotVisible() throws {
        let screen = try FriendsScreen(friends: [1, 2, 3, 4])
        try screen.composition.addFilter(CompositionFilterTests.evenEntries)
        let snapshot = screen.composition.reportedSnapshot
        #expect(snapshot.indexPath(forKey: Self.friend(1)) == nil && snapshot.indexPath(forKey: Self.friend(3)) == nil)
        #expect(snapshot.indexPath(forKey: Self.friend(4)) == visible(1, 1), "after 2, the only other friend shown")
        #expect(snapshot.visibleElement(forKey: Self.friend(3)) == nil)
        #expect(screen.friends.visibleElement(forKey: 3) == Entry(id: 3), "the part's own table still shows it")
        #expect(snapshot.indexPath(forKey: Self.fixedRow("profile")) == visible(0, 0), "the filter keeps static rows")
        #expect(Self.lookupProblems(screen.composition, keys: (1...4).map(Self.friend) + (7...9).map(Self.suggestion)).isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPlaceholderRowIsFoundWhileItsPlaceholderShows() throws {
        let screen = try FriendsScreen(friends: [], suggestions: [], placeholder: .row(.placeholder("nothing")))
        let friendsPlaceholder = Key.placeholder(part: 1, row: 0)
        // The part's placeholder shows while the part has no rows; the
        // composition's does not, as long as a part (the header) has rows.
        #expect(screen.composition.indexPath(forKey: friendsPlaceholder) == visible(2, 0), "after the part's empty section")
        #expect(screen.composition.visibleElement(forKey: friendsPlaceholder) == .placeholder("no friends"))
        #expect(screen.composition.indexPath(forKey: .placeholder(part: 1, row: 1)) == nil, "the placeholder has one row")
        #expect(screen.composition.indexPath(forKey: .placeholder(part: 1, row: -1)) == nil)
        #expect(screen.composition.indexPath(forKey: .placeholder(part: 2, row: 0)) == nil, "the suggestions have no placeholder")
        #expect(screen.composition.indexPath(forKey: .placeholder(part: nil, row: 0)) == nil)

        try screen.friends.add(Entry(id: 1))
        #expect(screen.composition.indexPath(forKey: friendsPlaceholder) == nil, "a friend replaced it")
        #expect(screen.composition.indexPath(forKey: Self.friend(1)) == visible(1, 0))
        #expect(Self.lookupProblems(screen.composition, keys: [friendsPlaceholder]).isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func theCompositionsPlaceholderRowIsFoundWhenNoPartHasARow() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        let composition = ResultsComposition<Row>([.part(friends, as: { Row.entry(source: 1, $0) })], placeholder: .row(.placeholder("empty")))
        let screen = CompositionScreen(composition)
        #expect(composition.indexPath(forKey: .placeholder(part: nil, row: 0)) == visible(1, 0), "after the part's empty section")
        #expect(composition.visibleElement(forKey: .placeholder(part: nil, row: 0)) == .placeholder("empty"))
        try friends.add(Entry(id: 5))
        #expect(composition.indexPath(forKey: .placeholder(part: nil, row: 0)) == nil)
        #expect(composition.indexPath(forKey: .row(part: 0, partKey: PartKey(5))) == visible(0, 0))
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aKeyOfAPartRemovedNamesNoRowAndTheOthersKeepTheirs() throws {
        let screen = try FriendsScreen()
        try screen.composition.removePart(at: 1)
        #expect(screen.composition.indexPath(forKey: Self.friend(1)) == nil, "the friends are gone")
        #expect(screen.composition.indexPath(forKey: .placeholder(part: 1, row: 0)) == nil, "and their placeholder")
        #expect(screen.composition.indexPath(forKey: Self.suggestion(8)) == visible(2, 0), "the suggestions keep their identity, part 2, at index 1")
        let again = try screen.composition.insertPart(.part(screen.friends, as: { Row.entry(source: 1, $0) }), at: 0)
        #expect(again != 1, "a part inserted gets an identity of its own")
        #expect(screen.composition.indexPath(forKey: Self.friend(1)) == nil)
        #expect(screen.composition.indexPath(forKey: .row(part: again, showing: screen.friends, key: 1)) == visible(0, 0))
        #expect(Self.lookupProblems(screen.composition, keys: [Self.friend(1), Self.friend(2)]).isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRowOfANestedCompositionIsFoundThroughIt() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        try friends.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3)])
        let inner = ResultsComposition<Row>([.part(friends, as: { Row.entry(source: 1, $0) })])
        let header = try StaticSections<Row> { StaticSection("Top") { fixed("top") } }
        let outer = ResultsComposition<Row>([.part(header), .part(inner)])
        let screen = CompositionScreen(outer)
        let two = Key.row(part: 1, partKey: PartKey(Key.row(part: 0, partKey: PartKey(2))))
        #expect(outer.indexPath(forKey: two) == visible(1, 1))
        try inner.addFilter(ResultsFilter(title: "not 1") { $0 != .entry(source: 1, Entry(id: 1)) })
        #expect(outer.indexPath(forKey: two) == visible(1, 0), "the inner filter hides 1")
        try outer.foldSection(ResultsComposition<Row>.SectionID(part: 1, name: nil))
        #expect(outer.indexPath(forKey: two) == nil, "folded in the outer composition")
        #expect(Self.lookupProblems(outer, keys: [two]).isEmpty)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func randomEditsFiltersAndFoldsKeepLookupsOnTheRowsShown() throws {
        let filters: [[ResultsFilter<Row>]] = [[], [CompositionFilterTests.evenEntries]]
        let keys = (0...10).map(Self.friend) + (5...16).map(Self.suggestion) + [Self.fixedRow("profile"), .placeholder(part: 1, row: 0)]
        for seed in 0..<8 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let screen = try FriendsScreen()
            for step in 0..<40 {
                let group = ["a", "b"].randomElement(using: &random)!
                switch Int.random(in: 0..<6, using: &random) {
                case 0: try screen.composition.replaceFilters(with: filters.randomElement(using: &random)!)
                case 1: try screen.friends.merge([Entry(id: Int.random(in: 0...10, using: &random))])
                case 2: try screen.suggestions.merge([Entry(id: Int.random(in: 5...16, using: &random), group: group)])
                case 3:
                    if let id = screen.friends.snapshot.elements.randomElement(using: &random)?.id { try screen.friends.remove(key: id) }
                case 4:
                    if let id = screen.suggestions.snapshot.elements.randomElement(using: &random)?.id { try screen.suggestions.remove(key: id) }
                default:
                    let section = ResultsComposition<Row>.SectionID(part: 2, name: group)
                    if screen.suggestions.snapshot.sections.contains(where: { $0.name == group }) {
                        try screen.composition.setFolded(!screen.composition.isFolded(section), section: section)
                    }
                }
                let problems = Self.lookupProblems(screen.composition, keys: keys) + screen.screen.problems()
                #expect(problems.isEmpty, "seed \(seed), step \(step): \(problems)")
            }
        }
    }

    @Test func theDocumentationExamplesFindRowsByKey() throws {
        let products = ResultsController(store: ResultsStore<Entry, Int>.items())
        try products.setData([Entry(id: 42), Entry(id: 7)])
        let players = products
        let header = try StaticSections<Row> { StaticSection("About") { fixed("version") } }
        let screen = ResultsComposition<Row>([.part(header), .part(products, as: { Row.entry(source: 1, $0) })])
        let snapshot = screen.reportedSnapshot
        do {
            let path = snapshot.indexPath(forKey: .row(part: 1, showing: players, key: 42))
            #expect(path == visible(1, 0))
        }
        do {
            let product = Entry(id: 7)
            let path = screen.indexPath(forKey: .row(part: 1, showing: products, key: product.id))
            #expect(path == visible(1, 1))
        }
        var shownRows: [Row] = []
        func show(_ row: Row) { shownRows.append(row) }
        let id = 42
        if let row = screen.visibleElement(forKey: .row(part: 1, showing: products, key: id)) { show(row) }
        #expect(shownRows == [.entry(source: 1, Entry(id: 42))])
        do {
            let path = header.reportedSnapshot.indexPath(forKey: header.key(ofRow: "version"))
            #expect(path == visible(0, 0))
        }
    }

    /// A table that is not one of the package's: the lookups read its keys.
    struct Letters: ResultsTableSnapshot {
        var sections: [[Character]]
        var numberOfSections: Int { sections.count }
        var count: Int { sections.reduce(0) { $0 + $1.count } }
        func numberOfElements(inSection section: Int) -> Int? { sections.indices.contains(section) ? sections[section].count : nil }
        func name(ofSection section: Int) -> String? { nil }
        func value(ofSection section: Int) -> ResultsSectionValue? { nil }
        func element(at indexPath: ResultsIndexPath) -> String? { key(at: indexPath).map { "letter \($0)" } }
        func key(at indexPath: ResultsIndexPath) -> Character? {
            guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.row) else { return nil }
            return sections[indexPath.section][indexPath.row]
        }
    }

    @Test func anySnapshotFindsARowByItsKey() {
        let letters = Letters(sections: [["a", "b"], [], ["c"]])
        do {
            let snapshot = letters, id: Character = "b"
            let shown = snapshot.visibleElement(forKey: id)   // nil while a search hides it
            #expect(shown == "letter b")
        }
        #expect(letters.indexPath(forKey: "c") == visible(2, 0))
        #expect(letters.visibleElement(forKey: "b") == "letter b")
        #expect(letters.contains(key: "a") && !letters.contains(key: "z"))
        #expect(letters.indexPath(forKey: "z") == nil && letters.visibleElement(forKey: "z") == nil)
    }

    @Test func staticSectionsFindARowByItsID() throws {
        let header = try StaticSections<Row> {
            StaticSection("Account") { fixed("profile"); fixed("sign out") }
            StaticSection("About") { fixed("version") }
        }
        #expect(header.reportedSnapshot.indexPath(forKey: header.key(ofRow: "version")) == visible(1, 0))
        #expect(header.reportedSnapshot.visibleElement(forKey: header.key(ofRow: "sign out")) == .fixed(id: "sign out", version: 0))
        #expect(header.reportedSnapshot.indexPath(forKey: header.key(ofRow: "help")) == nil)
    }
}
