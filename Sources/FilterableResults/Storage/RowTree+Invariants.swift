/// Consistency checks of the positional index.
extension RowTree {
    /// Traps when the tree's structure disagrees with itself: counts with
    /// their subtrees, labels with the order of leaves, the directory with
    /// where items are, node sizes with their capacities.
    ///
    /// - Complexity: O(*n*).
    @usableFromInline func checkInvariants() {
        guard let root else {
            precondition(height == 0, "an empty tree has height 0")
            return
        }
        var previousLabel: UInt64?
        _ = check(root, height: height, isRoot: true, previousLabel: &previousLabel)
    }

    /// Checks a subtree; returns its counts and its first label.
    func check(_ node: AnyObject, height: Int, isRoot: Bool, previousLabel: inout UInt64?) -> (TreeSummary, UInt64) {
        if height == 0 {
            let current = leaf(node)
            let count = current.count
            precondition(count > 0 && count <= Self.leafCapacity, "leaf \(current.number) holds \(count) items")
            let number = current.number
            let label = directory.labels[Int(number)]
            if let previousLabel {
                precondition(previousLabel < label, "leaf labels out of order: \(previousLabel) then \(label)")
            }
            previousLabel = label
            var headerMask: UInt64 = 0
            for offset in 0..<count {
                let item = current[offset]
                if item < 0 { headerMask |= 1 << UInt64(offset) }
                precondition(directory.leaf(of: item) == number, "item \(item) is in leaf \(number) but the directory says \(directory.leaf(of: item))")
            }
            precondition(headerMask == current.headerMask, "leaf \(number) header bits disagree with its items")
            let valid: UInt64 = count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
            precondition(current.flagMask & ~valid == 0, "leaf \(number) has flags past its items")
            return (current.summary, label)
        }
        let current = inner(node)
        precondition(current.count >= (isRoot ? 2 : 1) && current.count <= Self.innerCapacity, "inner node holds \(current.count) children")
        var total = TreeSummary()
        var first: UInt64 = 0
        for child in 0..<current.count {
            let (summary, label) = check(current.children[child], height: height - 1, isRoot: false, previousLabel: &previousLabel)
            precondition(label == current.labels[child], "child \(child) starts at label \(label) but its parent says \(current.labels[child])")
            total += summary
            precondition(total == current.ends[child], "child \(child)'s sum is \(current.ends[child]) but the children up to it count \(total)")
            precondition(summary == current.summary(child), "child \(child) counts \(summary) but its parent says \(current.summary(child))")
            if child == 0 { first = label }
        }
        return (total, first)
    }
}
