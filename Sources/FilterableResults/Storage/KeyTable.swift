/// The key index: a hash table from primary key to row identity that stores
/// each key once, in its row's element (and, for keys given by a function,
/// beside it: see ``KeyReader/indexedKeys``).
///
/// Buckets come in groups of 12, a cache line each: 12 control bytes (and
/// 4 of padding), then 12 row identities. A control byte is empty, a
/// tombstone, or a full bucket's tag: 7 bits of its key's hash. A key's
/// probe starts at its home group (other bits of its hash, scaled to the
/// number of groups, which need not be a power of two) and reads group
/// after group: in each, the buckets whose tag matches are candidates,
/// whose row's key is read from its element; a group with an empty bucket
/// ends the probe. So a lookup reads one line of the table in most cases,
/// and the table is at most 7/8 full: about 6 bytes a key, where a
/// power-of-two table of 8-byte buckets at most 3/4 full took 11 to 21.
///
/// A removal leaves an empty bucket where its group already has one (no
/// probe ever passed such a group: a group that was once full never gets
/// an empty bucket back), else a tombstone; the table is rebuilt when keys
/// and tombstones fill it. The groups are chunks of 8 under a
/// ``ChunkTrie``: versions share them, and an insert or a removal copies
/// 512 bytes and the small nodes above.
///
/// A row's key must not change while the row is indexed, but an app can
/// break that (a class element whose key property it changes in place, an
/// impure key function), and nothing it does may stop the program. Unless
/// keys are stored properties of values, the reader keeps each row's
/// indexed home bits (``KeyReader/indexedHomes``): a row whose key changed
/// stays where its old key leads, lookups of its new key pass over it,
/// and a probe for its old key meets a row whose key differs but whose
/// indexed home bits and tag are the old key's: a key changed in place
/// (``probe(for:in:reader:)``), which
/// ``repair(_:at:currentKey:hash:in:reader:)`` re-indexes under the key it
/// reports. Growing places every row by its indexed home bits.
@usableFromInline
struct KeyTable {
    /// A chunk: 14 groups of 64 bytes, from a 64-byte boundary inside it
    /// (under 1 KB with the slack for that boundary).
    @usableFromInline
    final class Chunk: ManagedBuffer<Int, UInt8> {
        @inlinable static var groupCount: Int { 14 }
        @inlinable static var byteCount: Int { groupCount * KeyTable.groupBytes }

