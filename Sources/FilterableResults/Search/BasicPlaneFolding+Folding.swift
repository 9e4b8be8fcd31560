extension BasicPlaneFolding {
    /// Folds UTF-8 `text` into `buffer`, which must hold at least
    /// ``capacity(forBytes:)`` of the text's length (the loop stores whole
    /// words past the bytes it has folded); returns the folded length, or
    /// `nil` when the text has a scalar of four bytes, one the table cannot
    /// fold, or is not well-formed (the caller folds it the slow way).
    ///
    /// ASCII bytes are copied, lowercased when `lowercasingASCII`; every
    /// other scalar is one load of its entry, then a four-byte store (or,
    /// for a fold of more than three bytes, two eight-byte ones).
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    @inline(__always)
    func fold(
        _ text: UnsafeBufferPointer<UInt8>, lowercasingASCII: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        guard let source = text.baseAddress, text.count > 0 else { return 0 }
        precondition(buffer.count >= capacity(forBytes: text.count), "BasicPlaneFolding.fold: the buffer is too small")
        let target = UnsafeMutableRawPointer(buffer.baseAddress!)
        let entries = self.entries.baseAddress!
        let slots = UnsafeRawPointer(self.slots.baseAddress!)
        let count = text.count
        var index = 0
        var written = 0
        while index < count {
            let byte = source[index]
            if byte < 0x80 {
                target.storeBytes(of: lowercasingASCII ? StringFolding.lowercasedASCII(byte) : byte, toByteOffset: written, as: UInt8.self)
                written += 1
                index += 1
                continue
            }
            guard let scalar = Self.scalarOfTwoOrThreeBytes(at: index, in: text), scalar.value >= 0x80 else { return nil }
            let value = scalar.value
            index += scalar.length
            let entry = entries[value - 0x80]
            let length = entry >> 24
            if length <= 3 {
                // The bytes, then the length byte, which the next store overwrites.
                target.storeBytes(of: entry.littleEndian, toByteOffset: written, as: UInt32.self)
                written += Int(length)
            } else if length == Self.longFold {
                let slot = slots + Int(entry & 0xFF_FFFF) * Self.slotSize
                target.storeBytes(of: slot.loadUnaligned(as: UInt64.self), toByteOffset: written, as: UInt64.self)
                target.storeBytes(of: slot.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: written + 8, as: UInt64.self)
                written += Int(slot.load(fromByteOffset: Self.slotSize - 1, as: UInt8.self))
            } else {
                return nil
            }
        }
        return written
    }

    /// The scalar of two or three bytes that UTF-8 `text` has at `index`
    /// (whose byte is not ASCII), and its length in bytes; `nil` for the
    /// lead byte of a four-byte scalar, a byte that leads nothing, or a
    /// scalar the end of the text cuts short. Continuation bytes are not
    /// checked: the callers treat what this lets through as a scalar the
    /// table does not fold, or as one the text may contain.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func scalarOfTwoOrThreeBytes(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> (value: Int, length: Int)? {
        let byte = text[index]
        if byte & 0xF0 == 0xE0, index + 2 < text.count {
            // Three bytes: Hangul, kana, CJK, the Indic scripts (the case the table is for).
            return (Int(byte & 0x0F) << 12 | Int(text[index + 1] & 0x3F) << 6 | Int(text[index + 2] & 0x3F), 3)
        }
        if byte & 0xE0 == 0xC0, index + 1 < text.count {
            // A two-byte lead byte (0xC2 to 0xDF; an overlong 0xC0 or 0xC1 too) and its continuation.
            return (Int(byte & 0x1F) << 6 | Int(text[index + 1] & 0x3F), 2)
        }
        return nil
    }
}
