/// How a store reads keys: from an element in place when a key path allows
/// it (only the key is loaded), else by calling the key function on a copy,
/// falling back on the key a row was indexed under. A table keeps one, so
/// reading a key copies none of its closures.
@usableFromInline
struct KeyReader<Element, Key: Hashable> {
    @usableFromInline let keyOf: @Sendable (Element) -> Key?
    @usableFromInline let keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?
    /// The byte offset of the key in an element, when the key is a stored
    /// property of a value: a key read in place is loaded there, which
    /// costs a load, not a call of ``keyAt`` (a closure that retains its
    /// context; W1 at 1M rows reads 2M keys).
    @usableFromInline let keyOffset: Int?
    /// The key each live row was indexed under, kept only when keys come
    /// from a function (no ``keyAt``). A key path always gives a key, but a
    /// function may later return `nil` for a stored element (it is impure,
    /// or the element is a class instance changed in place): such a row
    /// keeps the key it was indexed under, and nothing traps.
    @usableFromInline var indexedKeys: SlotArray<Key>?
    /// The home bits (``KeyTable/home(of:)``) of the hash of the key each
    /// live row was indexed under, kept when a stored element's key may
    /// change in place: unless the key is a stored property of a value
    /// (read at its byte offset, in the store's own copy), an app can
    /// change it (a class element, an impure function). With the bucket's
    /// tag, they tell a row whose key changed from another key (39 bits
    /// of the old key's hash), and let the key index grow without reading
    /// keys, each row staying where its old key leads.
    @usableFromInline var indexedHomes: ChunkedArray<UInt32>?

    @inlinable init(
        keyOf: @escaping @Sendable (Element) -> Key?, keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?, keyOffset: Int? = nil, keysAreStable: Bool
    ) {
        self.keyOf = keyOf
        self.keyAt = keyAt
        self.keyOffset = keyAt == nil ? nil : keyOffset
        self.indexedKeys = keyAt == nil ? SlotArray() : nil
        self.indexedHomes = keysAreStable && keyAt != nil ? nil : ChunkedArray()
    }

    /// Whether a stored element's key can never change: then the key index
    /// reads keys instead of keeping what each row was indexed under.
    @inlinable var keysAreStable: Bool { indexedHomes == nil }

    /// The key of a stored row: the key its element reports, or, when a key
    /// function returns `nil` for it now, the key it was indexed under.
    @inlinable func key(ofRow row: Int32, in slots: SlotArray<Element>) -> Key {
        slots.withPointer(at: Int(row)) { key(at: $0) } ?? indexedKey(ofRow: row)
    }

    /// The key and the element of a stored row, its slot found once.
    @inlinable func keyAndElement(ofRow row: Int32, in slots: SlotArray<Element>) -> (key: Key, element: Element) {
        let read = slots.withPointer(at: Int(row)) { pointer -> (Key?, Element) in (self.key(at: pointer), pointer.pointee) }
        return (read.0 ?? indexedKey(ofRow: row), read.1)
    }

    /// The key a row was indexed under, for a row whose key function
    /// returns `nil` now.
    @inlinable func indexedKey(ofRow row: Int32) -> Key {
        guard let key = indexedKeys?[Int(row)] else { preconditionFailure("a key path gave row \(row) no key") }
        return key
    }

    /// The key of the element at `pointer`.
    @inlinable func key(at pointer: UnsafePointer<Element>) -> Key? {
        if let keyAt { return Self.key(at: pointer, offset: keyOffset, keyAt: keyAt) }
        return keyOf(pointer.pointee)
    }

    /// The key of the element at `pointer` read in place: at `offset`, else
    /// by `keyAt`.
    @inlinable static func key(
        at pointer: UnsafePointer<Element>, offset: Int?, keyAt: @Sendable (UnsafePointer<Element>) -> Key?
    ) -> Key? {
        if let offset { return UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Key.self) }
        return keyAt(pointer)
    }

    /// The home bits of the key a row was indexed under: kept when keys
    /// may change in place, else read from its key.
    @inlinable func indexedHome(ofRow row: Int32, in slots: SlotArray<Element>) -> UInt32 {
        if let indexedHomes { return indexedHomes[Int(row)] }
        return KeyTable.home(of: key(ofRow: row, in: slots).hashValue)
    }

    /// Records that a row (with a slot here) is indexed under a key with
    /// `hash`.
    @inlinable mutating func recordIndexed(_ key: Key, hash: Int, ofRow row: Int32) {
        indexedKeys?[Int(row)] = key
        if indexedHomes != nil { indexedHomes![Int(row)] = KeyTable.home(of: hash) }
    }

    /// Adds a row slot.
    @inlinable mutating func appendSlot() {
        indexedKeys?.appendSlot()
        indexedHomes?.append(0)
    }
}
