import Foundation

/// The `[c]` and `[d]` transformations of strings.
///
/// `[c]` lowercases (full Unicode lowercase mapping); `[d]` decomposes
/// canonically and removes combining marks (general category M: Mn, Mc,
/// Me), so `"Crème Brûlée"` becomes `"Creme Brulee"`. With both, the string
/// is lowercased first, so marks that lowercasing introduces (`"İ"` → `"i̇"`)
/// are removed too.
enum StringFolding {
    typealias Options = FormatPredicate.Options

    /// The string folded by `options`.
    static func fold(_ string: String, _ options: Options) -> String {
        var result = string
        if options.contains(.caseInsensitive) { result = result.lowercased() }
        if options.contains(.diacriticInsensitive) { result = removingCombiningMarks(result) }
        return result
    }

    /// The string decomposed, without its combining marks.
    static func removingCombiningMarks(_ string: String) -> String {
        let decomposed = string.decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Calls `body` with the UTF-8 of `string` folded by `options`.
    ///
    /// ASCII strings (the common case) are folded on the stack without
    /// allocating: their decomposition is themselves and their lowercase is
    /// ASCII lowercase. Other strings go through ``fold(_:_:)``.
    @inline(__always)
    static func withFoldedUTF8<R>(_ string: String, _ options: Options, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if options.isEmpty { return UTF8Bytes.withBytes(string, body) }
        let asciiResult: R? = UTF8Bytes.withBytes(string) { bytes in
            guard options.contains(.caseInsensitive) else {
                // [d] alone: ASCII has no marks to remove.
                return UTF8Bytes.isASCII(bytes) ? body(bytes) : nil
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer -> R? in
                // Lowercase while checking that every byte is ASCII.
                var combined: UInt8 = 0
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    combined |= byte
                    buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                return combined < 0x80 ? body(UnsafeBufferPointer(buffer)) : nil
            }
        }
        if let asciiResult { return asciiResult }
        return UTF8Bytes.withBytes(fold(string, options), body)
    }
}

/// A compiled `LIKE` pattern: `*` matches any run of characters (none
/// included), `?` exactly one Unicode scalar, `\` makes the next character
/// literal; everything else matches itself. The pattern covers the whole
/// string.
struct LikePattern: Sendable {
    enum Element: Sendable, Equatable {
        case byte(UInt8)
        case anyScalar
        case anyRun
    }

    let elements: [Element]

    /// Compiles a pattern from its (already folded) UTF-8 bytes.
    init(_ pattern: UnsafeBufferPointer<UInt8>) {
        var elements: [Element] = []
        elements.reserveCapacity(pattern.count)
        var index = 0
        while index < pattern.count {
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: "*"):
                if elements.last != .anyRun { elements.append(.anyRun) }
            case UInt8(ascii: "?"):
                elements.append(.anyScalar)
            case UInt8(ascii: "\\") where index + 1 < pattern.count:
                index += 1
                let length = UTF8Bytes.sequenceLength(lead: pattern[index])
                for offset in 0..<length where index + offset < pattern.count {
                    elements.append(.byte(pattern[index + offset]))
                }
                index += length
                continue
            default:
                elements.append(.byte(byte))
            }
            index += 1
        }
        self.elements = elements
    }

    /// Whether the whole of `text` matches the pattern.
    ///
    /// Greedy matching that backtracks only to the last `*`: O(*n* · *m*) at
    /// worst, without recursion.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        elements.withUnsafeBufferPointer { pattern in
            var p = 0
            var t = 0
            var starP = -1
            var starT = 0
            while t < text.count {
                if p < pattern.count {
                    switch pattern[p] {
                    case .anyRun:
                        starP = p
                        starT = t
                        p += 1
                        continue
                    case .anyScalar:
                        t += UTF8Bytes.sequenceLength(lead: text[t])
                        p += 1
                        continue
                    case let .byte(byte) where text[t] == byte:
                        t += 1
                        p += 1
                        continue
                    case .byte:
                        break
                    }
                }
                guard starP >= 0 else { return false }
                starT += UTF8Bytes.sequenceLength(lead: text[starT])
                t = starT
                p = starP + 1
            }
            while p < pattern.count, pattern[p] == .anyRun { p += 1 }
            return p == pattern.count
        }
    }
}
