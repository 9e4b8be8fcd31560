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
        try controller.requireIdle()
        let items = includingDescendants ? tree.subtree(of: key) : [key]
        let expanded = items.filter { !tree[$0]!.children.isEmpty && expandedKeys.insert($0).inserted }
        guard !expanded.isEmpty else { return }
        do {
            try commitExpansion(of: key, throughout: includingDescendants, wasExpanded: false)
        } catch {
            for item in expanded { expandedKeys.remove(item) }
            throw error
        }
    }

    /// Collapses the item with `key`: its descendants' rows hide. Each
    /// descendant keeps its own expansion, for when the item expands again.
    ///
    /// - Throws: ``ResultsError/notExpandable(_:reason:)`` for a key that is
    ///   no item's; nothing changes then.
    /// - Complexity: O(*k* log *n*) for *k* rows that hide.
    @inlinable public func collapse(_ key: Key) throws(ResultsError) {
        guard tree[key] != nil else { throw .notExpandable(String(describing: key), reason: "no item has this key") }
        try controller.requireIdle()
        guard expandedKeys.remove(key) != nil else { return }
        do {
            try commitExpansion(of: key, throughout: false, wasExpanded: true)
        } catch {
            expandedKeys.insert(key)
            throw error
        }
    }

    /// Lays out again the rows of `key`'s subtree whose expansion or
    /// visibility changed: `throughout` it when the expansion of every
    /// item below changed too. `wasExpanded` is whether `key` was expanded
    /// before (the items below kept theirs, unless `throughout`).
    @inlinable func commitExpansion(of key: Key, throughout: Bool, wasExpanded: Bool) throws(ResultsError) {
        try controller.modify { store throws(ResultsError) in
            // Visited: the item, and the children of every item whose
            // children show now or showed before (or every item below).
            // Expansion changes no row's place, level or children: a row
            // shows its expansion differently (a change of content), or
            // shows or hides (changed in place).
            var changed: [(Int32, Row)] = []
            var shownOrHidden: [(id: Int32, value: Bool)] = []
            var stack = [(key, isUnderExpandedAncestors(key))]
            while let (next, shown) = stack.popLast() {
                let node = tree[next]!
                let id = store.table.row(forKey: next)!
                let (hadChildrenShown, wasShown, hasChildren) = store.table.slots.withPointer(at: Int(id)) {
                    ($0.pointee.isExpanded, $0.pointee.isUnderExpandedAncestors, $0.pointee.hasChildren)
                }
                let expanded = expandedKeys.contains(next)
                // While filtered, the filters' pass decides what shows expanded.
                let showsChildren = filters.isEmpty ? hasChildren && expanded : hadChildrenShown
                if showsChildren != hadChildrenShown {
                    var row = store.table.element(ofRow: id).showing(expanded: showsChildren)
                    row.isUnderExpandedAncestors = shown
                    changed.append((id, row))
                } else if shown != wasShown {
                    shownOrHidden.append((id, shown))
                }
                let childrenShown = shown && expanded
                let childrenShowed = wasShown && (next == key ? wasExpanded : expanded)
                guard throughout || childrenShown || childrenShowed else { continue }
                for child in node.children.reversed() { stack.append((child, childrenShown)) }
            }
            store.replaceInPlace(changed)
            store.modifyInPlace(shownOrHidden) { row, shown in row.isUnderExpandedAncestors = shown }
        }
        _checkInvariants()
    }
}
