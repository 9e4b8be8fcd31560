import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator simulates the user editing rows")
struct ListViewSimulatorUserEditingTests {
    @Test(arguments: ListViewFlavor.allCases)
    func aSwipeToDeleteCommitsAndTheDataSourcesBatchRemovesTheRow(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table, flavor)
        table.onCommitDelete = { [unowned table, unowned view] path in
            view.performBatchUpdates(
                {
                    table.sections[path.section].remove(at: path.row)
                    view.deleteRows(at: [path])
                }, completion: nil)
        }
        #expect(view.userDeletesRow(at: ip(0, 0)))
        #expect(view.exception == nil)
        #expect(view.cells == [["b"]])
    }

    @Test func theViewDoesNotDeleteTheRowItself() {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table)
        var committed: [ResultsIndexPath] = []
        table.onCommitDelete = { committed.append($0) }
        #expect(view.userDeletesRow(at: ip(0, 1)))
        #expect(committed == [ip(0, 1)])
        #expect(view.cells == [["a", "b"]])
    }

    @Test func aRowTheDataSourceDoesNotLetTheUserEditIsNotDeleted() {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table)
        var committed = false
        table.isEditable = { $0.row != 0 }
        table.onCommitDelete = { _ in committed = true }
        #expect(!view.userDeletesRow(at: ip(0, 0)))
        #expect(!committed)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aUserMoveWithoutAnEchoLeavesTheViewMatchingTheData(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"], ["d"]])
        let view = loadedSimulator(table, flavor)
        #expect(view.userMovesRow(from: ip(0, 0), to: ip(1, 1)))
        #expect(table.sections == [["b", "c"], ["d", "a"]])
        #expect(view.cells == [["b", "c"], ["d", "a"]])
        #expect(view.staleRows().isEmpty)
        #expect(exception(in: view) {} == nil)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aUserMoveWithinASectionTakesTheDestinationAfterTheMove(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        #expect(view.userMovesRow(from: ip(0, 0), to: ip(0, 2)))
        #expect(view.cells == [["b", "c", "a"]])
        #expect(view.staleRows().isEmpty)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aUserMoveEchoedBackAcrossSectionsBreaksTheCounts(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        table.onUserMove = { [unowned view] source, destination in
            view.performBatchUpdates({ view.moveRow(at: source, to: destination) }, completion: nil)
        }
        #expect(view.userMovesRow(from: ip(0, 0), to: ip(1, 0)))
        #expect(view.exception?.kind == .invalidNumberOfRows)
        #expect(view.exception?.reason.contains("in section 0.") == true)
        #expect(view.exception?.reason.contains("after the update (1) must be equal to") == true)
        #expect(view.exception?.reason.contains("before the update (1)") == true)
        #expect(view.exception?.reason.contains("(0 moved in, 1 moved out).") == true)
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aUserMoveEchoedBackWithinASectionPassesButScramblesTheCells(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b", "c"]])
        let view = loadedSimulator(table, flavor)
        table.onUserMove = { [unowned view] source, destination in
            view.performBatchUpdates({ view.moveRow(at: source, to: destination) }, completion: nil)
        }
        #expect(view.userMovesRow(from: ip(0, 0), to: ip(0, 2)))
        #expect(view.exception == nil)
        #expect(view.cells == [["c", "a", "b"]])
        #expect(view.staleRows() == [ip(0, 0), ip(0, 1), ip(0, 2)])
    }

    @Test func aRowTheDataSourceDoesNotLetTheUserMoveStays() {
        let table = StringTable([["a", "b"]])
        let view = loadedSimulator(table)
        table.isEditable = { _ in false }
        #expect(!view.userMovesRow(from: ip(0, 0), to: ip(0, 1)))
        #expect(view.cells == [["a", "b"]])
        #expect(table.sections == [["a", "b"]])
    }

    @Test(arguments: ListViewFlavor.allCases)
    func aUserMoveToARowTheViewCannotShowIsAMistakeInTheTest(_ flavor: ListViewFlavor) {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table, flavor)
        #expect(!view.userMovesRow(from: ip(0, 0), to: ip(0, 2)))
        #expect(view.exception?.kind == .invalidUserAction)
        #expect(view.exception?.reason.contains("the user cannot move") == true)
    }

    @Test func aUserMoveToTheEndOfAnotherSectionIsAllowed() {
        let table = StringTable([["a", "b"], ["c"]])
        let view = loadedSimulator(table)
        #expect(view.userMovesRow(from: ip(0, 0), to: ip(1, 1)))
        #expect(view.cells == [["b"], ["c", "a"]])
    }

    @Test func aUserDeleteOfARowTheViewDoesNotShowIsAMistakeInTheTest() {
        let view = loadedSimulator(StringTable([["a"]]))
        #expect(!view.userDeletesRow(at: ip(0, 1)))
        #expect(view.exception?.kind == .invalidUserAction)
    }
}

@MainActor
@Suite("ListViewSimulator refuses impossible user actions")
struct ListViewSimulatorImpossibleUserActionTests {
    @Test func aUserMoveIntoAMissingSectionIsAMistakeInTheTest() {
        let view = loadedSimulator(StringTable([["a"]]))
        #expect(!view.userMovesRow(from: ip(0, 0), to: ip(3, 0)))
        #expect(view.exception?.kind == .invalidUserAction)
    }

    @Test func aUserMoveOfARowTheViewDoesNotShowIsAMistakeInTheTest() {
        let view = loadedSimulator(StringTable([["a"]]))
        #expect(!view.userMovesRow(from: ip(0, 1), to: ip(0, 0)))
        #expect(view.exception?.kind == .invalidUserAction)
    }
}
