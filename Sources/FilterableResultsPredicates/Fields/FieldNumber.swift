import FilterableResults
import Foundation

/// Exact comparisons between the two number representations.
@usableFromInline
enum FieldNumber {
    /// 2⁶³ as a `Double`: the first double above `Int.max`.
    @inlinable
    static var twoToThe63: Double { 9_223_372_036_854_775_808.0 }

    /// Orders an integer and a double by their exact mathematical values.
    /// NaN sorts below every other number.
    @inlinable
    static func compare(_ integer: Int, _ double: Double) -> ComparisonResult {
        if double.isNaN { return .orderedDescending }
        if double < -twoToThe63 { return .orderedDescending }
        if double >= twoToThe63 { return .orderedAscending }
        let floor = double.rounded(.down)
        let floorInteger = Int(floor)
        if integer < floorInteger { return .orderedAscending }
        if integer > floorInteger { return .orderedDescending }
        return floor == double ? .orderedSame : .orderedAscending
    }

    /// Orders two doubles; NaN equals NaN and sorts below every other number.
    @inlinable
    static func compare(_ a: Double, _ b: Double) -> ComparisonResult {
        if a < b { return .orderedAscending }
        if a > b { return .orderedDescending }
        if a == b { return .orderedSame }
        // At least one is NaN.
        if a.isNaN { return b.isNaN ? .orderedSame : .orderedAscending }
        return .orderedDescending
    }

    /// Orders two integers.
    @inlinable
    static func compare(_ a: Int, _ b: Int) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
}
