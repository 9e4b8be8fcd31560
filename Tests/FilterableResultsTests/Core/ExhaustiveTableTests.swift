import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Every pair of small tables, set one after the other: each batch must
/// pass the validator and leave exactly the new table.
@Suite("Exhaustive small tables")
struct ExhaustiveTableTests {
    /// Every table of up to `sections` sections of up to `rows` rows over
    /// distinct keys `1...keys`, unnamed or named from `names`, each row's
    /// content 0 or 1 when `contents` is set.
    static func tables(sections: Int, rows: Int, keys: Int, names: [String], contents: Bool) -> [[ResultsSection<Entry>]] {
        var result: [[ResultsSection<Entry>]] = []
        func build(_ table: [ResultsSection<Entry>], used: Set<Int>, usedNames: Set<String>) {
            result.append(table)
            guard table.count < sections else { return }
            // The next section: a name (or none) and a row list.
            let nameChoices: [String?] = [nil] + names.filter { !usedNames.contains($0) }
            for name in nameChoices {
                for rowKeys in sequences(from: (1...keys).filter { !used.contains($0) }, upTo: rows) {
                    let values = contents ? (0..<(1 << rowKeys.count)).map { bits in rowKeys.indices.map { (bits >> $0) & 1 } } : [rowKeys.map { _ in 0 }]
                    for value in values {
                        let objects = zip(rowKeys, value).map { Entry(id: $0, value: $1) }
                        build(table + [ResultsSection(name: name, elements: objects)], used: used.union(rowKeys), usedNames: usedNames.union([name].compactMap { $0 }))
                    }
                }
            }
        }
        build([], used: [], usedNames: [])
        return result
    }

    /// Every ordered sequence of distinct elements of `pool`, up to `length`.
    static func sequences(from pool: [Int], upTo length: Int) -> [[Int]] {
        var result: [[Int]] = [[]]
        guard length > 0 else { return result }
        for (i, first) in pool.enumerated() {
            var rest = pool
            rest.remove(at: i)
            result += sequences(from: rest, upTo: length - 1).map { [first] + $0 }
        }
        return result
    }

    func check(from old: [ResultsSection<Entry>], to new: [ResultsSection<Entry>]) throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: old)
        _ = store.takeChangeset()
        let changeset = try store.validatedChanges { try $0.setData(sections: new) }
        #expect(store.rawSections == new)
        if old == new { #expect(changeset.isEmpty) }
    }

    @Test func everyPairOfTablesUpToTwoSectionsOfTwoRows() throws {
        let tables = Self.tables(sections: 2, rows: 2, keys: 3, names: ["A"], contents: false)
        #expect(tables.count == 132)
        for old in tables {
            for new in tables { try check(from: old, to: new) }
        }
    }

    @Test func everyContentChangeFromSampledTables() throws {
        let olds = Self.tables(sections: 2, rows: 2, keys: 3, names: ["A"], contents: false)
        let news = Self.tables(sections: 2, rows: 2, keys: 3, names: ["A"], contents: true)
        #expect(news.count == 606)
        var random = SeededRandomNumberGenerator(seed: 3)
        for new in news {
            for _ in 0..<8 { try check(from: olds.randomElement(using: &random)!, to: new) }
        }
    }

    @Test func sampledPairsUpToThreeSectionsOfThreeRows() throws {
        let tables = Self.tables(sections: 3, rows: 3, keys: 4, names: ["A", "B", "C"], contents: true)
        #expect(tables.count == 260_644)
        var random = SeededRandomNumberGenerator(seed: 7)
        for _ in 0..<6_000 {
            try check(from: tables.randomElement(using: &random)!, to: tables.randomElement(using: &random)!)
        }
    }
}
