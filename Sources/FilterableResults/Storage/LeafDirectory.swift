/// Where rows and headers are, and the order of leaves.
@usableFromInline
struct LeafDirectory {
    /// Each row's leaf number, by row identity.
    @usableFromInline var leafOfRow = ChunkedArray<UInt32>()
    /// Each section header's leaf number, by section identity.
    @usableFromInline var leafOfSection = ChunkedArray<UInt32>()
    /// Each leaf's order label, by leaf number.
    @usableFromInline var labels = ChunkedArray<UInt64>()
    @usableFromInline var freeNumbers: [UInt32] = []

    @inlinable init() {}

    @inlinable func leaf(of item: Int32) -> UInt32 {
        item >= 0 ? leafOfRow[Int(item)] : leafOfSection[Int(-1 - item)]
    }

    /// The order label of the leaf that holds `item`.
    @inlinable func label(of item: Int32) -> UInt64 { labels[Int(leaf(of: item))] }

    @inlinable mutating func setLeaf(of item: Int32, to number: UInt32) {
        if item >= 0 { leafOfRow[Int(item)] = number } else { leafOfSection[Int(-1 - item)] = number }
    }

    /// A leaf number for a new leaf with `label`.
    @inlinable mutating func allocate(label: UInt64) -> UInt32 {
        if let number = freeNumbers.popLast() {
            labels[Int(number)] = label
            return number
        }
        labels.append(label)
        return UInt32(labels.count - 1)
    }

    @inlinable mutating func free(_ number: UInt32) { freeNumbers.append(number) }
}

extension LeafDirectory: Sendable {}
