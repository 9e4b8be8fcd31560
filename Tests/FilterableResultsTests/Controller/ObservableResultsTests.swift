import FilterableResults
import Observation
import TestSupport
import Testing

@MainActor
@Suite("Observation")
struct ObservableResultsTests {
    /// Counts the changes Observation reports for `snapshot`, tracking it
    /// again after each.
    @MainActor final class ChangeCounter {
        var count = 0
        let results: ObservableResults<ResultsController<Entry, Int>>

        init(_ results: ObservableResults<ResultsController<Entry, Int>>) {
            self.results = results
            track()
        }

        func track() {
            withObservationTracking { _ = results.snapshot } onChange: { [self] in
                MainActor.assumeIsolated {
                    count += 1
                    track()
                }
            }
        }
    }

    @Test func theSnapshotChangesOncePerOutermostBatch() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let results = ObservableResults(controller)
        let changes = ChangeCounter(results)

        try controller.beginUpdates()
        try controller.add(Entry(id: 1))
        try controller.performBatchUpdates {
            try controller.add(Entry(id: 2))
        }
        try controller.add(Entry(id: 3))
        #expect(changes.count == 0, "not inside a batch")
        #expect(results.snapshot.elements.isEmpty, "the table as last reported")
        try controller.endUpdates()

        #expect(changes.count == 1)
        #expect(results.snapshot.elements.map(\.id) == [1, 2, 3])

        try controller.remove(key: 2)
        #expect(changes.count == 2)
        #expect(results.snapshot.elements.map(\.id) == [1, 3])
    }

    @Test func aBatchThatChangesNothingIsNotAChange() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let results = ObservableResults(controller)
        let changes = ChangeCounter(results)
        try controller.performBatchUpdates {
            try controller.add(Entry(id: 1))
            try controller.remove(key: 1)
        }
        #expect(changes.count == 0)
    }

    @Test func itStartsFromTheTableAsLastReported() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.add(Entry(id: 1))
        try controller.beginUpdates()
        try controller.add(Entry(id: 2))
        let results = ObservableResults(controller)
        #expect(results.snapshot.elements.map(\.id) == [1])
        try controller.endUpdates()
        #expect(results.snapshot.elements.map(\.id) == [1, 2])
    }
}
