/// A leaf's header: its count, number, and a bit per item for the flag
/// and for being a header.
@usableFromInline
struct LeafHeader {
    @usableFromInline var count: Int
    @usableFromInline var number: UInt32
    @usableFromInline var flagMask: UInt64
    @usableFromInline var headerMask: UInt64

    @inlinable init(count: Int, number: UInt32, flagMask: UInt64, headerMask: UInt64) {
        self.count = count
        self.number = number
        self.flagMask = flagMask
        self.headerMask = headerMask
    }
}

/// A leaf: up to ``RowTree/leafCapacity`` items inline.
@usableFromInline
final class LeafNode: ManagedBuffer<LeafHeader, Int32> {
    @inlinable static func make(number: UInt32) -> LeafNode {
        unsafeDowncast(
            LeafNode.create(minimumCapacity: RowTree.leafCapacity) { _ in
                LeafHeader(count: 0, number: number, flagMask: 0, headerMask: 0)
            },
            to: LeafNode.self)
    }

    @inlinable func copy() -> LeafNode {
        let copy = LeafNode.make(number: number)
        withUnsafeMutablePointers { header, source in
            copy.withUnsafeMutablePointers { copyHeader, target in
                copyHeader.pointee = header.pointee
                target.update(from: source, count: header.pointee.count)
            }
        }
        return copy
    }

    // The header is read and written through its pointer: `header` is a
    // class property, and each access to it would be checked for exclusivity.

