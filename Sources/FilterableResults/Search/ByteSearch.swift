#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Substring search over UTF-8 bytes in linear time: `CONTAINS`, `IN` with
/// a string on the right, and the literal segments of `LIKE` patterns.
package enum ByteSearch {
    /// Whether `bytes` contains `needle` anywhere (the empty needle always).
    ///
    /// The common case is `memchr` for the needle's first byte and `memcmp`
    /// for the rest. That costs up to *n* · *m* on texts full of near
    /// misses (`aaa…ab` in `aaa…a`), so once it has compared more than a
    /// few times the text's length it finishes with Knuth–Morris–Pratt.
    ///
    /// - Complexity: O(*n* + *m*).
    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        var steps = 0
        return contains(bytes, needle, steps: &steps)
    }

    /// ``contains(_:_:)``, adding to `steps` the bytes it compared (counting
    /// each `memcmp` as the needle's length, its worst case).
    package static func contains(
        _ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, steps: inout Int
    ) -> Bool {
        guard needle.count > 0 else { return true }
        guard needle.count <= bytes.count else { return false }
        let base = bytes.baseAddress!
        let first = Int32(needle[0])
        let rest = needle.count - 1
        var start = 0
        let lastStart = bytes.count - needle.count
        var budget = 4 * bytes.count
        while start <= lastStart {
            guard let found = memchr(base + start, first, lastStart - start + 1) else { return false }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            steps += position - start + 1 + rest
            if rest == 0 || memcmp(base + position + 1, needle.baseAddress! + 1, rest) == 0 { return true }
            start = position + 1
            budget -= rest
            if budget < 0 {
                let failure = failureTable(needle)
                return failure.withUnsafeBufferPointer { failure in
                    firstEnd(of: needle, failure: failure, in: bytes, range: start..<bytes.count, steps: &steps)
                } != nil
            }
        }
        return false
    }

    /// The Knuth–Morris–Pratt failure table of `needle`: entry *i* is the
    /// length of the longest proper border of `needle[0...i]`.
    ///
    /// - Complexity: O(*m*).
    package static func failureTable(_ needle: UnsafeBufferPointer<UInt8>) -> [Int] {
        var failure = [Int](repeating: 0, count: needle.count)
        var border = 0
        for index in needle.indices.dropFirst() {
            while border > 0 && needle[index] != needle[border] { border = failure[border - 1] }
            if needle[index] == needle[border] { border += 1 }
            failure[index] = border
        }
        return failure
    }

    /// The end of the leftmost occurrence of `needle` in `bytes[range]`
    /// (Knuth–Morris–Pratt), adding to `steps` one per comparison.
    ///
    /// - Complexity: O(*n*): at most two comparisons per byte of `range`.
    package static func firstEnd(
        of needle: UnsafeBufferPointer<UInt8>, failure: UnsafeBufferPointer<Int>,
        in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, steps: inout Int
    ) -> Int? {
        guard !needle.isEmpty else { return range.lowerBound }
        guard range.count >= needle.count else { return nil }
        var matched = 0
        for index in range {
            steps += 1
            let byte = bytes[index]
            while matched > 0 && needle[matched] != byte {
                matched = failure[matched - 1]
                steps += 1
            }
            if needle[matched] == byte {
                matched += 1
                if matched == needle.count { return index + 1 }
            }
        }
        return nil
    }
}
