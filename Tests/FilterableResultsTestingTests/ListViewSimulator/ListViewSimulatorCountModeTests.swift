import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator reads counts when UIKit does")
struct ListViewSimulatorCountModeTests {
    @Test(arguments: ListViewFlavor.allCases)
    func dataSwappedBeforeTheBatchPassesWithCachedCounts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor, .cached)
        table.set([["a", "b", "c", "d"]])
        let found = exception(in: view) { view.insertRows(at: [ip(0, 3)]) }
        #expect(found == nil)
        #expect(view.cells == [["a", "b", "c", "d"]])
    }

    /// Apple bugs 15262692 and 28167779: the collection view reads the new
    /// count when the batch starts and applies the insert on top of it.
    @Test(arguments: ListViewFlavor.allCases)
    func dataSwappedBeforeTheBatchRaisesWhenCountsAreReadAtItsStart(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor, .readAtBatchStart)
        table.set([["a", "b", "c", "d"]])
        let found = exception(in: view) { view.insertRows(at: [ip(0, 3)]) }
        let rows = words(flavor).rows
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(
            found?.reason
                == "Invalid update: invalid number of \(rows) in section 0. The number of \(rows) contained in an "
                + "existing section after the update (4) must be equal to the number of \(rows) contained in that "
                + "section before the update (4), plus or minus the number of \(rows) inserted or deleted from that "
                + "section (1 inserted, 0 deleted) and plus or minus the number of \(rows) moved into or out of that "
                + "section (0 moved in, 0 moved out).")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aDeleteAfterTheDataShrankIsOutOfRangeWhenCountsAreReadAtTheStart(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c", "d"]])
        let view = loadedSimulator(table, flavor, .readAtBatchStart)
        table.set([["a", "b", "c"]])
        let found = exception(in: view) { view.deleteRows(at: [ip(0, 3)]) }
        let (row, rows, _) = words(flavor)
        #expect(found?.kind == .rowOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to delete \(row) 3 from section 0 which only contains 3 \(rows) before the update")
    }

    @Test(
        arguments: ListViewFlavor.allCases, ListViewCountMode.allCases)
    func dataSwappedInsideTheBatchPassesInEveryMode(_ flavor: ListViewFlavor, _ mode: ListViewCountMode) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor, mode)
        let found = exception(in: view) {
            table.set([["a", "b", "c", "d"]])
            view.insertRows(at: [ip(0, 3)])
        }
        #expect(found == nil)
        #expect(view.cells == [["a", "b", "c", "d"]])
    }

    @Test func countsReadAtTheStartThatChangedReloadTheView() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, .collectionView, .readAtBatchStart)
        table.set([["a", "b"]])
        #expect(exception(in: view) {} == nil)
        #expect(view.cells == [["a", "b"]])
    }

    @Test func countsReadAtTheStartThatDidNotChangeKeepTheCells() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, .collectionView, .readAtBatchStart)
        table.set([["a2"]])
        #expect(exception(in: view) {} == nil)
        #expect(view.cells == [["a"]])
    }

    @Test(arguments: ListViewCountMode.allCases)
    func theViewLoadsOnItsFirstBatchAndChecksItAgainstWhatItRead(_ mode: ListViewCountMode) {
        let table = StringTable([["a"]])
        let view = Simulator(dataSource: table, flavor: .tableView, countMode: mode)
        #expect(!view.isLoaded)
        let found = exception(in: view) {
            table.set([["a", "b"]])
            view.insertRows(at: [ip(0, 1)])
        }
        #expect(view.isLoaded)
        #expect(found == nil)
        #expect(view.cells == [["a", "b"]])
    }

    @Test func aViewThatNeverLoadedReadsTheDataItFindsAtItsFirstBatch() {
        let table = StringTable([["a"]])
        let view = Simulator(dataSource: table)
        table.set([["a", "b"]])
        let found = exception(in: view) { view.insertRows(at: [ip(0, 1)]) }
        #expect(found?.kind == .invalidNumberOfRows)
    }

    @Test func reloadDataRecachesTheCounts() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table)
        table.set([["x", "y"], ["z"]])
        view.reloadData()
        #expect(view.cells == [["x", "y"], ["z"]])
        #expect(exception(in: view) {} == nil)
    }

    @Test func reloadDataInsideABatchBecomesTheTableTheBatchIsCheckedAgainst() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table)
        let found = exception(in: view) {
            table.set([["a", "b"]])
            view.reloadData()
            view.insertRows(at: [ip(0, 1)])
        }
        #expect(found?.kind == .invalidNumberOfRows)
    }

    @Test func layoutIfNeededLoadsOnce() {
        let table = StringTable([["a"]])
        let view = Simulator(dataSource: table)
        view.layoutIfNeeded()
        let reads = table.sectionCountReads
        view.layoutIfNeeded()
        #expect(view.cells == [["a"]])
        #expect(table.sectionCountReads == reads)
    }
}
