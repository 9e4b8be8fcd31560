import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The examples of the controller's and the observation's documentation
/// comments, line for line as they are shown (`.ci/snippets/check` finds
/// each here), with what their documentation says they do.
@MainActor
@Suite("Documentation examples: the controller")
struct ControllerExamplesTests {
    struct Product: Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var name: String
        var company = "Amazon"
        var isArchived = false

        var description: String { "\(id) \(name)" }
    }

    /// The products' API, as the documentation calls it.
    struct API {
        var pages: [[Product]]

        func products(page: Int) async throws -> [Product] { pages[page - 1] }
    }

    func controller(_ ids: [Int] = [], sectionedBy sectioning: ResultsSectioning<Product>? = nil) throws -> ResultsController<Product, Int> {
        let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sectionedBy: sectioning))
        try controller.setData(ids.map { Product(id: $0, name: "p\($0)") })
        return controller
    }

    @Test func aBatchIsOneUpdate() throws {
        let freshPage = [Product(id: 7, name: "Kindle"), Product(id: 8, name: "Echo")]
        let page = [Product(id: 9, name: "Fire")]
        var rendered: [ResultsController<Product, Int>.Update] = []
        var shown = ResultsStore<Product, Int>(key: \.id).snapshot
        func render(_ update: ResultsController<Product, Int>.Update) {
            #expect(BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot).isEmpty)
            shown = update.snapshot
            rendered.append(update)
        }
        let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let observation = controller.observe { update in render(update) }
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.merge(freshPage)
            try controller.remove(key: 7)
        }   // one update
        #expect(rendered.count == 1 && rendered[0].snapshot.elements.map(\.id) == [8])
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.merge(page)
            try controller.remove(key: 7)
        }
        #expect(rendered.count == 2 && controller.snapshot.elements.map(\.id) == [8, 9])
        observation.cancel()
    }

    @Test func aSwipeToDeleteRemovesTheRowTheUserSaw() throws {
        let controller = try controller([1, 2, 3])
        try controller.addFilter(ResultsFilter(title: "odd") { $0.id % 2 == 1 })
        let screen = try ControllerScreen(controller)
        // Swipe to delete, with a filter on: the row the user saw goes.
        try controller.remove(at: ResultsIndexPath(row: 1, section: 0))
        #expect(controller.store.allElements.map(\.id) == [1, 2], "3, the second row shown, not 2")
        screen.expectConsistent()
    }

    @Test func swiftUIsOnDeleteRemovesByKey() throws {
        let controller = try controller([1, 2, 3, 4])
        let screen = try ControllerScreen(controller)
        let section = controller.snapshot.sections[0]
        let offsets = IndexSet([0, 2])
        try controller.remove(keys: offsets.map { section[$0].id })   // SwiftUI's onDelete
        #expect(controller.snapshot.elements.map(\.id) == [2, 4])
        screen.expectConsistent()
    }

    @Test func aMergeIsPreparedOffTheMainActor() async throws {
        let products = try controller([1, 2])
        let screen = try ControllerScreen(products)
        let page = [Product(id: 2, name: "two"), Product(id: 3, name: "three")]
        try await products.prepareAndApply { store in
            try store.merge(page, prune: true)
        }
        #expect(products.snapshot.elements.map(\.name) == ["two", "three"])

        let base = products.store                                // on the main actor
        let prepared = try await Task.detached {
            try ResultsController.PreparedUpdate(from: base) { store in try store.merge(page, prune: true) }
        }.value
        try products.apply(prepared)                             // on the main actor again
        #expect(products.snapshot.elements.map(\.name) == ["two", "three"], "the same page again changes nothing")
        screen.expectConsistent()
    }

    @Test func aRefreshMergesEveryPageAgainAndRemovesTheRest() async throws {
        let products = try controller([1, 2, 3])
        let screen = try ControllerScreen(products)
        let api = API(pages: [[Product(id: 3, name: "p3")], [Product(id: 1, name: "one")]])
        let loadedPages = 2
        try await products.refresh {
            for page in 1...loadedPages {
                try products.mergeRefreshPage(try await api.products(page: page))
            }
        }
        #expect(products.snapshot.elements.map(\.name) == ["p3", "one"], "2 returned by no page")
        screen.expectConsistent()
    }

    @Test func aDraggedRowLandsWhereTheUserDroppedIt() throws {
        let controller = try controller([0, 1, 2, 3, 4, 5])
        let shown = controller.snapshot
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 0)
        // The view shows 0 1 2 3 4 5; updates are off and 0 was removed.
        try controller.moveRow(from: ResultsIndexPath(row: 1, section: 0),
                               to: ResultsIndexPath(row: 3, section: 0), in: shown)
        // 1 now follows 3, as the user dropped it: 2 3 1 4 5.
        #expect(controller.snapshot.elements.map(\.id) == [2, 3, 1, 4, 5])
    }

    @Test func modifyReachesRawPositions() throws {
        let controller = try controller([1, 2, 3, 4])
        try controller.addFilter(ResultsFilter(title: "not 2") { $0.id != 2 })
        let screen = try ControllerScreen(controller)
        let item = Product(id: 9, name: "nine")
        try controller.modify { store throws(ResultsError) in
            try store.insert(item, at: RawIndexPath(row: 3, section: 0))
        }
        #expect(controller.store.allElements.map(\.id) == [1, 2, 3, 9, 4])
        #expect(controller.snapshot.elements.map(\.id) == [1, 3, 9, 4])
        screen.expectConsistent()
    }

    @Test func anObservationLastsUntilCancelledOrReleased() throws {
        let controller = try controller()
        var seen = 0
        var observations: Set<ResultsObservation> = []
        var observation = controller.observe { _ in seen += 100 }
        observation = controller.observe { update in seen += 10 }
        controller.observe { update in seen += 1 }.store(in: &observations)
        observation.cancel()   // or let it go
        try controller.add(Product(id: 1, name: "one"))
        #expect(seen == 1, "the first observation was released when replaced, the second cancelled")
        #expect(observations.count == 1, "the set keeps its observation")
    }

    @Test func observationsAreKeptInASet() throws {
        let products = try controller()
        var rendered: [[Int]] = []
        func render(_ update: ResultsController<Product, Int>.Update) { rendered.append(update.snapshot.elements.map(\.id)) }
        var observations: Set<ResultsObservation> = []
        products.observe { update in render(update) }.store(in: &observations)
        try products.add(Product(id: 1, name: "one"))
        try products.add(Product(id: 2, name: "two"))
        #expect(rendered == [[1], [1, 2]])
        observations.removeAll()
        try products.add(Product(id: 3, name: "three"))
        #expect(rendered.count == 2, "released with the set")
    }

    @Test func updatesAreAnAsyncSequence() async throws {
        let controller = try controller()
        var rendered: [[Int]] = []
        func render(_ snapshot: ResultsSnapshot<Product, Int>) {
            rendered.append(snapshot.elements.map(\.id))
            if rendered.count == 2 { withUnsafeCurrentTask { $0?.cancel() } }   // the loop ends
        }
        let edits = Task { @MainActor in
            try controller.add(Product(id: 1, name: "one"))
            try controller.add(Product(id: 2, name: "two"))
        }
        for await update in controller.updates() {
            render(update.snapshot)
        }
        try await edits.value
        #expect(rendered == [[1], [1, 2]])
    }
}
