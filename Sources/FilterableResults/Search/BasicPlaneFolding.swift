/// The folded UTF-8 of every scalar of the Basic Multilingual Plane written
/// in two or three UTF-8 bytes (U+0080 to U+FFFF: Latin, Greek, Cyrillic,
/// Hebrew, Arabic, the Indic scripts, Thai, Hangul, kana, the CJK
/// ideographs), under one set of `[c]`/`[d]` options, computed once from
/// ``StringFolding/fold(_:_:)``.
///
/// Folding is scalar by scalar (lowercasing maps each scalar on its own,
/// and decomposing then dropping the marks leaves what decomposing the
/// whole string would), so a string of such scalars folds by table lookups
/// into a buffer, without allocating a string. Only scalars of four bytes
/// (emoji, the rarer CJK ideographs) take the slow way.
///
/// Each scalar has one 32-bit entry. Most scalars fold to at most one
/// scalar of at most three bytes (a CJK ideograph or a plain kana to
/// itself, a voiced kana to the bare one, `É` to `e`): the entry holds
/// those bytes and their count, and folding one is a load, a four-byte
/// store and an add. The others (a Hangul syllable under `[d]` to its two
/// or three jamo, a compatibility ideograph to one of four bytes) point to
/// a slot of ``slotSize`` bytes, copied as two eight-byte words.
///
/// The tables live as long as the process (there are three, made on first
/// use): they are read through raw pointers, without retains or bounds
/// checks in the folding loop.
struct BasicPlaneFolding: @unchecked Sendable {
    /// For scalar U+0080 + *i*: its folded bytes (the first in the low
    /// byte) and their count in the high byte, or ``longFold`` and its
    /// slot in ``slots``, or ``slowFold``.
    let entries: UnsafeBufferPointer<UInt32>
    /// The folds longer than three bytes: slots of ``slotSize`` bytes, the
    /// fold's bytes first and its length in the slot's last byte.
    let slots: UnsafeBufferPointer<UInt8>
    /// The most bytes a string can grow to, folded, for each of its bytes
    /// (at least 1): a Hangul syllable of three bytes, say, folds to three
    /// jamo of three bytes each.
    let expansion: Int

    /// The bytes of a slot of ``slots``: a fold of up to `slotSize - 1`
    /// bytes, then its length.
    static let slotSize = 16
    /// The high byte of an entry whose fold is in ``slots``.
    static let longFold: UInt32 = 0x80
    /// The high byte of an entry the table cannot fold (a surrogate, or a
    /// fold longer than a slot): the caller folds the text the slow way.
    static let slowFold: UInt32 = 0xFF

    private init(_ options: StringFolding.Options) {
        var entries: [UInt32] = []
        entries.reserveCapacity(0x10000 - 0x80)
        var slots: [UInt8] = []
        var expansion = 1
        for value in UInt32(0x80)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else {
                entries.append(Self.slowFold << 24)
                continue
            }
            let folded = Array(StringFolding.fold(String(scalar), options).utf8)
            let length = value < 0x800 ? 2 : 3
            expansion = Swift.max(expansion, (folded.count + length - 1) / length)
            if folded.count <= 3 {
                var entry = UInt32(folded.count) << 24
                for (index, byte) in folded.enumerated() { entry |= UInt32(byte) << (8 * index) }
                entries.append(entry)
            } else if folded.count < Self.slotSize {
                entries.append(Self.longFold << 24 | UInt32(slots.count / Self.slotSize))
                slots += folded + [UInt8](repeating: 0, count: Self.slotSize - 1 - folded.count) + [UInt8(folded.count)]
            } else {
                entries.append(Self.slowFold << 24)
            }
        }
        self.entries = UnsafeBufferPointer(Self.immortalCopy(of: entries))
        self.slots = UnsafeBufferPointer(Self.immortalCopy(of: slots))
        self.expansion = expansion
    }

    /// A copy of `array` that is never deallocated.
    private static func immortalCopy<T>(of array: [T]) -> UnsafeMutableBufferPointer<T> {
        let copy = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(array.count, 1))
        _ = copy.initialize(from: array)
        return copy
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

    /// The buffer ``fold(_:lowercasingASCII:into:)`` needs for a text of
    /// `count` bytes: ``expansion`` times the text, and room for the last
    /// word it stores past the folded bytes.
    func capacity(forBytes count: Int) -> Int { count * expansion + Self.slotSize }
}
