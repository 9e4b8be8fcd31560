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
    /// Whether `bytes` contains `needle` (the empty needle always),
    /// comparing at every position: for short texts, such as a name folded
    /// into a buffer, where calling `memchr` costs more than the search.
    ///
    /// A needle of four bytes or more is first compared by its first four
    /// bytes as one word: in folded Hangul every third byte is `0xE1`, the
    /// lead byte of every jamo, so a first byte alone would match often.
    ///
    /// - Complexity: O(*n* · *m*) for a text of *n* bytes and a needle of
    ///   *m*: keep *n* · *m* small.
    @inline(__always)
    package static func containsComparingEveryPosition(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        let length = needle.count
        guard length > 0 else { return true }
        guard length <= count else { return false }
        let text = bytes.baseAddress!
        let pattern = needle.baseAddress!
        let lastStart = count - length
        if length >= 4 {
            let head = UnsafeRawPointer(pattern).loadUnaligned(as: UInt32.self)
            for start in 0...lastStart where UnsafeRawPointer(text + start).loadUnaligned(as: UInt32.self) == head {
                if length == 4 || memcmp(text + start + 4, pattern + 4, length - 4) == 0 { return true }
            }
            return false
        }
        let first = pattern[0]
        for start in 0...lastStart where text[start] == first {
            var matched = 1
            while matched < length && text[start + matched] == pattern[matched] { matched += 1 }
            if matched == length { return true }
        }
        return false
    }
}
