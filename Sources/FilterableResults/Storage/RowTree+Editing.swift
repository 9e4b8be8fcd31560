/// Editing the tree: every edit copies the nodes on its path that another
/// version shares, and keeps the counts, the leaf directory and the order
/// labels right.
extension RowTree {
    /// A node split off to the right of the node an edit went through.
    @usableFromInline struct Split {
        @usableFromInline var node: AnyObject
        @usableFromInline var summary: TreeSummary
        @usableFromInline var label: UInt64

        @inlinable init(node: AnyObject, summary: TreeSummary, label: UInt64) {
            self.node = node
            self.summary = summary
            self.label = label
        }
    }

    /// How far apart new labels start: room for 32 halvings between two leaves.
    @inlinable static var labelStride: UInt64 { 1 << 32 }

    /// Updates the summary of `node`, into or out of which one item went.
    ///
    /// A row in a span with no header counts the same wherever it is, so
    /// its summary is adjusted; otherwise (a header, or a span with one,
    /// where the rows after the last header depend on where the row is) it
    /// is recounted.
    @inlinable func adjust(_ summary: inout TreeSummary, of node: AnyObject, height: Int, item: Int32, flag: Bool, by delta: Int32) {
        guard item >= 0 && summary.headers == 0 else {
            summary = self.summary(of: node, height: height)
            return
        }
        let visible: Int32 = flag ? delta : 0
        summary.rows &+= delta
        summary.rowsAfterLastHeader &+= delta
        summary.visibleRows &+= visible
        summary.visibleRowsAfterLastHeader &+= visible
    }

    @inlinable func uniqued(_ node: inout AnyObject, height: Int) {
        if !isUniqueObject(&node) {
            node = height == 0 ? leaf(node).copy() : inner(node).copy()
        }
    }

    /// The child of an inner node that holds item `index` (or, with
    /// `forInsertion`, where an item inserted at `index` goes: the end of a
    /// child rather than the start of the next), and the index within it.
    @inlinable func child(of node: InnerNode, holding index: Int32, forInsertion: Bool) -> (child: Int, index: Int32) {
        let ends = node.ends
        var child = 0
        let last = node.count - 1
        while child < last {
            let end = ends[child].items
            if forInsertion ? index <= end : index < end { break }
            child += 1
        }
        return (child, index - node.before(child).items)
    }

    // MARK: Insertion

    /// Inserts an item with its flag at `index` (which may equal the count).
    ///
    /// - Complexity: O(log *n*), plus an O(*n* / 64) relabelling once the
    ///   labels between two leaves run out (after 32 splits in one place).
    @inlinable mutating func insert(_ item: Int32, flag: Bool, at index: Int) {
        guard var node = root else {
            let number = directory.allocate(label: Self.labelStride)
            let leaf = LeafNode.make(number: number)
            leaf.insert(item, flag: flag, at: 0)
            directory.setLeaf(of: item, to: number, offset: 0)
            root = leaf
            height = 0
            return
        }
        root = nil
        var needsRelabel = false
        if let split = insert(item, flag, at: Int32(index), into: &node, height: height, upperBound: .max, needsRelabel: &needsRelabel) {
            let left = node
            let newRoot = InnerNode.make()
            newRoot.insert(left, summary: summary(of: left, height: height), label: firstLabel(of: left, height: height), at: 0)
            newRoot.insert(split.node, summary: split.summary, label: split.label, at: 1)
            node = newRoot
            height += 1
        }
        root = node
        if needsRelabel { relabel() }
    }

