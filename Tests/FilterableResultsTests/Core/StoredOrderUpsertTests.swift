import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `setData` and `merge(prune: true)` find rows by the stored order first
/// (a key that follows it needs no hash) where keys are stored properties
/// of values, and by the key index alone where keys come from a function.
/// Seeded random refreshes built from the stored order (runs kept, blocks
/// gone, blocks new, runs shuffled or reversed, keys repeated, content
/// changed) must leave both kinds of store with the same rows, summaries
/// and events, each batch passing the validator.
@Suite("Upsert in stored order")
struct StoredOrderUpsertTests {
    /// A refresh of `old` (the stored rows in order): mostly its order,
    /// with the edits a fetch brings.
    static func refresh(of old: [Entry], nextKey: inout Int, using random: inout SeededRandomNumberGenerator) -> [Entry] {
        var page: [Entry] = []
        var index = 0
        while index < old.count {
            let run = Int.random(in: 1...24, using: &random)
            var block = Array(old[index..<Swift.min(old.count, index + run)])
            index += run
            switch Int.random(in: 0..<10, using: &random) {
            case 0: continue  // gone
            case 1: block.shuffle(using: &random)
            case 2: block.reverse()
            case 3:  // new keys before the block
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    page.append(Entry(id: nextKey, value: Int.random(in: 0..<4, using: &random)))
                    nextKey += 1
                }
            case 4:  // a key repeated, with other content, later in the page
                if let repeated = block.randomElement(using: &random) {
                    block.append(Entry(id: repeated.id, value: repeated.value + 1, group: repeated.group))
                }
            default: break
            }
            for entry in block {
                var entry = entry
                if Int.random(in: 0..<5, using: &random) == 0 { entry.value = Int.random(in: 0..<4, using: &random) }
                if Int.random(in: 0..<9, using: &random) == 0 { entry.group = ["a", "b", "c"].randomElement(using: &random)! }
                page.append(entry)
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            page.append(Entry(id: nextKey, value: 1))
            nextKey += 1
        }
        return page
    }

    /// Store shapes: plain, filtered, sorted, sectioned by group.
    static let shapes = ["plain", "filtered", "sorted", "sectioned"]

    static func store(_ shape: String, keyedByFunction: Bool) -> ResultsStore<Entry, Int> {
        let sortKeys: [ResultsSortKey<Entry>] = shape == "sorted" ? [.ascending(\.value)] : []
        let sectioning: ResultsSectioning<Entry>? = shape == "sectioned" ? .by(\.group) : nil
        var store = keyedByFunction
            ? ResultsStore<Entry, Int>(key: { $0.id }, isSameContent: { $0 == $1 }, sortedBy: sortKeys, sectionedBy: sectioning)
            : ResultsStore<Entry, Int>.items(sortedBy: sortKeys, sectionedBy: sectioning)
        if shape == "filtered" { store.addFilter(ResultsFilter<Entry>(title: "even", group: "parity") { $0.value % 2 == 0 }) }
        return store
    }

    @Test(arguments: shapes, [false, true])
    func refreshesAgreeWithAStoreKeyedByAFunction(shape: String, prune: Bool) throws {
        for seed in 1...12 as ClosedRange<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            var ordered = Self.store(shape, keyedByFunction: false)
            var probed = Self.store(shape, keyedByFunction: true)
            let count = Int.random(in: 16...400, using: &random)
            var nextKey = count
            let first = (0..<count).map { Entry(id: $0, value: Int.random(in: 0..<4, using: &random)) }
            try ordered.setData(first)
            try probed.setData(first)
            _ = ordered.takeChangeset()
            _ = probed.takeChangeset()
            for step in 0..<6 {
                let page = Self.refresh(of: ordered.rawSections.flatMap(\.elements), nextKey: &nextKey, using: &random)
                var summaries: [ResultsStore<Entry, Int>.MergeSummary] = []
                let events = try [ordered, probed].indices.map { index in
                    var store = index == 0 ? ordered : probed
                    let changeset = try store.validatedChanges { store in
                        summaries.append(try prune ? store.merge(page, prune: true) : store.setData(page))
                    }
                    if index == 0 { ordered = store } else { probed = store }
                    return summary(changeset)
                }
                let context = "seed \(seed), step \(step), \(shape), prune \(prune)"
                #expect(ordered.rawSections.map(\.elements) == probed.rawSections.map(\.elements), "\(context)")
                #expect(events[0] == events[1], "\(context)")
                #expect(summaries[0] == summaries[1], "\(context)")
                for entry in page {
                    #expect(ordered.rawIndexPath(forKey: entry.id) == probed.rawIndexPath(forKey: entry.id), "\(context): key \(entry.id)")
                }
                #expect(ordered.rawCount == Set(page.map(\.id)).count, "\(context)")
            }
        }
    }
}
