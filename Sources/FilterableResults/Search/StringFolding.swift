import Foundation

/// The `[c]` and `[d]` transformations of strings.
///
/// `[c]` lowercases (full Unicode lowercase mapping); `[d]` decomposes
/// canonically and removes combining marks (general category M: Mn, Mc,
/// Me), so `"Crème Brûlée"` becomes `"Creme Brulee"`. With both, the string
/// is lowercased first, so marks that lowercasing introduces (`"İ"` → `"i̇"`)
/// are removed too.
package enum StringFolding {
    package typealias Options = FoldingOptions

    /// The string folded by `options`.
    package static func fold(_ string: String, _ options: Options) -> String {
        var result = string
        if options.contains(.caseInsensitive) { result = result.lowercased() }
        if options.contains(.diacriticInsensitive) { result = removingCombiningMarks(result) }
        return result
    }

    /// The string decomposed, without its combining marks.
    package static func removingCombiningMarks(_ string: String) -> String {
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
    package static func removingCombiningMarksKeepingOffsets(_ string: String) -> (String, [Int]) {
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
    @inline(__always)
    package static func withFoldedUTF8<R>(_ string: String, _ options: Options, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        UTF8Bytes.withBytes(string) { bytes in
            options.isEmpty ? body(bytes) : withFoldedUTF8(bytes, options, body)
        }
    }

    /// Calls `body` with UTF-8 `bytes` folded by non-empty `options`.
    ///
    /// Scalars of one to three bytes (every script of the Basic
    /// Multilingual Plane, Hangul and the CJK ideographs included) are
    /// folded into a temporary buffer, ASCII by lowercasing it and the rest
    /// by ``BasicPlaneFolding``, without allocating a string; text with a
    /// scalar of four bytes goes through ``fold(_:_:)``.
    @inline(__always)
    package static func withFoldedUTF8<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ options: Options, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let lowercase = options.contains(.caseInsensitive)
        // ASCII (the common case) first: its decomposition is itself and its
        // lowercase ASCII lowercase.
        let ascii: R? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer -> R? in
            var combined: UInt8 = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                combined |= byte
                buffer[index] = lowercase ? lowercasedASCII(byte) : byte
            }
            return combined < 0x80 ? body(UnsafeBufferPointer(buffer)) : nil
        }
        if let ascii { return ascii }
        let table = BasicPlaneFolding.table(for: options)
        let basicPlane: R? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: table.capacity(forBytes: bytes.count)) { buffer -> R? in
            guard let count = table.fold(bytes, lowercasingASCII: lowercase, into: buffer) else { return nil }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        if let basicPlane { return basicPlane }
        return UTF8Bytes.withBytes(fold(String(decoding: bytes, as: UTF8.self), options), body)
    }

    /// An ASCII byte lowercased (`A`–`Z` to `a`–`z`); any other byte as it is.
    @inline(__always)
    package static func lowercasedASCII(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
