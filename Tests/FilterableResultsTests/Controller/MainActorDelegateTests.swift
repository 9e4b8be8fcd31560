import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A view controller as an app writes it: main-actor isolated, adopting the
/// delegate with an isolated conformance, observing with a closure that
/// captures it.
@MainActor
final class ProductsScreen {
    let controller: ResultsController<Entry, Int>
    var seen: [String] = []
    var shownCount = 0
    var observation: ResultsObservation?

    init(controller: ResultsController<Entry, Int>) {
        self.controller = controller
        controller.delegate = self
        observation = controller.observe { [weak self] update in
            self?.shownCount = update.snapshot.count
        }
    }
}

extension ProductsScreen: @MainActor ResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: ResultsController<Entry, Int>) { seen.append("will") }
    func controller(_ controller: ResultsController<Entry, Int>, didChange change: ResultsChangeset<Entry, Int>.ElementChange) {
        seen.append("\(change.kind) \(change.key)")
    }
    func controllerDidChangeContent(_ controller: ResultsController<Entry, Int>) { seen.append("did") }
    func controller(_ controller: ResultsController<Entry, Int>, didUpdate update: ResultsUpdate<ResultsSnapshot<Entry, Int>>) {
        seen.append("update \(update.snapshot.count)")
    }
}

@Suite("A main-actor delegate")
@MainActor
struct MainActorDelegateTests {
    @Test func aMainActorTypeAdoptsTheDelegateWithAnIsolatedConformance() throws {
        let screen = ProductsScreen(controller: ResultsController(store: ResultsStore<Entry, Int>.items()))
        try screen.controller.add(Entry(id: 1))
        #expect(screen.seen == ["will", "insert 1", "did", "update 1"])
        #expect(screen.shownCount == 1)
    }

    @Test func observersEndWhenCancelledOrReleased() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        var first = 0
        var second = 0
        let kept = controller.observe { _ in first += 1 }
        var released: ResultsObservation? = controller.observe { _ in second += 1 }
        try controller.add(Entry(id: 1))
        released = nil
        try controller.add(Entry(id: 2))
        kept.cancel()
        kept.cancel()
        try controller.add(Entry(id: 3))
        #expect(first == 2 && second == 1)
        #expect(released == nil)
    }
}
