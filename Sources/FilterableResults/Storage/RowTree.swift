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

// MARK: - Node access

extension RowTree {
    @inlinable static var leafCapacity: Int { 64 }
    @inlinable static var innerCapacity: Int { 16 }

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
        // The descent borrows the nodes: the tree (`self`) owns them for the
        // whole call and nothing here changes it, so no node is retained on
        // the way down.
        var node = Unmanaged.passUnretained(root!)
        var remaining = Int32(rank)
        var before = TreeSummary()
        for _ in 0..<height {
            node = node._withUnsafeGuaranteedRef { node in
                let current = unsafeDowncast(node, to: InnerNode.self)
                let child = current.child(holding: remaining, by: measure)
                let prefix = current.before(child)
                remaining &-= prefix[measure]
                before += prefix
                return current.child(child)
            }
        }
        return node._withUnsafeGuaranteedRef { node in
            Self.find(remaining, by: measure, inLeaf: unsafeDowncast(node, to: LeafNode.self), before: before)
        }
    }

    /// A naive ``find(_:by:)``: sums the siblings it passes at each level,
    /// as the tree did before inner nodes kept prefix sums (the tests check
    /// the fast path against it).
    func findBySumming(_ rank: Int, by measure: TreeMeasure) -> (item: Int32, place: TreePlace, flag: Bool) {
        var node = root!
        var remaining = Int32(rank)
        var before = TreeSummary()
        for _ in 0..<height {
            let current = inner(node)
            var child = 0
            while true {
                let counted = current.summary(child)[measure]
                if remaining < counted || child == current.count - 1 { break }
                remaining -= counted
                before += current.summary(child)
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

    /// The end of a descent by `measure`: the `remaining`-th (from 0) item
    /// of a leaf that `measure` counts.
    @inlinable static func find(
        _ remaining: Int32, by measure: TreeMeasure, inLeaf current: LeafNode, before: TreeSummary
    ) -> (item: Int32, place: TreePlace, flag: Bool) {
        current.withUnsafeMutablePointers { header, items in
            let flags = header.pointee.flagMask
            let headers = header.pointee.headerMask
            let valid = LeafNode.mask(below: header.pointee.count)
            let counted: UInt64
            switch measure {
            case .items: counted = valid
            case .rows: counted = valid & ~headers
            case .visibleRows: counted = valid & ~headers & flags
            case .headers: counted = headers
            case .nonEmptyHeaders: counted = headers & flags
            }
            let offset = LeafNode.offset(ofSetBit: Int(remaining), in: counted)
            var place = before
            place += LeafNode.summary(before: offset, headerMask: headers, flagMask: flags)
            return (items[offset], TreePlace(index: Int(place.items), before: place), flags & (1 << UInt64(offset)) != 0)
        }
    }

    /// The place of an item (a row or a header) in the tree, and its flag.
    ///
    /// - Precondition: the item is in the tree.
    /// - Complexity: O(log *n*).
    @inlinable func locate(_ item: Int32) -> (place: TreePlace, flag: Bool) {
        let entry = directory.entry(of: item)
        return withLeaf(atLabel: directory.label(ofEntry: entry)) { leaf, before in
            Self.locate(item, inLeaf: leaf, near: LeafDirectory.offsetHint(entry), before: before)
        }
    }

    /// Calls `body` with the leaf whose order label is `label` and what the
    /// items before it count, descending by label. The nodes are borrowed,
    /// as in `find`: the tree owns them for the call, so none is retained.
    ///
    /// - Complexity: O(log *n*).
    @inlinable func withLeaf<R>(atLabel label: UInt64, _ body: (LeafNode, TreeSummary) throws -> R) rethrows -> R {
        var node = Unmanaged.passUnretained(root!)
        var before = TreeSummary()
        for _ in 0..<height {
            node = node._withUnsafeGuaranteedRef { node in
                let current = unsafeDowncast(node, to: InnerNode.self)
                let child = current.child(atLabel: label)
                before += current.before(child)
                return current.child(child)
            }
        }
        return try node._withUnsafeGuaranteedRef { node in try body(unsafeDowncast(node, to: LeafNode.self), before) }
    }

    /// The end of ``locate(_:)``: the item's offset in its leaf, looked for
    /// from `hint` (its directory entry's offset hint) on.
    @inlinable static func locate(
        _ item: Int32, inLeaf current: LeafNode, near hint: Int, before: TreeSummary
    ) -> (place: TreePlace, flag: Bool) {
        current.withUnsafeMutablePointers { header, items in
            guard let offset = LeafNode.offset(of: item, in: items, count: header.pointee.count, near: hint) else {
                preconditionFailure("RowTree: item \(item) is not in the leaf its directory names")
            }
            var place = before
            place += LeafNode.summary(before: offset, headerMask: header.pointee.headerMask, flagMask: header.pointee.flagMask)
            return (TreePlace(index: Int(place.items), before: place), header.pointee.flagMask & (1 << UInt64(offset)) != 0)
        }
    }

    /// The places of many items (rows or headers) and their flags, in the
    /// order given: one descent for each leaf they lie in, not one each.
    ///
    /// - Precondition: every item is in the tree.
    /// - Complexity: O(*k* log *k* + *m* log *n*) for *k* items in *m* leaves.
    @inlinable func locate(_ items: [Int32]) -> [(place: TreePlace, flag: Bool)] {
        guard !items.isEmpty else { return [] }
        // A few items (a batch of a few edits): one descent each.
        if items.count <= 4 { return items.map { locate($0) } }
        // The items' positions in the input, in leaf order.
        let entries = items.map { directory.entry(of: $0) }
        let labels = entries.map { directory.label(ofEntry: $0) }
        let order = labels.indices.sorted { labels[$0] < labels[$1] }
        var places = [(place: TreePlace, flag: Bool)](repeating: (TreePlace(index: 0, before: TreeSummary()), false), count: items.count)
        var start = 0
        while start < order.count {
            let label = labels[order[start]]
            var end = start + 1
            while end < order.count && labels[order[end]] == label { end += 1 }
            withLeaf(atLabel: label) { leaf, before in
                for position in order[start..<end] {
                    let hint = LeafDirectory.offsetHint(entries[position])
                    places[position] = Self.locate(items[position], inLeaf: leaf, near: hint, before: before)
                }
            }
            start = end
        }
        return places
    }

    /// A naive ``locate(_:)``: sums every left sibling at each level (the
    /// tests check the fast path against it).
    func locateBySumming(_ item: Int32) -> (place: TreePlace, flag: Bool) {
        let label = directory.label(of: item)
        var node = root!
        var before = TreeSummary()
        for _ in 0..<height {
            let current = inner(node)
            var low = 0
            while low + 1 < current.count && current.labels[low + 1] <= label { low += 1 }
            for child in 0..<low { before += current.summary(child) }
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
            let items = current.summary(child).items
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
