import FilterableResults
import FilterableResultsTesting
import Observation
import TestSupport
import Testing

/// Every consumer of a source (the delegate, `updates()`, `ObservableResults`)
/// derives from its one primitive, `observe(_:)`: the same updates, in the
/// same order, for a controller and for a composition.
@MainActor
@Suite("One observation primitive")
struct ObservationPrimitiveTests {
    final class Recorder: ResultsControllerDelegate {
        var log: [String] = []
        func controllerWillChangeContent(_ controller: ResultsController<Entry, Int>) { log.append("will") }
        func controller(_ controller: ResultsController<Entry, Int>, didChange element: ResultsChangeset<Entry, Int>.ElementChange) {
            log.append("\(element.kind) \(element.key)")
        }
        func controllerDidChangeContent(_ controller: ResultsController<Entry, Int>) { log.append("did") }
        func controller(_ controller: ResultsController<Entry, Int>, didUpdate update: ResultsController<Entry, Int>.Update) {
            log.append("update \(update.snapshot.count)")
        }
    }

    @Test func theDelegateIsAnObserverInRegistrationOrder() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let recorder = Recorder()
        var order: [String] = []
        let first = controller.observe { _ in order.append("first observer") }
        controller.delegate = recorder
        let second = controller.observe { _ in order.append("second observer (delegate log: \(recorder.log.count))") }
        try controller.add(Entry(id: 1))
        #expect(recorder.log == ["will", "insert 1", "did", "update 1"])
        #expect(order == ["first observer", "second observer (delegate log: 4)"])
        controller.delegate = nil
        try controller.add(Entry(id: 2))
        #expect(recorder.log.count == 4, "a delegate set to nil gets nothing more")
        first.cancel()
        second.cancel()
    }

    @Test func theDelegateIsHeldWeaklyAndSettingItAgainRegistersItOnce() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let recorder = Recorder()
        controller.delegate = recorder
        controller.delegate = recorder
        try controller.add(Entry(id: 1))
        #expect(recorder.log == ["will", "insert 1", "did", "update 1"])
        weak var released: Recorder?
        do {
            let transient = Recorder()
            released = transient
            controller.delegate = transient
        }
        #expect(released == nil && controller.delegate == nil, "the controller does not keep its delegate alive")
        try controller.add(Entry(id: 2))
        #expect(recorder.log.count == 4)
    }

    @Test func anObservationThatIsNotKeptDeliversNothing() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        var received = 0
        _ = controller.observe { _ in received += 1 }
        try controller.add(Entry(id: 1))
        #expect(received == 0)
    }

    /// A composition of a controller (as rows) and its updates.
    func composition() -> (ResultsController<Entry, Int>, ResultsComposition<Entry>) {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        return (controller, ResultsComposition<Entry>([.part(controller, as: { $0 })]))
    }

    @Test func aCompositionsUpdatesArriveAsAnAsyncSequence() async throws {
        let (controller, screen) = composition()
        let updates = screen.updates()
        try controller.add(Entry(id: 1))
        try controller.add(Entry(id: 2))
        var received: [ResultsComposition<Entry>.Update] = []
        for await update in updates {
            received.append(update)
            if received.count == 2 { break }
        }
        try #require(received.count == 2)
        let (first, second) = (received[0], received[1])
        #expect(first.snapshot.elements.map(\.id) == [1])
        #expect(second.snapshot.elements.map(\.id) == [1, 2])
        #expect(BatchUpdateValidator.violations(of: second.changeset, from: first.snapshot, to: second.snapshot).isEmpty)
    }

    @Test func aCompositionIsObservable() throws {
        let (controller, screen) = composition()
        let results = ObservableResults(screen)
        let changes = Counter()
        withObservationTracking { _ = results.snapshot } onChange: { changes.increment() }
        try controller.performBatchUpdates {
            try controller.add(Entry(id: 1))
            try controller.add(Entry(id: 2))
        }
        #expect(changes.value == 1)
        #expect(results.snapshot.elements.map(\.id) == [1, 2])
        let update = try #require(results.lastUpdate)
        #expect(!update.isReload)
        #expect(update.changeset.elementChanges.map(\.key) == [.row(part: 0, showing: controller, key: 1), .row(part: 0, showing: controller, key: 2)])
    }

    final class Counter: @unchecked Sendable {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    @Test func aStreamEndsWithItsSource() async {
        var (controller, screen): (ResultsController<Entry, Int>?, ResultsComposition<Entry>?) = composition()
        let updates = screen!.updates()
        controller = nil
        screen = nil
        var count = 0
        for await _ in updates { count += 1 }
        #expect(count == 0)
        _ = controller
    }
}
