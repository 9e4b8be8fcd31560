@_spi(Testing) import FilterableResults
import Testing

/// The package's invariant checks are a compile-time condition
/// (`FILTERABLE_RESULTS_CHECKS`, Package.swift): this package's own debug
/// builds have them, so the mutations in these tests are followed by walks
/// of the store's structures.
@Suite struct InvariantSwitchTests {
    @Test func theTestsRunWithInvariantChecksCompiledIn() {
        #expect(invariantChecksAreCompiled, "build the tests without FILTERABLE_RESULTS_CHECKS=0: the checks are part of what they test")
    }
}

extension InvariantSwitchTests {
    /// Whole-table edits are checked every time. Row edits are too in a
    /// store of up to 64 rows; in one of *n* rows, once *n* / 64 rows have
    /// been edited, so that checking costs a test O(1) a row edited.
    @Test func smallStoresAreCheckedAfterEveryEditLargeOnesOnAShare() throws {
        var small = ResultsStore<Int, Int>(key: { $0 })
        try small.setData(Array(0..<50))
        for value in 50..<64 {
            try small.add(value)
            #expect(small.editsSinceInvariantCheck == 0)
        }

        var large = ResultsStore<Int, Int>(key: { $0 })
        try large.setData(Array(0..<1_000))
        #expect(large.editsSinceInvariantCheck == 0)
        // 1,000 rows: checked on every 16th edit (16 × 64 ≥ 1,000 > 15 × 64).
        for edit in 1...15 {
            try large.replace(edit)
            #expect(large.editsSinceInvariantCheck == edit)
        }
        try large.replace(16)
        #expect(large.editsSinceInvariantCheck == 0)
        // An edit of n / 64 rows or more is checked at once.
        try large.replace(17)
        #expect(large.remove(keys: Array(100..<116)) == 16)
        #expect(large.editsSinceInvariantCheck == 0)
    }
}
