import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Sort keys on strings in the order people read them:
/// `.ascending(\.name, order: .localizedStandard)` and `.caseInsensitive`.
@Suite("Strings sorted as people read them")
@MainActor
struct StringOrderSortKeyTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
    }

    /// A controller sorted by `sortKey`, shown by a data source in a
    /// simulated view; every update checked by the validator.
    @MainActor
    final class Screen {
        let controller: ResultsController<Product, Int>
        let screen: SourceScreen<ResultsController<Product, Int>>

        init(_ sortKey: ResultsSortKey<Product>, names: [String]) throws {
            controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sortedBy: [sortKey]))
            try controller.setData(names.enumerated().map { Product(id: $0.offset, name: $0.element) })
            screen = SourceScreen(controller)
        }

        /// The names shown, after checking the view and the batches.
        func names(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
            screen.expectConsistent(sourceLocation: sourceLocation)
            return controller.snapshot.elements.map(\.name)
        }
    }

    @Test func theLocalizedStandardOrderPutsIPadBeforeMacAndTwoBeforeTen() throws {
        let byName = ResultsSortKey<Product>.ascending(\.name, order: .localizedStandard)   // iPad, iPhone, Mac
        let screen = try Screen(byName, names: ["Mac", "iPhone", "iPad", "Item 10", "item 2"])
        #expect(screen.names() == ["iPad", "iPhone", "item 2", "Item 10", "Mac"])
        try screen.controller.add(Product(id: 9, name: "imac"))
        #expect(screen.names() == ["imac", "iPad", "iPhone", "item 2", "Item 10", "Mac"], "an added row lands in its place")
        try screen.controller.update(0) { $0.name = "AirPods" }
        #expect(screen.names() == ["AirPods", "imac", "iPad", "iPhone", "item 2", "Item 10"], "a renamed row moves")
    }

    @Test func theDefaultOrderIsCodeUnitOrder() throws {
        let screen = try Screen(.ascending(\.name), names: ["Mac", "iPhone", "iPad"])
        #expect(screen.names() == ["Mac", "iPad", "iPhone"])
    }

    @Test func theCaseInsensitiveOrderIgnoresCaseAndKeepsTiesInTheirOrder() throws {
        let screen = try Screen(.ascending(\.name, order: .caseInsensitive), names: ["Mac", "iPad", "MacBook", "apple", "MAC"])
        #expect(screen.names() == ["apple", "iPad", "Mac", "MAC", "MacBook"])
        let descending = try Screen(.descending(\.name, order: .caseInsensitive), names: ["Mac", "iPad", "MacBook", "apple"])
        #expect(descending.names() == ["MacBook", "Mac", "iPad", "apple"])
    }

    /// The oracle: on random names, the store's order (sorting many at
    /// once, and inserting one at a time) is the standard library's
    /// stable sort by the same order.
    @Test(arguments: [false, true])
    func theStoreSortsAsTheStandardLibraryDoes(localized: Bool) throws {
        var random = SeededRandomNumberGenerator(seed: localized ? 0x10C : 0xCA5E)
        let order: ResultsSectioning<Product>.Order = localized ? .localizedStandard : .caseInsensitive
        let names = (0..<300).map { _ in
            String((0..<Int.random(in: 1...4, using: &random)).map { _ in "aAbB1 2é".randomElement(using: &random)! })
        }
        let products = names.enumerated().map { Product(id: $0.offset, name: $0.element) }
        let expected = products.enumerated().sorted { lhs, rhs in
            order.areInIncreasingOrder(lhs.element.name, rhs.element.name)
                || !order.areInIncreasingOrder(rhs.element.name, lhs.element.name) && lhs.offset < rhs.offset
        }.map(\.element)
        var whole = ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name, order: order)])
        try whole.setData(products)
        #expect(whole.snapshot.elements == expected)
        var oneByOne = ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name, order: order)])
        for product in products { try oneByOne.add(product) }
        #expect(oneByOne.snapshot.elements == expected)
    }
}
