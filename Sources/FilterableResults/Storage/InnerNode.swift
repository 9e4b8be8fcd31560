/// An inner node's counts and labels, before its children in the same
/// allocation.
@usableFromInline
struct InnerHeader {
    @usableFromInline var count = 0
    /// The order label of each child's first leaf.
    @usableFromInline var labels: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                   UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// What the children up to each one count (inclusive prefix sums).
    @usableFromInline var ends: (TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary,
                                 TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary, TreeSummary)
        = (TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(),
           TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary(), TreeSummary())

    @inlinable init() {}
}

/// An inner node: up to ``RowTree/innerCapacity`` children, the order label
/// of each child's first leaf, and what the children up to each one count
/// (inclusive prefix sums), so that a descent reads a level in one step,
/// all in one allocation of under 700 bytes: a descent reads two or three
/// of its cache lines, and a copy is one small allocation and 16 retains.
///
/// A child's own counts are the difference of two prefix sums
/// (``summary(_:)``). Its memory is written only while the node is
/// uniquely referenced (a shared node is copied first); whoever changes a
/// child's counts calls ``setSummary(_:of:)``; `_checkInvariants()`
/// verifies every sum.
@usableFromInline
final class InnerNode: ManagedBuffer<InnerHeader, AnyObject> {
    @inlinable static func make() -> InnerNode {
        unsafeDowncast(InnerNode.create(minimumCapacity: RowTree.innerCapacity) { _ in InnerHeader() }, to: InnerNode.self)
    }

    /// A copy sharing the children.
    @inlinable func copy() -> InnerNode {
        let header = withUnsafeMutablePointerToHeader { $0.pointee }
        let copy = unsafeDowncast(InnerNode.create(minimumCapacity: RowTree.innerCapacity) { _ in header }, to: InnerNode.self)
        withUnsafeMutablePointerToElements { source in
            touchObjects(source, count: count)
            copy.withUnsafeMutablePointerToElements { $0.initializeOneByOne(from: source, count: count) }
        }
        return copy
    }

    deinit {
        withUnsafeMutablePointers { header, children in
            touchObjects(children, count: header.pointee.count)
            children.deinitializeOneByOne(count: header.pointee.count)
        }
    }

    // The header is read and written through its pointer: `header` is a
    // class property, and each access to it would be checked for exclusivity.

