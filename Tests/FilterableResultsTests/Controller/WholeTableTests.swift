import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A controller fed whole tables, every update checked by the validator
/// (rows marked changed count as changed) and shown in simulated table and
/// collection views.
@MainActor
final class TableFeedHarness {
    let controller: ResultsController<Entry, Int>
    let screens: [Screen]
    private(set) var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
    private(set) var violations: [String] = []
    /// The keys handed over as changed with the table being set.
    var marked: Set<Int> = []
    private var shown: [ResultsSection<Entry>]
    private var observation: ResultsObservation?

    init(_ store: ResultsStore<Entry, Int> = .items()) {
        let controller = ResultsController(store: store)
        self.controller = controller
        screens = everyViewKind.map { Screen(controller, flavor: $0.0, countMode: $0.1) }
        shown = controller.snapshot.sections.map(ResultsSection.init)
        observation = controller.observe { [unowned self] update in
            let new = update.snapshot.sections.map(ResultsSection.init)
            let marked = marked
            let found = BatchUpdateValidator.violations(
                of: update.changeset, from: shown, to: new, key: \.id,
                isSameContent: { $0 == $1 && !marked.contains($0.id) })
            violations += found.map { "update \(updates.count + 1): \($0)" }
            shown = new
            updates.append(update)
        }
    }

    /// Checks every view against the controller's table.
    func expectConsistent(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(violations.isEmpty, "\(context): \(violations)", sourceLocation: sourceLocation)
        for screen in screens { screen.expectConsistent(context, sourceLocation: sourceLocation) }
    }

    /// The table shown: each section's name and elements.
    var table: [ResultsSection<Entry>] { controller.snapshot.sections.map(ResultsSection.init) }
}

/// What a table with repeated keys folds to: each key at its first
/// position with its last content.
func folded(_ table: [ResultsSection<Entry>]) -> [ResultsSection<Entry>] {
    var last: [Int: Entry] = [:]
    for section in table { for entry in section.elements { last[entry.id] = entry } }
    var seen = Set<Int>()
    return table.map { section in
        ResultsSection(name: section.name, elements: section.elements.compactMap { seen.insert($0.id).inserted ? last[$0.id] : nil })
    }
}

/// A random table: up to `maxSections` sections (named from a small pool,
/// unique, some unnamed, some empty) of keys from `0..<keyCount`, rows
/// moving between sections from one table to the next, contents changing,
/// a few keys repeated.
func randomTable(keyCount: Int, maxSections: Int, using random: inout SeededRandomNumberGenerator) -> [ResultsSection<Entry>] {
    let names = ["Apples", "Pears", "Plums", "Figs", "Kiwis", "Limes"].shuffled(using: &random)
    let sectionCount = Int.random(in: 0...maxSections, using: &random)
    // Named sections first, unnamed ones (identified by index) last, as
    // a fetched-results controller's table has only one kind.
    let unnamed = Bool.random(using: &random)
    var sections = (0..<sectionCount).map { index in
        ResultsSection<Entry>(name: unnamed ? nil : names[index % names.count], elements: [])
    }
    guard !sections.isEmpty else { return [] }
    for key in (0..<keyCount).shuffled(using: &random) where Int.random(in: 0..<10, using: &random) < 7 {
        let section = Int.random(in: 0..<sections.count, using: &random)
        let entry = Entry(id: key, value: Int.random(in: 0..<3, using: &random))
        sections[section].elements.insert(entry, at: Int.random(in: 0...sections[section].elements.count, using: &random))
        if Int.random(in: 0..<20, using: &random) == 0 {   // a repeated key, maybe elsewhere, maybe other content
            let other = Int.random(in: 0..<sections.count, using: &random)
            sections[other].elements.append(Entry(id: key, value: Int.random(in: 0..<3, using: &random)))
        }
    }
    return sections
}

