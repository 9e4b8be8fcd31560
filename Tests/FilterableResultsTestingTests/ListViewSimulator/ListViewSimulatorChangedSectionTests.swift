import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator models rows inside sections the batch changes")
struct ListViewSimulatorChangedSectionTests {
    @Test(arguments: ListViewFlavor.allCases)
    func movingARowOutOfADeletedSectionIsRefused(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["c", "a"]])
            view.deleteSections([0])
            view.moveRow(at: ip(0, 0), to: ip(0, 1))
        }
        #expect(found?.kind == .moveFromDeletedSection)
        #expect(found?.reason == (flavor == .tableView ? "cannot move a row from a deleted section" : "cannot move an item from a deleted section"))
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingARowOutOfAReloadedSectionIsRefusedAsFromADeletedOne(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["c", "a"]])
            view.reloadSections([0])
            view.moveRow(at: ip(0, 0), to: ip(1, 1))
        }
        #expect(found?.kind == .moveFromDeletedSection)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingARowIntoAnInsertedSectionIsRefused(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["a"]])
            view.insertSections([1])
            view.moveRow(at: ip(0, 0), to: ip(1, 0))
        }
        #expect(found?.kind == .moveIntoInsertedSection)
        #expect(
            found?.reason
                == (flavor == .tableView
                    ? "cannot move a row into a newly inserted section (1)"
                    : "cannot move an item into a newly inserted section (1)"))
    }

    @Test func aTableViewAbsorbsRowDeletesInADeletedSection() {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["c"]])
            view.deleteSections([0])
            view.deleteRows(at: [ip(0, 0), ip(0, 1)])
        }
        #expect(found == nil)
        #expect(view.cells == [["c"]])
    }

    @Test func aCollectionViewRefusesItemDeletesInADeletedSection() {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["c"]])
            view.deleteSections([0])
            view.deleteRows(at: [ip(0, 1)])
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to delete item 1 from section 0, which is itself deleted in the same update") == true)
    }

    @Test func aTableViewAbsorbsRowInsertsInAnInsertedSection() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["x", "y"], ["a"]])
            view.insertSections([0])
            view.insertRows(at: [ip(0, 0), ip(0, 1)])
        }
        #expect(found == nil)
        #expect(view.cells == [["x", "y"], ["a"]])
    }

    @Test func aCollectionViewRefusesItemInsertsInAnInsertedSection() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["x"], ["a"]])
            view.insertSections([0])
            view.insertRows(at: [ip(0, 0)])
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to insert item 0 into section 0, which is itself inserted in the same update") == true)
    }

    @Test func aTableViewAbsorbsRowReloadsInAReloadedSection() {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["a2", "b2", "c2"]])
            view.reloadSections([0])
            view.reloadRows(at: [ip(0, 1)])
        }
        #expect(found == nil)
        #expect(view.cells == [["a2", "b2", "c2"]])
    }

    @Test func aCollectionViewRefusesItemReloadsInAReloadedSection() {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["a2", "b2"]])
            view.reloadSections([0])
            view.reloadRows(at: [ip(0, 1)])
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to reload item 1 in section 0, which is itself reloaded") == true)
    }

    @Test func aTableViewAppliesRowChangesInAMovedSection() {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["c"], ["x", "b", "a"]])
            view.moveSection(0, toSection: 1)
            view.insertRows(at: [ip(1, 0)])
            view.moveRow(at: ip(0, 0), to: ip(1, 2))
        }
        #expect(found == nil)
        #expect(view.cells == [["c"], ["x", "b", "a"]])
    }

    @Test func aCollectionViewRefusesItemInsertsInAMovedSection() {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["c"], ["x", "a", "b"]])
            view.moveSection(0, toSection: 1)
            view.insertRows(at: [ip(1, 0)])
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to insert item 0 into section 1, which is itself moved") == true)
    }

    /// Apple bug 48941906: moving an item out of a (no-op) moved section.
    @Test func aCollectionViewRefusesMovingAnItemOutOfAMovedSection() {
        let table = StringTable([["a"], ["b", "c"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["b", "a"], ["c"]])
            view.moveSection(1, toSection: 1)
            view.moveRow(at: ip(1, 0), to: ip(0, 0))
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to move item 0 out of section 1, which is itself moved") == true)
    }

    /// Apple bug 27041784: reload [1, 0] while section 1 moves to 0. The
    /// reload is re-inserted into section 1 (where its section would be
    /// without the move), so section 0 counts one delete and no insert.
    @Test func aTableViewReloadingARowOfAMovedSectionBreaksItsArithmetic() {
        let table = StringTable([["a0", "a1", "a2"], ["b0", "b1", "b2"]])
        let view = loadedSimulator(table, .tableView)
        let found = exception(in: view) {
            table.set([["b0 changed", "b1", "b2"], ["a0", "a1", "a2"]])
            view.reloadRows(at: [ip(1, 0)])
            view.moveSection(1, toSection: 0)
        }
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(
            found?.reason
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
                + "section after the update (3) must be equal to the number of rows contained in that section before "
                + "the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, "
                + "1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 "
                + "moved out).")
    }

    @Test func aCollectionViewRefusesReloadingAnItemOfAMovedSection() {
        let table = StringTable([["a0", "a1", "a2"], ["b0", "b1", "b2"]])
        let view = loadedSimulator(table, .collectionView)
        let found = exception(in: view) {
            table.set([["b0 changed", "b1", "b2"], ["a0", "a1", "a2"]])
            view.reloadRows(at: [ip(1, 0)])
            view.moveSection(1, toSection: 0)
        }
        #expect(found?.kind == .itemChangeInChangedSection)
        #expect(found?.reason.hasPrefix("attempt to reload item 0 in section 1, which is itself moved") == true)
    }

    /// The reloaded rows' section is not moved itself but displaced by the
    /// move of section 0: UIKit still places the reload at its old section
    /// index, which section 0 now occupies.
    @Test(arguments: ListViewFlavor.allCases)
    func aReloadInASectionDisplacedByAnotherSectionsMoveBreaksTheArithmetic(_ flavor: ListViewFlavor) {
        let table = StringTable([["y0"], ["u0", "u1", "u2"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["u0 changed", "u1", "u2"], ["y0"]])
            view.moveSection(0, toSection: 1)
            view.reloadRows(at: [ip(1, 0)])
        }
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(found?.reason.contains("in section 0.") == true)
        #expect(found?.reason.contains("(0 inserted, 1 deleted)") == true)
    }

    /// A section move that keeps its index (1 to 1) still counts: UIKit
    /// places the reload of [2, 0] as if section 1 stayed where deletes and
    /// inserts put it (0), so the reload lands in section 1.
    @Test(arguments: ListViewFlavor.allCases)
    func aSectionMoveThatKeepsItsIndexStillDisplacesReloads(_ flavor: ListViewFlavor) {
        let table = StringTable([["a0"], ["z0"], ["s0"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["s0 changed"], ["z0"], ["n0"]])
            view.deleteSections([0])
            view.insertSections([2])
            view.moveSection(1, toSection: 1)
            view.reloadRows(at: [ip(2, 0)])
        }
        #expect(found?.kind == .invalidNumberOfRows)
        #expect(found?.reason.contains("in section 0.") == true)
    }

    /// Without section moves a reload goes where its row lands.
    @Test(arguments: ListViewFlavor.allCases)
    func aReloadBesideDeletesAndInsertsFetchesTheRightCell(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c", "d"], ["e"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["x"], ["b", "y", "c2", "d"], ["e"]])
            view.insertSections([0])
            view.deleteRows(at: [ip(0, 0)])
            view.insertRows(at: [ip(1, 1)])
            view.reloadRows(at: [ip(0, 2)])
        }
        #expect(found == nil)
        #expect(view.cells == [["x"], ["b", "y", "c2", "d"], ["e"]])
    }
}
