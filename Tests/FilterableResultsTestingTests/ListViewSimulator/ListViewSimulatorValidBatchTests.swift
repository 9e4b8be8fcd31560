import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator applies valid batches")
struct ListViewSimulatorValidBatchTests {
    @Test(arguments: ListViewFlavor.allCases)
    func rowInsertsDeletesMovesAndReloadsAcrossSectionsLandWhereTheDataSourceHasThem(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"], ["d", "e"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b", "x", "e"], ["d", "c", "a2"]])
            view.deleteRows(at: [ip(0, 0)])
            view.insertRows(at: [ip(0, 1)])
            view.moveRow(at: ip(1, 1), to: ip(0, 2))
            view.moveRow(at: ip(0, 2), to: ip(1, 1))
            view.insertRows(at: [ip(1, 2)])
        }
        #expect(found == nil)
        #expect(view.cells == [["b", "x", "e"], ["d", "c", "a2"]])
        #expect(view.staleRows().isEmpty)
        #expect(view.completedBatchCount == 1)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func onlyInsertedAndReloadedRowsAreFetched(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        table.forgetRequests()
        let found = exception(in: view) {
            table.set([["c", "a", "b2", "x"]])
            view.moveRow(at: ip(0, 2), to: ip(0, 0))
            view.insertRows(at: [ip(0, 3)])
        }
        #expect(found == nil)
        #expect(table.requestedCells == [ip(0, 3)])
        #expect(view.cells == [["c", "a", "b", "x"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aReloadedRowGetsANewCell(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        table.forgetRequests()
        let found = exception(in: view) {
            table.set([["a", "b2", "c"]])
            view.reloadRows(at: [ip(0, 1)])
        }
        #expect(found == nil)
        #expect(table.requestedCells == [ip(0, 1)])
        #expect(view.cells == [["a", "b2", "c"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func sectionInsertsDeletesAndMovesCarryCellsAndHeaders(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b", "c"], ["d"]], titles: ["A", "B", "D"])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["d"], ["n"], ["b", "c"]], titles: ["D", "N", "B"])
            view.deleteSections([0])
            view.insertSections([1])
            view.moveSection(2, toSection: 0)
        }
        #expect(found == nil)
        #expect(view.cells == [["d"], ["n"], ["b", "c"]])
        #expect(view.headerTitles == ["D", "N", "B"])
        #expect(view.staleHeaderSections().isEmpty)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aReloadedSectionGetsNewCellsAndANewHeader(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b", "c"]], titles: ["A", "B"])
        let view = loadedSimulator(table, flavor)
        table.forgetRequests()
        let found = exception(in: view) {
            table.set([["a"], ["b2", "c2", "d2"]], titles: ["A", "B2"])
            view.reloadSections([1])
        }
        #expect(found == nil)
        #expect(table.requestedCells == [ip(1, 0), ip(1, 1), ip(1, 2)])
        #expect(view.cells == [["a"], ["b2", "c2", "d2"]])
        #expect(view.headerTitles == ["A", "B2"])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aRenamedSectionKeepsItsOldHeaderUnlessReloaded(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]], titles: ["A", "B"])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { table.set([["a"], ["b"]], titles: ["A", "Renamed"]) }
        #expect(found == nil)
        #expect(view.headerTitles == ["A", "B"])
        #expect(view.staleHeaderSections() == [1])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aMovedSectionKeepsItsRowsAndOtherSectionsFillIn(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"], ["c"], ["d"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["c"], ["a"], ["d"]])
            view.moveSection(0, toSection: 2)
        }
        #expect(found == nil)
        #expect(view.cells == [["b"], ["c"], ["a"], ["d"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func anUpdateCallOutsideABatchIsABatchOfItsOwn(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        table.set([["a", "x", "b"]])
        view.insertRows(at: [ip(0, 1)])
        #expect(view.exception == nil)
        #expect(view.cells == [["a", "x", "b"]])
        #expect(view.completedBatchCount == 1)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func nestedBatchesJoinTheOutermostAndEveryCompletionRunsOnceWithTrue(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        var completions: [String] = []
        view.performBatchUpdates(
            {
                table.set([["x", "a", "y"]])
                view.insertRows(at: [ip(0, 0)])
                view.performBatchUpdates({ view.insertRows(at: [ip(0, 2)]) }, completion: { completions.append("inner \($0)") })
                #expect(view.isPerformingBatchUpdates)
                #expect(completions.isEmpty)
            }, completion: { completions.append("outer \($0)") })
        #expect(view.exception == nil)
        #expect(completions == ["inner true", "outer true"])
        #expect(view.completedBatchCount == 1)
        #expect(view.cells == [["x", "a", "y"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func anEmptyBatchPassesWhenNothingChanged(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], []])
        let view = loadedSimulator(table, flavor)
        #expect(exception(in: view) {} == nil)
        #expect(view.rowCounts == [1, 0])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func afterABatchTheViewsCountsAreTheNewOnes(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a"], ["c", "d", "e"], []])
            view.deleteRows(at: [ip(0, 1)])
            view.insertRows(at: [ip(1, 1), ip(1, 2)])
            view.insertSections([2])
        }
        #expect(found == nil)
        #expect(view.numberOfSections == 3)
        #expect(view.rowCounts == [1, 3, 0])
        #expect(view.numberOfRows(inSection: 1) == 3)
        #expect(view.rowCountsMatchDataSource)
    }
}
