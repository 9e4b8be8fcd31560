@testable import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A UIKit batch (deletes before, inserts after, UIKit working out the
/// rest) as the ordered calls `NSTableView` applies one at a time: each
/// batch's calls, replayed on an array as `NSTableView` applies them, turn
/// the list before the batch into the list after it.
@Suite("UIKit batches as ordered NSTableView calls")
struct NSTableViewCallOrderTests {
    static func plain(_ rows: String...) -> TitledTable { TitledTable([(nil, rows)]) }

    @Test func rowsAreRemovedFirstThenMovedThenInsertedAtTheirFinalRows() {
        // UIKit: delete b and c, insert x at 1, move d from 3 to 0. Made in
        // that order on NSTableView, the move would name row 3 of a list of 3.
        var changes = FlatListChanges()
        changes.deletedRows = [visible(0, 1), visible(0, 2)]
        changes.insertedRows = [visible(0, 1)]
        changes.rowMoves = [(visible(0, 3), visible(0, 0))]
        let calls = expectReplay(changes, from: Self.plain("a", "b", "c", "d"), to: Self.plain("d", "x", "a"))
        #expect(calls == [.beginUpdates, .removeRows([1, 2]), .moveRow(from: 1, to: 0), .insertRows([1]), .endUpdates])
    }

    @Test func aRowMovedToTheFrontOrTheBackIsOneMove() {
        var changes = FlatListChanges()
        changes.rowMoves = [(visible(0, 4), visible(0, 0))]
        #expect(expectReplay(changes, from: Self.plain("a", "b", "c", "d", "e"), to: Self.plain("e", "a", "b", "c", "d"))
            == [.beginUpdates, .moveRow(from: 4, to: 0), .endUpdates])
        changes.rowMoves = [(visible(0, 0), visible(0, 4))]
        #expect(expectReplay(changes, from: Self.plain("a", "b", "c", "d", "e"), to: Self.plain("b", "c", "d", "e", "a"))
            == [.beginUpdates, .moveRow(from: 0, to: 4), .endUpdates])
    }

    @Test func swappedRowsAndACrossingOfMovesLandInTheirFinalOrder() {
        var changes = FlatListChanges()
        // a and d trade places; c moves between them; b stays.
        changes.rowMoves = [(visible(0, 0), visible(0, 3)), (visible(0, 3), visible(0, 0)), (visible(0, 2), visible(0, 1))]
        let calls = expectReplay(changes, from: Self.plain("a", "b", "c", "d"), to: Self.plain("d", "c", "b", "a"))
        #expect(calls.filter(\.isMove).count == 3)
    }

    @Test func aMovedSectionMovesItsHeaderAndItsRows() {
        var changes = FlatListChanges()
        changes.sectionMoves = [(1, 0)]
        let old = TitledTable([("A", ["a", "b"]), ("B", ["c"])])
        let new = TitledTable([("B", ["c"]), ("A", ["a", "b"])])
        #expect(expectReplay(changes, from: old, to: new)
            == [.beginUpdates, .moveRow(from: 3, to: 0), .moveRow(from: 4, to: 1), .endUpdates])
    }

    @Test func aHeaderComesGoesOrIsReplacedWithItsTitle() {
        let untitled = TitledTable([(nil, ["a"]), ("B", ["b"])])
        let titled = TitledTable([("A", ["a"]), ("B", ["b"])])
        let renamed = TitledTable([("Z", ["a"]), ("B", ["b"])])
        #expect(expectReplay(FlatListChanges(), from: untitled, to: titled) == [.beginUpdates, .insertRows([0]), .endUpdates])
        #expect(expectReplay(FlatListChanges(), from: titled, to: untitled) == [.beginUpdates, .removeRows([0]), .endUpdates])
        #expect(expectReplay(FlatListChanges(), from: titled, to: renamed)
            == [.beginUpdates, .removeRows([0]), .insertRows([0]), .endUpdates])
        #expect(expectReplay(FlatListChanges(), from: titled, to: titled) == [])
    }

    @Test func deletedInsertedAndReloadedSectionsGoAndComeWhole() {
        var changes = FlatListChanges()
        changes.deletedSections = [0]
        changes.insertedSections = [2]
        changes.reloadedSections = [2]
        changes.deletedRows = [visible(1, 0)]
        let old = TitledTable([("A", ["a"]), ("B", ["b", "c"]), ("C", ["d"])])
        let new = TitledTable([("B", ["c"]), ("C", ["d2", "e"]), (nil, ["f"])])
        #expect(expectReplay(changes, from: old, to: new)
            == [.beginUpdates, .removeRows([0, 1, 3, 5, 6]), .insertRows([2, 3, 4, 5]), .endUpdates])
    }

    @Test func reloadsComeAfterTheBatchAtTheRowsTheyEndUpAt() {
        var changes = FlatListChanges()
        changes.insertedRows = [visible(0, 0)]
        changes.reloadedRows = [visible(0, 1), visible(0, 0)]
        changes.rowMoves = [(visible(0, 0), visible(0, 3))]
        // b changed in place and a moved and changed: b is at 1 after the batch, a at 3.
        let calls = expectReplay(changes, from: Self.plain("a", "b", "c"), to: Self.plain("x", "b2", "c", "a2"))
        #expect(calls.last == .reloadRows([1, 3]))
    }

    @Test func aBatchThatDoesNotAddUpHasNoCalls() {
        let two = Self.plain("a", "b").layout
        let three = Self.plain("a", "b", "c").layout
        #expect(FlatListChanges().calls(from: two, to: three) == nil)
        var changes = FlatListChanges()
        changes.insertedRows = [visible(0, 5)]
        #expect(changes.calls(from: two, to: three) == nil)
        changes = FlatListChanges()
        changes.deletedSections = [0]
        changes.deletedRows = [visible(0, 0)]
        #expect(changes.calls(from: two, to: FlatListLayout()) == nil)
        changes = FlatListChanges()
        changes.deletedRows = [visible(0, 0), visible(0, 0)]
        changes.insertedRows = [visible(0, 0)]
        #expect(changes.calls(from: two, to: Self.plain("z", "b").layout) == nil)
    }

    /// Orders of up to 60 rows: some go, some come, and rows outside a
    /// random increasing run of the rest move (UIKit's rule: the rows that
    /// do not move keep their order). One move at most per moved row.
    @Test func randomReorderingsOfOneSectionReplay() {
        var random = SeededRandomNumberGenerator(seed: 21)
        for trial in 0..<400 {
            let old = (0..<Int.random(in: 0...60, using: &random)).map { "r\($0)" }
            var new = old.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }.shuffled(using: &random)
            for index in 0..<Int.random(in: 0...8, using: &random) {
                new.insert("n\(index)", at: Int.random(in: 0...new.count, using: &random))
            }
            let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
            // Rows that stay: a random part of a longest increasing run keeps its place.
            let staying = new.indices.filter { oldIndex[new[$0]] != nil }
            let inRun = longestIncreasingSubsequence(staying.map { oldIndex[new[$0]]! })
            let still = staying.indices.filter { inRun[$0] && Int.random(in: 0..<4, using: &random) != 0 }.map { staying[$0] }
            var changes = FlatListChanges()
            changes.deletedRows = old.indices.filter { !new.contains(old[$0]) }.map { visible(0, $0) }
            changes.insertedRows = new.indices.filter { oldIndex[new[$0]] == nil }.map { visible(0, $0) }
            changes.rowMoves = staying.filter { !still.contains($0) }.map { (visible(0, oldIndex[new[$0]]!), visible(0, $0)) }
            let calls = expectReplay(changes, from: TitledTable([(nil, old)]), to: TitledTable([(nil, new)]), "trial \(trial)")
            #expect(calls.filter(\.isMove).count <= changes.rowMoves.count)
        }
    }

    /// Changesets the store computes, between every kind of small
    /// sectioned table: names that come and go, sections that move, rows
    /// that move across sections and change.
    @Test func storeChangesetsBetweenSmallTablesReplay() throws {
        let tables = ExhaustiveTableTests.tables(sections: 3, rows: 2, keys: 4, names: ["A", "B"], contents: true)
        var random = SeededRandomNumberGenerator(seed: 5)
        var store = ResultsStore<Entry, Int>.items()
        for step in 0..<3_000 {
            let old = store.snapshot.sections.map(ResultsSection.init)
            let new = tables.randomElement(using: &random)!
            try store.setData(sections: new)
            let changeset = store.takeValidatedChangeset(from: old)
            expectReplay(flatChanges(changeset), from: TitledTable(old), to: TitledTable(store.snapshot.sections.map(ResultsSection.init)),
                         "step \(step): \(summary(changeset))")
        }
    }

    @Test func aRowThatChangesSectionMovesUnderTheOtherHeader() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.id)], sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "a"), Entry(id: 3, group: "b")])
        let changeset = try store.validatedChanges { store in
            try store.replace(Entry(id: 1, value: 5, group: "b"))
            try store.remove(key: 2)
        }
        let old = TitledTable([("a", ["1:0a", "2:0a"]), ("b", ["3:0b"])])
        let new = TitledTable(store.snapshot.sections.map(ResultsSection.init))
        #expect(new.rows == ["# b", "1:5b", "3:0b"])
        let calls = expectReplay(flatChanges(changeset), from: old, to: new, summary(changeset).description)
        #expect(!calls.contains(.reloadData))
    }
}

