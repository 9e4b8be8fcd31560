@testable import FilterableResults
import TestSupport
import Testing

/// The key index's tags and home bits, and a key changed behind its back.
@Suite("Key table")
struct KeyTableTests {
    /// A key table over rows whose objects are boxes an app can change.
    final class Box: @unchecked Sendable {
        var key: Int
        init(_ key: Int) { self.key = key }
    }

    /// Rows of boxes and their key index, kept as a row table keeps them.
    struct Index {
        var slots = SlotArray<Box>()
        var reader = KeyReader<Box, Int>(keyOf: { $0.key }, keyAt: nil, keysAreStable: false)
        var table = KeyTable()

        init(_ count: Int) {
            for key in 0..<count { add(key) }
        }

        @discardableResult mutating func add(_ key: Int) -> Int32 {
            let row = Int32(slots.appendSlot())
            reader.appendSlot()
            slots[Int(row)] = Box(key)
            let hash = key.hashValue
            reader.recordIndexed(key, hash: hash, ofRow: row)
            table.insert(row, hash: hash, in: slots, reader: reader)
            return row
        }

        mutating func remove(_ row: Int32) -> Bool {
            table.remove(row, home: reader.indexedHome(ofRow: row, in: slots))
        }

        func row(for key: Int) -> Int32? { table.row(for: key, in: slots, reader: reader) }
        func probe(for key: Int) -> KeyTable.Probe<Int> { table.probe(for: key, in: slots, reader: reader) }
        func check() { table.checkInvariants { reader.indexedHome(ofRow: $0, in: slots) } }
    }

    @Test func aChangedKeyIsMetUnderItsOldKeyAndRepaired() {
        var index = Index(100)
        index.slots[40]!.key = 1_040
        #expect(index.row(for: 40) == nil)
        #expect(index.row(for: 1_040) == nil)
        guard case let .changed(row, bucket, current, hash) = index.probe(for: 40) else {
            Issue.record("the changed row is not met under its old key")
            return
        }
        #expect(row == 40 && current == 1_040)
        let moved = index.table.repair(row, at: bucket, currentKey: current, hash: hash, in: index.slots, reader: index.reader)
        #expect(moved)
        index.reader.recordIndexed(current, hash: hash, ofRow: row)
        index.check()
        #expect(index.row(for: 1_040) == 40)
        #expect(index.table.count == 100)
        for key in 0..<100 where key != 40 { #expect(index.row(for: key) == Int32(key)) }
    }

    @Test func growingKeepsAChangedRowUnderItsOldKeyAndRemovalFindsIt() {
        var index = Index(10)
        index.slots[3]!.key = 7   // two rows report 7
        for key in 10..<5_000 { index.add(key) }
        index.check()
        #expect(index.row(for: 7) == 7)
        if case .changed(3, _, 7, _) = index.probe(for: 3) {} else {
            Issue.record("the changed row is not met under its old key after growing")
        }
        // Key 7 is taken: the row stays where it is.
        if case let .changed(row, bucket, current, hash) = index.probe(for: 3) {
            let moved = index.table.repair(row, at: bucket, currentKey: current, hash: hash, in: index.slots, reader: index.reader)
            #expect(!moved)
        }
        let removedChanged = index.remove(3)
        #expect(removedChanged, "found where its old key leads")
        #expect(index.table.count == 4_999)
        #expect(index.table.scanForBucket(ofRow: 3) == nil)
        let removedSeven = index.remove(7)
        #expect(removedSeven)
        #expect(index.table.count == 4_998)
        index.check()
        for key in 10..<5_000 { #expect(index.row(for: key) == Int32(key)) }
    }
}