    /// The number of items.
    @inlinable var count: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee.count } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
    }

    /// The leaf's number in the directory.
    @inlinable var number: UInt32 { withUnsafeMutablePointerToHeader { $0.pointee.number } }

    /// A bit per item: a row's visibility, or a header's section having a visible row.
    @inlinable var flagMask: UInt64 {
        get { withUnsafeMutablePointerToHeader { $0.pointee.flagMask } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.flagMask = newValue } }
    }

    /// A bit per item that is a section header.
    @inlinable var headerMask: UInt64 {
        get { withUnsafeMutablePointerToHeader { $0.pointee.headerMask } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.headerMask = newValue } }
    }

    @inlinable subscript(offset: Int) -> Int32 {
        get { withUnsafeMutablePointerToElements { $0[offset] } }
        set { withUnsafeMutablePointerToElements { $0[offset] = newValue } }
    }

    @inlinable func flag(at offset: Int) -> Bool { flagMask & (1 << UInt64(offset)) != 0 }

    /// Appends the item of every row (not header) to `rows`, in order: in
    /// one copy when the leaf holds no section header.
    @inlinable func appendRows(to rows: inout [Int32]) {
        guard headerMask == 0 else {
            forEachRow(in: ~0) { _, item in rows.append(item) }
            return
        }
        let count = self.count
        withUnsafeMutablePointerToElements { items in
            rows.append(contentsOf: UnsafeBufferPointer(start: items, count: count))
        }
    }

    /// Calls `body` with the offset and item of every row (not header) whose
    /// bit is set in `mask`, in order.
    @inlinable func forEachRow(in mask: UInt64, _ body: (_ offset: Int, _ item: Int32) throws -> Void) rethrows {
        var remaining = mask & ~headerMask & Self.mask(below: count)
        try withUnsafeMutablePointerToElements { items in
            while remaining != 0 {
                let offset = remaining.trailingZeroBitCount
                try body(offset, items[offset])
                remaining &= remaining &- 1
            }
        }
    }

    /// The bits of the first `count` offsets.
    @inlinable static func mask(below count: Int) -> UInt64 { count >= 64 ? ~0 : (1 << UInt64(count)) &- 1 }

    /// What this leaf's items count.
    @inlinable var summary: TreeSummary { summary(before: count) }

    /// What the first `offset` items count.
    @inlinable func summary(before offset: Int) -> TreeSummary {
        Self.summary(before: offset, headerMask: headerMask, flagMask: flagMask)
    }

    /// What the first `offset` items of a leaf with these bits count.
    @inlinable static func summary(before offset: Int, headerMask: UInt64, flagMask: UInt64) -> TreeSummary {
        let below: UInt64 = offset >= 64 ? ~0 : (1 << UInt64(offset)) &- 1
        let headers = headerMask & below
        let flags = flagMask & below
        if headers == 0 {
            // Rows only (most leaves): one count of bits.
            let visible = Int32(flags.nonzeroBitCount)
            return TreeSummary(
                rows: Int32(offset), visibleRows: visible, headers: 0, nonEmptyHeaders: 0,
                rowsAfterLastHeader: Int32(offset), visibleRowsAfterLastHeader: visible)
        }
        let headerCount = Int32(headers.nonzeroBitCount)
        let visibleRows = flags & ~headers
        // The items after the last header: all of them are rows.
        let afterLastHeader = headers == 0 ? below : below & ~((1 << UInt64(63 - headers.leadingZeroBitCount)) &* 2 &- 1)
        return TreeSummary(
            rows: Int32(offset) - headerCount,
            visibleRows: Int32(visibleRows.nonzeroBitCount),
            headers: headerCount,
            nonEmptyHeaders: Int32((flags & headers).nonzeroBitCount),
            rowsAfterLastHeader: Int32(afterLastHeader.nonzeroBitCount),
            visibleRowsAfterLastHeader: Int32((visibleRows & afterLastHeader).nonzeroBitCount))
    }

    /// The offset of `item` in this leaf, or `nil`.
    @inlinable func offset(of item: Int32) -> Int? {
        withUnsafeMutablePointers { header, items in Self.offset(of: item, in: items, count: header.pointee.count) }
    }

    /// The offset of `item` among the first `count` of `items`, or `nil`.
    /// Compares eight at a time.
    @inlinable static func offset(of item: Int32, in items: UnsafeMutablePointer<Int32>, count: Int) -> Int? {
        let target = SIMD8<Int32>(repeating: item)
        var start = 0
        while start + 8 <= count {
            let chunk = UnsafeRawPointer(items + start).loadUnaligned(as: SIMD8<Int32>.self)
            let matches = chunk .== target
            if any(matches) {
                for lane in 0..<8 where matches[lane] { return start + lane }
            }
            start += 8
        }
        while start < count {
            if items[start] == item { return start }
            start += 1
        }
        return nil
    }

    /// The offset of `item` among the first `count` of `items`, or `nil`,
    /// looked for first at `hint` and the few places either side of it.
    ///
    /// A hint is the item's offset when its leaf last recorded it; each
    /// insertion or removal before it in the leaf since then moves it by
    /// one, so it is found within a few places of its hint, in the cache
    /// line the hint points to, in most cases, and by a scan in the rest.
    @inlinable static func offset(of item: Int32, in items: UnsafeMutablePointer<Int32>, count: Int, near hint: Int) -> Int? {
        let reach = 4
        let low = Swift.max(0, Swift.min(hint, count) &- reach)
        let high = Swift.min(count, hint &+ reach &+ 1)
        var offset = low
        while offset < high {
            if items[offset] == item { return offset }
            offset &+= 1
        }
        return Self.offset(of: item, in: items, count: count)
    }

    /// The offset of the `rank`-th (from 0) set bit of `bits`.
    ///
    /// - Precondition: `bits` has more than `rank` set bits.
    @inlinable static func offset(ofSetBit rank: Int, in bits: UInt64) -> Int {
        var bits = bits
        var rank = rank
        var offset = 0
        // Halve the word three times, then clear the last few bits.
        @inline(__always) func narrow(_ width: UInt64) {
            let low = bits & ((1 << width) &- 1)
            let count = low.nonzeroBitCount
            if rank >= count {
                rank &-= count
                bits >>= width
                offset &+= Int(width)
            } else {
                bits = low
            }
        }
        narrow(32)
        narrow(16)
        narrow(8)
        while rank > 0 {
            bits &= bits &- 1
            rank &-= 1
        }
        return offset &+ bits.trailingZeroBitCount
    }

    /// Inserts an item at `offset`, shifting the later ones (and their bits).
    @inlinable func insert(_ item: Int32, flag: Bool, at offset: Int) {
        withUnsafeMutablePointers { header, items in
            let count = header.pointee.count
            (items + offset + 1).update(from: items + offset, count: count - offset)
            items[offset] = item
            header.pointee.flagMask = Self.inserting(flag, into: header.pointee.flagMask, at: offset)
            header.pointee.headerMask = Self.inserting(item < 0, into: header.pointee.headerMask, at: offset)
            header.pointee.count = count + 1
        }
    }

    /// Removes the item at `offset`; returns it.
    @inlinable func remove(at offset: Int) -> Int32 {
        withUnsafeMutablePointers { header, items in
            let count = header.pointee.count
            let item = items[offset]
            (items + offset).update(from: items + offset + 1, count: count - offset - 1)
            header.pointee.flagMask = Self.removing(from: header.pointee.flagMask, at: offset)
            header.pointee.headerMask = Self.removing(from: header.pointee.headerMask, at: offset)
            header.pointee.count = count - 1
            return item
        }
    }

    @inlinable func setFlag(_ flag: Bool, at offset: Int) {
        let bit: UInt64 = 1 << UInt64(offset)
        if flag { flagMask |= bit } else { flagMask &= ~bit }
    }

    @inlinable static func inserting(_ bit: Bool, into mask: UInt64, at offset: Int) -> UInt64 {
        let below: UInt64 = (1 << UInt64(offset)) &- 1
        return (mask & below) | ((mask & ~below) << 1) | (bit ? 1 << UInt64(offset) : 0)
    }

    @inlinable static func removing(from mask: UInt64, at offset: Int) -> UInt64 {
        let below: UInt64 = (1 << UInt64(offset)) &- 1
        let above: UInt64 = offset >= 63 ? 0 : ~((1 << UInt64(offset + 1)) &- 1)
        return (mask & below) | ((mask & above) >> 1)
    }
}