/// Every batch of a controller, through ``ResultsDataSource`` and the flat
/// list adapter, as `NSTableView` would apply it.
@Suite("Controllers in a list without sections")
@MainActor
struct ControllersInAFlatListTests {
    @Test(arguments: [ResultsChangeset<Entry, Int>.ContentUpdates.reconfigure, .reload])
    func everyPairOfSmallTablesShowsInTheList(contentUpdates: ResultsChangeset<Entry, Int>.ContentUpdates) throws {
        let tables = ExhaustiveTableTests.tables(sections: 2, rows: 2, keys: 3, names: ["A", "B"], contents: true)
        var random = SeededRandomNumberGenerator(seed: 12)
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let screen = FlatScreen(controller, contentUpdates: contentUpdates)
        for _ in 0..<3_000 {
            let new = tables.randomElement(using: &random)!
            try controller.setData(sections: new)
            if let problem = screen.problem() {
                Issue.record("to \(TitledTable(new)): \(problem)")
                return
            }
        }
        #expect(screen.reloads == 0)
    }

    @Test(arguments: RandomOperationTests.configurations)
    func randomOperationsShowInTheList(_ configuration: RandomStoreConfiguration<Entry>) {
        var batches = 0
        for seed in 1...12 as ClosedRange<UInt64> {
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: RandomOperationTests.vocabulary, seed: seed)
            let screens = [FlatScreen(runner.controller), FlatScreen(runner.controller, contentUpdates: .reload)]
            runner.afterBatch = {
                batches += 1
                return screens.lazy.compactMap { $0.problem() }.first
            }
            if let failure = runner.run(operations: 240) {
                Issue.record("\(failure)")
                return
            }
        }
        #expect(batches > 1_000)
    }

    @Test func contentChangesAreReloadedWhereTheRowsEndUp() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)], sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3, group: "b")])
        let controller = ResultsController(store: store)
        let screen = FlatScreen(controller)
        screen.forgetCalls()
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.replace(Entry(id: 2, value: 0))            // moves to the front and changes
            try controller.add(Entry(id: 4, value: 9))
            try controller.replace(Entry(id: 3, value: 4, group: "b")) // changes in place
        }
        screen.expectConsistent()
        #expect(screen.list.rows == ["# a", "2:0a", "1:1a", "4:9a", "# b", "3:4b"])
        #expect(screen.calls.filter(\.isMove).count == 1 && screen.calls.contains(.insertRows([3])))
        #expect(screen.calls.last == .reloadRows([1, 5]))
    }

    @Test func aReloadOfTheControllerReloadsTheList() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let screen = FlatScreen(controller)
        try controller.setUpdatesEnabled(false)
        try controller.setData(sections: [ResultsSection(name: "A", elements: [Entry(id: 4)])])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
        #expect(screen.reloads == 1 && screen.list.rows == ["# A", "4:0a"])
    }
}

extension FlatListCall {
    /// Whether the call is a `moveRow`.
    var isMove: Bool { if case .moveRow = self { true } else { false } }
}
