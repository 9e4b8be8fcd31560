/// The key index: a hash table from primary key to row identity that stores
/// each key once, in its row's element (and, for keys given by a function,
/// beside it: see ``KeyReader/indexedKeys``).
///
/// A bucket holds a row identity (`-1` for empty, `-2` for a removed entry)
/// and a tag: the low 32 bits of the hash of the key the row was indexed
/// under. A key is found by hashing it and probing linearly; a bucket whose
/// tag differs is passed over without reading its row, and only a tag
/// match reads the candidate row's key from its element. Growing rehashes
/// from the tags alone (no key is read), since the tag holds the home
/// bucket's bits for any table of up to 2³² buckets. A removal leaves a
/// tombstone, found by comparing identities alone, and the table is
/// rebuilt when keys and tombstones together fill it. The buckets are a
/// ``ChunkedArray``: versions share them, and an insert or a removal copies
/// one chunk.
///
/// A row's key must not change while the row is indexed, but an app can
/// break that (a class element whose key property it changes in place, an
/// impure key function), and nothing it does may stop the program. Such a
/// row stays indexed under its old key's tag: lookups of its new key pass
/// over it, and a lookup of its old key finds a row whose key differs and
/// whose key's tag differs from the bucket's — a key changed in place
/// (``probe(for:in:reader:)`` tells it apart from another key with the
/// same tag). ``repair(_:at:currentKey:hash:in:reader:)`` re-indexes the row under the
/// key it reports; a removal by identity that misses the row's probe
/// sequence falls back to scanning every bucket.
@usableFromInline
struct KeyTable {
    /// Each bucket: the tag in the high 32 bits, the row identity's bits
    /// in the low 32.
    @usableFromInline var buckets = ChunkedArray<UInt64>()
    /// The number of keys.
    @usableFromInline private(set) var count = 0
    /// The number of tombstones.
    @usableFromInline private(set) var tombstones = 0

    @inlinable static var empty: Int32 { -1 }
    @inlinable static var tombstone: Int32 { -2 }
    /// An empty bucket (tag 0).
    @inlinable static var emptyEntry: UInt64 { UInt64(UInt32(bitPattern: empty)) }
    /// A tombstone (tag 0).
    @inlinable static var tombstoneEntry: UInt64 { UInt64(UInt32(bitPattern: tombstone)) }

    @inlinable init() {}

    @inlinable var capacity: Int { buckets.count }

