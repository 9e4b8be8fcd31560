import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Sections longer than one leaf of the positional index (64 rows), where
/// batches are computed a leaf at a time: every batch validated and shown.
@MainActor
@Suite("Sections longer than a leaf")
struct LongSectionTests {
    /// Random filters over one section of `count` rows, and over sections of
    /// a few hundred rows each: each filter change is one walk over the
    /// leaves' visibility bits, whose row numbers must be the table's.
    @Test(arguments: [(count: 300, sections: 1), (count: 1_000, sections: 1), (count: 1_200, sections: 3)])
    func filterChangesOverLongSectionsAreValid(count: Int, sections: Int) throws {
        let store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.id)], sectionedBy: .by(\.group))
        let rows = (0..<count).map { Entry(id: $0, group: String(UnicodeScalar(UInt8(97 + $0 % sections)))) }
        let validated = try ValidatedController(store)
        try validated.controller.setData(rows)
        var random = SeededRandomNumberGenerator(seed: UInt64(count + sections))
        for round in 0..<24 {
            let (modulus, remainder) = (Int.random(in: 1...7, using: &random), Int.random(in: 0..<7, using: &random))
            let filter = ResultsFilter<Entry>(title: "round \(round)") { $0.id % modulus <= remainder }
            try validated.controller.replaceFilters(with: round % 5 == 4 ? [] : [filter])
            let expected = (0..<sections).map { section in
                rows.filter { $0.id % sections == section && (round % 5 == 4 || $0.id % modulus <= remainder) }.map(\.id)
            }
            #expect(validated.keys == expected, "round \(round)")
        }
        #expect(validated.violations.isEmpty, "\(validated.violations.prefix(3))")
        #expect(validated.updates.count >= 10, "most rounds change what is shown")
    }

    /// Inserts and removes at random places in a long filtered section, so
    /// that the changed rows fall in leaves other than the first.
    @Test func editsUnderAFilterInALongSectionAreValid() throws {
        let validated = try ValidatedController(.items(sortedBy: [.ascending(\.id)]), keys: Array(stride(from: 0, to: 900, by: 3)))
        try validated.controller.addFilter(ResultsFilter(title: "even") { $0.id % 2 == 0 })
        var random = SeededRandomNumberGenerator(seed: 7)
        var model = Set(stride(from: 0, to: 900, by: 3))
        for _ in 0..<60 {
            try validated.controller.performBatchUpdates {
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let id = Int.random(in: 0..<900, using: &random)
                    if model.remove(id) != nil { try validated.controller.remove(key: id) } else {
                        model.insert(id)
                        try validated.controller.add(Entry(id: id))
                    }
                }
            }
        }
        #expect(validated.keys == [model.sorted().filter { $0 % 2 == 0 }])
        #expect(validated.violations.isEmpty, "\(validated.violations.prefix(3))")
    }
}