        @inlinable static func make() -> Chunk {
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: byteCount + 63) { _ in 0 }, to: Chunk.self)
            let base = chunk.base
            for group in 0..<groupCount {
                let controls = base + group * KeyTable.groupBytes
                controls.storeBytes(of: 0, as: UInt64.self)
                controls.storeBytes(of: KeyTable.paddingWord, toByteOffset: 8, as: UInt64.self)
                for lane in 0..<KeyTable.groupSize { controls.storeBytes(of: Int32(-1), toByteOffset: 16 + 4 * lane, as: Int32.self) }
            }
            return chunk
        }

        /// The first group's address.
        @inlinable var base: UnsafeMutableRawPointer {
            withUnsafeMutablePointerToElements { elements in
                UnsafeMutableRawPointer(bitPattern: (UInt(bitPattern: elements) &+ 63) & ~63)!
            }
        }

        @inlinable func copy() -> Chunk {
            let copy = unsafeDowncast(Chunk.create(minimumCapacity: Self.byteCount + 63) { _ in 0 }, to: Chunk.self)
            copy.base.copyMemory(from: base, byteCount: Self.byteCount)
            return copy
        }
    }

    @usableFromInline var chunks = ChunkTrie()
    /// The number of groups.
    @usableFromInline private(set) var groupCount = 0
    /// The number of keys.
    @usableFromInline private(set) var count = 0
    /// The number of tombstones.
    @usableFromInline private(set) var tombstones = 0

    @inlinable init() {}

    @inlinable static var groupSize: Int { 12 }
    @inlinable static var groupBytes: Int { 64 }
    @inlinable static var empty: UInt8 { 0 }
    @inlinable static var tombstone: UInt8 { 1 }
    /// The second control word: controls 8 to 11, then 4 padding bytes that
    /// are neither empty, nor a tombstone, nor a tag.
    @inlinable static var paddingWord: UInt64 { 0x0202_0202_0000_0000 }

    /// The number of buckets.
    @inlinable var capacity: Int { groupCount * Self.groupSize }

    /// The most keys and tombstones a table of `groups` groups holds: 7/8 full.
    @inlinable static func limit(groups: Int) -> Int { groups * groupSize * 7 / 8 }

    // MARK: Hashes

    /// A key's tag: the low 7 bits of its hash, with the high bit set.
    @inlinable static func tag(of hash: Int) -> UInt8 { UInt8(truncatingIfNeeded: hash) | 0x80 }

    /// A key's home bits: 32 bits of its hash above the tag's.
    @inlinable static func home(of hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 7) }

    /// The group a key with these home bits starts probing at.
    @inlinable func homeGroup(_ home: UInt32) -> Int { Int((UInt64(home) &* UInt64(groupCount)) &>> 32) }

    // MARK: Groups

    /// The address of group `index`, valid while the table is.
    @inlinable @inline(__always) func group(_ index: Int) -> UnsafeMutableRawPointer {
        let (chunk, offset) = index.quotientAndRemainder(dividingBy: Chunk.groupCount)
        return chunks.chunk(at: chunk)._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Chunk.self).base } + offset &* Self.groupBytes
    }

    /// The address of group `index`, made unique first.
    @inlinable mutating func uniqueGroup(_ index: Int) -> UnsafeMutableRawPointer {
        let (chunk, offset) = index.quotientAndRemainder(dividingBy: Chunk.groupCount)
        return chunks.withUniqueChunk(at: chunk, copy: { unsafeDowncast($0, to: Chunk.self).copy() }) {
            unsafeDowncast($0, to: Chunk.self).base
        } + offset &* Self.groupBytes
    }

    /// A bit (the high bit of each byte) where a byte of `word` is zero.
    @inlinable @inline(__always) static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word) & ~low
    }

    /// The lanes (bit 8·*i* + 7 for lane *i*) whose control is `byte`.
    @inlinable @inline(__always) static func lanes(of group: UnsafeRawPointer, equalTo byte: UInt8) -> (UInt64, UInt64) {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        return (zeroBytes(group.load(as: UInt64.self) ^ pattern), zeroBytes(group.load(fromByteOffset: 8, as: UInt64.self) ^ pattern))
    }

    /// Whether a group has an empty bucket.
    @inlinable @inline(__always) static func hasEmpty(_ group: UnsafeRawPointer) -> Bool {
        let (low, high) = lanes(of: group, equalTo: empty)
        return low | high != 0
    }

    /// The lane of the first set bit of a lane mask.
    @inlinable @inline(__always) static func lane(_ low: UInt64, _ high: UInt64) -> Int {
        low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
    }

    @inlinable @inline(__always) static func row(in group: UnsafeRawPointer, lane: Int) -> Int32 {
        group.load(fromByteOffset: 16 &+ 4 &* lane, as: Int32.self)
    }

    // MARK: Lookup

    /// Calls `isMatch` with the row of each bucket in the probe sequence of
    /// `hash` whose tag is the hash's, until it returns `true`; returns
    /// that bucket and row, or `nil` when the probe ends.
    @inlinable @inline(__always) func find(hash: Int, _ isMatch: (Int32) -> Bool) -> (bucket: Int, row: Int32)? {
        guard groupCount > 0 else { return nil }
        let tag = Self.tag(of: hash)
        var index = homeGroup(Self.home(of: hash))
        for _ in 0..<groupCount {
            let group = UnsafeRawPointer(self.group(index))
            var (low, high) = Self.lanes(of: group, equalTo: tag)
            while low | high != 0 {
                let lane = Self.lane(low, high)
                let row = Self.row(in: group, lane: lane)
                if isMatch(row) { return (index &* Self.groupSize &+ lane, row) }
                if low != 0 { low &= low &- 1 } else { high &= high &- 1 }
            }
            if Self.hasEmpty(group) { return nil }
            index &+= 1
            if index == groupCount { index = 0 }
        }
        return nil
    }

    /// The row whose key is `key`, or `nil`. A row whose key changed in
    /// place is found under neither key.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func row<Element, Key: Hashable>(for key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) -> Int32? {
        guard count > 0 else { return nil }
        return row(for: key, hash: key.hashValue, in: slots, reader: reader)
    }

    /// ``row(for:in:reader:)`` with the key's hash already computed.
    @inlinable func row<Element, Key: Hashable>(
        for key: Key, hash: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>
    ) -> Int32? {
        // The key's offset and function are taken out once, not at every probe.
        if let keyAt = reader.keyAt {
            let offset = reader.keyOffset
            return find(hash: hash) { row in
                slots.withPointer(at: Int(row)) { KeyReader.key(at: $0, offset: offset, keyAt: keyAt) } == key
            }?.row
        }
        return find(hash: hash) { row in reader.key(ofRow: row, in: slots) == key }?.row
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
        let home = Self.home(of: hash)
        var changed: (row: Int32, bucket: Int, key: Key)?
        let found = find(hash: hash) { row in
            let current = reader.key(ofRow: row, in: slots)
            if current == key { return true }
            // Another key with the same tag, or this row's key changed in
            // place: the home bits of the key it was indexed under tell.
            if let homes = reader.indexedHomes, homes[Int(row)] == home {
                changed = (row, 0, current)
                return true
            }
            return false
        }
        guard let found else { return .missing }
        if let changed { return .changed(row: changed.row, bucket: found.bucket, currentKey: changed.key, hash: changed.key.hashValue) }
        return .found(found.row)
    }

    /// The bucket holding `row` in the probe sequence of `hash`, or `nil`
    /// when the row is not indexed there (its key changed in place).
    ///
    /// - Complexity: O(1) on average.
    @inlinable func bucket(ofRow row: Int32, hash: Int) -> Int? {
        find(hash: hash) { $0 == row }?.bucket
    }

    /// The bucket holding `row`, searched from the home group of `home`
    /// whatever the tags, or `nil`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable func bucket(ofRow row: Int32, home: UInt32) -> Int? {
        guard groupCount > 0 else { return nil }
        var index = homeGroup(home)
        for _ in 0..<groupCount {
            let group = UnsafeRawPointer(self.group(index))
            for lane in 0..<Self.groupSize where Self.row(in: group, lane: lane) == row && group.load(fromByteOffset: lane, as: UInt8.self) >= 0x80 {
                return index * Self.groupSize + lane
            }
            if Self.hasEmpty(group) { return nil }
            index += 1
            if index == groupCount { index = 0 }
        }
        return nil
    }

    /// The bucket holding `row` wherever it is, or `nil`.
    ///
    /// - Complexity: O(capacity).
    @inlinable func scanForBucket(ofRow row: Int32) -> Int? {
        for index in 0..<groupCount {
            let group = UnsafeRawPointer(self.group(index))
            for lane in 0..<Self.groupSize where Self.row(in: group, lane: lane) == row && group.load(fromByteOffset: lane, as: UInt8.self) >= 0x80 {
                return index * Self.groupSize + lane
            }
        }
        return nil
    }

    /// Whether a row is indexed (anywhere).
    ///
    /// - Complexity: O(capacity).
    @inlinable func isIndexed(_ row: Int32) -> Bool { scanForBucket(ofRow: row) != nil }

    // MARK: Changes

    /// Indexes `row` under `key`, which no row has.
    ///
    /// - Complexity: amortised O(1); O(*n*) when the table grows.
    @inlinable mutating func insert<Element, Key: Hashable>(_ row: Int32, key: Key, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        insert(row, hash: key.hashValue, in: slots, reader: reader)
    }

    /// Indexes `row` under a key with `hash`, which no row has.
    ///
    /// - Complexity: amortised O(1); O(*n*) when the table grows.
    @inlinable mutating func insert<Element, Key: Hashable>(_ row: Int32, hash: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if count + tombstones + 1 > Self.limit(groups: groupCount) {
            rebuild(groups: Self.groups(toHold: Swift.max(count + 1, count + count / 2)), in: slots, reader: reader)
        }
        place(row, tag: Self.tag(of: hash), home: Self.home(of: hash))
        count += 1
    }

    /// Makes room for `total` keys without further growth, and when it
    /// grows the table, room for a tenth more: a table filled to its limit
    /// would be rebuilt at the next insert.
    ///
    /// - Complexity: O(*n*) when the table grows, else O(1).
    @inlinable mutating func reserve<Element, Key: Hashable>(_ total: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        if total + tombstones > Self.limit(groups: groupCount) {
            let room = Swift.max(total, count)
            rebuild(groups: Self.groups(toHold: room + room / 10), in: slots, reader: reader)
        }
    }

    /// The fewest groups that hold `total` keys at most 7/8 full.
    @inlinable static func groups(toHold total: Int) -> Int {
        var groups = Swift.max(1, (total * 8 + groupSize * 7 - 1) / (groupSize * 7))
        while limit(groups: groups) < total { groups += 1 }
        return groups
    }

    /// Stores a row in the first free bucket (empty or a tombstone) of the
    /// probe sequence of `home`.
    @inlinable mutating func place(_ row: Int32, tag: UInt8, home: UInt32) {
        var index = homeGroup(home)
        while true {
            let group = UnsafeRawPointer(self.group(index))
            // Free: a control of 0 or 1.
            let free = (Self.zeroBytes(group.load(as: UInt64.self) & 0xFEFE_FEFE_FEFE_FEFE),
                        Self.zeroBytes(group.load(fromByteOffset: 8, as: UInt64.self) & 0xFEFE_FEFE_FEFE_FEFE))
            if free.0 | free.1 != 0 {
                let lane = Self.lane(free.0, free.1)
                let target = uniqueGroup(index)
                if target.load(fromByteOffset: lane, as: UInt8.self) == Self.tombstone { tombstones -= 1 }
                target.storeBytes(of: tag, toByteOffset: lane, as: UInt8.self)
                target.storeBytes(of: row, toByteOffset: 16 + 4 * lane, as: Int32.self)
                return
            }
            index += 1
            if index == groupCount { index = 0 }
        }
    }

    /// Rebuilds the table with `groups` groups and no tombstones. Every
    /// row goes where the key it was indexed under leads: a row whose key
    /// changed in place stays under its old key.
    ///
    /// - Complexity: O(capacity), plus a hash per key when keys are stable.
    @inlinable mutating func rebuild<Element, Key: Hashable>(groups newCount: Int, in slots: SlotArray<Element>, reader: KeyReader<Element, Key>) {
        let entries = indexedEntries(in: slots, reader: reader) { _ in false }
        precondition(entries.count == count, "key table lost entries while growing")
        fill(groups: newCount, with: entries)
    }

    /// Unindexes every row whose bit is set in `dropped` (a bit per row
    /// identity) in one pass: the table is rebuilt for the rows that stay,
    /// with room for a tenth more. Where most rows go, this reads the
    /// table once in order instead of probing for each row (a cache miss
    /// each in a large table). Returns how many rows it dropped.
    ///
    /// - Complexity: O(capacity), plus a hash per row kept when keys are stable.
    @inlinable @discardableResult mutating func removeRows<Element, Key: Hashable>(
        _ dropped: [UInt64], in slots: SlotArray<Element>, reader: KeyReader<Element, Key>
    ) -> Int {
        let entries = indexedEntries(in: slots, reader: reader) { row in
            let word = Int(row) &>> 6
            return word < dropped.count && dropped[word] & (1 &<< UInt64(row & 63)) != 0
        }
        let removed = count - entries.count
        count = entries.count
        fill(groups: Self.groups(toHold: count + count / 10), with: entries)
        return removed
    }

    /// The rows indexed, with their tags and the home bits they were
    /// indexed under, but those `isDropped`, in the table's order.
    @inlinable func indexedEntries<Element, Key: Hashable>(
        in slots: SlotArray<Element>, reader: KeyReader<Element, Key>, dropping isDropped: (Int32) -> Bool
    ) -> [(row: Int32, tag: UInt8, home: UInt32)] {
        var entries: [(row: Int32, tag: UInt8, home: UInt32)] = []
        entries.reserveCapacity(count)
        for index in 0..<groupCount {
            let group = UnsafeRawPointer(self.group(index))
            for lane in 0..<Self.groupSize {
                let control = group.load(fromByteOffset: lane, as: UInt8.self)
                guard control >= 0x80 else { continue }
                let row = Self.row(in: group, lane: lane)
                guard !isDropped(row) else { continue }
                entries.append((row, control, reader.indexedHome(ofRow: row, in: slots)))
            }
        }
        return entries
    }

    /// Replaces the table by `newCount` groups holding `entries` (as many
    /// as ``count``) and no tombstones.
    @inlinable mutating func fill(groups newCount: Int, with entries: [(row: Int32, tag: UInt8, home: UInt32)]) {
        precondition(newCount <= Int(UInt32.max), "the key index holds at most \(Int(UInt32.max) * 21 / 2) keys")
        // The new groups are filled in place before the trie holds them.
        var chunks: [Chunk] = []
        chunks.reserveCapacity((newCount + Chunk.groupCount - 1) / Chunk.groupCount)
        for _ in stride(from: 0, to: newCount, by: Chunk.groupCount) { chunks.append(Chunk.make()) }
        let bases = chunks.map(\.base)
        for entry in entries {
            var index = Int((UInt64(entry.home) &* UInt64(newCount)) &>> 32)
            while true {
                let (chunk, offset) = index.quotientAndRemainder(dividingBy: Chunk.groupCount)
                let group = bases[chunk] + offset &* Self.groupBytes
                let free = Self.zeroBytes(group.load(as: UInt64.self)) | Self.zeroBytes(group.load(fromByteOffset: 8, as: UInt64.self))
                if free != 0 {
                    let lane = Self.lane(Self.zeroBytes(group.load(as: UInt64.self)), Self.zeroBytes(group.load(fromByteOffset: 8, as: UInt64.self)))
                    group.storeBytes(of: entry.tag, toByteOffset: lane, as: UInt8.self)
                    group.storeBytes(of: entry.row, toByteOffset: 16 + 4 * lane, as: Int32.self)
                    break
                }
                index += 1
                if index == newCount { index = 0 }
            }
        }
        self.chunks = ChunkTrie(chunks: chunks)
        groupCount = newCount
        tombstones = 0
    }

    /// Unindexes `row`, indexed under a key whose home bits are `home`.
    /// Returns whether the row was found where those bits lead (`false`:
    /// found by scanning every bucket; only a corrupted index would).
    ///
    /// - Complexity: O(1) on average.
    @inlinable @discardableResult mutating func remove(_ row: Int32, home: UInt32) -> Bool {
        if let bucket = bucket(ofRow: row, home: home) {
            vacate(bucket)
            return true
        }
        if let bucket = scanForBucket(ofRow: row) { vacate(bucket) }
        return false
    }

    /// Empties a bucket that holds a row.
    @inlinable mutating func vacate(_ bucket: Int) {
        let (index, lane) = bucket.quotientAndRemainder(dividingBy: Self.groupSize)
        // A group with an empty bucket was never full, so no probe passed
        // it: the bucket can be empty too. Else a tombstone keeps probes going.
        let hadEmpty = Self.hasEmpty(UnsafeRawPointer(group(index)))
        let target = uniqueGroup(index)
        target.storeBytes(of: hadEmpty ? Self.empty : Self.tombstone, toByteOffset: lane, as: UInt8.self)
        target.storeBytes(of: Int32(-1), toByteOffset: 16 + 4 * lane, as: Int32.self)
        if !hadEmpty { tombstones += 1 }
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
        let (index, lane) = bucket.quotientAndRemainder(dividingBy: Self.groupSize)
        precondition(Self.row(in: group(index), lane: lane) == row, "repairing a bucket that does not hold the row")
        if case .found = probe(for: currentKey, in: slots, reader: reader) { return false }
        vacate(bucket)
        place(row, tag: Self.tag(of: hash), home: Self.home(of: hash))
        count += 1
        return true
    }

    // MARK: Invariants

    /// Traps when the table disagrees with itself: counts, padding, a row
    /// indexed twice, or a row its probe cannot reach (by the home bits
    /// `homeOf` gives each row).
    ///
    /// - Complexity: O(capacity).
    @usableFromInline func checkInvariants(homeOf: (Int32) -> UInt32) {
        var full = 0
        var dead = 0
        var seen = Set<Int32>()
        for index in 0..<groupCount {
            let group = UnsafeRawPointer(self.group(index))
            precondition(group.load(fromByteOffset: 8, as: UInt64.self) & 0xFFFF_FFFF_0000_0000 == Self.paddingWord, "key group \(index) lost its padding")
            for lane in 0..<Self.groupSize {
                let control = group.load(fromByteOffset: lane, as: UInt8.self)
                if control == Self.tombstone { dead += 1 }
                guard control >= 0x80 else {
                    precondition(control <= Self.tombstone, "key group \(index) has a bad control byte \(control)")
                    continue
                }
                full += 1
                let row = Self.row(in: group, lane: lane)
                precondition(seen.insert(row).inserted, "row \(row) is in the key index twice")
                // Reachable: every group from its home up to here is full
                // of keys and tombstones.
                var probe = homeGroup(homeOf(row))
                while probe != index {
                    precondition(!Self.hasEmpty(UnsafeRawPointer(self.group(probe))), "row \(row) sits past an empty bucket of its probe")
                    probe += 1
                    if probe == groupCount { probe = 0 }
                }
            }
        }
        precondition(full == count && dead == tombstones, "key table counts \(count) keys and \(tombstones) tombstones, holds \(full) and \(dead)")
        precondition(count + tombstones <= Swift.max(Self.limit(groups: groupCount), 0), "key table past its load")
    }
}

extension KeyTable: Sendable {}