    @inlinable mutating func insert(
        _ item: Int32, _ flag: Bool, at index: Int32, into node: inout AnyObject, height: Int,
        upperBound: UInt64, needsRelabel: inout Bool
    ) -> Split? {
        uniqued(&node, height: height)
        if height == 0 { return insert(item, flag, at: Int(index), intoLeaf: leaf(node), upperBound: upperBound, needsRelabel: &needsRelabel) }
        let current = inner(node)
        let (child, childIndex) = self.child(of: current, holding: index, forInsertion: true)
        let childBound = child + 1 < current.count ? current.labels[child + 1] : upperBound
        guard let split = insert(
            item, flag, at: childIndex, into: &current.children[child], height: height - 1,
            upperBound: childBound, needsRelabel: &needsRelabel)
        else {
            var summary = current.summary(child)
            adjust(&summary, of: current.children[child], height: height - 1, item: item, flag: flag, by: 1)
            current.setSummary(summary, of: child)
            return nil
        }
        current.setSummary(summary(of: current.children[child], height: height - 1), of: child)
        if current.count < Self.innerCapacity {
            current.insert(split.node, summary: split.summary, label: split.label, at: child + 1)
            return nil
        }
        // Full: the later half moves to a new node, and the split child
        // goes into the half it belongs to.
        let half = current.count / 2
        let right = InnerNode.make()
        current.moveChildren(from: half, to: right)
        if child + 1 <= half {
            current.insert(split.node, summary: split.summary, label: split.label, at: child + 1)
        } else {
            right.insert(split.node, summary: split.summary, label: split.label, at: child + 1 - half)
        }
        return Split(node: right, summary: right.total, label: right.labels[0])
    }

    @inlinable mutating func insert(
        _ item: Int32, _ flag: Bool, at index: Int, intoLeaf current: LeafNode, upperBound: UInt64, needsRelabel: inout Bool
    ) -> Split? {
        let count = current.count
        if count < Self.leafCapacity {
            current.insert(item, flag: flag, at: index)
            directory.setLeaf(of: item, to: current.number, offset: index)
            return nil
        }
        // Split. At the very end of the table the full leaf stays full and
        // the new leaf starts with the new item, so appending fills leaves.
        let appending = index == count && upperBound == .max
        let keep = appending ? count : count / 2
        let label = directory.labels[Int(current.number)]
        let gap = upperBound &- label
        let newLabel: UInt64
        if upperBound == .max && gap > Self.labelStride {
            newLabel = label + Self.labelStride
        } else if gap >= 2 {
            newLabel = label + gap / 2
        } else {
            newLabel = label
            needsRelabel = true
        }
        let right = LeafNode.make(number: directory.allocate(label: newLabel))
        let rightNumber = right.number
        for offset in keep..<count {
            let moved = current[offset]
            right.insert(moved, flag: current.flag(at: offset), at: offset - keep)
            directory.setLeaf(of: moved, to: rightNumber, offset: offset - keep)
        }
        let below: UInt64 = keep >= 64 ? ~0 : (1 << UInt64(keep)) &- 1
        current.count = keep
        current.flagMask &= below
        current.headerMask &= below
        if index <= keep && !appending {
            current.insert(item, flag: flag, at: index)
            directory.setLeaf(of: item, to: current.number, offset: index)
        } else {
            right.insert(item, flag: flag, at: index - keep)
            directory.setLeaf(of: item, to: rightNumber, offset: index - keep)
        }
        return Split(node: right, summary: right.summary, label: newLabel)
    }

    // MARK: Removal

