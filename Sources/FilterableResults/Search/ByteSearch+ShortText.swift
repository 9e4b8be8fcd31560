#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

extension ByteSearch {
    /// The bytes past its end that ``containsInPaddedText(_:_:)`` may read.
    package static let shortTextPadding = 16

    /// Whether `bytes` contains `needle` (the empty needle always), for a
    /// short text, such as a name folded into a buffer, where calling
    /// `memchr` costs more than the search.
    ///
    /// Eight positions at a time are tested by the needle's first and last
    /// bytes in one 64-bit word each (a zero byte in the exclusive-or of
    /// both shows a position where both match), and only those compared
    /// in full. First and last bytes together, as in folded Hangul, where
    /// every third byte is `0xE1`, the lead byte of every jamo, so that the
    /// first byte alone matches often.
    ///
    /// `bytes` must be followed by ``shortTextPadding`` initialized bytes,
    /// of any value, which the test reads past the text.
    ///
    /// - Complexity: O(*n* + *k* · *m*) for a text of *n* bytes and a
    ///   needle of *m*, *k* the positions whose first and last bytes match:
    ///   keep *n* · *m* small.
    @inline(__always)
    package static func containsInPaddedText(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        let length = needle.count
        guard length > 0 else { return true }
        guard length <= count else { return false }
        let text = bytes.baseAddress!
        let raw = UnsafeRawPointer(text)
        let pattern = needle.baseAddress!
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let first = ones &* UInt64(pattern[0])
        let last = ones &* UInt64(pattern[length - 1])
        let lastStart = count - length
        var start = 0
        while start <= lastStart {
            // Byte k of each word is position start + k (little-endian order).
            let heads = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) ^ first
            let tails = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + length - 1, as: UInt64.self)) ^ last
            let both = heads | tails
            // A high bit for each zero byte (and perhaps for bytes above
            // one, after a borrow: every candidate is compared in full).
            var candidates = (both &- ones) & ~both & highs
            let positions = lastStart - start + 1
            if positions < 8 { candidates &= (UInt64(1) << (8 * positions)) &- 1 }
            while candidates != 0 {
                let position = start + candidates.trailingZeroBitCount >> 3
                if memcmp(text + position, pattern, length) == 0 { return true }
                candidates &= candidates &- 1
            }
            start += 8
        }
        return false
    }
}
