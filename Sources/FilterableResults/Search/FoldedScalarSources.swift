/// Which scalars of two or three UTF-8 bytes fold to text holding a given
/// scalar, under live search's folding (the inverse of
/// ``BasicPlaneFolding/caseAndDiacriticInsensitive``): `ᄀ` (U+1100) comes
/// from itself and from the 588 Hangul syllables that begin with it, `か`
/// from itself and `が`.
///
/// A field can contain a search text only if, for each scalar of the
/// folded text, one of the field's scalars folds to text holding it (UTF-8
/// matches whole scalars, and folding is scalar by scalar), so live search
/// first looks for such a scalar in the field's raw bytes, with a bitmap
/// that ``sources(of:)`` makes per search text for the scalar with the
/// fewest sources (``sourceCount(of:)``), and folds only the fields that
/// have one: in most fields of a narrow search, none.
///
/// Made on first use, and kept as long as the process.
struct FoldedScalarSources: @unchecked Sendable {
    /// Pairs of a scalar of two or three bytes that a fold holds and the
    /// scalar folded (`folded << 16 | source`), sorted.
    let pairs: UnsafeBufferPointer<UInt32>
    /// A bitmap (as ``sources(of:)`` makes) of the scalars the table cannot
    /// fold, which take the slow path: every bitmap starts from it, to be
    /// safe.
    let slowScalars: UnsafeBufferPointer<UInt64>

    private init(_ table: BasicPlaneFolding) {
        var pairs: [UInt32] = []
        var slowScalars = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in UInt32(0x80)..<0x10000 {
            if table.entries[Int(value) - 0x80] >> 24 == BasicPlaneFolding.slowFold {
                slowScalars[Int(value) >> 6] |= 1 << UInt64(value & 63)
            }
            for scalar in Self.scalars(folding: value, by: table) where scalar >= 0x80 && scalar < 0x10000 {
                pairs.append(scalar << 16 | value)
            }
        }
        pairs.sort()
        self.pairs = UnsafeBufferPointer(Self.immortalCopy(of: pairs))
        self.slowScalars = UnsafeBufferPointer(Self.immortalCopy(of: slowScalars))
    }

    /// A copy of `array` that is never deallocated.
    private static func immortalCopy<T>(of array: [T]) -> UnsafeMutableBufferPointer<T> {
        let copy = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(array.count, 1))
        _ = copy.initialize(from: array)
        return copy
    }

    static let caseAndDiacriticInsensitive = FoldedScalarSources(.caseAndDiacriticInsensitive)

    /// The scalars that `table` folds scalar `value` (U+0080 to U+FFFF) to.
    private static func scalars(folding value: UInt32, by table: BasicPlaneFolding) -> [UInt32] {
        let entry = table.entries[Int(value) - 0x80]
        let length = entry >> 24
        var bytes: [UInt8] = []
        if length <= 3 {
            for index in 0..<Int(length) { bytes.append(UInt8(truncatingIfNeeded: entry >> (8 * index))) }
        } else if length == BasicPlaneFolding.longFold {
            let slot = Int(entry & 0xFF_FFFF) * BasicPlaneFolding.slotSize
            let count = Int(table.slots[slot + BasicPlaneFolding.slotSize - 1])
            bytes = Array(table.slots[slot..<(slot + count)])
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// A bitmap of the scalars U+0000 to U+FFFF (bit *v* % 64 of word
    /// *v* / 64) whose fold holds `scalar`, a scalar of two or three
    /// bytes, and those of ``slowScalars``; the caller deallocates it.
    ///
    /// - Complexity: O(log *p* + *s*) for the *s* sources of `scalar`, plus
    ///   copying 8 KiB.
    func sources(of scalar: UInt32) -> UnsafeMutableBufferPointer<UInt64> {
        let bitmap = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 0x10000 / 64)
        _ = bitmap.initialize(from: slowScalars)
        for index in pairRange(of: scalar) {
            let source = Int(pairs[index] & 0xFFFF)
            bitmap[source >> 6] |= 1 << UInt64(source & 63)
        }
        return bitmap
    }

    /// How many scalars of two or three bytes fold to text holding `scalar`.
    ///
    /// - Complexity: O(log *p*).
    func sourceCount(of scalar: UInt32) -> Int { pairRange(of: scalar).count }

    /// The positions in ``pairs`` of the pairs of `scalar`.
    ///
    /// - Complexity: O(log *p*).
    private func pairRange(of scalar: UInt32) -> Range<Int> {
        func lowerBound(_ key: UInt32) -> Int {
            var low = 0
            var high = pairs.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }
        // U+FFFF's pairs are the last (one more would shift out of 32 bits).
        return lowerBound(scalar << 16)..<(scalar >= 0xFFFF ? pairs.count : lowerBound((scalar + 1) << 16))
    }
}
