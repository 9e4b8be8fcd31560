/// An inner node: up to ``RowTree/innerCapacity`` children, each with its
/// counts and the order label of its first leaf.
///
/// Its arrays are mutated only while the node is uniquely referenced (a
/// shared node is copied first), so they need no dynamic exclusivity checks.
@usableFromInline
final class InnerNode {
    @exclusivity(unchecked) @usableFromInline var children: ContiguousArray<AnyObject>
    @exclusivity(unchecked) @usableFromInline var summaries: ContiguousArray<TreeSummary>
    @exclusivity(unchecked) @usableFromInline var labels: ContiguousArray<UInt64>

    @inlinable init(children: ContiguousArray<AnyObject>, summaries: ContiguousArray<TreeSummary>, labels: ContiguousArray<UInt64>) {
        self.children = children
        self.summaries = summaries
        self.labels = labels
    }

    @inlinable func copy() -> InnerNode {
        InnerNode(children: children, summaries: summaries, labels: labels)
    }

    @inlinable var count: Int { children.count }

    @inlinable var total: TreeSummary {
        var total = TreeSummary()
        for summary in summaries { total += summary }
        return total
    }
}