    /// The number of children.
    @inlinable var count: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee.count } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
    }

    /// The labels, as 16 consecutive words.
    @inlinable var labels: UnsafeMutablePointer<UInt64> {
        withUnsafeMutablePointerToHeader { header in
            (UnsafeMutableRawPointer(header) + MemoryLayout<Int>.stride).assumingMemoryBound(to: UInt64.self)
        }
    }

    /// The inclusive prefix sums, as 16 consecutive summaries.
    @inlinable var ends: UnsafeMutablePointer<TreeSummary> {
        withUnsafeMutablePointerToHeader { header in
            (UnsafeMutableRawPointer(header) + MemoryLayout<Int>.stride + 16 * MemoryLayout<UInt64>.stride).assumingMemoryBound(to: TreeSummary.self)
        }
    }

    /// The children.
    @inlinable var children: UnsafeMutablePointer<AnyObject> { withUnsafeMutablePointerToElements { $0 } }

    /// Child `index`, borrowed (the node keeps it alive).
    @inlinable func child(_ index: Int) -> Unmanaged<AnyObject> { Unmanaged.passUnretained(children[index]) }

    /// What the children before child `index` count.
    @inlinable func before(_ index: Int) -> TreeSummary { index == 0 ? TreeSummary() : ends[index &- 1] }

    /// What all the children count.
    @inlinable var total: TreeSummary {
        let count = self.count
        return count == 0 ? TreeSummary() : ends[count &- 1]
    }

    /// What child `index` counts.
    @inlinable func summary(_ index: Int) -> TreeSummary { TreeSummary.between(before(index), and: ends[index]) }

    /// Sets what child `index` counts, and the sums after it: O(children
    /// after `index`).
    @inlinable func setSummary(_ summary: TreeSummary, of index: Int) {
        let count = self.count
        let ends = self.ends
        var oldEnd = ends[index]
        var running = before(index)
        running += summary
        ends[index] = running
        var next = index &+ 1
        while next < count {
            let gap = TreeSummary.between(oldEnd, and: ends[next])
            oldEnd = ends[next]
            running += gap
            ends[next] = running
            next &+= 1
        }
    }

    /// Recomputes the sums from child `index` on, given each child's
    /// counts: O(children after `index`).
    @inlinable func recount(from index: Int, summaries: (Int) -> TreeSummary) {
        var running = before(index)
        for child in index..<count {
            running += summaries(child)
            ends[child] = running
        }
    }

    /// Inserts a child with its counts and first label at `index`, moving
    /// the later ones; the sums after it are recomputed.
    @inlinable func insert(_ child: AnyObject, summary: TreeSummary, label: UInt64, at index: Int) {
        let count = self.count
        precondition(count < RowTree.innerCapacity, "InnerNode: a node holds at most \(RowTree.innerCapacity) children")
        // The counts of the children after it, before their sums move.
        var spans: [TreeSummary] = []
        if index < count {
            spans.reserveCapacity(count - index)
            for later in index..<count { spans.append(self.summary(later)) }
        }
        (labels + index + 1).update(from: labels + index, count: count - index)
        labels[index] = label
        (children + index + 1).moveInitialize(from: children + index, count: count - index)
        (children + index).initialize(to: child)
        self.count = count + 1
        var running = before(index)
        running += summary
        ends[index] = running
        for (offset, span) in spans.enumerated() {
            running += span
            ends[index + 1 + offset] = running
        }
    }

    /// Removes child `index`; the sums after it are recomputed.
    @inlinable func remove(at index: Int) {
        let count = self.count
        var spans: [TreeSummary] = []
        if index + 1 < count {
            spans.reserveCapacity(count - index - 1)
            for later in (index + 1)..<count { spans.append(summary(later)) }
        }
        (children + index).deinitialize(count: 1)
        (children + index).moveInitialize(from: children + index + 1, count: count - index - 1)
        (labels + index).update(from: labels + index + 1, count: count - index - 1)
        self.count = count - 1
        var running = before(index)
        for (offset, span) in spans.enumerated() {
            running += span
            ends[index + offset] = running
        }
    }

    /// Moves children `from...` to the end of `other`, with their labels and counts.
    @inlinable func moveChildren(from start: Int, to other: InnerNode) {
        let count = self.count
        let moved = count - start
        let spans = (start..<count).map { summary($0) }
        let otherCount = other.count
        precondition(otherCount + moved <= RowTree.innerCapacity, "InnerNode: too many children to move")
        (other.labels + otherCount).update(from: labels + start, count: moved)
        (other.children + otherCount).moveInitialize(from: children + start, count: moved)
        self.count = start
        other.count = otherCount + moved
        var running = other.before(otherCount)
        for (offset, span) in spans.enumerated() {
            running += span
            other.ends[otherCount + offset] = running
        }
    }

    /// The child that holds the `rank`-th (from 0) item `measure` counts,
    /// of those in this node: the first child whose sum passes `rank`. The
    /// last child when `rank` is past the node's count.
    @inlinable func child(holding rank: Int32, by measure: TreeMeasure) -> Int {
        let ends = self.ends
        var low = 0
        var high = count &- 1
        while low < high {
            let mid = (low &+ high) &>> 1
            if ends[mid][measure] > rank { high = mid } else { low = mid &+ 1 }
        }
        return low
    }

    /// The last child whose first label is at most `label` (the first
    /// child when none is).
    @inlinable func child(atLabel label: UInt64) -> Int {
        // A binary search of at most 16 labels (two cache lines) whose
        // steps select rather than branch.
        let labels = self.labels
        var base = 0
        var length = count
        while length > 1 {
            let half = length &>> 1
            base = labels[base &+ half] <= label ? base &+ half : base
            length &-= half
        }
        return base
    }
}
