/// The key index: a hash table from primary key to row identity that stores
/// each key once, in its row's object.
///
/// Buckets hold row identities (`-1` for empty); a key is found by hashing
/// it and probing linearly, reading each candidate row's key from its
/// object. Removal shifts the following entries back (no tombstones), so a
/// lookup never probes further than the cluster its key hashes into. The
/// buckets are a ``ChunkedArray``: versions share them, and an insert or a
/// removal copies one chunk.
///
/// A row's key must not change while the row is indexed. A class object
/// whose key is changed in place is detected when its row is unindexed and
/// stops the program with a message naming the key (a programmer error, as
/// `IdentifiedArray` treats it).
@usableFromInline
struct KeyTable {
    @usableFromInline var buckets = ChunkedArray<Int32>()
    /// The number of keys.
    @usableFromInline private(set) var count = 0

    @inlinable init() {}

    @inlinable var capacity: Int { buckets.count }

    /// The bucket a hash starts probing at.
    @inlinable func home(of hash: Int) -> Int { hash & (capacity - 1) }

    @inlinable func next(_ bucket: Int) -> Int { (bucket + 1) & (capacity - 1) }

    // MARK: Lookup

    /// The row whose key is `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row<Key: Hashable>(for key: Key, keyOfRow: (Int32) -> Key) -> Int32? {
        guard count > 0 else { return nil }
        var bucket = home(of: key.hashValue)
        while true {
            let row = buckets[bucket]
            if row < 0 { return nil }
            if keyOfRow(row) == key { return row }
            bucket = next(bucket)
        }
    }

    // MARK: Changes

    /// Indexes `row` under `key`, which no row has.
    ///
    /// - Complexity: amortised O(1); O(*n*) when the table grows.
    @inlinable mutating func insert<Key: Hashable>(_ row: Int32, key: Key, keyOfRow: (Int32) -> Key) {
        if (count + 1) * 4 > capacity * 3 { grow(toHold: count + 1, keyOfRow: keyOfRow) }
        place(row, hash: key.hashValue)
        count += 1
    }

    /// Makes room for `total` keys without further growth.
    ///
    /// - Complexity: O(*n*) when the table grows, else O(1).
    @inlinable mutating func reserve<Key: Hashable>(_ total: Int, keyOfRow: (Int32) -> Key) {
        if total * 4 > capacity * 3 { grow(toHold: total, keyOfRow: keyOfRow) }
    }

    @inlinable mutating func place(_ row: Int32, hash: Int) {
        var bucket = home(of: hash)
        while buckets[bucket] >= 0 { bucket = next(bucket) }
        buckets[bucket] = row
    }

    /// Rebuilds the table with room for `total` keys at most 75% full.
    @inlinable mutating func grow<Key: Hashable>(toHold total: Int, keyOfRow: (Int32) -> Key) {
        var newCapacity = Swift.max(16, capacity)
        while total * 4 > newCapacity * 3 { newCapacity *= 2 }
        let old = buckets
        buckets = ChunkedArray(repeating: -1, count: newCapacity)
        var seen = 0
        old.forEachChunk { _, chunk in
            for row in chunk where row >= 0 {
                let key = keyOfRow(row)
                // Two rows with one key can only come from a key changed in place.
                var bucket = home(of: key.hashValue)
                while true {
                    let other = buckets[bucket]
                    if other < 0 { break }
                    if keyOfRow(other) == key { Self.keyChanged(key) }
                    bucket = next(bucket)
                }
                buckets[bucket] = row
                seen += 1
            }
        }
        precondition(seen == count, "key table lost entries while growing")
    }

    /// Unindexes `row`, whose key is `key`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable mutating func remove<Key: Hashable>(_ row: Int32, key: Key, keyOfRow: (Int32) -> Key) {
        var hole = home(of: key.hashValue)
        while true {
            let candidate = buckets[hole]
            if candidate == row { break }
            if candidate < 0 { Self.keyChanged(key) }
            hole = next(hole)
        }
        // Shift the rest of the cluster back over the hole.
        var probe = next(hole)
        while true {
            let candidate = buckets[probe]
            if candidate < 0 { break }
            let ideal = home(of: keyOfRow(candidate).hashValue)
            // Move the entry unless its home lies after the hole, up to the probe.
            let distanceToHole = (probe - hole) & (capacity - 1)
            let distanceToHome = (probe - ideal) & (capacity - 1)
            if distanceToHome >= distanceToHole {
                buckets[hole] = candidate
                hole = probe
            }
            probe = next(probe)
        }
        buckets[hole] = -1
        count -= 1
    }

    /// Stops the program: a row's key changed while it was indexed.
    @usableFromInline static func keyChanged(_ key: some Hashable) -> Never {
        preconditionFailure(
            "FilterableResults: the key of an object changed while it was in the store (its key is now \(key)); keys must not change in place: replace the object instead")
    }
}

extension KeyTable: Sendable {}
