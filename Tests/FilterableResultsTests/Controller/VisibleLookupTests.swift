import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Lookups by key: `visibleElement(forKey:)` on the controller and the
/// snapshot answers from the visible table, `store.element(forKey:)` from
/// every element.
@Suite("Finding a row by its key")
@MainActor
struct VisibleLookupTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
    }

    @Test func aSearchHidesAnElementFromTheVisibleLookupButNotFromTheStore() throws {
        let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try controller.setData([Product(id: 1, name: "iPhone"), Product(id: 2, name: "iPad")])
        try controller.search(for: "phone", in: [\Product.name])
        var displayed: [Product] = []
        func show(_ product: Product) { displayed.append(product) }
        let id = 2
        if let product = controller.visibleElement(forKey: id) { show(product) }
        let anyProduct = controller.store.element(forKey: id)   // shown or hidden
        #expect(displayed.isEmpty, "the search hides the iPad")
        #expect(anyProduct == Product(id: 2, name: "iPad"))
        #expect(controller.visibleElement(forKey: 1) == Product(id: 1, name: "iPhone"))
        #expect(controller.visibleElement(forKey: 3) == nil && controller.store.element(forKey: 3) == nil)

        let snapshot = controller.snapshot
        let product = Product(id: 2, name: "iPad")
        let shown = snapshot.visibleElement(forKey: product.id)   // nil while a search hides it
        #expect(shown == nil)
        try controller.search(for: "", in: [\Product.name])
        #expect(controller.visibleElement(forKey: 2) == product)
        #expect(snapshot.visibleElement(forKey: 2) == nil, "a snapshot is the table of its moment")
        #expect(controller.snapshot.visibleElement(forKey: 2) == product)
    }

    @Test func anEmptySectionHiddenHidesNothingItDoesNotHold() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group), hidesEmptySections: true)
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        store.addFilter(ResultsFilter(title: "a only", predicate: { $0.group == "a" }))
        #expect(store.snapshot.visibleElement(forKey: 1) == Entry(id: 1, group: "a"))
        #expect(store.snapshot.visibleElement(forKey: 2) == nil && store.element(forKey: 2) != nil)
    }

    /// The oracle: on random sorted, sectioned and filtered stores, the
    /// visible lookup is the element at the key's visible index path, and
    /// the raw lookup finds every element, shown or hidden.
    @Test(arguments: 0..<3)
    func theVisibleLookupAgreesWithTheVisibleTable(configuration: Int) throws {
        var random = SeededRandomNumberGenerator(seed: 0x7E_0000 + UInt64(configuration))
        var store: ResultsStore<Entry, Int> = switch configuration {
        case 0: .items()
        case 1: .items(sortedBy: [.ascending(\.value)], sectionedBy: .by(\.group), hidesEmptySections: true)
        default: .items(sectionedBy: .by(\.group))
        }
        let groups = ["a", "b", "c"]
        for round in 0..<60 {
            try store.setData((0..<40).filter { _ in Bool.random(using: &random) }.map {
                Entry(id: $0, value: Int.random(in: 0..<9, using: &random), group: groups.randomElement(using: &random)!)
            })
            let cut = Int.random(in: 0..<9, using: &random)
            store.replaceFilters(with: [ResultsFilter(title: "low", predicate: { $0.value < cut })])
            let snapshot = store.snapshot
            for key in 0..<40 {
                let expected = snapshot.indexPath(forKey: key).flatMap(snapshot.element(at:))
                #expect(snapshot.visibleElement(forKey: key) == expected, "round \(round), key \(key)")
                #expect(store.element(forKey: key) == store.allElements.first { $0.id == key })
            }
        }
    }
}
