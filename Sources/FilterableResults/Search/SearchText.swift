/// A search text folded once for case- and diacritic-insensitive matching,
/// the way the predicate language's `CONTAINS[cd]` folds strings: a field
/// matches when its folded UTF-8 holds the text's (scalar-exact, as
/// `CONTAINS[cd]`).
///
/// A class holding its bytes outside Swift arrays, so that a filter calling
/// it on every row retains nothing.
@usableFromInline
final class SearchText: @unchecked Sendable {
    /// The text folded, as UTF-8 (immutable after `init`).
    let needle: UnsafeMutableBufferPointer<UInt8>
    /// Whether the folded text is ASCII (else no ASCII field contains it).
    let isASCII: Bool
    /// When the folded text has scalars of two or three bytes, the scalars
    /// whose fold holds the one of them with the fewest such sources, a
    /// bit each (``FoldedScalarSources/sources(of:)``): a field with none of
    /// them cannot contain the text, and is not folded.
    let scalarSources: UnsafeMutableBufferPointer<UInt64>?

    @usableFromInline init(_ text: String) {
        let folded = Array(StringFolding.fold(text, Self.options).utf8)
        needle = .allocate(capacity: folded.count)
        _ = needle.initialize(from: folded)
        isASCII = folded.allSatisfy { $0 < 0x80 }
        if isASCII {
            scalarSources = nil
        } else {
            // In Hangul "김민" (ᄀ ᅵ ᆷ ᄆ ᅵ ᆫ folded), a final ᆷ (399 syllables
            // and itself) rather than an initial ᄀ (588 and itself).
            let sources = FoldedScalarSources.caseAndDiacriticInsensitive
            let rarest = String(decoding: folded, as: UTF8.self).unicodeScalars.lazy
                .map(\.value).filter { $0 >= 0x80 && $0 < 0x10000 }
                .min { sources.sourceCount(of: $0) < sources.sourceCount(of: $1) }
            scalarSources = rarest.map { sources.sources(of: $0) }
        }
    }

    deinit {
        needle.deallocate()
        scalarSources?.deallocate()
    }

    @usableFromInline var isEmpty: Bool { needle.isEmpty }

    /// The words of `text` (split at whitespace), each folded, none empty
    /// once folded, without repeats, longest first.
    ///
    /// - Complexity: O(*n* + *w* log *w*) for *n* characters and *w* words.
    @usableFromInline static func words(of text: String) -> [SearchText] {
        var seen = Set<[UInt8]>()
        var words: [SearchText] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            let folded = SearchText(String(word))
            guard !folded.isEmpty, seen.insert(Array(folded.needle)).inserted else { continue }
            words.append(folded)
        }
        return words.sorted { $0.needle.count > $1.needle.count }
    }

    static var options: StringFolding.Options { [.caseInsensitive, .diacriticInsensitive] }

    /// Whether `candidate`, folded the same way, contains the text.
    ///
    /// - Complexity: O(*n*) for a candidate of *n* bytes; without
    ///   allocating when the candidate has no scalar of four bytes.
    @usableFromInline func isFound(in candidate: String) -> Bool {
        var candidate = candidate
        return candidate.withUTF8 { self.isFound(inUTF8: $0) }
    }

    /// Whether the string at `pointer` contains the text, read in place.
    @usableFromInline func isFound(inStringAt pointer: UnsafePointer<String>) -> Bool {
        pointer.pointee.utf8.withContiguousStorageIfAvailable { self.isFound(inUTF8: $0) } ?? isFound(in: pointer.pointee)
    }

    /// Whether UTF-8 `text`, folded, contains the text.
    ///
    /// A short text (the common case: a name) is compared at every
    /// position: ASCII lowercased on the fly, any other text of one- to
    /// three-byte scalars (accented Latin, Hangul, kana, CJK) folded by
    /// ``BasicPlaneFolding`` into a buffer on the stack first. A long text,
    /// or one with a scalar of four bytes, takes the linear search.
    func isFound(inUTF8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        // Comparing at every position costs up to count × length.
        guard text.count * needle.count <= 1_024 else { return isFound(inFolded: text) }
        var combined: UInt8 = 0
        for byte in text { combined |= byte }
        return combined < 0x80 ? isFound(inShortASCII: text) : isFound(inShortText: text)
    }

    /// Whether ASCII `text` contains the text (folding ASCII is lowercasing
    /// it, byte by byte), comparing at every position.
    @inline(__always)
    func isFound(inShortASCII text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        let length = needle.count
        guard length > 0 else { return true }
        guard isASCII, length <= count else { return false }
        let first = needle[0]
        var start = 0
        while start <= count - length {
            if StringFolding.lowercasedASCII(text[start]) == first {
                var matched = 1
                while matched < length && StringFolding.lowercasedASCII(text[start + matched]) == needle[matched] { matched += 1 }
                if matched == length { return true }
            }
            start += 1
        }
        return false
    }

    /// Whether short UTF-8 `text` that is not all ASCII contains the text:
    /// folded by the table into a buffer on the stack, then compared at
    /// every position.
    @inline(never)
    func isFound(inShortText text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let sources = scalarSources, !Self.hasScalar(of: sources, in: text) { return false }
        let table = BasicPlaneFolding.caseAndDiacriticInsensitive
        let needle = UnsafeBufferPointer(self.needle)
        let capacity = table.capacity(forBytes: text.count) + ByteSearch.shortTextPadding
        let found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Bool? in
            guard let count = table.fold(text, lowercasingASCII: true, into: buffer) else { return nil }
            // The padding the search reads past the folded bytes.
            let padding = UnsafeMutableRawPointer(buffer.baseAddress! + count)
            padding.storeBytes(of: 0, as: UInt64.self)
            padding.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
            return ByteSearch.containsInPaddedText(UnsafeBufferPointer(rebasing: buffer[..<count]), needle)
        }
        return found ?? isFound(inFolded: text)
    }

    /// Whether UTF-8 `text` has a scalar of `sources` (a bitmap of
    /// scalars of two and three bytes), or one of four bytes, or is not
    /// well-formed: whether it may contain a text one of whose scalars'
    /// sources these are.
    ///
    /// - Complexity: O(*n*) for *n* bytes, without folding them.
    @inline(__always)
    static func hasScalar(of sources: UnsafeMutableBufferPointer<UInt64>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        var index = 0
        while index < count {
            if text[index] < 0x80 {
                index += 1
                continue
            }
            guard let scalar = BasicPlaneFolding.scalarOfTwoOrThreeBytes(at: index, in: text) else { return true }
            index += scalar.length
            if sources[scalar.value >> 6] & (1 << UInt64(scalar.value & 63)) != 0 { return true }
        }
        return false
    }

    /// Whether UTF-8 `text` contains the text, folded by
    /// ``StringFolding`` (ASCII, then the table, then `String`) and
    /// searched in linear time.
    func isFound(inFolded text: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = UnsafeBufferPointer(self.needle)
        return StringFolding.withFoldedUTF8(text, Self.options) { ByteSearch.contains($0, needle) }
    }
}
