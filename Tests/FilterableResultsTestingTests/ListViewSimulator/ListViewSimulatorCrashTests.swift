import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator crashes like the app would")
struct ListViewSimulatorCrashTests {
    @Test func anExceptionIsRecordedAndTheCompletionNeverRuns() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table)
        var completed = false
        view.performBatchUpdates({ table.set([["a", "b"]]) }, completion: { _ in completed = true })
        #expect(view.hasCrashed)
        #expect(view.exception?.kind == .invalidNumberOfRows)
        #expect(!completed)
        #expect(view.completedBatchCount == 0)
        #expect(!view.isPerformingBatchUpdates)
    }

    @Test func aCrashedViewIgnoresEveryLaterCall() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table)
        view.deleteRows(at: [ip(0, 5)])
        let first = view.exception
        var completed = false
        view.performBatchUpdates({ view.insertRows(at: [ip(0, 1)]) }, completion: { _ in completed = true })
        table.set([["x"], ["y"]])
        view.reloadData()
        view.insertSections([1])
        view.reconfigureRows(at: [ip(0, 0)])
        #expect(view.userDeletesRow(at: ip(0, 0)) == false)
        #expect(view.exception == first)
        #expect(!completed)
        #expect(view.cells == [["a"]])
    }

    @Test func theCheckedEntryPointThrowsTheExceptionAndKeepsThrowingIt() {
        let table = StringTable([["a"]])
        let view = loadedSimulator(table)
        var thrown: [ListViewException] = []
        for _ in 0..<2 {
            do throws(ListViewException) {
                try view.performBatchUpdatesChecked { view.insertRows(at: [ip(0, 1)]) }
            } catch {
                thrown.append(error)
            }
        }
        #expect(thrown.count == 2)
        #expect(thrown.first?.kind == .rowOutOfRangeAfterUpdate)
        #expect(thrown.first == thrown.last)
        #expect(thrown.first == view.exception)
    }

    @Test func theExceptionDescribesItselfWithItsReasonAndKind() {
        let exception = ListViewException(kind: .moveFromDeletedSection, reason: "cannot move a row from a deleted section")
        #expect(exception.description == "cannot move a row from a deleted section (moveFromDeletedSection)")
    }
}
