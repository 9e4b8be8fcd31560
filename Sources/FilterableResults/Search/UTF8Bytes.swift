import Foundation

/// Byte-level string operations behind the package's scalar-exact string
/// semantics.
///
/// UTF-8 preserves the order of Unicode scalar values, so comparing the UTF-8
/// bytes of two strings compares their scalars: equality, order, prefixes,
/// suffixes and substrings all work on bytes, without Swift's canonical
/// equivalence and without decoding.
package enum UTF8Bytes {
    /// Calls `body` with the contiguous UTF-8 bytes of `string` (copying only
    /// when the string is not stored contiguously, e.g. a bridged one).
    @inlinable @inline(__always)
    package static func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var string = string
        return try string.withUTF8(body)
    }

    /// Whether two strings have the same Unicode scalars.
    @inlinable @inline(__always)
    package static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return withBytes(a) { a in withBytes(b) { b in equal(a, b) } }
    }

    /// Whether two byte buffers hold the same bytes.
    @inlinable @inline(__always)
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0 else { return true }
        return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
    }

    /// Orders two strings by their Unicode scalar values.
    @inline(__always)
    package static func compare(_ a: String, _ b: String) -> ComparisonResult {
        withBytes(a) { a in withBytes(b) { b in compare(a, b) } }
    }

    /// Orders two byte buffers lexicographically (a proper prefix first).
    package static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> ComparisonResult {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return result < 0 ? .orderedAscending : .orderedDescending }
        }
        return a.count == b.count ? .orderedSame : a.count < b.count ? .orderedAscending : .orderedDescending
    }

    /// Whether `bytes` starts with `prefix`.
    @inline(__always)
    package static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        guard prefix.count > 0 else { return true }
        return memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
    }

    /// Whether `bytes` ends with `suffix`.
    @inline(__always)
    package static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard suffix.count <= bytes.count else { return false }
        guard suffix.count > 0 else { return true }
        return memcmp(bytes.baseAddress! + (bytes.count - suffix.count), suffix.baseAddress!, suffix.count) == 0
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead`
    /// (1 for anything that is not a valid lead byte, so scans always move).
    @inline(__always)
    package static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Feeds a string's UTF-8 bytes (and their count) to a hasher, consistently
    /// with ``equal(_:_:)-(String,String)``.
    @inline(__always)
    package static func hash(_ string: String, into hasher: inout Hasher) {
        withBytes(string) { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