@MainActor
@Suite("Whole tables")
struct WholeTableTests {
    @Test func aTableReplacesTheLastWithMovesAcrossSectionsAndUpdates() throws {
        let harness = TableFeedHarness()
        try harness.controller.setTable([
            ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2), Entry(id: 3)]),
            ResultsSection(name: "B", elements: [Entry(id: 4)]),
        ])
        try harness.controller.setTable([
            ResultsSection(name: "A", elements: [Entry(id: 3), Entry(id: 2)]),
            ResultsSection(name: "B", elements: [Entry(id: 4), Entry(id: 1, value: 9)]),
        ])
        #expect(harness.table == [
            ResultsSection(name: "A", elements: [Entry(id: 3), Entry(id: 2)]),
            ResultsSection(name: "B", elements: [Entry(id: 4), Entry(id: 1, value: 9)]),
        ])
        let changes = harness.updates.last.map(changeLines) ?? []
        #expect(changes.sorted() == ["move 1 [0, 0]→[1, 1] updated", "move 3 [0, 2]→[0, 0]"], "\(changes)")
        // The sections swapped: one section move, rows kept.
        try harness.controller.setTable([
            ResultsSection(name: "B", elements: [Entry(id: 4), Entry(id: 1, value: 9)]),
            ResultsSection(name: "A", elements: [Entry(id: 3), Entry(id: 2)]),
        ])
        #expect(harness.updates.last?.changeset.sectionChanges.count == 1)
        #expect(harness.updates.last?.changeset.elementChanges.isEmpty == true)
        #expect(harness.updates.count == 3)
        harness.expectConsistent("after the tables")
    }

    @Test func repeatedKeysFoldToTheFirstPositionAndTheLastContent() throws {
        let harness = TableFeedHarness()
        let summary = try harness.controller.setTable([
            ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2), Entry(id: 1, value: 5)]),
            ResultsSection(name: "B", elements: [Entry(id: 2, value: 7)]),
        ])
        #expect(summary.foldedDuplicates == 2)
        #expect(harness.table == [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 5), Entry(id: 2, value: 7)]),
            ResultsSection(name: "B", elements: []),
        ])
        harness.expectConsistent("after folding")
    }

    @Test func aRepeatedSectionNameIsRefusedAndChangesNothing() throws {
        let harness = TableFeedHarness()
        try harness.controller.setTable([ResultsSection(name: "A", elements: [Entry(id: 1)])])
        #expect(throws: ResultsError.duplicateSection("B")) {
            try harness.controller.setTable([
                ResultsSection(name: "B", elements: [Entry(id: 2)]),
                ResultsSection(name: "A", elements: []),
                ResultsSection(name: "B", elements: [Entry(id: 3)]),
            ])
        }
        #expect(harness.table == [ResultsSection(name: "A", elements: [Entry(id: 1)])])
        #expect(harness.updates.count == 1)
    }

    @Test func aStoreThatSectionsByValueRefusesATableOfSections() throws {
        let harness = TableFeedHarness(.items(sectionedBy: ResultsSectioning(sectionName: { $0.group })))
        #expect(throws: ResultsError.self) { try harness.controller.setTable([ResultsSection(name: "a", elements: [Entry(id: 1)])]) }
        #expect(harness.controller.store.rawCount == 0)
        #expect(harness.updates.isEmpty)
    }

    @Test func anEmptyTableRemovesEverySection() throws {
        let harness = TableFeedHarness()
        try harness.controller.setTable([ResultsSection(name: "A", elements: [Entry(id: 1)]), ResultsSection(name: "B", elements: [])])
        try harness.controller.setTable([])
        #expect(harness.controller.numberOfSections == 0)
        #expect(harness.updates.last?.changeset.sectionChanges.count == 2)
        try harness.controller.setTable([])
        #expect(harness.updates.count == 2, "the same empty table again is no update")
        harness.expectConsistent("after the empty tables")
    }

    @Test func keysMarkedChangedAreUpdatedThoughTheyCompareEqual() throws {
        let harness = TableFeedHarness()
        let table = [ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2), Entry(id: 3)])]
        try harness.controller.setTable(table)
        harness.marked = [2, 9]
        try harness.controller.setTable(table, changedKeys: [2, 9])
        #expect(harness.updates.last.map(changeLines) == ["update 2 [0, 1]→[0, 1]"])
        harness.marked = []
        try harness.controller.setTable(table)
        #expect(harness.updates.count == 2, "the mark lasts one update")
        harness.expectConsistent("after the marked update")
    }

    @Test func sectionValuesGivenWithTheTableAreUpdatedWhenTheyChange() throws {
        let harness = TableFeedHarness()
        let table = [ResultsSection(name: "A", elements: [Entry(id: 1)]), ResultsSection(name: "B", elements: [Entry(id: 2)])]
        try harness.controller.setTable(table, sectionValues: ["A": ResultsSectionValue(title: "Apples")])
        #expect(harness.controller.snapshot.value(ofSection: 0)?.title == "Apples")
        #expect(harness.controller.snapshot.value(ofSection: 1)?.title == "B", "a section without a value shows its name")
        try harness.controller.setTable(table, sectionValues: ["A": ResultsSectionValue(title: "Apples"), "B": ResultsSectionValue(title: "Pears")])
        #expect(harness.updates.last?.changeset.sectionUpdates.map(\.newIndex) == [1])
        #expect(harness.updates.last?.changeset.elementChanges.isEmpty == true)
        harness.expectConsistent("after the new section value")
    }

    /// The differential test: 40 seeds × 60 random tables each, every
    /// update validated and shown; the table shown is each input, folded.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func randomTablesEndEqualToTheirInput(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let harness = TableFeedHarness()
        for step in 0..<60 {
            let table = randomTable(keyCount: 30, maxSections: 5, using: &random)
            let names = table.compactMap(\.name)
            let values = Dictionary(uniqueKeysWithValues: names.map { ($0, ResultsSectionValue(title: $0, footerTitle: "\(Int.random(in: 0..<2, using: &random))")) })
            let marked = Set(table.flatMap(\.elements).map(\.id).filter { _ in Int.random(in: 0..<8, using: &random) == 0 })
            harness.marked = marked
            try harness.controller.setTable(table, sectionValues: values, changedKeys: Array(marked))
            #expect(harness.table == folded(table), "seed \(seed) step \(step)")
            for (index, section) in table.enumerated() {
                #expect(harness.controller.snapshot.value(ofSection: index) == section.name.flatMap { values[$0] } ?? ResultsSectionValue(title: nil))
            }
            harness.expectConsistent("seed \(seed) step \(step)")
        }
    }

    @Test func tablesOf100kRowsDifferingIn100AreMinimalAndValid() throws {
        var random = SeededRandomNumberGenerator(seed: 7)
        let harness = TableFeedHarness()
        var rows = (0..<100_000).map { Entry(id: $0, value: 0) }
        try harness.controller.setTable([ResultsSection(name: "All", elements: rows)])
        // 40 changed in place, 30 removed, 30 new.
        for index in (0..<100_000).shuffled(using: &random).prefix(40) { rows[index].value = 1 }
        for _ in 0..<30 { rows.remove(at: Int.random(in: 0..<rows.count, using: &random)) }
        for key in 100_000..<100_030 { rows.insert(Entry(id: key), at: Int.random(in: 0...rows.count, using: &random)) }
        let summary = try harness.controller.setTable([ResultsSection(name: "All", elements: rows)])
        #expect((summary.inserted, summary.updated, summary.removed) == (30, 40, 30))
        let changes = harness.updates.last?.changeset.elementChanges.map(\.kind) ?? []
        #expect(changes.count == 100, "\(changes.count) changes")
        #expect(harness.table == [ResultsSection(name: "All", elements: rows)])
        harness.expectConsistent("after the 100k table")
    }

    @Test func aLargeTableIsPreparedOffTheActorAndAdopted() async throws {
        let harness = TableFeedHarness()
        let rows = (0..<20_000).map { Entry(id: $0) }
        let summary = try await harness.controller.prepareAndSetTable([ResultsSection(name: "A", elements: rows)])
        #expect(summary?.inserted == 20_000)
        var changed = rows
        changed.swapAt(0, 19_999)
        changed[10].value = 3
        _ = try await harness.controller.prepareAndSetTable([ResultsSection(name: "A", elements: changed)], sectionValues: ["A": ResultsSectionValue(title: "All")])
        #expect(harness.table == [ResultsSection(name: "A", elements: changed)])
        #expect(harness.controller.snapshot.value(ofSection: 0)?.title == "All")
        #expect(harness.updates.count == 2)
        harness.expectConsistent("after the prepared tables")
    }

    @Test func aTablePreparedOffTheActorIsDroppedWhenANewerOneArrives() async throws {
        let harness = TableFeedHarness()
        let older = (0..<20_000).map { Entry(id: $0) }
        let newer = (10_000..<30_000).map { Entry(id: $0) }
        let controller = harness.controller
        let first = Task { @MainActor in try await controller.prepareAndSetTable([ResultsSection(elements: older)]) }
        let second = Task { @MainActor in try await controller.prepareAndSetTable([ResultsSection(elements: newer)]) }
        #expect(try await first.value == nil)
        #expect(try await second.value?.inserted == 20_000)
        #expect(harness.table == [ResultsSection(elements: newer)])
        #expect(harness.updates.count == 1)
        harness.expectConsistent("after the newer table")
    }

    @Test func aTablePreparedOffTheActorIsSetAgainAfterAnEditMeanwhile() async throws {
        let harness = TableFeedHarness()
        let controller = harness.controller
        try controller.setTable([ResultsSection(elements: (0..<20_000).map { Entry(id: $0) })])
        let big = (5..<20_005).map { Entry(id: $0) }
        let task = Task { @MainActor in try await controller.prepareAndSetTable([ResultsSection(elements: big)]) }
        try controller.remove(key: 3)   // an edit of the controller meanwhile: the table is set again here
        #expect(try await task.value?.inserted == 5)
        #expect(harness.table == [ResultsSection(elements: big)])
        harness.expectConsistent("after the table set again")
    }
}

