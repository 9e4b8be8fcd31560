/// How a store reads keys: from an element in place when a key path allows
/// it (only the key is loaded), else by calling the key function on a copy.
@usableFromInline
struct KeyReader<Element, Key> {
    @usableFromInline let keyOf: @Sendable (Element) -> Key?
    @usableFromInline let keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?

    @inlinable init(keyOf: @escaping @Sendable (Element) -> Key?, keyAt: (@Sendable (UnsafePointer<Element>) -> Key?)?) {
        self.keyOf = keyOf
        self.keyAt = keyAt
    }

    /// The key of the element at `pointer`.
    @inlinable func key(at pointer: UnsafePointer<Element>) -> Key? {
        if let keyAt { return keyAt(pointer) }
        return keyOf(pointer.pointee)
    }
}
