/// The positional index: the table's items in order (each section's header
/// followed by its rows) in a persistent B+tree that counts, for every
/// subtree, its rows, visible rows, section headers and non-empty headers.
///
/// - Position to item: descend by any of those counts, O(log *n*). So the
///   row at a raw or visible index path, and the section at a raw or shown
///   index, are found without scanning.
/// - Item to position: every leaf has a number and an order label (labels
///   increase from left to right); the ``LeafDirectory`` maps each row and
///   section header to its leaf's number, so a descent by label finds the
///   leaf, and the counts of the subtrees passed on the way give the item's
///   position in every coordinate space, O(log *n*). (Parent pointers would
///   do the same, but a persistent tree shares nodes between versions, and
///   a shared node has no single parent.)
/// - Versions share nodes: a copy of the tree is O(1), and an edit copies
///   the O(log *n*) nodes on its path.
///
/// Items are `Int32`: a row identity (`>= 0`) or a section header
/// (`-1 - sectionID`). A row's flag is whether it is visible; a header's is
/// whether its section has a visible row.
@usableFromInline
struct RowTree {
    /// The root: a ``LeafNode`` when ``height`` is 0, else an ``InnerNode``;
    /// `nil` for an empty tree.
    @usableFromInline var root: AnyObject?
    /// The number of inner levels above the leaves.
    @usableFromInline var height = 0
    /// Where each row and header is, and each leaf's order label.
    @usableFromInline var directory = LeafDirectory()

    @inlinable init() {}

    /// The counts of the whole tree.
    @inlinable var summary: TreeSummary {
        guard let root else { return TreeSummary() }
        return height == 0 ? leaf(root).summary : inner(root).total
    }
}

extension RowTree: @unchecked Sendable {}

// MARK: - Items, summaries, nodes

/// What the tree counts in a subtree.
@usableFromInline
struct TreeSummary: Hashable, Sendable {
    @usableFromInline var rows: Int32 = 0
    @usableFromInline var visibleRows: Int32 = 0
    @usableFromInline var headers: Int32 = 0
    @usableFromInline var nonEmptyHeaders: Int32 = 0

    @inlinable init() {}

    @inlinable init(rows: Int32, visibleRows: Int32, headers: Int32, nonEmptyHeaders: Int32) {
        self.rows = rows
        self.visibleRows = visibleRows
        self.headers = headers
        self.nonEmptyHeaders = nonEmptyHeaders
    }

    /// Rows and headers.
    @inlinable var items: Int32 { rows + headers }

    @inlinable static func += (lhs: inout TreeSummary, rhs: TreeSummary) {
        lhs.rows &+= rhs.rows
        lhs.visibleRows &+= rhs.visibleRows
        lhs.headers &+= rhs.headers
        lhs.nonEmptyHeaders &+= rhs.nonEmptyHeaders
    }

    /// The count of `measure`.
    @inlinable subscript(measure: TreeMeasure) -> Int32 {
        switch measure {
        case .items: items
        case .rows: rows
        case .visibleRows: visibleRows
        case .headers: headers
        case .nonEmptyHeaders: nonEmptyHeaders
        }
    }
}

/// A way of counting items, to find the *k*-th of them.
@usableFromInline
enum TreeMeasure: Sendable {
    case items, rows, visibleRows, headers, nonEmptyHeaders
}

/// An item's place in the tree: its index among all items, and what the
/// items before it count.
@usableFromInline
struct TreePlace: Hashable, Sendable {
    @usableFromInline var index: Int
    @usableFromInline var before: TreeSummary

