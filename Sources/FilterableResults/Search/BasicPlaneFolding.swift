/// The folded UTF-8 of every scalar of the Basic Multilingual Plane written
/// in two or three UTF-8 bytes (U+0080 to U+FFFF: Latin, Greek, Cyrillic,
/// Hebrew, Arabic, the Indic scripts, Thai, Hangul, kana, the CJK
/// ideographs), under one set of `[c]`/`[d]` options, computed once.
///
/// Folding is scalar by scalar (lowercasing maps each scalar on its own,
/// and decomposing then dropping the marks leaves what decomposing the
/// whole string would), so a string of such scalars folds by table lookups
/// into a buffer, without allocating a string. Only scalars of four bytes
/// (emoji, the rarer CJK ideographs) take the slow way.
struct BasicPlaneFolding: Sendable {
    /// The folded bytes of every scalar, one after the other.
    let bytes: [UInt8]
    /// For scalar U+0080 + *i*, the end of its bytes in ``bytes``; its
    /// start is the end of the scalar before. Surrogates, which are no
    /// scalars, fold to nothing (valid UTF-8 never holds them).
    let ends: [UInt32]
    /// The most bytes a string can grow to, folded, for each of its bytes
    /// (at least 1): a Hangul syllable of three bytes, say, folds to three
    /// jamo of three bytes each.
    let expansion: Int

    init(_ options: StringFolding.Options) {
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        ends.reserveCapacity(0x10000 - 0x80)
        var expansion = 1
        for value in UInt32(0x80)..<0x10000 {
            if let scalar = Unicode.Scalar(value) {
                let folded = StringFolding.fold(String(scalar), options).utf8
                bytes.append(contentsOf: folded)
                let length = value < 0x800 ? 2 : 3
                expansion = Swift.max(expansion, (folded.count + length - 1) / length)
            }
            ends.append(UInt32(bytes.count))
        }
        self.bytes = bytes
        self.ends = ends
        self.expansion = expansion
    }

    static let caseInsensitive = BasicPlaneFolding(.caseInsensitive)
    static let diacriticInsensitive = BasicPlaneFolding(.diacriticInsensitive)
    static let caseAndDiacriticInsensitive = BasicPlaneFolding([.caseInsensitive, .diacriticInsensitive])

    /// The table for non-empty `options`.
    static func table(for options: StringFolding.Options) -> BasicPlaneFolding {
        switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
        case (true, true): caseAndDiacriticInsensitive
        case (true, false): caseInsensitive
        default: diacriticInsensitive
        }
    }

    /// Folds `text` into `buffer` (at least ``expansion`` times the text's
    /// length); returns the folded length, or `nil` when the text has a
    /// scalar of four bytes or is not well-formed (the caller folds it the
    /// slow way).
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
                    let value: Int
                    if byte & 0xE0 == 0xC0, index + 1 < count {
                        // A two-byte lead byte (0xC2 to 0xDF) and its continuation.
                        value = Int(byte & 0x1F) << 6 | Int(text[index + 1] & 0x3F)
                        index += 2
                    } else if byte & 0xF0 == 0xE0, index + 2 < count {
                        value = Int(byte & 0x0F) << 12 | Int(text[index + 1] & 0x3F) << 6 | Int(text[index + 2] & 0x3F)
                        index += 3
                    } else {
                        return nil
                    }
                    guard value >= 0x80 else { return nil }
                    let entry = value - 0x80
                    let start = entry == 0 ? 0 : Int(ends[entry - 1])
                    for offset in start..<Int(ends[entry]) {
                        buffer[written] = folded[offset]
                        written += 1
                    }
                }
                return written
            }
        }
    }
}
