@_spi(Integrations) import FilterableResults
import GRDB

/// Live search's test of one value, as an SQL function: whether the value,
/// folded as the core's search folds it, contains already folded text.
///
/// ASCII text (the common case) is tested in place: its fold is its ASCII
/// lowercase (the core folds ASCII so), so no string is built; other text
/// is folded by the core. Text is compared by UTF-8 bytes, as `instr`.
enum SearchMatch {
    /// `filterable_results_contains(value, foldedText)`: 1 when `value`
    /// folded contains `foldedText`, else 0 (`NULL` and blobs never match).
    static let function = DatabaseFunction("filterable_results_contains", argumentCount: 2, pure: true) { values in
        guard case let .string(needle) = values[1].storage else { return false }
        switch values[0].storage {
        case .null, .blob: return false
        case let .string(text): return contains(text, folded: needle)
        case let .int64(value): return contains(String(value), folded: needle)
        case let .double(value): return contains(String(value), folded: needle)
        }
    }

    /// Whether an ordering value the source holds, tested as the SQL
    /// function tests the column's value, contains `needle` (already folded).
    static func contains(_ value: OrderValue, folded needle: String) -> Bool {
        switch value {
        case .null, .blob: false
        case let .text(text): contains(text, folded: needle)
        case let .integer(number): contains(String(number), folded: needle)
        case let .real(number): contains(String(number), folded: needle)
        }
    }

    /// Whether `text`, folded, contains `needle` (already folded).
    static func contains(_ text: String, folded needle: String) -> Bool {
        var text = text, needle = needle
        let ascii: Bool? = text.withUTF8 { bytes in
            needle.withUTF8 { needle in
                var combined: UInt8 = 0
                for byte in bytes { combined |= byte }
                guard combined < 0x80 else { return nil }
                return find(needle, in: bytes, lowercasing: true)
            }
        }
        if let ascii { return ascii }
        var folded = ResultsSearchFolding.fold(text)
        return folded.withUTF8 { bytes in needle.withUTF8 { needle in find(needle, in: bytes, lowercasing: false) } }
    }

    /// Whether `needle` occurs in `bytes` (with ASCII capitals of `bytes`
    /// read as lowercase when `lowercasing`).
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, lowercasing: Bool) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        let first = needle[0]
        var start = 0
        let last = bytes.count - needle.count
        while start <= last {
            if lower(bytes[start], lowercasing) == first {
                var offset = 1
                while offset < needle.count, lower(bytes[start + offset], lowercasing) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    @inline(__always)
    static func lower(_ byte: UInt8, _ lowercasing: Bool) -> UInt8 {
        lowercasing && byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
