/// An inner node: up to ``RowTree/innerCapacity`` children, each with its
/// counts and the order label of its first leaf, and, for each child, what
/// the children before it count (a prefix sum), so that a descent reads a
/// level in one step instead of summing the siblings it passes.
///
/// Its arrays are mutated only while the node is uniquely referenced (a
/// shared node is copied first), so they need no dynamic exclusivity checks.
/// Whoever changes ``summaries`` calls ``refreshPrefixes(from:)`` with the
/// first child whose summary (or presence) changed; `_checkInvariants()`
/// verifies every prefix.
@usableFromInline
final class InnerNode {
    @exclusivity(unchecked) @usableFromInline var children: ContiguousArray<AnyObject>
    @exclusivity(unchecked) @usableFromInline var summaries: ContiguousArray<TreeSummary>
    @exclusivity(unchecked) @usableFromInline var labels: ContiguousArray<UInt64>
    /// What the children before each child count: `prefixes[i]` is
    /// `summaries[0] + … + summaries[i - 1]` (so `prefixes[0]` is empty).
    @exclusivity(unchecked) @usableFromInline var prefixes: ContiguousArray<TreeSummary>

    @inlinable init(children: ContiguousArray<AnyObject>, summaries: ContiguousArray<TreeSummary>, labels: ContiguousArray<UInt64>) {
        self.children = children
        self.summaries = summaries
        self.labels = labels
        self.prefixes = Self.prefixSums(of: summaries)
    }

    @inlinable init(
        children: ContiguousArray<AnyObject>, summaries: ContiguousArray<TreeSummary>, labels: ContiguousArray<UInt64>,
        prefixes: ContiguousArray<TreeSummary>
    ) {
        self.children = children
        self.summaries = summaries
        self.labels = labels
        self.prefixes = prefixes
    }

    @inlinable func copy() -> InnerNode {
        InnerNode(children: children, summaries: summaries, labels: labels, prefixes: prefixes)
    }

    @inlinable var count: Int { children.count }

    @inlinable var total: TreeSummary {
        guard let last = summaries.indices.last else { return TreeSummary() }
        var total = prefixes[last]
        total += summaries[last]
        return total
    }

    /// The exclusive prefix sums of `summaries`.
    @inlinable static func prefixSums(of summaries: ContiguousArray<TreeSummary>) -> ContiguousArray<TreeSummary> {
        var prefixes = ContiguousArray<TreeSummary>()
        prefixes.reserveCapacity(summaries.count)
        var running = TreeSummary()
        for summary in summaries {
            prefixes.append(running)
            running += summary
        }
        return prefixes
    }

    /// Recomputes the prefixes of children `first...` after their summaries
    /// (or the children themselves) changed: O(children after `first`).
    @inlinable func refreshPrefixes(from first: Int) {
        let count = summaries.count
        let start = Swift.max(0, Swift.min(first, prefixes.count, count))
        if prefixes.count > count {
            prefixes.removeSubrange(count...)
        } else if prefixes.count < count {
            prefixes.append(contentsOf: repeatElement(TreeSummary(), count: count - prefixes.count))
        }
        // One pass through buffers: no uniqueness or bounds check per child.
        summaries.withUnsafeBufferPointer { summaries in
            prefixes.withUnsafeMutableBufferPointer { prefixes in
                var running = TreeSummary()
                if start > 0 {
                    running = prefixes[start - 1]
                    running += summaries[start - 1]
                }
                for index in start..<count {
                    prefixes[index] = running
                    running += summaries[index]
                }
            }
        }
    }

    /// The child that holds the `rank`-th (from 0) item `measure` counts,
    /// of those in this node: the last child whose prefix is at most
    /// `rank` (a child that counts none of `measure` is never the last such
    /// child while `rank` is in range). The last child when `rank` is past
    /// the node's count.
    @inlinable func child(holding rank: Int32, by measure: TreeMeasure) -> Int {
        prefixes.withUnsafeBufferPointer { prefixes in
            var low = 0
            var high = prefixes.count
            while high - low > 1 {
                let mid = (low + high) >> 1
                if prefixes[mid][measure] <= rank { low = mid } else { high = mid }
            }
            return low
        }
    }

    /// The last child whose first label is at most `label`.
    @inlinable func child(atLabel label: UInt64) -> Int {
        labels.withUnsafeBufferPointer { labels in
            var low = 0
            var high = labels.count
            while high - low > 1 {
                let mid = (low + high) >> 1
                if labels[mid] <= label { low = mid } else { high = mid }
            }
            return low
        }
    }
}
