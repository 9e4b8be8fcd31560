@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Showing and hiding many rows in one pass over the positional index (as
/// an outline's expansion does) against showing and hiding them one by one.
@Suite("Row visibility in batches")
struct RowTableVisibilityTests {
    /// The items and flags of a table's positional index, in order, and
    /// each section's count of visible rows, by raw index.
    static func state(of table: RowTable<Entry, Int>) -> (items: [Int32], flags: [Bool], visibleCounts: [Int32]) {
        var flags: [Bool] = []
        table.tree.forEachItem { _, flag in
            flags.append(flag)
            return true
        }
        let counts = (0..<table.numberOfSections).map { table.record(table.header(atRaw: $0).id).visibleCount }
        return (table.tree.items, flags, counts)
    }

    @Test(arguments: [51, 52, 53] as [UInt64])
    func showingManyRowsAtOnceEqualsOneByOne(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group), hidesEmptySections: true)
        // Sections of every size, a few of one row, so that whole sections
        // empty and fill again.
        try store.setData((0..<6_000).map { id in
            let group = id % 97 == 0 ? "single \(id)" : "g\(Int.random(in: 0..<30, using: &random))"
            return Entry(id: id, group: group)
        })
        var table = store.table
        let ids = (0..<6_000).map { table.row(forKey: $0)! }
        for round in 0..<40 {
            // Distinct rows: anywhere, or a run of one section's rows.
            let size = [1, 10, 300, 3_000][round % 4]
            let chosen = round % 2 == 0
                ? Array(Set((0..<size).map { _ in ids.randomElement(using: &random)! }))
                : Array(ids.shuffled(using: &random).prefix(size))
            let changes = chosen.map { (item: $0, flag: round % 3 == 0 ? Bool.random(using: &random) : round % 3 == 1) }
            let before = table
            let stateBefore = Self.state(of: before)
            var oneByOne = table
            for change in changes { oneByOne.setVisible(change.flag, ofRow: change.item) }
            table.setVisible(changes)
            table.tree.checkInvariants()
            let (items, flags, counts) = Self.state(of: table)
            let expected = Self.state(of: oneByOne)
            #expect(items == expected.items && flags == expected.flags, "round \(round): the rows' flags")
            #expect(counts == expected.visibleCounts, "round \(round): the sections' visible rows")
            // The version the batch started from is untouched.
            let after = Self.state(of: before)
            #expect(after.flags == stateBefore.flags && after.visibleCounts == stateBefore.visibleCounts, "round \(round): the version before")
        }
    }
}
