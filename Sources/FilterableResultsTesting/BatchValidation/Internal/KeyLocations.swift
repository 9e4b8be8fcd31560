import FilterableResults

/// Where each key of a table is (its first place if it repeats): a hash
/// index of positions into the table's own key lists.
///
/// A `[Key: ResultsIndexPath]` keeps a copy of every key and a 16-byte path
/// in each of its buckets; this keeps one 8-byte position per bucket and
/// reads the key from the lists it indexes: for a million JSON keys, 16 MB
/// rather than 80.
struct KeyLocations<Key: Hashable> {
    /// The keys indexed, section by section (shared, not copied).
    private let keys: [[Key]]
    /// Open addressing with linear probing, at most half full: 0 is an
    /// empty bucket, else the section in the high 32 bits and the row plus
    /// one in the low 32.
    private var buckets: [UInt64]
    /// `buckets.count - 1`: the bits of a hash that choose a bucket.
    private let mask: Int

    /// Indexes `keys`, calling `repeated` for each place whose key already
    /// has an earlier one, with the earlier place and this one.
    ///
    /// - Complexity: O(*n*) expected, where *n* is the number of keys.
    init(_ keys: [[Key]], repeated: (Key, ResultsIndexPath, ResultsIndexPath) -> Void) {
        let count = keys.reduce(0) { $0 + $1.count }
        precondition(keys.count <= Int(UInt32.max) && keys.allSatisfy { $0.count < Int(UInt32.max) }, "a table too large to index")
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        self.keys = keys
        buckets = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for (section, rows) in keys.enumerated() {
            for (row, key) in rows.enumerated() {
                let place = ResultsIndexPath(row: row, section: section)
                switch probe(for: key) {
                case let .found(first): repeated(key, first, place)
                case let .empty(bucket): buckets[bucket] = UInt64(section) << 32 | UInt64(row + 1)
                }
            }
        }
    }

    /// The first place of `key` in the table, or `nil` when it has none.
    ///
    /// - Complexity: O(1) expected.
    subscript(key: Key) -> ResultsIndexPath? {
        if case let .found(place) = probe(for: key) { place } else { nil }
    }

    private enum Probe {
        case found(ResultsIndexPath)
        case empty(Int)
    }

    /// The place of `key`, or the empty bucket where it would go.
    private func probe(for key: Key) -> Probe {
        var bucket = key.hashValue & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return .empty(bucket) }
            let place = ResultsIndexPath(row: Int(entry & 0xFFFF_FFFF) - 1, section: Int(entry >> 32))
            if keys[place.section][place.row] == key { return .found(place) }
            bucket = (bucket + 1) & mask
        }
    }
}