    @inlinable init(index: Int, before: TreeSummary) {
        self.index = index
        self.before = before
    }
}

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
        let below: UInt64 = offset >= 64 ? ~0 : (1 << UInt64(offset)) &- 1
        let headers = headerMask & below
        let flags = flagMask & below
        let headerCount = Int32(headers.nonzeroBitCount)
        return TreeSummary(
            rows: Int32(offset) - headerCount,
            visibleRows: Int32((flags & ~headers).nonzeroBitCount),
            headers: headerCount,
            nonEmptyHeaders: Int32((flags & headers).nonzeroBitCount))
    }

    /// The offset of `item` in this leaf, or `nil`.
    @inlinable func offset(of item: Int32) -> Int? {
        withUnsafeMutablePointerToElements { items in
            for offset in 0..<count where items[offset] == item { return offset }
            return nil
        }
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

// MARK: - Node access

extension RowTree {
    @inlinable static var leafCapacity: Int { 64 }
    @inlinable static var innerCapacity: Int { 64 }

    @inlinable func leaf(_ node: AnyObject) -> LeafNode { unsafeDowncast(node, to: LeafNode.self) }
    @inlinable func inner(_ node: AnyObject) -> InnerNode { unsafeDowncast(node, to: InnerNode.self) }

    /// What a node at `height` counts.
    @inlinable func summary(of node: AnyObject, height: Int) -> TreeSummary {
        height == 0 ? leaf(node).summary : inner(node).total
    }

    /// The label of a node's first leaf.
    @inlinable func firstLabel(of node: AnyObject, height: Int) -> UInt64 {
        height == 0 ? directory.labels[Int(leaf(node).number)] : inner(node).labels[0]
    }
}

// MARK: - Queries

extension RowTree {
    /// The number of items.
    @inlinable var count: Int { Int(summary.items) }

    /// The item at `index` among all items.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func item(at index: Int) -> Int32 {
        find(index, by: .items).item
    }

    /// The `rank`-th (from 0) item that `measure` counts, its place, and its flag.
    ///
    /// - Precondition: `rank` is less than the tree's count of `measure`.
    /// - Complexity: O(log *n*).
    @inlinable func find(_ rank: Int, by measure: TreeMeasure) -> (item: Int32, place: TreePlace, flag: Bool) {
        var node = root!
        var remaining = Int32(rank)
        var before = TreeSummary()
        for _ in 0..<height {
            let current = inner(node)
            var child = 0
            while true {
                let counted = current.summaries[child][measure]
                if remaining < counted || child == current.count - 1 { break }
                remaining -= counted
                before += current.summaries[child]
                child += 1
            }
            node = current.children[child]
        }
        let current = leaf(node)
        var offset = 0
        while true {
            let item = current[offset]
            let counts: Bool
            switch measure {
            case .items: counts = true
            case .rows: counts = item >= 0
            case .visibleRows: counts = item >= 0 && current.flag(at: offset)
            case .headers: counts = item < 0
            case .nonEmptyHeaders: counts = item < 0 && current.flag(at: offset)
            }
            if counts {
                if remaining == 0 { break }
                remaining -= 1
            }
            offset += 1
        }
        before += current.summary(before: offset)
        return (current[offset], TreePlace(index: Int(before.items), before: before), current.flag(at: offset))
    }

    /// The place of an item (a row or a header) in the tree, and its flag.
    ///
    /// - Precondition: the item is in the tree.
    /// - Complexity: O(log *n*).
    @inlinable func locate(_ item: Int32) -> (place: TreePlace, flag: Bool) {
        let label = directory.labels[Int(directory.leaf(of: item))]
        var node = root!
        var before = TreeSummary()
        for _ in 0..<height {
            let current = inner(node)
            // The last child whose first label is at most `label`.
            var low = 0
            var high = current.count
            while high - low > 1 {
                let mid = (low + high) / 2
                if current.labels[mid] <= label { low = mid } else { high = mid }
            }
            for child in 0..<low { before += current.summaries[child] }
            node = current.children[low]
        }
        let current = leaf(node)
        guard let offset = current.offset(of: item) else {
            preconditionFailure("RowTree: item \(item) is not in the leaf its directory names")
        }
        before += current.summary(before: offset)
        return (TreePlace(index: Int(before.items), before: before), current.flag(at: offset))
    }

    /// The place of an item in the tree.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func place(of item: Int32) -> TreePlace { locate(item).place }

    /// Calls `body` with every item from `start` on, in order, with its
    /// flag, until it returns `false`.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* items visited.
    @inlinable func forEachItem(from start: Int = 0, _ body: (Int32, Bool) throws -> Bool) rethrows {
        guard let root, start < count else { return }
        var skip = Int32(start)
        _ = try visit(root, height: height, skip: &skip, body)
    }

    @inlinable func visit(_ node: AnyObject, height: Int, skip: inout Int32, _ body: (Int32, Bool) throws -> Bool) rethrows -> Bool {
        if height == 0 {
            let current = leaf(node)
            let count = current.count
            var offset = Int(skip)
            skip = 0
            let flags = current.flagMask
            while offset < count {
                if try !body(current[offset], flags & (1 << UInt64(offset)) != 0) { return false }
                offset += 1
            }
            return true
        }
        let current = inner(node)
        for child in 0..<current.count {
            let items = current.summaries[child].items
            if skip >= items {
                skip -= items
                continue
            }
            if try !visit(current.children[child], height: height - 1, skip: &skip, body) { return false }
        }
        return true
    }

    /// Every item in order (for tests and whole-table work).
    ///
    /// - Complexity: O(*n*).
    @inlinable var items: [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        forEachItem { item, _ in
            result.append(item)
            return true
        }
        return result
    }
}
