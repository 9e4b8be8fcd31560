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

    /// ``removingCombiningMarks(_:)``, and for each scalar of the result the
    /// offset of the scalar of `string` it came from, plus one last entry
    /// for the end.
    static func removingCombiningMarksKeepingOffsets(_ string: String) -> (String, [Int]) {
        var scalars = String.UnicodeScalarView()
        var offsets: [Int] = []
        var offset = 0
        for original in string.unicodeScalars {
            // Decomposing scalar by scalar and dropping the marks gives what
            // decomposing the whole string would: only marks move.
            for scalar in String(original).decomposedStringWithCanonicalMapping.unicodeScalars {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                default:
                    scalars.append(scalar)
                    offsets.append(offset)
                }
            }
            offset += 1
        }
        offsets.append(offset)
        return (String(scalars), offsets)
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