    /// A key's tag: the low 32 bits of its hash.
    @inlinable static func tag(of hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: hash) }

    /// A bucket's row identity (negative for an empty bucket or a tombstone).
    @inlinable static func row(of entry: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: entry)) }

    /// A bucket's tag.
    @inlinable static func tag(of entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry &>> 32) }

    @inlinable static func entry(row: Int32, tag: UInt32) -> UInt64 {
        UInt64(tag) &<< 32 | UInt64(UInt32(bitPattern: row))
    }

    /// The bucket a hash (or a tag) starts probing at.
    @inlinable func home(of hash: Int) -> Int { hash & (capacity - 1) }

    @inlinable func next(_ bucket: Int) -> Int { (bucket + 1) & (capacity - 1) }

    // MARK: Lookup

    /// The row whose key is `key`, or `nil`. A row whose key changed in
    /// place is found under neither key.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row<Element, Key: Hashable>(for key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) -> Int32? {
        guard count > 0 else { return nil }
        // The key function is taken out once, not at every probe.
        if let keyAt = reader.keyAt { return row(for: key) { row in slots.withPointer(at: Int(row)) { keyAt($0) } } }
        return row(for: key) { row in reader.key(ofRow: row, in: slots) }
    }

    /// The row whose key, as `keyOfRow` reads it, is `key`.
    @inlinable func row<Key: Hashable>(for key: Key, keyOfRow: (Int32) -> Key?) -> Int32? {
        let hash = key.hashValue
        let tag = Self.tag(of: hash)
        var bucket = home(of: hash)
        while true {
            let entry = buckets[bucket]
            let row = Self.row(of: entry)
            if row == Self.empty { return nil }
            if Self.tag(of: entry) == tag && row >= 0 && keyOfRow(row) == key { return row }
            bucket = next(bucket)
        }
    }

    /// What a probe for a key met.
    @usableFromInline enum Probe<Key> {
        /// The row with the key.
        case found(Int32)
        /// No row has the key.
        case missing
        /// A row indexed under the key (in `bucket`) now reports
        /// `currentKey`, whose hash is `hash`: its key changed in place.
        case changed(row: Int32, bucket: Int, currentKey: Key, hash: Int)
    }

    /// The row whose key is `key`, or the row indexed under `key` whose key
    /// changed in place since.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func probe<Element, Key: Hashable>(for key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) -> Probe<Key> {
        guard count > 0 else { return .missing }
        let hash = key.hashValue
        let tag = Self.tag(of: hash)
        var bucket = home(of: hash)
        while true {
            let entry = buckets[bucket]
            let row = Self.row(of: entry)
            if row == Self.empty { return .missing }
            if row >= 0 && Self.tag(of: entry) == tag {
                let current = reader.key(ofRow: row, in: slots)
                if current == key { return .found(row) }
                // Another key with the same tag, or this row's key changed
                // in place: its key's tag tells them apart.
                let currentHash = current.hashValue
                if Self.tag(of: currentHash) != tag { return .changed(row: row, bucket: bucket, currentKey: current, hash: currentHash) }
            }
            bucket = next(bucket)
        }
    }

    /// The bucket holding `row` in the probe sequence of `hash` with that
    /// hash's tag, or `nil` when the row is not indexed there (its key
    /// changed in place).
    ///
    /// - Complexity: O(1) on average.
    @inlinable func bucket(ofRow row: Int32, hash: Int) -> Int? {
        guard capacity > 0 else { return nil }
        let wanted = Self.entry(row: row, tag: Self.tag(of: hash))
        var bucket = home(of: hash)
        while true {
            let entry = buckets[bucket]
            if entry == wanted { return bucket }
            if Self.row(of: entry) == Self.empty { return nil }
            bucket = next(bucket)
        }
    }

    /// The bucket holding `row` wherever it is, or `nil`.
    ///
    /// - Complexity: O(capacity): only for a row whose key changed in place.
    @inlinable func scanForBucket(ofRow row: Int32) -> Int? {
        var found: Int?
        buckets.forEachChunk { start, chunk in
            guard found == nil else { return }
            for offset in chunk.indices where Self.row(of: chunk[offset]) == row {
                found = start + offset
                return
            }
        }
        return found
    }

    /// The tag stored with a row identity, or `nil` when it is not indexed.
    ///
    /// - Complexity: O(capacity).
    @inlinable func storedTag(ofRow row: Int32) -> UInt32? {
        scanForBucket(ofRow: row).map { Self.tag(of: buckets[$0]) }
    }

    // MARK: Changes

    /// Indexes `row` under `key`, which no row has.
    ///
    /// - Complexity: amortised O(1); O(*n*) when the table grows.
    @inlinable mutating func insert<Element, Key: Hashable>(_ row: Int32, key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if (count + tombstones + 1) * 4 > capacity * 3 { grow(toHold: count + 1) }
        place(row, hash: key.hashValue)
        count += 1
    }

    /// Makes room for `total` keys without further growth.
    ///
    /// - Complexity: O(*n*) when the table grows, else O(1).
    @inlinable mutating func reserve<Element, Key: Hashable>(_ total: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if (total + tombstones) * 4 > capacity * 3 { grow(toHold: total) }
    }

    /// Stores a row of a key no row has in the first free bucket (empty or
    /// a tombstone) of its probe sequence.
    @inlinable mutating func place(_ row: Int32, hash: Int) {
        var bucket = home(of: hash)
        while true {
            let entry = Self.row(of: buckets[bucket])
            if entry < 0 {
                if entry == Self.tombstone { tombstones -= 1 }
                break
            }
            bucket = next(bucket)
        }
        buckets[bucket] = Self.entry(row: row, tag: Self.tag(of: hash))
    }

    /// Rebuilds the table with room for `total` keys at most 75% full, and
    /// no tombstones. Every entry goes where its tag leads: no key is read,
    /// so a row whose key changed in place stays under its old key.
    ///
    /// - Complexity: O(capacity).
    @inlinable mutating func grow(toHold total: Int) {
        var newCapacity = Swift.max(16, capacity)
        while total * 4 > newCapacity * 3 { newCapacity *= 2 }
        // The tag holds a hash's low 32 bits: enough for 2³² buckets.
        precondition(newCapacity <= 1 << 32, "the key index holds at most 3 × 2³⁰ keys")
        let mask = newCapacity - 1
        var fresh = [UInt64](repeating: Self.emptyEntry, count: newCapacity)
        var seen = 0
        fresh.withUnsafeMutableBufferPointer { fresh in
            buckets.forEachChunk { _, chunk in
                for entry in chunk where Self.row(of: entry) >= 0 {
                    var bucket = Int(Self.tag(of: entry)) & mask
                    while Self.row(of: fresh[bucket]) >= 0 { bucket = (bucket + 1) & mask }
                    fresh[bucket] = entry
                    seen += 1
                }
            }
        }
        precondition(seen == count, "key table lost entries while growing")
        buckets = ChunkedArray(fresh)
        tombstones = 0
    }

    /// Unindexes `row`, whose key is `key`: its bucket becomes a tombstone.
    /// The bucket is found by comparing row identities; a row whose key
    /// changed in place (no longer in its key's probe sequence) is found
    /// by scanning every bucket. Returns whether the row was found where
    /// its key leads (`false`: its key changed in place).
    ///
    /// - Complexity: O(1) on average; O(capacity) for a key changed in place.
    @inlinable @discardableResult mutating func remove<Key: Hashable>(_ row: Int32, key: Key) -> Bool {
        let hash = key.hashValue
        if let bucket = bucket(ofRow: row, hash: hash) {
            vacate(bucket)
            return true
        }
        // Indexed under another key (or with another tag): look everywhere.
        if let bucket = scanForBucket(ofRow: row) { vacate(bucket) }
        return false
    }

    /// Empties a bucket that holds a row.
    @inlinable mutating func vacate(_ bucket: Int) {
        // A tombstone followed by an empty bucket ends no probe: make it empty.
        if Self.row(of: buckets[next(bucket)]) == Self.empty {
            buckets[bucket] = Self.emptyEntry
        } else {
            buckets[bucket] = Self.tombstoneEntry
            tombstones += 1
        }
        count -= 1
    }

    /// Re-indexes a row whose key changed in place, found in `bucket`, under
    /// `currentKey` (whose hash is `hash`) when no other row has that key;
    /// returns whether it moved. A row whose new key another row has stays
    /// under its old key: the store cannot give two rows one key.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @discardableResult mutating func repair<Element, Key: Hashable>(
        _ row: Int32, at bucket: Int, currentKey: Key, hash: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>
    ) -> Bool {
        precondition(Self.row(of: buckets[bucket]) == row, "repairing a bucket that does not hold the row")
        if case .found = probe(for: currentKey, in: slots, reader: reader) { return false }
        vacate(bucket)
        place(row, hash: hash)
        count += 1
        return true
    }
}

extension KeyTable: Sendable {}
