/// Whole-tree work: building from a sequence, relabelling the leaves, and
/// walking every leaf to update flags.
extension RowTree {
    /// How full a built leaf is: fifteen sixteenths, so that the first
    /// inserts after a build do not split at once (four fit in each leaf),
    /// and a million rows take 5.3 bytes each.
    @inlinable static var buildFill: Int { 60 }

    /// How full a built inner node is: three quarters.
    @inlinable static var innerBuildFill: Int { 12 }

    /// Replaces the tree with `items` and their `flags`, in order.
    ///
    /// The directory's row and section maps must already have a slot for
    /// every item; leaf numbers and labels start afresh.
    ///
    /// - Complexity: O(*n*).
    @inlinable mutating func build(_ items: [Int32], flags: [Bool]) {
        precondition(items.count == flags.count, "RowTree.build: one flag per item")
        directory.freeNumbers = []
        root = nil
        height = 0
        guard !items.isEmpty else {
            directory.labels = ChunkedArray()
            return
        }
        let leafCount = (items.count + Self.buildFill - 1) / Self.buildFill
        precondition(leafCount <= LeafDirectory.leafLimit, "a store holds at most \(LeafDirectory.leafLimit) leaves of rows")
        let stride = Self.stride(forLeaves: leafCount)
        var level: ContiguousArray<AnyObject> = []
        var summaries: ContiguousArray<TreeSummary> = []
        var labels: ContiguousArray<UInt64> = []
        level.reserveCapacity(leafCount)
        // The directory is written whole: leaf numbers 0..<leafCount.
        var leafOfRow = [UInt32](repeating: 0, count: directory.leafOfRow.count)
        var leafOfSection = [UInt32](repeating: 0, count: directory.leafOfSection.count)
        var start = 0
        for leafIndex in 0..<leafCount {
            let size = items.count / leafCount + (leafIndex < items.count % leafCount ? 1 : 0)
            let label = UInt64(leafIndex + 1) &* stride
            let number = UInt32(leafIndex)
            labels.append(label)
            let node = LeafNode.make(number: number)
            var flagMask: UInt64 = 0
            var headerMask: UInt64 = 0
            node.withUnsafeMutablePointerToElements { elements in
                for offset in 0..<size {
                    let item = items[start + offset]
                    elements[offset] = item
                    if flags[start + offset] { flagMask |= 1 << UInt64(offset) }
                    let entry = LeafDirectory.entry(leaf: number, offset: offset)
                    if item < 0 {
                        headerMask |= 1 << UInt64(offset)
                        leafOfSection[Int(-1 - item)] = entry
                    } else {
                        leafOfRow[Int(item)] = entry
                    }
                }
            }
            node.count = size
            node.flagMask = flagMask
            node.headerMask = headerMask
            level.append(node)
            summaries.append(node.summary)
            start += size
        }
        directory.labels = ChunkedArray(labels)
        directory.leafOfRow.overwrite(with: leafOfRow)
        directory.leafOfSection.overwrite(with: leafOfSection)
        while level.count > 1 {
            let groups = (level.count + Self.innerBuildFill - 1) / Self.innerBuildFill
            var nextLevel: ContiguousArray<AnyObject> = []
            var nextSummaries: ContiguousArray<TreeSummary> = []
            var nextLabels: ContiguousArray<UInt64> = []
            var first = 0
            for group in 0..<groups {
                let size = level.count / groups + (group < level.count % groups ? 1 : 0)
                let node = InnerNode.make()
                for child in first..<first + size {
                    node.insert(level[child], summary: summaries[child], label: labels[child], at: node.count)
                }
                nextLevel.append(node)
                nextSummaries.append(node.total)
                nextLabels.append(node.labels[0])
                first += size
            }
            level = nextLevel
            summaries = nextSummaries
            labels = nextLabels
            height += 1
        }
        root = level[0]
    }

