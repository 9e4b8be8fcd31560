import Testing
@testable import FilterableResultsGRDB

/// What a row costs in the source's index, before the engine's own per-row cost.
@Suite struct IndexEntryLayoutTests {
    @Test func anEntryHoldsTwoOrderValuesInline() {
        #expect(MemoryLayout<OrderValue>.size == 17)
        #expect(MemoryLayout<OrderValues>.size == 56)
        #expect(MemoryLayout<IndexEntry<Int64>>.stride == 88)
        #expect(MemoryLayout<IndexEntry<Int64>?>.stride == 88)
    }
}
