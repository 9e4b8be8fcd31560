import Foundation
import GRDB

/// One ordering value of a row, as SQLite stored it, without the boxing of
/// `DatabaseValue`: text of up to 15 UTF-8 bytes and every number are held
/// inline (no allocation), so an entry's values cost no heap block.
enum OrderValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value of column `index` of a statement's current row, read
    /// from SQLite directly (a `Row`'s subscript decodes through generic
    /// conversions, which cost more than the read itself).
    init(_ statement: SQLiteStatement, at index: CInt) {
        self.init(DatabaseValue(sqliteStatement: statement, index: index))
    }

    /// A database value.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case let .int64(number): self = .integer(number)
        case let .double(number): self = .real(number)
        case let .string(text): self = .text(text)
        case let .blob(data): self = .blob([UInt8](data))
        }
    }

    /// SQLite's rank of storage classes: `NULL`, numbers, text, blobs.
    var rank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }

    /// SQLite's order with the `BINARY` collation (integers and reals by
    /// value, text by UTF-8 bytes, blobs by bytes).
    static func compare(_ lhs: OrderValue, _ rhs: OrderValue) -> ComparisonResult {
        switch (lhs, rhs) {
        case let (.integer(a), .integer(b)): return SQLiteOrder.order(a, b)
        case let (.text(a), .text(b)): return SQLiteOrder.text(a, b)
        case (.null, .null): return .orderedSame
        case let (.real(a), .real(b)): return SQLiteOrder.order(a, b)
        case let (.integer(a), .real(b)): return SQLiteOrder.compare(int: a, double: b)
        case let (.real(a), .integer(b)): return SQLiteOrder.invert(SQLiteOrder.compare(int: b, double: a))
        case let (.blob(a), .blob(b)): return SQLiteOrder.bytes(a, b)
        default: return SQLiteOrder.order(lhs.rank, rhs.rank)
        }
    }
}
