import FilterableResults
import Foundation

extension FieldValue {
    /// Orders two values as sorting and the predicate operators `<`, `<=`,
    /// `>`, `>=` and `BETWEEN` see them; `nil` (a missing field) is null.
    ///
    /// Values of different kinds sort by kind: null < false < true < numbers
    /// < strings < arrays < objects. Within a kind, numbers compare
    /// numerically and exactly (`1` is the same as `1.0`); strings by their
    /// Unicode scalar values (not by Swift's `String` order, which uses
    /// canonical equivalence), lowercased first when `caseInsensitive`;
    /// arrays and objects by their ``jsonTextWithSortedKeys``.
    ///
    ///     let nullFirst = FieldValue.compare(nil, false)                          // .orderedAscending
    ///     let byScalars = FieldValue.compare("Zebra", "apple")                    // .orderedAscending ("Z" < "a")
    ///     let ignoringCase = FieldValue.compare("Zebra", "apple", caseInsensitive: true)   // .orderedDescending
    ///
    /// - Complexity: O(1) for scalars, O(*n*) for strings of length *n*,
    ///   O(*n* log *n*) for arrays and objects of total size *n*.
    public static func compare(_ a: FieldValue?, _ b: FieldValue?, caseInsensitive: Bool = false) -> ComparisonResult {
        let a = a ?? .null
        let b = b ?? .null
        switch (a, b) {
        case (.null, .null):
            return .orderedSame
        case let (.bool(x), .bool(y)):
            return x == y ? .orderedSame : (x ? .orderedDescending : .orderedAscending)
        case let (.integer(x), .integer(y)):
            return FieldNumber.compare(x, y)
        case let (.double(x), .double(y)):
            return FieldNumber.compare(x, y)
        case let (.integer(x), .double(y)):
            return FieldNumber.compare(x, y)
        case let (.double(x), .integer(y)):
            return reversed(FieldNumber.compare(y, x))
        case let (.string(x), .string(y)):
            return caseInsensitive
                ? UTF8Bytes.compare(x.lowercased(), y.lowercased())
                : UTF8Bytes.compare(x, y)
        case (.array, .array), (.object, .object):
            return UTF8Bytes.compare(a.jsonTextWithSortedKeys, b.jsonTextWithSortedKeys)
        default:
            let (kindA, kindB) = (a.kind, b.kind)
            return kindA < kindB ? .orderedAscending : kindA == kindB ? .orderedSame : .orderedDescending
        }
    }

    /// The opposite of an order.
    @inlinable
    static func reversed(_ order: ComparisonResult) -> ComparisonResult {
        switch order {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}

extension FieldValue: Comparable {
    /// Whether `lhs` sorts before `rhs` in the order of values
    /// (``compare(_:_:caseInsensitive:)``): a total order consistent with
    /// `==`, unlike the predicate `<`, which is false across kinds.
    ///
    /// - Complexity: As ``compare(_:_:caseInsensitive:)``.
    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }
}
