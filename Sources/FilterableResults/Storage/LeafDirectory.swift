/// Where rows and headers are, and the order of leaves.
///
/// An item's entry is its leaf's number (the high 26 bits) and, in the low
/// 6 bits, its offset in that leaf when the entry was written: a hint that
/// edits in the leaf since then may have moved by a place or a few, so
/// that finding the item in its leaf reads the cache line the hint points
/// to, not every line before the item.
@usableFromInline
struct LeafDirectory {
    /// Each row's leaf number and offset hint, by row identity.
    @usableFromInline var leafOfRow = ChunkedArray<UInt32>()
    /// Each section header's leaf number and offset hint, by section identity.
    @usableFromInline var leafOfSection = ChunkedArray<UInt32>()
    /// Each leaf's order label, by leaf number.
    @usableFromInline var labels = ChunkedArray<UInt64>()
    @usableFromInline var freeNumbers: [UInt32] = []

    @inlinable init() {}

    /// The bits of an entry that hold the offset hint.
    @inlinable static var hintBits: UInt32 { 6 }

    /// The bits of an entry that hold the offset hint, as a mask.
    @inlinable static var hintMask: UInt32 { 1 &<< hintBits &- 1 }

    /// The most leaves a tree has: over a billion rows at the fewest rows
    /// a leaf keeps on average.
    @inlinable static var leafLimit: Int { 1 << (32 - Int(hintBits)) }

    /// An entry: a leaf number and an offset in that leaf.
    @inlinable static func entry(leaf number: UInt32, offset: Int) -> UInt32 {
        assert(Int(number) < leafLimit && offset >= 0 && offset <= Int(hintMask), "leaf \(number), offset \(offset)")
        return number &<< hintBits | UInt32(truncatingIfNeeded: offset) & hintMask
    }

    /// The entry of `item`: its leaf number and offset hint.
    @inlinable func entry(of item: Int32) -> UInt32 {
        item >= 0 ? leafOfRow[Int(item)] : leafOfSection[Int(-1 - item)]
    }

    /// The number of the leaf that holds `item`.
    @inlinable func leaf(of item: Int32) -> UInt32 { entry(of: item) &>> Self.hintBits }

    /// The order label of the leaf whose entry is `entry`.
    @inlinable func label(ofEntry entry: UInt32) -> UInt64 { labels[Int(entry &>> Self.hintBits)] }

    /// The order label of the leaf that holds `item`.
    @inlinable func label(of item: Int32) -> UInt64 { label(ofEntry: entry(of: item)) }

    /// The offset hint of an entry.
    @inlinable static func offsetHint(_ entry: UInt32) -> Int { Int(entry & hintMask) }

    /// Records that `item` is at `offset` in leaf `number`.
    @inlinable mutating func setLeaf(of item: Int32, to number: UInt32, offset: Int) {
        let entry = Self.entry(leaf: number, offset: offset)
        if item >= 0 { leafOfRow[Int(item)] = entry } else { leafOfSection[Int(-1 - item)] = entry }
    }

    /// A leaf number for a new leaf with `label`.
    @inlinable mutating func allocate(label: UInt64) -> UInt32 {
        if let number = freeNumbers.popLast() {
            labels[Int(number)] = label
            return number
        }
        precondition(labels.count < Self.leafLimit, "a store holds at most \(Self.leafLimit) leaves of rows")
        labels.append(label)
        return UInt32(labels.count - 1)
    }

    @inlinable mutating func free(_ number: UInt32) { freeNumbers.append(number) }
}

extension LeafDirectory: Sendable {}
