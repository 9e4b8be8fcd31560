import FilterableResults
@testable import FilterableResultsTesting
import Testing

/// A key whose hash keeps only a few bits, so that many keys share a bucket
/// and the index must probe past them.
private struct CrowdedKey: Hashable {
    var value: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value % 7) }
}

@Suite("KeyLocations")
struct KeyLocationsTests {
    /// Indexes random sections with repeated keys and checks every place
    /// and every repeat against a dictionary filled in order.
    private func expectIndexMatchesDictionary<Key: Hashable>(
        seed: UInt64, sections: Int, makeKey: (Int) -> Key
    ) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let keys: [[Key]] = (0..<sections).map { _ in
            (0..<Int.random(in: 0...300, using: &random)).map { _ in makeKey(Int.random(in: 0..<2_000, using: &random)) }
        }
        var expected: [Key: ResultsIndexPath] = [:]
        var expectedRepeats: [String] = []
        for (section, rows) in keys.enumerated() {
            for (row, key) in rows.enumerated() {
                let place = ResultsIndexPath(row: row, section: section)
                if let first = expected[key] { expectedRepeats.append("\(key) \(first) \(place)") } else { expected[key] = place }
            }
        }
        // Keys given as lists, and read from the rows through a key function.
        let tables = [
            TableKeys<Key, Key>(lists: keys),
            TableKeys<Key, Key>(rows: keys.map { ResultsSection(elements: $0) }, key: { $0 }),
        ]
        for table in tables {
            var repeats: [String] = []
            let locations = KeyLocations(table) { repeats.append("\($0) \($1) \($2)") }
            #expect(repeats == expectedRepeats)
            for value in 0..<2_100 {
                #expect(locations[makeKey(value)] == expected[makeKey(value)], "key \(value)")
            }
        }
    }

    @Test("every key's first place and every repeat, as a dictionary finds them", arguments: 0..<8)
    func placesMatchADictionary(seed: UInt64) {
        expectIndexMatchesDictionary(seed: seed, sections: Int(seed % 4) + 1) { $0 }
    }

    @Test("keys that crowd a few buckets are still told apart", arguments: 0..<4)
    func crowdedKeysAreToldApart(seed: UInt64) {
        expectIndexMatchesDictionary(seed: seed, sections: 3) { CrowdedKey(value: $0) }
    }

    @Test("an empty table, and tables of empty sections, find nothing")
    func emptyTablesFindNothing() {
        for keys in [[], [[]], [[], [], []]] as [[[String]]] {
            let locations = KeyLocations(TableKeys<String, String>(lists: keys)) { _, _, _ in Issue.record("no key repeats") }
            #expect(locations["a"] == nil)
        }
    }

    @Test("a key in a later section, past an empty one, is found at its place there")
    func keyInALaterSectionIsFoundThere() {
        let locations = KeyLocations(TableKeys<String, String>(lists: [[], ["a", "b"], [], [], ["c", "a"], []])) { _, _, _ in }
        #expect(locations["c"] == ResultsIndexPath(row: 0, section: 4))
        #expect(locations["a"] == ResultsIndexPath(row: 0, section: 1))
        #expect(locations["b"] == ResultsIndexPath(row: 1, section: 1))
    }
}
