/// The key index: a hash table from primary key to row identity that stores
/// each key once, in its row's element.
///
/// Buckets hold row identities (`-1` for empty, `-2` for a removed entry);
/// a key is found by hashing it and probing linearly, reading each
/// candidate row's key from its element. A removal leaves a tombstone, found
/// by comparing identities alone (no key is read or hashed), and the table
/// is rebuilt when keys and tombstones together fill it. The buckets are a
/// ``ChunkedArray``: versions share them, and an insert or a removal copies
/// one chunk.
///
/// A row's key must not change while the row is indexed. A class element
/// whose key is changed in place is detected when its row is unindexed and
/// stops the program with a message naming the key (a programmer error, as
/// `IdentifiedArray` treats it).
@usableFromInline
struct KeyTable {
    @usableFromInline var buckets = ChunkedArray<Int32>()
    /// The number of keys.
    @usableFromInline private(set) var count = 0
    /// The number of tombstones.
    @usableFromInline private(set) var tombstones = 0

    @inlinable static var empty: Int32 { -1 }
    @inlinable static var tombstone: Int32 { -2 }

    @inlinable init() {}

    @inlinable var capacity: Int { buckets.count }

    /// The bucket a hash starts probing at.
    @inlinable func home(of hash: Int) -> Int { hash & (capacity - 1) }

    @inlinable func next(_ bucket: Int) -> Int { (bucket + 1) & (capacity - 1) }

    // MARK: Lookup

    /// The key of a stored row.
    @inlinable static func key<Element, Key>(ofRow row: Int32, in slots: SlotArray<Element>, _ reader: KeyReader<Element, Key>) -> Key {
        slots.withPointer(at: Int(row)) { reader.key(at: $0)! }
    }

    /// The row whose key is `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row<Element, Key: Hashable>(for key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) -> Int32? {
        guard count > 0 else { return nil }
        // The key function is taken out once, not at every probe.
        if let keyAt = reader.keyAt { return row(for: key) { row in slots.withPointer(at: Int(row)) { keyAt($0) } } }
        let keyOf = reader.keyOf
        return row(for: key) { row in slots.withPointer(at: Int(row)) { keyOf($0.pointee) } }
    }

    /// The row whose key, as `keyOfRow` reads it, is `key`.
    @inlinable func row<Key: Hashable>(for key: Key, keyOfRow: (Int32) -> Key?) -> Int32? {
        var bucket = home(of: key.hashValue)
        while true {
            let row = buckets[bucket]
            if row == Self.empty { return nil }
            if row >= 0 && keyOfRow(row) == key { return row }
            bucket = next(bucket)
        }
    }

    // MARK: Changes

    /// Indexes `row` under `key`, which no row has.
    ///
    /// - Complexity: amortised O(1); O(*n*) when the table grows.
    @inlinable mutating func insert<Element, Key: Hashable>(_ row: Int32, key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if (count + tombstones + 1) * 4 > capacity * 3 { grow(toHold: count + 1, in: slots, reader: reader) }
        place(row, hash: key.hashValue)
        count += 1
    }

    /// Makes room for `total` keys without further growth.
    ///
    /// - Complexity: O(*n*) when the table grows, else O(1).
    @inlinable mutating func reserve<Element, Key: Hashable>(_ total: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if (total + tombstones) * 4 > capacity * 3 { grow(toHold: total, in: slots, reader: reader) }
    }

    /// Stores a row of a key no row has in the first free bucket (empty or
    /// a tombstone) of its probe sequence.
    @inlinable mutating func place(_ row: Int32, hash: Int) {
        var bucket = home(of: hash)
        while true {
            let entry = buckets[bucket]
            if entry < 0 {
                if entry == Self.tombstone { tombstones -= 1 }
                break
            }
            bucket = next(bucket)
        }
        buckets[bucket] = row
    }

    /// Rebuilds the table with room for `total` keys at most 75% full, and
    /// no tombstones.
    @inlinable mutating func grow<Element, Key: Hashable>(toHold total: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        var newCapacity = Swift.max(16, capacity)
        while total * 4 > newCapacity * 3 { newCapacity *= 2 }
        let mask = newCapacity - 1
        var fresh = [Int32](repeating: -1, count: newCapacity)
        var seen = 0
        buckets.forEachChunk { _, chunk in
            for row in chunk where row >= 0 {
                let key = Self.key(ofRow: row, in: slots, reader)
                // Two rows with one key can only come from a key changed in place.
                var bucket = key.hashValue & mask
                while true {
                    let other = fresh[bucket]
                    if other < 0 { break }
                    if Self.key(ofRow: other, in: slots, reader) == key { Self.keyChanged(key) }
                    bucket = (bucket + 1) & mask
                }
                fresh[bucket] = row
                seen += 1
            }
        }
        precondition(seen == count, "key table lost entries while growing")
        buckets = ChunkedArray(fresh)
        tombstones = 0
    }

    /// Unindexes `row`, whose key is `key`: its bucket becomes a tombstone.
    /// The bucket is found by comparing row identities, so a key changed
    /// in place (which no longer hashes to the row's bucket) is caught.
    ///
    /// - Complexity: O(1) on average.
    @inlinable mutating func remove<Key: Hashable>(_ row: Int32, key: Key) {
        var bucket = home(of: key.hashValue)
        while true {
            let candidate = buckets[bucket]
            if candidate == row { break }
            if candidate == Self.empty { Self.keyChanged(key) }
            bucket = next(bucket)
        }
        // A tombstone followed by an empty bucket ends no probe: make it empty.
        buckets[bucket] = buckets[next(bucket)] == Self.empty ? Self.empty : Self.tombstone
        if buckets[bucket] == Self.tombstone { tombstones += 1 }
        count -= 1
    }

    /// Stops the program: a row's key changed while it was indexed.
    @usableFromInline static func keyChanged(_ key: some Hashable) -> Never {
        preconditionFailure(
            "FilterableResults: the key of an object changed while it was in the store (its key is now \(key)); keys must not change in place: replace the object instead")
    }
}

extension KeyTable: Sendable {}
