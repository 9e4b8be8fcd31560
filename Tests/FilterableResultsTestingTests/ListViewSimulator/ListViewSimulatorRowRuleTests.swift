import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator enforces UIKit's row arithmetic and ranges")
struct ListViewSimulatorRowRuleTests {
    @Test(arguments: ListViewFlavor.allCases)
    func aRowAddedWithoutAnInsertBreaksTheRowCount(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { table.set([["a", "b", "c"]]) }
        let (_, rows, _) = words(flavor)
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(
            found?.reason
                == "Invalid update: invalid number of \(rows) in section 0. The number of \(rows) contained in an "
                + "existing section after the update (3) must be equal to the number of \(rows) contained in that "
                + "section before the update (2), plus or minus the number of \(rows) inserted or deleted from that "
                + "section (0 inserted, 0 deleted) and plus or minus the number of \(rows) moved into or out of that "
                + "section (0 moved in, 0 moved out).")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func theRowCountNamesMovesInAndOut(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            view.moveRow(at: ip(0, 0), to: ip(1, 0))  // the data does not change
        }
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(found?.reason.contains("in section 0.") == true)
        #expect(found?.reason.contains("after the update (2)") == true)
        #expect(found?.reason.contains("before the update (2)") == true)
        #expect(found?.reason.contains("(0 inserted, 0 deleted)") == true)
        #expect(found?.reason.contains("(0 moved in, 1 moved out).") == true)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func theRowCountCountsReloadsAsADeleteAndAnInsert(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a", "b2", "c"]])
            view.reloadRows(at: [ip(0, 1)])
        }
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(found?.reason.contains("after the update (3)") == true)
        #expect(found?.reason.contains("(1 inserted, 1 deleted)") == true)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingARowBeyondTheOldCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a", "b"]])
            view.deleteRows(at: [ip(0, 3)])
        }
        let (row, rows, _) = words(flavor)
        #expect(found?.kind == .rowOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to delete \(row) 3 from section 0 which only contains 3 \(rows) before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingARowFromAMissingSectionIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.deleteRows(at: [ip(1, 0)]) }
        #expect(found?.kind == .rowOutOfRangeBeforeUpdate)
        #expect(
            found?.reason
                == "attempt to delete \(words(flavor).row) 0 from section 1, but there are only 1 sections before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reloadingARowBeyondTheOldCountIsReportedAsADelete(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.reloadRows(at: [ip(0, 2)]) }
        let (row, rows, _) = words(flavor)
        #expect(found?.kind == .rowOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to delete \(row) 2 from section 0 which only contains 2 \(rows) before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingARowFromBeyondTheOldCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.moveRow(at: ip(0, 5), to: ip(0, 0)) }
        #expect(found?.kind == .rowOutOfRangeBeforeUpdate)
        #expect(
            found?.reason
                == "attempt to move index path (\(printed(0, 5))) that does not exist - there are only 3 "
                + "\(words(flavor).rows) in section 0 before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingARowBeyondTheNewCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a", "b", "c"]])
            view.insertRows(at: [ip(0, 3)])
        }
        let (row, rows, _) = words(flavor)
        #expect(found?.kind == .rowOutOfRangeAfterUpdate)
        #expect(
            found?.reason == "attempt to insert \(row) 3 into section 0, but there are only 3 \(rows) in section 0 after the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingARowIntoAMissingSectionIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.insertRows(at: [ip(1, 0)]) }
        #expect(found?.kind == .rowOutOfRangeAfterUpdate)
        #expect(
            found?.reason
                == "attempt to insert \(words(flavor).row) 0 into section 1, but there are only 1 sections after the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingARowBeyondTheNewCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["c", "a"]])
            view.moveRow(at: ip(0, 0), to: ip(1, 2))
        }
        #expect(found?.kind == .rowOutOfRangeAfterUpdate)
        #expect(
            found?.reason
                == "attempt to move index path (\(printed(0, 0))) to index path (\(printed(1, 2))) that does not exist "
                + "- there are only 2 \(words(flavor).rows) in section 1 after the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingARowIntoAMissingSectionIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.moveRow(at: ip(0, 0), to: ip(3, 0)) }
        #expect(found?.kind == .rowOutOfRangeAfterUpdate)
        #expect(found?.reason.hasSuffix("that does not exist - there are only 1 sections after the update") == true)
    }
}

