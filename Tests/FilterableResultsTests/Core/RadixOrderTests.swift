@testable import FilterableResults
import FilterableResultsTesting
import Foundation
import Testing

/// Numbers sort by radix: the same order and ranks as sorting by
/// comparisons, for every numeric type, NaNs, zeros and infinities included.
@Suite("Radix order")
struct RadixOrderTests {
    /// Both orders of `values`, ascending and descending, agree.
    static func expectSameOrders<Value: Comparable>(_ values: [Value], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let keys = radixKeys(of: values) else {
            Issue.record("\(Value.self) does not sort by radix", sourceLocation: sourceLocation)
            return
        }
        for descending in [false, true] {
            let radix = stableOrder(ofKeys: keys, descending: descending)
            #expect(stableOrder(of: values, descending: descending) == radix, sourceLocation: sourceLocation)
            let compared = stableOrderByComparing(values, descending: descending)
            #expect(radix.order == compared.order, "\(Value.self), descending \(descending): \(values)", sourceLocation: sourceLocation)
            #expect(radix.ranks == compared.ranks, "\(Value.self), descending \(descending): \(values)", sourceLocation: sourceLocation)
        }
    }

    /// `count` values drawn from a few, so that many are equal.
    static func values<Value>(_ count: Int, from pool: [Value], using rng: inout SeededRandomNumberGenerator) -> [Value] {
        (0..<count).map { _ in pool.randomElement(using: &rng)! }
    }

    @Test(arguments: 0..<20)
    func integersSortAsByComparisons(seed: Int) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(seed))
        let count = [0, 1, 2, 7, 300, 2_000][seed % 6]
        let ints = (0..<12).map { _ in Int.random(in: Int.min...Int.max, using: &rng) } + [Int.min, Int.max, 0, -1, 1, 255, 256, -256]
        Self.expectSameOrders(Self.values(count, from: ints, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { Int64($0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { Int32(truncatingIfNeeded: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { Int16(truncatingIfNeeded: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { Int8(truncatingIfNeeded: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { UInt(bitPattern: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { UInt64(bitPattern: Int64($0)) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { UInt32(truncatingIfNeeded: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { UInt16(truncatingIfNeeded: $0) }, using: &rng))
        Self.expectSameOrders(Self.values(count, from: ints.map { UInt8(truncatingIfNeeded: $0) }, using: &rng))
        // Close values differ in the low bytes only: fewer passes.
        Self.expectSameOrders((0..<count).map { _ in Int.random(in: 1_000...1_300, using: &rng) })
    }

    @Test(arguments: 0..<20)
    func floatingPointSortsAsByComparisonsNaNFirst(seed: Int) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 100)
        let count = [0, 1, 2, 7, 300, 2_000][seed % 6]
        let specials: [Double] = [.nan, -.nan, .signalingNaN, 0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude,
                                  -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1]
        let doubles = specials + (0..<12).map { _ in Double.random(in: -1e9...1e9, using: &rng) }
        Self.expectSameOrders(Self.values(count, from: doubles, using: &rng))
        let floats = doubles.map { Float($0) } + [Float.nan, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, -.leastNormalMagnitude]
        Self.expectSameOrders(Self.values(count, from: floats, using: &rng))
        Self.expectSameOrders(Self.values(count, from: doubles.map(Date.init(timeIntervalSinceReferenceDate:)), using: &rng))
    }

    @Test func otherValuesSortByComparisons() {
        #expect(radixKeys(of: ["b", "a"]) == nil)
        let strings = stableOrder(of: ["b", "a", "b", "c"], descending: false)
        #expect(strings.order == [1, 0, 2, 3] && strings.ranks == [1, 0, 1, 2])
    }

    @Test func equalValuesKeepTheirOrderWithNoPass() {
        for count in [2, 64, 500] {
            Self.expectSameOrders([Int](repeating: 7, count: count))
            Self.expectSameOrders([Double](repeating: .nan, count: count))
        }
    }

    /// Rows in many sections, sorted by a number, then by a name: each
    /// section is in its comparators' order, numbers sorted by radix where
    /// a section is large and by comparisons where it is small.
    @Test(arguments: [false, true])
    func aStoreSortedByANumberThenANameIsInItsComparatorsOrder(descending: Bool) throws {
        struct Item: Sendable { var id: Int; var score: Double; var name: String; var group: Int }
        var rng = SeededRandomNumberGenerator(seed: descending ? 91 : 90)
        // Group 0 is large (radix); the others hold a few rows each (comparisons).
        let items = (0..<1_200).map { id in
            Item(id: id, score: [.nan, 0, -0.0, 1.5, -2, .infinity, 3][Int.random(in: 0..<7, using: &rng)],
                 name: ["a", "b", "c"].randomElement(using: &rng)!, group: id % 2 == 0 ? 0 : Int.random(in: 1...100, using: &rng))
        }
        let byScore: ResultsSortKey<Item> = descending ? .descending(\.score) : .ascending(\.score)
        let keys = [byScore, .ascending(\.name)]
        var store = ResultsStore<Item, Int>(
            key: \.id, sortedBy: keys, sectionedBy: ResultsSectioning(sectionName: { String(format: "%03d", $0.group) }))
        try store.setData(items)
        #expect(store.snapshot.sections.count == Set(items.map(\.group)).count)
        for section in store.snapshot.sections {
            let members = items.filter { String(format: "%03d", $0.group) == section.name }
            let expected = members.indices.sorted { a, b in
                for key in keys {
                    switch key.compare(members[a], members[b]) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                return a < b
            }.map { members[$0].id }
            #expect(section.elements.map(\.id) == expected, "section \(section.name ?? "-")")
        }
    }
}
