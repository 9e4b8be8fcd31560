import FilterableResults

/// Where each key of a table is (its first place if it repeats): a hash
/// index of positions into the table's keys.
///
/// A `[Key: ResultsIndexPath]` keeps a copy of every key and a 16-byte path
/// in each of its buckets; this keeps a 4-byte row number per bucket, at
/// most three quarters full, and reads the key from the table it indexes:
/// for a million rows, 8 MB rather than 80.
@usableFromInline struct KeyLocations<Row, Key: Hashable> {
    /// The keys indexed, section by section (read, not copied).
    @usableFromInline let keys: TableKeys<Row, Key>
    /// The number of the first row of each section, counting the rows of
    /// the sections before it.
    @usableFromInline let sectionStarts: [Int]
    /// Open addressing with linear probing: 0 is an empty bucket, else the
    /// row's number plus one.
    @usableFromInline var buckets: [UInt32]
    /// `buckets.count - 1`: the bits of a hash that choose a bucket.
    @usableFromInline let mask: Int

    /// Indexes `keys`, calling `repeated` for each place whose key already
    /// has an earlier one, with the earlier place and this one.
    ///
    /// - Complexity: O(*n*) expected, where *n* is the number of keys.
    @inlinable init(_ keys: TableKeys<Row, Key>, repeated: (Key, ResultsIndexPath, ResultsIndexPath) -> Void) {
        var starts: [Int] = []
        starts.reserveCapacity(keys.count)
        var count = 0
        for section in keys {
            starts.append(count)
            count += section.count
        }
        precondition(count < Int(UInt32.max), "a table too large to index")
        var capacity = 16
        while capacity * 3 < count * 4 { capacity *= 2 }
        self.keys = keys
        sectionStarts = starts
        buckets = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for section in keys.indices {
            let rows = keys[section]
            for row in rows.indices {
                let key = rows[row]
                switch probe(for: key) {
                case let .found(first): repeated(key, first, ResultsIndexPath(row: row, section: section))
                case let .empty(bucket): buckets[bucket] = UInt32(starts[section] + row + 1)
                }
            }
        }
    }

    /// The first place of `key` in the table, or `nil` when it has none.
    ///
    /// - Complexity: O(1) expected (O(log *s*) for *s* sections).
    @inlinable subscript(key: Key) -> ResultsIndexPath? {
        if case let .found(place) = probe(for: key) { place } else { nil }
    }

    @usableFromInline enum Probe {
        case found(ResultsIndexPath)
        case empty(Int)
    }

    /// The place of row number `number`.
    @inlinable func place(ofRow number: Int) -> ResultsIndexPath {
        // The last section starting at or before the row (empty sections
        // start where the next one does).
        var low = 0, high = sectionStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= number { low = middle } else { high = middle }
        }
        return ResultsIndexPath(row: number - sectionStarts[low], section: low)
    }

    /// The place of `key`, or the empty bucket where it would go.
    @inlinable func probe(for key: Key) -> Probe {
        var bucket = key.hashValue & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return .empty(bucket) }
            let place = place(ofRow: Int(entry) - 1)
            if keys[place.section][place.row] == key { return .found(place) }
            bucket = (bucket + 1) & mask
        }
    }
}