@MainActor
@Suite("ListViewSimulator enforces UIKit's rules for one index path named twice")
struct ListViewSimulatorIndexPathConflictTests {
    @Test(arguments: ListViewFlavor.allCases)
    func deletingOneRowTwiceIsADuplicate(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["c"]])
            view.deleteRows(at: [ip(0, 0), ip(0, 0)])
        }
        #expect(found?.kind == .duplicateIndexPath)
        #expect(found?.reason == "attempt to delete \(words(flavor).row) 0 from section 0 more than once")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingOneRowTwiceIsADuplicate(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["x", "y", "a"]])
            view.insertRows(at: [ip(0, 0)])
            view.insertRows(at: [ip(0, 0)])
        }
        #expect(found?.kind == .duplicateIndexPath)
        #expect(found?.reason == "attempt to insert \(words(flavor).row) 0 into section 0 more than once")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reloadingOneRowTwiceIsADuplicate(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.reloadRows(at: [ip(0, 0), ip(0, 0)]) }
        #expect(found?.kind == .duplicateIndexPath)
        #expect(found?.reason == "attempt to reload \(words(flavor).row) 0 in section 0 more than once")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingAndReloadingOneRowConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"]])
            view.deleteRows(at: [ip(0, 0)])
            view.reloadRows(at: [ip(0, 0)])
        }
        #expect(found?.kind == .deleteAndReloadSameIndexPath)
        #expect(found?.reason == "attempt to delete and reload the same index path (\(printed(0, 0)))")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingAndMovingOneRowConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b", "c"]])
            view.deleteRows(at: [ip(0, 1)])
            view.moveRow(at: ip(0, 1), to: ip(0, 0))
        }
        #expect(found?.kind == .deleteAndMoveFromSameIndexPath)
        #expect(found?.reason == "attempt to perform a delete and a move from the same index path (\(printed(0, 1)))")
    }

    /// Apple bug 33662307: the message names a delete, though there is none.
    @Test(arguments: ListViewFlavor.allCases)
    func reloadingAndMovingOneRowIsReportedAsADeleteAndAMove(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b2", "a", "c"]])
            view.reloadRows(at: [ip(0, 1)])
            view.moveRow(at: ip(0, 1), to: ip(0, 0))
        }
        #expect(found?.kind == .reloadAndMoveFromSameIndexPath)
        #expect(found?.reason == "attempt to perform a delete and a move from the same index path (\(printed(0, 1)))")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingAndMovingToOneRowConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["x", "a", "b"]])
            view.insertRows(at: [ip(0, 0)])
            view.moveRow(at: ip(0, 1), to: ip(0, 0))
        }
        #expect(found?.kind == .insertAndMoveToSameIndexPath)
        #expect(found?.reason == "attempt to perform an insert and a move to the same index path (\(printed(0, 0)))")
    }

    /// Section 1 moves to 0, so the reload of [1, 0] is re-inserted into
    /// section 1 (where its section would be without the move), which is
    /// where a row of the other section moves to.
    @Test func aReloadedRowDisplacedOntoAMoveDestinationIsReportedAsAnInsertAndAMove() {
        let table = StringTable([["a0", "a1"], ["b0"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["b0 changed"], ["a1", "a0"]])
            view.moveSection(1, toSection: 0)
            view.reloadRows(at: [ip(1, 0)])
            view.moveRow(at: ip(0, 1), to: ip(1, 0))
        }
        #expect(found?.kind == .reloadAndMoveToSameIndexPath)
        #expect(found?.reason == "attempt to perform an insert and a move to the same index path (\(printed(1, 0)))")
    }

    /// Without section moves a reload lands where its row does.
    @Test(arguments: ListViewFlavor.allCases)
    func swappingTwoRowsByMovingOneAndReloadingTheOtherPasses(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b2", "a"]])
            view.moveRow(at: ip(0, 0), to: ip(0, 1))
            view.reloadRows(at: [ip(0, 1)])
        }
        #expect(found == nil)
        #expect(view.cells == [["b2", "a"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingOneRowTwiceConflicts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            view.moveRow(at: ip(0, 0), to: ip(0, 1))
            view.moveRow(at: ip(0, 0), to: ip(0, 2))
        }
        #expect(found?.kind == .twoMovesFromSameIndexPath)
        #expect(
            found?.reason == "attempt to move index path (\(printed(0, 0))) to both (\(printed(0, 1))) and (\(printed(0, 2)))")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingTwoRowsToOnePathConflicts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            view.moveRow(at: ip(0, 0), to: ip(0, 1))
            view.moveRow(at: ip(0, 2), to: ip(0, 1))
        }
        #expect(found?.kind == .twoMovesToSameIndexPath)
        #expect(
            found?.reason
                == "attempt to move both \(words(flavor).row) at index path \(printed(0, 0)) and \(printed(0, 2)) "
                + "to \(printed(0, 1))")
    }
}
