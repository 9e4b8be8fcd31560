/// The shape of an outline, by key: each item's parent, its children in
/// order and its section, with a number per item for bit sets.
@usableFromInline
struct OutlineTree<Key: Hashable> {
    /// One item's place in the tree.
    @usableFromInline
    struct Node {
        /// The parent's key; `nil` at the top level.
        @usableFromInline var parent: Key?
        /// The children's keys, in order.
        @usableFromInline var children: [Key] = []
        /// The section of the item's top-level ancestor.
        @usableFromInline var section: OutlineSection
        /// The item's number, below ``OutlineTree/nodeLimit``.
        @usableFromInline var number: Int32

        @inlinable init(parent: Key?, section: OutlineSection, number: Int32) {
            self.parent = parent
            self.section = section
            self.number = number
        }
    }

    /// Every item, by key.
    @usableFromInline var nodes: [Key: Node] = [:]
    /// The top-level items, in order (every section's, interleaved).
    @usableFromInline var roots: [Key] = []
    /// Numbers of removed items, free for reuse.
    @usableFromInline var freeNumbers: [Int32] = []
    /// One more than the highest number ever given.
    @usableFromInline var nodeLimit: Int32 = 0

    /// An empty tree.
    @inlinable init() {}

    /// The node of `key`, if it is an item.
    @inlinable subscript(key: Key) -> Node? { nodes[key] }

    /// The number of items.
    @inlinable var count: Int { nodes.count }

    /// The children of `parent`, or the top-level items for `nil`.
    @inlinable func children(of parent: Key?) -> [Key] {
        guard let parent else { return roots }
        return nodes[parent]?.children ?? []
    }

    /// Sets the children of `parent` (the top-level items for `nil`).
    @inlinable mutating func setChildren(_ children: [Key], of parent: Key?) {
        if let parent { nodes[parent]!.children = children } else { roots = children }
    }

    /// Adds `key` as an item without children, not yet listed by its parent.
    @inlinable mutating func addNode(_ key: Key, parent: Key?, section: OutlineSection) {
        let number = freeNumbers.popLast() ?? { defer { nodeLimit += 1 }; return nodeLimit }()
        nodes[key] = Node(parent: parent, section: section, number: number)
    }

    /// Adds `key` with its number, listed last under its parent (which is
    /// there): how a tree is read back in depth-first order.
    @inlinable mutating func restoreNode(_ key: Key, parent: Key?, section: OutlineSection, number: Int32) {
        nodes[key] = Node(parent: parent, section: section, number: number)
        if let parent { nodes[parent]!.children.append(key) } else { roots.append(key) }
        nodeLimit = Swift.max(nodeLimit, number + 1)
    }

    /// Frees the numbers below ``nodeLimit`` that no item has.
    @inlinable mutating func reclaimNumbers() {
        var used = [Bool](repeating: false, count: Int(nodeLimit))
        for node in nodes.values { used[Int(node.number)] = true }
        freeNumbers = used.indices.filter { !used[$0] }.map(Int32.init)
    }

    /// Removes `key`'s node (not its children, nor its listing by its parent).
    @inlinable mutating func removeNode(_ key: Key) {
        if let node = nodes.removeValue(forKey: key) { freeNumbers.append(node.number) }
    }

    /// Changes an item's parent and section (its listing is the caller's).
    @inlinable mutating func setParent(_ parent: Key?, section: OutlineSection, of key: Key) {
        nodes[key]!.parent = parent
        nodes[key]!.section = section
    }

    /// Sets the section of every item below `key` (`key` included).
    @inlinable mutating func setSection(_ section: OutlineSection, below key: Key) {
        var stack = [key]
        while let next = stack.popLast() {
            nodes[next]!.section = section
            stack.append(contentsOf: nodes[next]!.children)
        }
    }

    /// `key` and its descendants, depth first.
    @inlinable func subtree(of key: Key) -> [Key] {
        var result: [Key] = []
        var stack = [key]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: nodes[next]!.children.reversed())
        }
        return result
    }

    /// Whether `ancestor` is `key` or one of its ancestors.
    @inlinable func isAncestor(_ ancestor: Key, of key: Key) -> Bool {
        var current: Key? = key
        while let next = current {
            if next == ancestor { return true }
            current = nodes[next]!.parent
        }
        return false
    }

    /// The depth of `key`: 0 at the top level.
    @inlinable func level(of key: Key) -> Int {
        var level = 0
        var current = nodes[key]!.parent
        while let next = current {
            level += 1
            current = nodes[next]!.parent
        }
        return level
    }

    /// The last item of `key`'s subtree in depth-first order.
    @inlinable func lastDescendant(of key: Key) -> Key {
        var current = key
        while let last = nodes[current]!.children.last { current = last }
        return current
    }

    /// The item just before `key` in depth-first order within its
    /// section, or `nil` when `key` comes first in its section.
    @inlinable func predecessor(of key: Key) -> Key? {
        let node = nodes[key]!
        let siblings = children(of: node.parent)
        var index = siblings.firstIndex(of: key)!
        while index > 0 {
            index -= 1
            // Top-level items of other sections are not in this one.
            if node.parent != nil || nodes[siblings[index]]!.section == node.section {
                return lastDescendant(of: siblings[index])
            }
        }
        return node.parent
    }
}
