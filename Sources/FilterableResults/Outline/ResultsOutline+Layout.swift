/// Laying the tree out as the table's rows: every item in depth-first
/// order, each row saying where it sits and whether it shows.
extension ResultsOutline {
    /// What an edit changed in the tree, for the rows to follow.
    @usableFromInline
    struct TreeChange {
        /// Items gone from the tree, with their rows.
        @usableFromInline var removed: [Key]
        /// Items whose subtrees are laid out again, in depth-first order,
        /// none inside another's subtree.
        @usableFromInline var placed: [Key]
        /// Whether ``placed`` lists every child of one parent, in order.
        @usableFromInline var placedAreChildren = false
        /// Items whose row may show differently (children come or go, or
        /// the expansion changed), laid out in place.
        @usableFromInline var refreshed: Set<Key> = []
        /// New elements of items, by key.
        @usableFromInline var elements: [Key: Element]

        @inlinable init(removed: [Key] = [], placed: [Key] = [], elements: [Key: Element] = [:]) {
            self.removed = removed
            self.placed = placed
            self.elements = elements
        }
    }

    /// Applies `change` to the table, given the tree already changed: one
    /// mutation of the store, reported as one batch unless a batch is
    /// open. The caller checked that the controller is idle and the change
    /// valid; should the store still refuse, it stays as it was and the
    /// tree is read back from it, the top-level items in the order `roots`.
    @inlinable func commit(_ change: TreeChange, roots: [Key]) throws(ResultsError) {
        do {
            try controller.modify { store throws(ResultsError) in
                if !change.removed.isEmpty { _ = store.remove(keys: change.removed) }
                // Siblings laid out in turn each follow the last row of the one
                // before in their section, or their parent.
                var lastRows: [OutlineSection: Key] = [:]
                for key in change.placed {
                    let node = tree[key]!
                    try addSection(node.section, to: &store)
                    let previous = change.placedAreChildren ? lastRows[node.section] ?? node.parent : tree.predecessor(of: key)
                    lastRows[node.section] = try layOutSubtree(of: key, after: previous, elements: change.elements, in: &store)
                }
                for key in change.refreshed where tree[key] != nil {
                    try layOutRow(of: key, element: change.elements[key], in: &store)
                }
                try removeEmptySections(from: &store)
                applyFilters(to: &store)
            }
        } catch {
            restoreTreeFromStore(roots: roots)
            throw error
        }
        _checkInvariants()
    }

    /// Reads the tree back from the store's rows (every item, depth first,
    /// each naming its parent and number) after a batch or a change the
    /// store undid; `roots`, the top-level items as they were, keeps their
    /// order across sections.
    ///
    /// - Complexity: O(*n*).
    @inlinable func restoreTreeFromStore(roots: [Key]) {
        var restored = OutlineTree<Key>()
        var sections: [OutlineSection] = []
        for raw in controller.store.rawSections {
            let section = outlineSection(raw)
            sections.append(section)
            for row in raw.elements { restored.restoreNode(row.key, parent: row.parentKey, section: section, number: row.node) }
        }
        restored.reclaimNumbers()
        if Set(roots) == Set(restored.roots) { restored.roots = roots }
        tree = restored
        self.sections = sections
    }

    /// Lays out `key`'s subtree right after the row of `previous` (first
    /// in its section for `nil`): rows inserted, moved into place, and
    /// given their level, parent and flags. Returns the last row laid out.
    ///
    /// - Complexity: O(*s* log *n*) for *s* items in the subtree.
    @inlinable func layOutSubtree(of key: Key, after previous: Key?, elements: [Key: Element], in store: inout ResultsStore<Row, Key>) throws(ResultsError) -> Key {
        var previous = previous
        var stack = [(key, tree.level(of: key), isUnderExpandedAncestors(key))]
        while let (next, level, shown) = stack.popLast() {
            let node = tree[next]!
            let row = makeRow(next, node: node, level: level, shown: shown, element: elements[next], old: store.element(forKey: next))
            try place(row, elementGiven: elements[next] != nil, after: previous, section: node.section, in: &store)
            previous = next
            let childrenShown = shown && expandedKeys.contains(next)
            for child in node.children.reversed() { stack.append((child, level + 1, childrenShown)) }
        }
        return previous!
    }

    /// Gives `key`'s row, where it stands, what the tree says of it now.
    ///
    /// - Complexity: O(log *n* + *d*) at depth *d*.
    @inlinable func layOutRow(of key: Key, element: Element?, in store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        let old = store.element(forKey: key)
        let row = makeRow(key, node: tree[key]!, level: tree.level(of: key), shown: isUnderExpandedAncestors(key), element: element, old: old)
        if let old, element == nil, Row.areLaidOutAlike(old, row) { return }
        try store.replace(row)
    }

    /// The row of `key` with the tree's view of it, its element `element`
    /// or the one of `old`, its row now (`nil` for a new item).
    @inlinable func makeRow(_ key: Key, node: OutlineTree<Key>.Node, level: Int, shown: Bool, element: Element?, old: Row?) -> Row {
        let hasChildren = !node.children.isEmpty
        var revision = old?.revision ?? 0
        if element != nil && old != nil && isSameElement == nil { revision &+= 1 }
        return Row(
            element: element ?? old!.element, key: key, parentKey: node.parent, level: level, hasChildren: hasChildren,
            // While filtered, the filters' pass decides what shows expanded.
            isExpanded: filters.isEmpty || old == nil ? hasChildren && expandedKeys.contains(key) : old!.isExpanded,
            isUnderExpandedAncestors: shown, node: node.number, revision: revision)
    }

    /// Puts `row` right after the row of `previous`, or first in its
    /// section: inserted, or moved there and replaced.
    @inlinable func place(_ row: Row, elementGiven: Bool, after previous: Key?, section: OutlineSection, in store: inout ResultsStore<Row, Key>) throws(ResultsError) {
        let target: RawIndexPath
        if let previous {
            let path = store.rawIndexPath(forKey: previous)!
            target = RawIndexPath(row: path.row + 1, section: path.section)
        } else {
            target = RawIndexPath(row: 0, section: sections.firstIndex(of: section)!)
        }
        guard let current = store.rawIndexPath(forKey: row.key) else {
            return try store.insert(row, at: target)
        }
        if current != target {
            let before = current.section == target.section && current.row < target.row
            try store.move(from: current, to: RawIndexPath(row: target.row - (before ? 1 : 0), section: target.section))
        }
        if !elementGiven, let old = store.element(forKey: row.key), Row.areLaidOutAlike(old, row) { return }
        try store.replace(row)
    }

    /// Whether every ancestor of `key` is expanded by the user.
    @inlinable func isUnderExpandedAncestors(_ key: Key) -> Bool {
        var current = tree[key]!.parent
        while let next = current {
            guard expandedKeys.contains(next) else { return false }
            current = tree[next]!.parent
        }
        return true
    }
}

extension ResultsOutline.Row {
    /// Whether two rows of one key sit alike in the tree and show alike,
    /// their elements aside.
    @inlinable static func areLaidOutAlike(_ lhs: Self, _ rhs: Self) -> Bool {
        lhs.level == rhs.level && lhs.parentKey == rhs.parentKey && lhs.hasChildren == rhs.hasChildren
            && lhs.isExpanded == rhs.isExpanded && lhs.isUnderExpandedAncestors == rhs.isUnderExpandedAncestors
            && lhs.node == rhs.node
    }
}