    /// The distance between consecutive labels for `leaves` leaves.
    @inlinable static func stride(forLeaves leaves: Int) -> UInt64 {
        let even = UInt64.max / UInt64(leaves + 2)
        return Swift.min(labelStride, even)
    }

    /// Gives every leaf a new label, evenly spaced in order.
    ///
    /// - Complexity: O(*n* / 64).
    @inlinable mutating func relabel() {
        guard var node = root else { return }
        root = nil
        var leaves = 0
        countLeaves(node, height: height, into: &leaves)
        let stride = Self.stride(forLeaves: leaves)
        var next: UInt64 = 0
        relabel(&node, height: height, stride: stride, next: &next)
        root = node
    }

    @inlinable func countLeaves(_ node: AnyObject, height: Int, into leaves: inout Int) {
        if height == 0 {
            leaves += 1
            return
        }
        let current = inner(node)
        for child in 0..<current.count { countLeaves(current.children[child], height: height - 1, into: &leaves) }
    }

    @inlinable mutating func relabel(_ node: inout AnyObject, height: Int, stride: UInt64, next: inout UInt64) {
        if height == 0 {
            next &+= stride
            directory.labels[Int(leaf(node).number)] = next
            return
        }
        uniqued(&node, height: height)
        let current = inner(node)
        for child in 0..<current.count {
            relabel(&current.children[child], height: height - 1, stride: stride, next: &next)
            current.labels[child] = firstLabel(of: current.children[child], height: height - 1)
        }
    }

    /// Gives every leaf the flag mask `flags` computes from it (header bits
    /// included); returns whether any flag changed. Only the leaves whose
    /// flags change, and the nodes above them, are copied or written.
    ///
    /// - Complexity: O(*n* / 64) plus the calls.
    @inlinable @discardableResult mutating func updateFlags(_ flags: (LeafNode) throws -> UInt64) rethrows -> Bool {
        guard var node = root else { return false }
        root = nil
        defer { root = node }
        return try updateFlags(&node, height: height, flags)
    }

    @inlinable mutating func updateFlags(_ node: inout AnyObject, height: Int, _ flags: (LeafNode) throws -> UInt64) rethrows -> Bool {
        if height == 0 {
            let mask = try flags(leaf(node))
            guard mask != leaf(node).flagMask else { return false }
            uniqued(&node, height: 0)
            leaf(node).flagMask = mask
            return true
        }
        if isUniqueObject(&node) {
            let current = inner(node)
            var changed = false
            for child in 0..<current.count where try updateFlags(&current.children[child], height: height - 1, flags) {
                current.setSummary(summary(of: current.children[child], height: height - 1), of: child)
                changed = true
            }
            return changed
        }
        // Shared with another version: copy this node only if a child changes.
        let current = inner(node)
        var replacement: InnerNode?
        for index in 0..<current.count {
            var child = current.children[index]
            guard try updateFlags(&child, height: height - 1, flags) else { continue }
            if replacement == nil { replacement = current.copy() }
            replacement!.children[index] = child
            replacement!.setSummary(summary(of: child, height: height - 1), of: index)
        }
        guard let replacement else { return false }
        node = replacement
        return true
    }

    /// Every leaf, in order.
    ///
    /// - Complexity: O(*n* / 64).
    @inlinable var leaves: [LeafNode] {
        var leaves: [LeafNode] = []
        forEachLeaf { leaves.append($0) }
        return leaves
    }

    /// Calls `body` with every leaf in order, reading only.
    ///
    /// - Complexity: O(*n* / 64) plus the calls.
    @inlinable func forEachLeaf(_ body: (LeafNode) throws -> Void) rethrows {
        guard let root else { return }
        try forEachLeaf(root, height: height, body)
    }

    @inlinable func forEachLeaf(_ node: AnyObject, height: Int, _ body: (LeafNode) throws -> Void) rethrows {
        if height == 0 { return try body(leaf(node)) }
        let current = inner(node)
        for child in 0..<current.count { try forEachLeaf(current.children[child], height: height - 1, body) }
    }
}
