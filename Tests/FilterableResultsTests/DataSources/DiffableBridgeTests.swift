import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A table of your own that may show a key twice and repeat section names,
/// which a diffable snapshot refuses.
struct HandMadeTable: ResultsTableSnapshot {
    var sections: [ResultsSection<Entry>]

    var numberOfSections: Int { sections.count }
    var count: Int { sections.reduce(0) { $0 + $1.elements.count } }
    func numberOfElements(inSection section: Int) -> Int? { sections.indices.contains(section) ? sections[section].elements.count : nil }
    func name(ofSection section: Int) -> String? { sections.indices.contains(section) ? sections[section].name : nil }
    func value(ofSection section: Int) -> ResultsSectionValue? { nil }
    func element(at indexPath: ResultsIndexPath) -> Entry? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].elements.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].elements[indexPath.row]
    }
    func key(at indexPath: ResultsIndexPath) -> Int? { element(at: indexPath)?.id }
}

@MainActor
@Suite("Diffable data source bridge")
struct DiffableBridgeTests {
    @Test func sectionsSharingANameAreToldApartByOrder() {
        let table = HandMadeTable(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1)]),
            ResultsSection(name: nil, elements: [Entry(id: 2)]),
            ResultsSection(name: "A", elements: []),
            ResultsSection(name: nil, elements: [Entry(id: 3)]),
            ResultsSection(name: "B", elements: [Entry(id: 4)]),
        ])
        let identifiers = ResultsUpdate.Identifiers(table)
        typealias ID = ResultsUpdate<HandMadeTable>.SectionIdentifier
        #expect(identifiers.sectionIdentifiers == [
            ID(name: "A"), ID(name: nil), ID(name: "A", occurrence: 1), ID(name: nil, occurrence: 1), ID(name: "B"),
        ])
        #expect(identifiers.sections.map(\.keys) == [[1], [2], [], [3], [4]])
        #expect(identifiers.sectionIdentifiers.map(\.description) == ["\"A\"", "unnamed #0", "\"A\" #1", "unnamed #1", "\"B\""])
        #expect(identifiers.foldedKeys.isEmpty && identifiers.reconfiguredKeys.isEmpty && !identifiers.isReload)
    }

    @Test func aKeyShownTwiceIsKeptAtItsFirstPositionAndListed() {
        let table = HandMadeTable(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2), Entry(id: 1, value: 5)]),
            ResultsSection(name: "A", elements: [Entry(id: 2), Entry(id: 3), Entry(id: 1)]),
        ])
        let identifiers = ResultsUpdate.Identifiers(table)
        #expect(identifiers.sections.map(\.keys) == [[1, 2], [3]])
        #expect(identifiers.foldedKeys == [1, 2])
    }

    @Test func theRowsAnUpdateChangedAreReconfiguredMovedOrNot() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3), Entry(id: 4)])
        var updates: [ResultsController<Entry, Int>.Update] = []
        let observation = controller.observe { updates.append($0) }
        try controller.performBatchUpdates {
            try controller.move(from: ResultsIndexPath(row: 2, section: 0), to: ResultsIndexPath(row: 0, section: 0))   // 3 moves, same content
            try controller.move(from: ResultsIndexPath(row: 1, section: 0), to: ResultsIndexPath(row: 3, section: 0))   // 1 moves…
            try controller.update(1) { $0.value = 9 }                                                                    // …and changes
            try controller.update(2) { $0.value = 9 }                                                                    // changed in place
            try controller.add(Entry(id: 5))
        }
        withExtendedLifetime(observation) {}
        let identifiers = try ResultsUpdate.Identifiers(#require(updates.last))
        #expect(identifiers.sections.map(\.keys) == [[3, 2, 4, 1, 5]])
        #expect(Set(identifiers.reconfiguredKeys) == [1, 2])
        #expect(identifiers.insertedKeys == [5])
        #expect(identifiers.keysToReconfigure { [1, 3, 4].contains($0) } == [1])   // shown before: 1, 3, 4; 5 is new
    }

    /// A row the update deletes and inserts (out of a section deleted,
    /// into one inserted) is a move to a diffable data source, which keeps
    /// its cell: reconfigured, whatever its content.
    @Test func aRowMovedWithItsSectionIsReconfigured() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setTable([ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2)])])
        let screens = DiffableScreens(controller) { $0.description }
        try controller.setTable([ResultsSection(name: "B", elements: [Entry(id: 2, value: 5), Entry(id: 1)])])
        screens.expectShows(controller.reportedSnapshot, "into a new section")
    }

    @Test func aReloadReconfiguresEveryRowItKeeps() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3)])
        let screens = DiffableScreens(controller) { $0.description }
        try controller.setUpdatesEnabled(false)
        try controller.update(1) { $0.value = 7 }
        try controller.remove(key: 2)
        try controller.add(Entry(id: 4))
        try controller.setUpdatesEnabled(true)
        screens.expectShows(controller.reportedSnapshot, "after the reload")
        // Kept rows 1 and 3: both reconfigured, as either may have changed.
        #expect(screens.screens.allSatisfy { $0.reconfiguredCount == 2 })
    }

    /// The control: the same model without reconfiguring shows the changed
    /// rows stale, so the tests above would see a reconfigured set that
    /// missed one.
    @Test func withoutReconfiguringAChangedRowItsCellIsStale() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3)])
        let screen = DiffableScreen(controller.reportedSnapshot) { $0.description }
        screen.reconfigures = false
        let observation = controller.observe { screen.apply($0) }
        try controller.performBatchUpdates {
            try controller.update(1) { $0.value = 5 }
            try controller.move(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 2, section: 0))
        }
        withExtendedLifetime(observation) {}
        #expect(screen.problems.isEmpty && screen.view.exception == nil)
        #expect(screen.view.staleRows() == [ResultsIndexPath(row: 2, section: 0)])
    }

    /// Random whole tables (moves across sections, repeated keys, empty and
    /// unnamed sections, marked keys) fed to a controller, each update
    /// shown by the modelled diffable data source in every view kind.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func randomTablesShowThroughTheBridge(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let screens = DiffableScreens(controller) { $0.description }
        for step in 0..<40 {
            let table = randomTable(keyCount: 30, maxSections: 5, using: &random)
            let marked = table.flatMap(\.elements).map(\.id).filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
            try controller.setTable(table, changedKeys: marked)
            if Int.random(in: 0..<4, using: &random) == 0 {
                try controller.search(for: "\(Int.random(in: 0..<3, using: &random))", in: [\.description])
            } else if Int.random(in: 0..<4, using: &random) == 0 {
                try controller.clearFilters()
            }
            screens.expectShows(controller.reportedSnapshot, "seed \(seed) step \(step)")
        }
        #expect(screens.screens[0].reconfiguredCount > 0)
    }

    /// Two controllers sectioned alike under a static header in one
    /// composition: section names repeat across parts, a placeholder comes
    /// and goes, rows change in every part.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func aCompositionWithRepeatedSectionNamesShowsThroughTheBridge(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let parts = (0..<2).map { _ in ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.id)], sectionedBy: .by(\.group))) }
        let header = try StaticSections<Row> {
            StaticSection("a") { fixed("profile") }
        }
        let composition = ResultsComposition<Row>([
            .part(header),
            .part(parts[0], as: { Row.entry(source: 0, $0) }, placeholder: .row(.placeholder("none"))),
            .part(parts[1], as: { Row.entry(source: 1, $0) }),
        ])
        let screens = DiffableScreens(composition) { $0.description }
        for step in 0..<40 {
            let part = parts[Int.random(in: 0..<2, using: &random)]
            let entries = (0..<20).filter { _ in Bool.random(using: &random) }.map {
                Entry(id: $0, value: Int.random(in: 0..<3, using: &random), group: ["a", "b", "c"].randomElement(using: &random)!)
            }
            try part.merge(entries, prune: true)
            screens.expectShows(composition.reportedSnapshot, "seed \(seed) step \(step)")
        }
        let names = composition.reportedSnapshot.sections.map(\.name)
        #expect(screens.screens[0].reconfiguredCount > 0, "\(names)")
    }

    @Test func anOutlineShowsThroughTheBridge() throws {
        let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: [.ascending(\.name)])
        try outline.setData([Item(1, "a"), Item(2, under: 1, "b"), Item(3, under: 1, "c"), Item(4, "d"), Item(5, under: 4, "e")])
        let screens = DiffableScreens(outline) { "\(describe($0)) v\($0.element.version)" }
        try outline.expand(1)
        screens.expectShows(outline.reportedSnapshot, "expanded")
        try outline.replace(Item(3, under: 4, "c", version: 1))   // moves under another parent, changed
        try outline.expand(4)
        try outline.replace(Item(2, under: 1, "b", version: 2))
        screens.expectShows(outline.reportedSnapshot, "moved and changed")
        try outline.collapse(1)
        screens.expectShows(outline.reportedSnapshot, "collapsed")
        #expect(screens.screens[0].reconfiguredCount > 0)
    }

    @Test func aTableOfYourOwnWithRepeatedKeysShowsEachKeyOnce() {
        let screen = DiffableScreen(HandMadeTable(sections: [])) { $0.description }
        let tables = [
            HandMadeTable(sections: [ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 1), Entry(id: 2)])]),
            HandMadeTable(sections: [
                ResultsSection(name: "A", elements: [Entry(id: 2, value: 1), Entry(id: 1)]),
                ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 3)]),
            ]),
        ]
        for (index, table) in tables.enumerated() {
            screen.apply(ResultsUpdate(snapshot: table, isReload: index > 0))   // a reload: contents unknown
            screen.expectShows(table, "table \(index)")
        }
    }
}
