/// Expanding and collapsing items: the user's own state, kept by key.
extension ResultsOutline {
    /// Expands the item with `key`: its children show below it (and their
    /// expanded descendants). With `includingDescendants`, every item below
    /// it that has children expands too.
    ///
    ///     try outline.expand(folder.id)
    ///
    /// While filters are applied, the change shows once they are cleared.
    ///
    /// - Throws: ``ResultsError/notExpandable(_:reason:)`` for a key that is
    ///   no item's, or an item without children; nothing changes then.
    /// - Complexity: O(*k* log *n*) for *k* rows that show or hide (with
    ///   `includingDescendants`, for the *k* items below).
    @inlinable public func expand(_ key: Key, includingDescendants: Bool = false) throws(ResultsError) {
        guard let node = tree[key] else { throw .notExpandable(String(describing: key), reason: "no item has this key") }
        guard !node.children.isEmpty else { throw .notExpandable(String(describing: key), reason: "it has no children") }
        let previous = (tree, expandedKeys)
        if includingDescendants {
            for item in tree.subtree(of: key) where !tree[item]!.children.isEmpty { expandedKeys.insert(item) }
        } else {
            guard expandedKeys.insert(key).inserted else { return }
        }
        try commitExpansion(of: key, throughout: includingDescendants, restoring: previous)
    }

    /// Collapses the item with `key`: its descendants' rows hide. Each
    /// descendant keeps its own expansion, for when the item expands again.
    ///
    /// - Throws: ``ResultsError/notExpandable(_:reason:)`` for a key that is
    ///   no item's; nothing changes then.
    /// - Complexity: O(*k* log *n*) for *k* rows that hide.
    @inlinable public func collapse(_ key: Key) throws(ResultsError) {
        guard tree[key] != nil else { throw .notExpandable(String(describing: key), reason: "no item has this key") }
        let previous = (tree, expandedKeys)
        guard expandedKeys.remove(key) != nil else { return }
        try commitExpansion(of: key, throughout: false, restoring: previous)
    }

    /// Lays out again the rows of `key`'s subtree whose expansion or
    /// visibility changed: `throughout` it when the expansion of every
    /// item below changed too.
    @inlinable func commitExpansion(of key: Key, throughout: Bool, restoring previous: (OutlineTree<Key>, Set<Key>)) throws(ResultsError) {
        do {
            try controller.modify { store throws(ResultsError) in
                // Visited: the item, and the children of every item whose
                // children show now or showed before (or every item below).
                var changed: [(Int32, Row)] = []
                var stack = [(key, tree.level(of: key), isUnderExpandedAncestors(key))]
                while let (next, level, shown) = stack.popLast() {
                    let node = tree[next]!
                    let id = store.table.row(forKey: next)!
                    let old = store.table.element(ofRow: id)
                    let row = makeRow(next, node: node, level: level, shown: shown, element: nil, old: old)
                    if !Row.areLaidOutAlike(old, row) { changed.append((id, row)) }
                    let childrenShown = shown && expandedKeys.contains(next)
                    guard throughout || childrenShown || (old.isUnderExpandedAncestors && previous.1.contains(next)) else { continue }
                    for child in node.children.reversed() { stack.append((child, level + 1, childrenShown)) }
                }
                store.replaceInPlace(changed)
            }
        } catch {
            (tree, expandedKeys) = previous
            throw error
        }
        _checkInvariants()
    }
}
