import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator keeps cells as UIKit does")
struct ListViewSimulatorCellTests {
    @Test func aViewWithoutADataSourceShowsNothingAndReadsTheOneItIsGiven() {
        let view = ListViewSimulator<String>(flavor: .collectionView)
        view.layoutIfNeeded()
        #expect(view.cells.isEmpty && view.isLoaded)
        view.dataSource = StringTable([["a"], ["b", "c"]])
        #expect(!view.isLoaded)
        view.layoutIfNeeded()
        #expect(view.cells == [["a"], ["b", "c"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aMovedRowWhoseContentChangedKeepsItsOldCellUntilReconfigured(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["c2", "a", "b"]])
            view.moveRow(at: ip(0, 2), to: ip(0, 0))
        }
        #expect(found == nil)
        #expect(view.cells == [["c", "a", "b"]])
        #expect(view.staleRows() == [ip(0, 0)])

        view.reconfigureRows(at: [ip(0, 0)])
        #expect(view.cells == [["c2", "a", "b"]])
        #expect(view.staleRows().isEmpty)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func anUntouchedRowWhoseContentChangedIsStale(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        #expect(exception(in: view) { table.set([["a", "b2"]]) } == nil)
        #expect(view.staleRows() == [ip(0, 1)])
        #expect(view.staleRows { $0.first == $1.first }.isEmpty)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reconfiguringAsksTheDataSourceForThatRowOnly(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        table.set([["a", "b2"], ["c2"]])
        table.forgetRequests()
        view.reconfigureRows(at: [ip(1, 0)])
        #expect(table.requestedCells == [ip(1, 0)])
        #expect(view.cells == [["a", "b"], ["c2"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reconfiguringARowTheViewDoesNotHaveRaises(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        view.reconfigureRows(at: [ip(0, 2)])
        let (row, rows, _) = words(flavor)
        #expect(view.exception?.kind == .reconfigureOutOfRange)
        #expect(view.exception?.reason == "attempt to reconfigure \(row) 2 in section 0, but there are only 2 \(rows) in section 0")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reconfiguringInsideABatchUsesOldPathsAndUpdatesTheCellWhereItLands(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["c2", "a", "b"]])
            view.moveRow(at: ip(0, 2), to: ip(0, 0))
            view.reconfigureRows(at: [ip(0, 2)])
        }
        #expect(found == nil)
        #expect(view.cells == [["c2", "a", "b"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reconfiguringInsideABatchBeyondTheOldCountsRaises(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a", "b"]])
            view.insertRows(at: [ip(0, 1)])
            view.reconfigureRows(at: [ip(0, 1)])
        }
        #expect(found?.kind == .reconfigureOutOfRange)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aReloadBesideMovesAcrossSectionsGetsItsNewCellWhereItsRowLands(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c", "d"], ["e"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["d", "c2"], ["a", "e", "b"]])
            view.moveRow(at: ip(0, 3), to: ip(0, 0))
            view.moveRow(at: ip(0, 0), to: ip(1, 0))
            view.moveRow(at: ip(0, 1), to: ip(1, 2))
            view.reloadRows(at: [ip(0, 2)])
        }
        #expect(found == nil)
        #expect(view.cells == [["d", "c2"], ["a", "e", "b"]])
        #expect(view.staleRows().isEmpty)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func cellAtReturnsTheShownCellOrNil(_ flavor: ListViewFlavor) {
        let view = loadedSimulator(StringTable([["a"]]), flavor)
        #expect(view.cell(at: ip(0, 0)) == "a")
        #expect(view.cell(at: ip(0, 1)) == nil)
        #expect(view.cell(at: ip(1, 0)) == nil)
        #expect(view.numberOfRows(inSection: 4) == 0)
    }
}