    /// Removes the item at `index`; returns it and its flag.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @discardableResult mutating func remove(at index: Int) -> (item: Int32, flag: Bool) {
        guard var node = root else { preconditionFailure("RowTree: remove from an empty tree") }
        root = nil
        let removed = remove(at: Int32(index), from: &node, height: height)
        if height == 0 {
            if leaf(node).count == 0 {
                directory.free(leaf(node).number)
                return removed
            }
        } else {
            while height > 0 && inner(node).count == 1 {
                node = inner(node).children[0]
                height -= 1
            }
        }
        root = node
        return removed
    }

    @inlinable mutating func remove(at index: Int32, from node: inout AnyObject, height: Int) -> (item: Int32, flag: Bool) {
        uniqued(&node, height: height)
        if height == 0 {
            let current = leaf(node)
            let flag = current.flag(at: Int(index))
            return (current.remove(at: Int(index)), flag)
        }
        let current = inner(node)
        let (child, childIndex) = self.child(of: current, holding: index, forInsertion: false)
        let removed = remove(at: childIndex, from: &current.children[child], height: height - 1)
        var summary = current.summary(child)
        adjust(&summary, of: current.children[child], height: height - 1, item: removed.item, flag: removed.flag, by: -1)
        current.setSummary(summary, of: child)
        rebalance(child, of: current, height: height)
        return removed
    }

    /// Removes an emptied child, or merges a small one into a neighbour;
    /// keeps the first labels right.
    @inlinable mutating func rebalance(_ child: Int, of current: InnerNode, height: Int) {
        let childHeight = height - 1
        let size = nodeCount(current.children[child], height: childHeight)
        if size == 0 {
            if childHeight == 0 { directory.free(leaf(current.children[child]).number) }
            current.remove(at: child)
            return
        }
        current.labels[child] = firstLabel(of: current.children[child], height: childHeight)
        let capacity = childHeight == 0 ? Self.leafCapacity : Self.innerCapacity
        guard size < capacity / 4, current.count > 1 else { return }
        let left = child > 0 ? child - 1 : child
        let right = left + 1
        let total = nodeCount(current.children[left], height: childHeight) + nodeCount(current.children[right], height: childHeight)
        guard total <= capacity * 3 / 4 else { return }
        uniqued(&current.children[left], height: childHeight)
        if childHeight == 0 {
            let target = leaf(current.children[left])
            let source = leaf(current.children[right])
            let number = target.number
            for offset in 0..<source.count {
                let moved = source[offset]
                let place = target.count
                target.insert(moved, flag: source.flag(at: offset), at: place)
                directory.setLeaf(of: moved, to: number, offset: place)
            }
            directory.free(source.number)
        } else {
            // The source may be shared with another version: its children
            // are copied, not moved.
            let target = inner(current.children[left])
            let source = inner(current.children[right])
            for offset in 0..<source.count {
                target.insert(source.children[offset], summary: source.summary(offset), label: source.labels[offset], at: target.count)
            }
        }
        current.remove(at: right)
        current.setSummary(summary(of: current.children[left], height: childHeight), of: left)
    }

    @inlinable func nodeCount(_ node: AnyObject, height: Int) -> Int {
        height == 0 ? leaf(node).count : inner(node).count
    }

    // MARK: Flags

    /// Sets the flag of the item at `index`; returns whether it changed.
    /// A flag that is already right copies nothing.
    ///
    /// - Complexity: O(log *n*).
    @inlinable @discardableResult mutating func setFlag(_ flag: Bool, at index: Int) -> Bool {
        guard var node = root else { preconditionFailure("RowTree: setFlag in an empty tree") }
        guard find(index, by: .items).flag != flag else { return false }
        root = nil
        setFlag(flag, at: Int32(index), in: &node, height: height)
        root = node
        return true
    }

    @inlinable mutating func setFlag(_ flag: Bool, at index: Int32, in node: inout AnyObject, height: Int) {
        uniqued(&node, height: height)
        if height == 0 {
            leaf(node).setFlag(flag, at: Int(index))
            return
        }
        let current = inner(node)
        let (child, childIndex) = self.child(of: current, holding: index, forInsertion: false)
        setFlag(flag, at: childIndex, in: &current.children[child], height: height - 1)
        current.setSummary(summary(of: current.children[child], height: height - 1), of: child)
    }

    /// One flag for ``setFlags(_:flipped:)`` to set: the item, the order
    /// label of its leaf, the flag, and the item's offset in its leaf: its
    /// directory entry's hint, then the offset itself once
    /// ``changesThatFlip(_:)`` has found it (copying a leaf keeps offsets).
    @usableFromInline
    struct FlagChange {
        @usableFromInline var label: UInt64
        @usableFromInline var item: Int32
        @usableFromInline var flag: Bool
        @usableFromInline var offset: Int

        @inlinable init(label: UInt64, item: Int32, flag: Bool, offset: Int) {
            self.label = label
            self.item = item
            self.flag = flag
            self.offset = offset
        }
    }

    /// Sets the flags of many items (each listed once) in one descent:
    /// every node on the way to an item whose flag changes is copied (when
    /// shared) and summed once, however many of its items change. Items
    /// whose flag is already right copy nothing. `flipped` is called for
    /// each item whose flag changed, with the number of section headers
    /// before it.
    ///
    /// - Precondition: no item is listed twice.
    /// - Complexity: O(*k* log *k* + *k* log *n*) for *k* items, plus
    ///   O(``innerCapacity``) for each inner node whose counts change.
    @inlinable mutating func setFlags(
        _ items: [(item: Int32, flag: Bool)], flipped: (_ item: Int32, _ headersBefore: Int32, _ flag: Bool) -> Void
    ) {
        guard var node = root, !items.isEmpty else { return }
        var changes = items.map { change in
            let entry = directory.entry(of: change.item)
            return FlagChange(
                label: directory.label(ofEntry: entry), item: change.item, flag: change.flag, offset: LeafDirectory.offsetHint(entry))
        }
        changes.sort { $0.label < $1.label }
        changes = changesThatFlip(changes)
        guard !changes.isEmpty else { return }
        root = nil
        changes.withUnsafeBufferPointer { changes in
            setFlags(changes[...], in: &node, height: height, headersBefore: 0, flipped: flipped)
        }
        root = node
    }

    /// The changes, in label order, whose item's flag differs from theirs,
    /// each with its item's offset: one borrowed descent for each leaf they
    /// name.
    ///
    /// - Precondition: no item is listed twice.
    /// - Complexity: O(*m* log *n* + *k*) for *k* changes in *m* leaves.
    @inlinable func changesThatFlip(_ changes: [FlagChange]) -> [FlagChange] {
        var flipping: [FlagChange] = []
        var start = 0
        while start < changes.count {
            let label = changes[start].label
            var end = start + 1
            while end < changes.count && changes[end].label == label { end += 1 }
            withLeaf(atLabel: label) { leaf, _ in
                leaf.withUnsafeMutablePointers { header, items in
                    var listed: UInt64 = 0
                    for var change in changes[start..<end] {
                        guard let offset = LeafNode.offset(of: change.item, in: items, count: header.pointee.count, near: change.offset) else {
                            preconditionFailure("RowTree: item \(change.item) is not in the leaf its directory names")
                        }
                        let bit: UInt64 = 1 << UInt64(offset)
                        precondition(listed & bit == 0, "RowTree: item \(change.item) is listed twice in one batch of flags")
                        listed |= bit
                        guard (header.pointee.flagMask & bit != 0) != change.flag else { continue }
                        change.offset = offset
                        flipping.append(change)
                    }
                }
            }
            start = end
        }
        return flipping
    }

    /// Sets the flags of `changes` (in label order, each flipping an item
    /// in `node`'s subtree at its offset, after `headersBefore` headers).
    @inlinable mutating func setFlags(
        _ changes: Slice<UnsafeBufferPointer<FlagChange>>, in node: inout AnyObject, height: Int, headersBefore: Int32,
        flipped: (_ item: Int32, _ headersBefore: Int32, _ flag: Bool) -> Void
    ) {
        uniqued(&node, height: height)
        if height == 0 {
            leaf(node).withUnsafeMutablePointerToHeader { header in
                var mask = header.pointee.flagMask
                let headers = header.pointee.headerMask
                for change in changes {
                    let bit: UInt64 = 1 << UInt64(change.offset)
                    mask = change.flag ? mask | bit : mask & ~bit
                    flipped(change.item, headersBefore + Int32((headers & LeafNode.mask(below: change.offset)).nonzeroBitCount), change.flag)
                }
                header.pointee.flagMask = mask
            }
            return
        }
        let current = inner(node)
        var start = changes.startIndex
        while start < changes.endIndex {
            let child = current.child(atLabel: changes[start].label)
            var end = start + 1
            while end < changes.endIndex && (child + 1 == current.count || changes[end].label < current.labels[child + 1]) { end += 1 }
            // Flags change no header count, so the sums' headers are right
            // whichever children have been summed again.
            setFlags(changes[start..<end], in: &current.children[child], height: height - 1,
                     headersBefore: headersBefore + current.before(child).headers, flipped: flipped)
            current.setSummary(summary(of: current.children[child], height: height - 1), of: child)
            start = end
        }
    }
}
