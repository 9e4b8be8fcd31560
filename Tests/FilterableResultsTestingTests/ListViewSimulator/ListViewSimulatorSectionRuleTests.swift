import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator enforces UIKit's section rules")
struct ListViewSimulatorSectionRuleTests {
    @Test(arguments: ListViewFlavor.allCases)
    func aSectionAddedWithoutAnInsertBreaksTheSectionCount(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { table.set([["a"], ["b"], ["c"]]) }
        let name = words(flavor).view
        #expect(found?.kind == .invalidNumberOfSections)
        #expect(
            found?.reason
                == "Invalid update: invalid number of sections. The number of sections contained in the \(name) "
                + "after the update (3) must be equal to the number of sections contained in the \(name) before "
                + "the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func theSectionCountNamesInsertsAndDeletes(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["x"], ["y"]])
            view.deleteSections([0, 1, 2])
            view.insertSections([0])
        }
        #expect(found?.kind == .invalidNumberOfSections)
        #expect(found?.reason.contains("after the update (2)") == true)
        #expect(
            found?.reason.contains(
                "before the update (3), plus or minus the number of sections inserted or deleted (1 inserted, 3 deleted)."
            ) == true)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingASectionBeyondTheOldCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a"]])
            view.deleteSections([2])
        }
        #expect(found?.kind == .sectionOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to delete section 2, but there are only 2 sections before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reloadingASectionBeyondTheOldCountIsReportedAsADelete(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.reloadSections([5]) }
        #expect(found?.kind == .sectionOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to delete section 5, but there are only 2 sections before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingASectionFromBeyondTheOldCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.moveSection(2, toSection: 0) }
        #expect(found?.kind == .sectionOutOfRangeBeforeUpdate)
        #expect(found?.reason == "attempt to move section 2, but there are only 2 sections before the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingASectionBeyondTheNewCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["a"], ["b"], ["c"]])
            view.insertSections([3])
        }
        #expect(found?.kind == .sectionOutOfRangeAfterUpdate)
        #expect(found?.reason == "attempt to insert section 3 but there are only 3 sections after the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingASectionBeyondTheNewCountIsOutOfRange(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) { view.moveSection(0, toSection: 2) }
        #expect(found?.kind == .sectionOutOfRangeAfterUpdate)
        #expect(found?.reason == "attempt to move section 0 to section 2, but there are only 2 sections after the update")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingASectionTwiceIsADuplicate(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["c"]])
            view.deleteSections([0])
            view.deleteSections([0])
        }
        #expect(found?.kind == .duplicateSection)
        #expect(found?.reason == "attempt to delete section 0 more than once")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingASectionTwiceIsADuplicate(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["x"], ["y"], ["a"]])
            view.insertSections([0])
            view.insertSections([0])
        }
        #expect(found?.kind == .duplicateSection)
        #expect(found?.reason == "attempt to insert section 0 more than once")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingAndReloadingOneSectionConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"]])
            view.deleteSections([0])
            view.reloadSections([0])
        }
        #expect(found?.kind == .deleteAndReloadSameSection)
        #expect(found?.reason == "attempt to delete and reload the same section (0)")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func deletingAndMovingOneSectionConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"]])
            view.deleteSections([0])
            view.moveSection(0, toSection: 0)
        }
        #expect(found?.kind == .deleteAndMoveFromSameSection)
        #expect(found?.reason == "attempt to perform a delete and a move from the same section (0)")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func reloadingAndMovingOneSectionIsReportedAsADeleteAndAMove(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["a2"]])
            view.reloadSections([0])
            view.moveSection(0, toSection: 1)
        }
        #expect(found?.kind == .reloadAndMoveFromSameSection)
        #expect(found?.reason == "attempt to perform a delete and a move from the same section (0)")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func insertingAndMovingToOneSectionConflict(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["b"], ["x"], ["a"]])
            view.insertSections([1])
            view.moveSection(0, toSection: 1)
        }
        #expect(found?.kind == .insertAndMoveToSameSection)
        #expect(found?.reason == "attempt to perform an insert and a move to the same section (1)")
    }

    /// IGListKit #690: the reload of section 3 is inserted at 3 + 1 (one
    /// section inserted before it), as if section 2 did not move to 4.
    @Test(arguments: ListViewFlavor.allCases)
    func aReloadedSectionDisplacedOntoAMoveDestinationIsReportedAsAnInsertAndAMove(_ flavor: ListViewFlavor) {
        let table = StringTable([["0"], ["1"], ["2"], ["3"], ["4"], ["5"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            table.set([["0"], ["1"], ["new"], ["3 reloaded"], ["2"], ["5"]])
            view.moveSection(2, toSection: 4)
            view.reloadSections([3])
            view.deleteSections([4])
            view.insertSections([2])
        }
        #expect(found?.kind == .reloadAndMoveToSameSection)
        #expect(found?.reason == "attempt to perform an insert and a move to the same section (4)")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingOneSectionTwiceConflicts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            view.moveSection(0, toSection: 1)
            view.moveSection(0, toSection: 2)
        }
        #expect(found?.kind == .twoMovesFromSameSection)
        #expect(found?.reason == "attempt to move section 0 to both section 1 and section 2")
    }

    @Test(arguments: ListViewFlavor.allCases)
    func movingTwoSectionsToOneIndexConflicts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a"], ["b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        let found = exception(in: view) {
            view.moveSection(0, toSection: 2)
            view.moveSection(1, toSection: 2)
        }
        #expect(found?.kind == .twoMovesToSameSection)
        #expect(found?.reason == "attempt to move both section 0 and section 1 to section 2")
    }
}
