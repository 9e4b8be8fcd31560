import GRDB

/// A row's ordering values, the first two inline: an entry of a request
/// ordered by at most two columns holds no heap block for them.
struct OrderValues: Sendable {
    // In this order, the count fits in the first value's padding: 56 bytes.
    var first: OrderValue
    /// The number of values.
    let count: UInt16
    var second: OrderValue
    /// The values after the second one (empty, and unallocated, for most requests).
    var rest: [OrderValue]

    /// The values of columns `2...count + 1` of a statement's current row
    /// (after the rowid and the key).
    init(_ statement: SQLiteStatement, count: Int) {
        first = count > 0 ? OrderValue(statement, at: 2) : .null
        second = count > 1 ? OrderValue(statement, at: 3) : .null
        rest = count > 2 ? (4...count + 1).map { OrderValue(statement, at: CInt($0)) } : []
        self.count = UInt16(count)   // SQLite reads at most 2,000 columns
    }

    /// The value at `index` (less than ``count``).
    subscript(index: Int) -> OrderValue {
        switch index {
        case 0: first
        case 1: second
        default: rest[index - 2]
        }
    }

    /// Whether both hold the same values, compared as SQLite compares them
    /// and of the same storage rank (so `1` and `'1'` differ).
    func isSame(as other: OrderValues) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<Int(count) {
            let (a, b) = (self[index], other[index])
            if a.rank != b.rank || OrderValue.compare(a, b) != .orderedSame { return false }
        }
        return true
    }
}
