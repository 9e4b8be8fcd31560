/// How a store reads keys: from an element in place when a key path allows
/// it (only the key is loaded), else by calling the key function on a copy.
@usableFromInline
struct KeyReader<Element, Key> {
    @usableFromInline let keyOf: @Sendable (Element) -> Key?
    @usableFromInline let keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?
    /// The key each row was indexed under, for a store whose keys come from
    /// a function (see ``RowTable/indexedKeys``); `nil` for a key path.
    @usableFromInline let indexedKeys: SlotArray<Key>?

    @inlinable init(
        keyOf: @escaping @Sendable (Element) -> Key?, keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?,
        indexedKeys: SlotArray<Key>? = nil
    ) {
        self.keyOf = keyOf
        self.keyAt = keyAt
        self.indexedKeys = indexedKeys
    }

    /// The key of a stored row: the key its element reports, or, when a key
    /// function returns `nil` for it now, the key it was indexed under.
    @inlinable func key(ofRow row: Int32, in slots: SlotArray<Element>) -> Key {
        if let key = slots.withPointer(at: Int(row), { key(at: $0) }) { return key }
        guard let key = indexedKeys?[Int(row)] else { preconditionFailure("a key path gave row \(row) no key") }
        return key
    }

    /// The key of the element at `pointer`.
    @inlinable func key(at pointer: UnsafePointer<Element>) -> Key? {
        if let keyAt { return keyAt(pointer) }
        return keyOf(pointer.pointee)
    }
}
