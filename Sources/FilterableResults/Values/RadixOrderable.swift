import Foundation

/// A comparable value whose order is that of an unsigned 64-bit key, so
/// that many values sort by their keys' bytes rather than by comparisons.
///
/// `a.radixKey < b.radixKey` exactly when `a` sorts before `b` by
/// ``sortsBefore(_:_:)``, and values that sort alike share a key: both
/// zeros of a floating-point type, and every NaN (the smallest key, as a
/// NaN sorts first).
@usableFromInline
protocol RadixOrderable: Comparable {
    /// The value's key in the order of values.
    var radixKey: UInt64 { get }
}

extension RadixOrderable where Self: FixedWidthInteger & SignedInteger {
    /// The value less the type's smallest, so that the smallest sorts
    /// first and the key is no wider than the type.
    @inlinable var radixKey: UInt64 { UInt64(bitPattern: Int64(self) &- Int64(Self.min)) }
}

extension RadixOrderable where Self: FixedWidthInteger & UnsignedInteger {
    /// The value itself.
    @inlinable var radixKey: UInt64 { UInt64(self) }
}

extension Int: RadixOrderable {}
extension Int64: RadixOrderable {}
extension Int32: RadixOrderable {}
extension Int16: RadixOrderable {}
extension Int8: RadixOrderable {}
extension UInt: RadixOrderable {}
extension UInt64: RadixOrderable {}
extension UInt32: RadixOrderable {}
extension UInt16: RadixOrderable {}
extension UInt8: RadixOrderable {}

extension Double: RadixOrderable {
    /// The bits with the sign flipped (positive values) or all flipped
    /// (negative ones); 0 for a NaN, which no number's key is.
    @inlinable var radixKey: UInt64 {
        if isNaN { return 0 }
        let bits = (self == 0 ? 0 : self).bitPattern   // -0 sorts as 0
        return bits &>> 63 == 0 ? bits | (1 &<< 63) : ~bits
    }
}

extension Float: RadixOrderable {
    /// The key of the same value as a `Double` (the widening is exact and
    /// keeps the order; a NaN stays one).
    @inlinable var radixKey: UInt64 { Double(self).radixKey }
}

extension Date: RadixOrderable {
    /// The key of its interval since the reference date.
    @inlinable var radixKey: UInt64 { timeIntervalSinceReferenceDate.radixKey }
}

/// The fewest values worth a radix sort: each pass clears and sums 256
/// counts, which a few comparisons beat (a store sorts each section apart).
@inlinable var radixSortMinimumCount: Int { 64 }

/// The keys of `values` when their type is ``RadixOrderable``, else `nil`.
///
/// - Complexity: O(*n*).
@inlinable func radixKeys<Value>(of values: [Value]) -> [UInt64]? {
    guard let type = Value.self as? any RadixOrderable.Type else { return nil }
    func keys<Orderable: RadixOrderable>(_: Orderable.Type) -> [UInt64] {
        // `Orderable` is `Value`: the elements are read as what they are.
        values.withUnsafeBufferPointer { buffer in
            UnsafeRawBufferPointer(buffer).withMemoryRebound(to: Orderable.self) { $0.map(\.radixKey) }
        }
    }
    return keys(type)
}

/// Positions in stably sorted order of `keys` (largest first when
/// `descending`), and each position's rank (equal keys share one; ranks
/// start at 0 and leave no gaps): a least-significant-byte radix sort,
/// one pass for each byte in which the keys differ.
///
/// - Complexity: O(*n*) per byte in which the keys differ, at most 8.
@inlinable func stableOrder(ofKeys keys: [UInt64], descending: Bool) -> (order: [Int], ranks: [Int32]) {
    var entries = keys.enumerated().map { (value: descending ? ~$0.element : $0.element, position: $0.offset) }
    var scratch = entries
    let differing = entries.reduce(0) { $0 | ($1.value ^ entries[0].value) }
    var starts = [Int](repeating: 0, count: 256)
    for shift in stride(from: 0, to: 64, by: 8) where (differing &>> UInt64(shift)) & 0xFF != 0 {
        starts.withUnsafeMutableBufferPointer { starts in
            starts.update(repeating: 0)
            for entry in entries { starts[Int(truncatingIfNeeded: entry.value &>> UInt64(shift)) & 0xFF] += 1 }
            var total = 0
            for digit in 0..<256 { (starts[digit], total) = (total, total + starts[digit]) }
            scratch.withUnsafeMutableBufferPointer { scratch in
                for entry in entries {
                    let digit = Int(truncatingIfNeeded: entry.value &>> UInt64(shift)) & 0xFF
                    scratch[starts[digit]] = entry
                    starts[digit] += 1
                }
            }
        }
        swap(&entries, &scratch)
    }
    return orderAndRanks(ofSorted: entries, isAfter: !=)
}
