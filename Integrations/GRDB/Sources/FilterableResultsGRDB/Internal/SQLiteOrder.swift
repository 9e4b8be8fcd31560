import Foundation
import GRDB

/// SQLite's order of values with the `BINARY` collation: `NULL`, then
/// numbers (integers and reals compared by value), then text (UTF-8 bytes),
/// then blobs (bytes).
enum SQLiteOrder {
    static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
    }

    static func invert(_ order: ComparisonResult) -> ComparisonResult {
        switch order {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }

    /// An integer against a real, exactly (no rounding of large integers).
    static func compare(int a: Int64, double b: Double) -> ComparisonResult {
        if b.isNaN { return .orderedDescending }
        // Past Int64's range every integer is on one side (2⁶³ itself is
        // not an Int64; -2⁶³ is).
        if b >= 0x1p63 { return .orderedAscending }
        if b < -0x1p63 { return .orderedDescending }
        let whole = Int64(b.rounded(.down))
        if a != whole { return order(a, whole) }
        return b > Double(whole) ? .orderedAscending : .orderedSame
    }

    /// Text by its UTF-8 bytes (SQLite's `BINARY` collation).
    static func text(_ a: String, _ b: String) -> ComparisonResult {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let result = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                if result != 0 { return result < 0 ? .orderedAscending : .orderedDescending }
                return order(x.count, y.count)
            }
        }
    }

    static func bytes<S: Sequence>(_ a: S, _ b: S) -> ComparisonResult where S.Element == UInt8 {
        var left = a.makeIterator(), right = b.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case let (x?, y?) where x != y: return x < y ? .orderedAscending : .orderedDescending
            default: continue
            }
        }
    }
}
