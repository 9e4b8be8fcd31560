/// The folded UTF-8 of every scalar written in two UTF-8 bytes (U+0080 to
/// U+07FF: Latin-1, Latin Extended, Greek, Cyrillic, Hebrew, Arabic and the
/// combining marks) under one set of `[c]`/`[d]` options, computed once.
///
/// Folding is scalar by scalar (lowercasing maps each scalar on its own,
/// and decomposing then dropping the marks leaves what decomposing the
/// whole string would), so a string of ASCII and two-byte scalars folds by
/// table lookups into a buffer, without allocating a string.
struct TwoByteFolding: Sendable {
    /// The folded bytes of every scalar, one after the other.
    let bytes: [UInt8]
    /// For scalar U+0080 + *i*, the end of its bytes in ``bytes``; its
    /// start is the end of the scalar before.
    let ends: [UInt16]
    /// The most bytes one two-byte scalar folds to, divided by two and
    /// rounded up (at least 1): how much a string can grow when folded.
    let expansion: Int

    init(_ options: StringFolding.Options) {
        var bytes: [UInt8] = []
        var ends: [UInt16] = []
        var longest = 0
        for value in UInt32(0x80)..<0x800 {
            let folded = StringFolding.fold(String(Unicode.Scalar(value)!), options).utf8
            bytes.append(contentsOf: folded)
            ends.append(UInt16(bytes.count))
            longest = Swift.max(longest, folded.count)
        }
        self.bytes = bytes
        self.ends = ends
        expansion = Swift.max(1, (longest + 1) / 2)
    }

    static let caseInsensitive = TwoByteFolding(.caseInsensitive)
    static let diacriticInsensitive = TwoByteFolding(.diacriticInsensitive)
    static let caseAndDiacriticInsensitive = TwoByteFolding([.caseInsensitive, .diacriticInsensitive])

    /// The table for non-empty `options`.
    static func table(for options: StringFolding.Options) -> TwoByteFolding {
        switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
        case (true, true): caseAndDiacriticInsensitive
        case (true, false): caseInsensitive
        default: diacriticInsensitive
        }
    }

    /// Folds `text` into `buffer` (at least ``expansion`` times the text's
    /// length); returns the folded length, or `nil` when the text has a
    /// scalar of three or four bytes (the caller folds it the slow way).
    ///
    /// - Complexity: O(*n*).
    func fold(
        _ text: UnsafeBufferPointer<UInt8>, lowercasingASCII: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var written = 0
        var index = 0
        let count = text.count
        return bytes.withUnsafeBufferPointer { folded in
            ends.withUnsafeBufferPointer { ends -> Int? in
                while index < count {
                    let byte = text[index]
                    if byte < 0x80 {
                        buffer[written] = lowercasingASCII ? StringFolding.lowercasedASCII(byte) : byte
                        written += 1
                        index += 1
                        continue
                    }
                    // A two-byte lead byte (0xC2 to 0xDF) and its continuation.
                    guard byte & 0xE0 == 0xC0, index + 1 < count else { return nil }
                    let entry = Int(byte & 0x1F) << 6 | Int(text[index + 1] & 0x3F) - 0x80
                    let start = entry == 0 ? 0 : Int(ends[entry - 1])
                    for offset in start..<Int(ends[entry]) {
                        buffer[written] = folded[offset]
                        written += 1
                    }
                    index += 2
                }
                return written
            }
        }
    }
}
