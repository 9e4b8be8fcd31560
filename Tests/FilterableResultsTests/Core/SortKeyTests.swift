import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("Sort keys")
struct SortKeyTests {
    struct Item: Equatable, Sendable {
        var id: Int
        var score: Int
        var label: String?
    }

    /// The order the keys' comparators give, sorted stably the slow way:
    /// what sorting by key paths (each property read once per row) must match.
    static func referenceOrder(_ items: [Item], by keys: [ResultsSortKey<Item>]) -> [Int] {
        items.enumerated().sorted { a, b in
            for key in keys {
                switch key.compare(a.element, b.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return a.offset < b.offset
        }.map(\.element.id)
    }

    static let orders: [[ResultsSortKey<Item>]] = [
        [.ascending(\.score)],
        [.descending(\.score)],
        [.ascending(\.label)],
        [.descending(\.label), .ascending(\.score)],
        [.descending(\.score), .descending(\.label)],
        [.ascending(\.label), ResultsSortKey { a, b in a.id % 3 < b.id % 3 ? .orderedAscending : a.id % 3 > b.id % 3 ? .orderedDescending : .orderedSame }],
    ]

    @Test(arguments: 0..<orders.count)
    func keyPathKeysSortStablyAsTheirComparatorsDo(order: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(order))
        let items = (0..<300).map { id in
            Item(id: id, score: Int.random(in: 0..<20, using: &random), label: [nil, "a", "b", "c"].randomElement(using: &random)!)
        }
        let keys = Self.orders[order]
        var store = ResultsStore<Item, Int>(key: \.id, sortedBy: keys)
        try store.setData(items)
        #expect(store.snapshot.sections[0].elements.map(\.id) == Self.referenceOrder(items, by: keys))

        var resorted = ResultsStore<Item, Int>(key: \.id)
        try resorted.setData(items)
        resorted.setSortKeys(keys)
        #expect(resorted.snapshot.sections[0].elements.map(\.id) == Self.referenceOrder(items, by: keys))
    }

    struct Reading: Equatable, Sendable {
        var id: Int
        var value: Double
    }

    @Test func notANumberAsASortValueKeepsEveryRow() throws {
        let readings = [3.0, .nan, 1.0, .nan, 2.0, 1.0].enumerated().map { Reading(id: $0.offset, value: $0.element) }
        var store = ResultsStore<Reading, Int>(key: \.id, sortedBy: [.ascending(\.value), .descending(\.id)])
        try store.setData(readings)
        store.setSortKeys([.descending(\.value), .ascending(\.id)])
        #expect(store.snapshot.sections[0].elements.map(\.id) == [0, 4, 2, 5, 1, 3], "NaN sorts first ascending, so last descending")
        try store.add(Reading(id: 6, value: .nan))
        try store.add(Reading(id: 7, value: 1.5))
        #expect(store.snapshot.sections[0].elements.map(\.id) == [0, 4, 7, 2, 5, 1, 3, 6])
    }

    struct OptionalReading: Equatable, Sendable {
        var id: Int
        var value: Double?
    }

    @Test(arguments: [[1, 2, 3], [2, 1, 3], [3, 2, 1], [2, 3, 1]])
    func nilThenNaNThenNumbersWhateverTheArrivalOrder(ids: [Int]) throws {
        let values: [Int: Double?] = [1: nil, 2: .nan, 3: 1.0]
        var store = ResultsStore<OptionalReading, Int>(key: \.id, sortedBy: [.ascending(\.value)])
        try store.setData(ids.map { OptionalReading(id: $0, value: values[$0]!) })
        #expect(store.snapshot.sections[0].elements.map(\.id) == [1, 2, 3])
        var oneByOne = ResultsStore<OptionalReading, Int>(key: \.id, sortedBy: [.ascending(\.value)])
        for id in ids { try oneByOne.add(OptionalReading(id: id, value: values[id]!)) }
        #expect(oneByOne.snapshot.sections[0].elements.map(\.id) == [1, 2, 3])
    }

    @Test func nilSortsFirstAscendingAndLastDescending() throws {
        let items = [Item(id: 1, score: 0, label: "b"), Item(id: 2, score: 0, label: nil), Item(id: 3, score: 0, label: "a")]
        var store = ResultsStore<Item, Int>(key: \.id, sortedBy: [.ascending(\.label)])
        try store.setData(items)
        #expect(store.snapshot.sections[0].elements.map(\.id) == [2, 3, 1])
        store.setSortKeys([.descending(\.label)])
        #expect(store.snapshot.sections[0].elements.map(\.id) == [1, 3, 2])
    }
}
