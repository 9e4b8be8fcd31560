@testable import FilterableResults
import TestSupport
import Testing

/// The key index's hash tags, and a key changed behind its back.
@Suite("Key table")
struct KeyTableTests {
    /// A key table over rows whose objects are boxes an app can change.
    final class Box: @unchecked Sendable {
        var key: Int
        init(_ key: Int) { self.key = key }
    }

    static var reader: KeyReader<Box, Int> { KeyReader(keyOf: { $0.key }, keyAt: nil) }

    static func table(_ count: Int) -> (KeyTable, SlotArray<Box>) {
        var slots = SlotArray<Box>()
        var table = KeyTable()
        for key in 0..<count {
            let row = Int32(slots.appendSlot())
            slots[Int(row)] = Box(key)
            table.insert(row, key: key, in: slots, reader: reader)
        }
        return (table, slots)
    }

    @Test func aChangedKeyIsMetUnderItsOldKeyAndRepaired() {
        var (table, slots) = Self.table(100)
        slots[40]!.key = 1_040
        #expect(table.row(for: 40, in: slots, reader: Self.reader) == nil)
        #expect(table.row(for: 1_040, in: slots, reader: Self.reader) == nil)
        guard case let .changed(row, bucket, current, hash) = table.probe(for: 40, in: slots, reader: Self.reader) else {
            Issue.record("the changed row is not met under its old key")
            return
        }
        #expect(row == 40 && current == 1_040)
        let moved = table.repair(row, at: bucket, currentKey: current, hash: hash, in: slots, reader: Self.reader)
        #expect(moved)
        #expect(table.row(for: 1_040, in: slots, reader: Self.reader) == 40)
        #expect(table.count == 100)
        for key in 0..<100 where key != 40 { #expect(table.row(for: key, in: slots, reader: Self.reader) == Int32(key)) }
    }

    @Test func growingKeepsAChangedRowUnderItsOldKeyAndRemovalFindsIt() {
        var (table, slots) = Self.table(10)
        slots[3]!.key = 7   // two rows report 7
        for key in 10..<5_000 {
            let row = Int32(slots.appendSlot())
            slots[Int(row)] = Box(key)
            table.insert(row, key: key, in: slots, reader: Self.reader)
        }
        #expect(table.row(for: 7, in: slots, reader: Self.reader) == 7)
        if case .changed(3, _, 7, _) = table.probe(for: 3, in: slots, reader: Self.reader) {} else {
            Issue.record("the changed row is not met under its old key after growing")
        }
        // Key 7 is taken: the row stays where it is.
        if case let .changed(row, bucket, current, hash) = table.probe(for: 3, in: slots, reader: Self.reader) {
            let moved = table.repair(row, at: bucket, currentKey: current, hash: hash, in: slots, reader: Self.reader)
            #expect(!moved)
        }
        let foundWhereItsKeyLeads = table.remove(3, key: 7)
        #expect(!foundWhereItsKeyLeads, "found by scanning, not where key 7 leads")
        #expect(table.count == 4_999)
        #expect(table.scanForBucket(ofRow: 3) == nil)
        let found = table.remove(7, key: 7)
        #expect(found)
        #expect(table.count == 4_998)
        for key in 10..<5_000 { #expect(table.row(for: key, in: slots, reader: Self.reader) == Int32(key)) }
    }
}