/// An update's changes, as "kind key old→new".
@MainActor
private func changeLines(_ update: ResultsUpdate<ResultsSnapshot<Entry, Int>>) -> [String] {
    update.changeset.elementChanges.map { change in
        let suffix = change.kind == .move && change.isUpdated ? " updated" : ""
        return "\(change.kind) \(change.key) \(change.indexPath.map(\.description) ?? "-")→\(change.newIndexPath.map(\.description) ?? "-")\(suffix)"
    }
}

/// The examples of the whole-table documentation comments, line for line
/// (`.ci/snippets/check` finds each here), with what they say they do.
@MainActor
@Suite("Documentation examples: whole tables")
struct WholeTableExamplesTests {
    @Test func aTableOfNamedSections() throws {
        let (fruit, vegetables) = ([Entry(id: 1), Entry(id: 2)], [Entry(id: 3)])
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setTable([
            ResultsSection(name: "Fruit", elements: fruit),
            ResultsSection(name: "Vegetables", elements: vegetables),
        ])
        #expect(controller.snapshot.sections.map(\.name) == ["Fruit", "Vegetables"])
    }

    @Test func tablesFromAnAsyncSequence() async throws {
        struct Owner {
            var tables: AsyncStream<[ResultsSection<Entry>]>
        }
        let (tables, continuation) = AsyncStream.makeStream(of: [ResultsSection<Entry>].self)
        continuation.yield([ResultsSection(name: "A", elements: [Entry(id: 1)])])
        continuation.yield([ResultsSection(name: "A", elements: (0..<10_000).map { Entry(id: $0) })])
        continuation.finish()
        let owner = Owner(tables: tables)
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        for await table in owner.tables {
            try await controller.prepareAndSetTable(table)
        }
        #expect(controller.snapshot.count == 10_000)
    }

    @Test func keysMarkedChangedAfterATable() throws {
        let table = [ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2)])]
        let refreshedIDs = [2, 5]
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: table)
        _ = store.takeChangeset()
        try store.setData(sections: table)
        store.markChanged(keys: refreshedIDs)   // their cells are configured again
        #expect(store.takeChangeset().elementChanges.map(\.key) == [2])
    }
}
