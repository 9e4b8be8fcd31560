import Foundation

/// Setting, merging, adding, removing and replacing items. Each edit is
/// checked whole before anything changes, and reported as one batch.
extension ResultsOutline {
    /// Replaces every item: the tree `elements` make, each under the
    /// parent it names. Items kept (by key) keep their rows, moving where
    /// their place changed; expansion is kept by key.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)``,
    ///   ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/unknownParent(_:of:)`` or ``ResultsError/cycle(_:)``;
    ///   nothing changes then.
    /// - Complexity: O(*n* log *n*) for *n* items.
    @inlinable public func setData(_ elements: [Element]) throws(ResultsError) {
        let (keys, byKey) = try keyed(elements)
        for key in keys {
            if let parent = parentKeyOf(byKey[key]!), byKey[parent] == nil {
                throw .unknownParent(String(describing: parent), of: String(describing: key))
            }
        }
        try requireNoCycle(among: keys) { parentKeyOf(byKey[$0]!) }
        var tree = OutlineTree<Key>()
        var children: [Key?: [Key]] = [:]
        for key in keys {
            let parent = parentKeyOf(byKey[key]!)
            tree.addNode(key, parent: parent, section: .single)
            children[parent, default: []].append(key)
        }
        for (parent, keys) in children { tree.setChildren(sorted(keys, elements: byKey), of: parent) }
        for root in tree.roots { tree.setSection(section(ofTopLevel: byKey[root]!), below: root) }
        let previous = (self.tree, expandedKeys, sections)
        self.tree = tree
        sections = orderedSections(of: tree.roots)
        do {
            try controller.modify { store throws(ResultsError) in
                try store.setData(sections: sections.map { section in
                    storeSection(section, elements: rows(ofSection: section, elements: byKey, in: store))
                })
                applyFilters(to: &store)
            }
        } catch {
            (self.tree, expandedKeys, sections) = previous
            throw error
        }
        _checkInvariants()
    }

    /// Merges items fetched under `parent` (the top level for `nil`): they
    /// become its descendants, each under the parent it names (`parent`
    /// or another of them). The children `parent` had that are not among
    /// them leave with their subtrees; so do those of a fetched item that
    /// has fetched children. A fetched item without fetched children keeps
    /// the children it had: folders loaded one level at a time keep what
    /// was loaded below them. An item that was elsewhere moves here.
    ///
    /// - Throws: ``ResultsError/unknownParent(_:of:)`` for a `parent` that
    ///   is not an item or an element naming another parent;
    ///   ``ResultsError/cycle(_:)``, ``ResultsError/duplicateKey(_:)``,
    ///   ``ResultsError/missingPrimaryKey(_:)``; nothing changes then.
    /// - Complexity: O(*s* log *n*) for *s* items in `parent`'s new subtree;
    ///   plus O(*n*) while filters are applied.
    @inlinable public func merge(_ elements: [Element], under parent: Key?) throws(ResultsError) {
        let (keys, byKey) = try keyed(elements)
        if let parent, tree[parent] == nil {
            throw .unknownParent(String(describing: parent), of: keys.first.map { String(describing: $0) } ?? "the merged items")
        }
        for key in keys {
            let named = parentKeyOf(byKey[key]!)
            guard named == parent || named.map({ byKey[$0] != nil }) == true else {
                throw .unknownParent(named.map { String(describing: $0) } ?? "nil", of: String(describing: key))
            }
        }
        // No fetched item may be `parent` or above it, nor above itself.
        var ancestor = parent
        while let next = ancestor {
            if byKey[next] != nil { throw .cycle(String(describing: next)) }
            ancestor = tree[next]!.parent
        }
        try requireNoCycle(among: keys) { key in parentKeyOf(byKey[key]!).flatMap { byKey[$0] != nil ? $0 : nil } }

        try controller.requireIdle()
        let roots = tree.roots
        var change = TreeChange(elements: byKey)
        var fetchedChildren: [Key?: [Key]] = [:]
        for key in keys { fetchedChildren[parentKeyOf(byKey[key]!), default: []].append(key) }
        // What leaves: the unfetched children of `parent` and of fetched
        // items with fetched children, with their subtrees (fetched items
        // below them excepted).
        var leaving: [Key] = []
        for owner in Set(fetchedChildren.keys).union([parent]) where owner == parent || owner.map({ tree[$0] != nil }) == true {
            for child in tree.children(of: owner) where byKey[child] == nil {
                var stack = [child]
                while let next = stack.popLast() {
                    leaving.append(next)
                    stack.append(contentsOf: tree[next]!.children.filter { byKey[$0] == nil })
                }
            }
        }
        // Fetched items leave their old places: each old parent's list is filtered once.
        var oldParents: Set<Key?> = []
        for key in keys {
            guard let node = tree[key] else { continue }
            if let old = node.parent, old != parent, byKey[old] == nil { change.refreshed.insert(old) }
            oldParents.insert(node.parent)
        }
        for owner in oldParents { tree.setChildren(tree.children(of: owner).filter { byKey[$0] == nil }, of: owner) }
        for key in leaving {
            tree.removeNode(key)
        }
        change.removed = leaving
        for key in keys where tree[key] == nil { tree.addNode(key, parent: parentKeyOf(byKey[key]!), section: .single) }
        for key in keys { tree.setParent(parentKeyOf(byKey[key]!), section: tree[key]!.section, of: key) }
        for (owner, children) in fetchedChildren {
            tree.setChildren(sorted(children, elements: byKey), of: owner)
        }
        if fetchedChildren[parent] == nil { tree.setChildren([], of: parent) }
        for child in tree.children(of: parent) {
            tree.setSection(parent.map { tree[$0]!.section } ?? section(ofTopLevel: byKey[child]!), below: child)
        }
        change.placed = tree.children(of: parent)
        change.placedAreChildren = true
        if let parent { change.refreshed.insert(parent) }
        try commit(change, roots: roots)
    }

    /// Adds an item under the parent it names, in its sorted place among
    /// its siblings, or after them.
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)``,
    ///   ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/unknownParent(_:of:)``; nothing changes then.
    /// - Complexity: O(log *n* + *c*) for *c* siblings; plus O(*n*) while
    ///   filters are applied.
    @inlinable public func add(_ element: Element) throws(ResultsError) {
        let (keys, _) = try keyed([element])
        let key = keys[0]
        guard tree[key] == nil else { throw .duplicateKey(String(describing: key)) }
        let parent = parentKeyOf(element)
        if let parent, tree[parent] == nil {
            throw .unknownParent(String(describing: parent), of: String(describing: key))
        }
        try controller.requireIdle()
        let roots = tree.roots
        tree.addNode(key, parent: parent, section: parent.map { tree[$0]!.section } ?? section(ofTopLevel: element))
        insert(key, element: element, amongChildrenOf: parent)
        var change = TreeChange(placed: [key], elements: [key: element])
        if let parent { change.refreshed.insert(parent) }
        try commit(change, roots: roots)
    }

    /// Removes the item with `key` and its subtree, if there is one, and
    /// returns whether there was.
    ///
    /// - Returns: `false` when no item has `key` (nothing changes then).
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   update; nothing changes then.
    /// - Complexity: O(*s* log *n*) for *s* items in the subtree, plus O(*c*)
    ///   for *c* siblings; plus O(*n*) while filters are applied.
    @discardableResult
    @inlinable public func remove(key: Key) throws(ResultsError) -> Bool {
        guard let node = tree[key] else { return false }
        try controller.requireIdle()
        let roots = tree.roots
        let removed = tree.subtree(of: key)
        tree.setChildren(tree.children(of: node.parent).filter { $0 != key }, of: node.parent)
        for item in removed { tree.removeNode(item) }
        var change = TreeChange(removed: removed)
        if let parent = node.parent { change.refreshed.insert(parent) }
        try commit(change, roots: roots)
        return true
    }

    /// Replaces the item with `element`'s key; nothing happens when there
    /// is none. When it names another parent, or sorts elsewhere among its
    /// siblings, its subtree moves there: its rows move, keeping their identity.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/unknownParent(_:of:)``, ``ResultsError/cycle(_:)``
    ///   for a parent inside its own subtree; nothing changes then.
    /// - Complexity: O(log *n* + *c*) for *c* siblings; O(*s* log *n*) when a
    ///   subtree of *s* items moves; plus O(*n*) while filters are applied.
    @inlinable public func replace(_ element: Element) throws(ResultsError) {
        let key = try keyed([element]).keys[0]
        guard let node = tree[key] else { return }
        let parent = parentKeyOf(element)
        if let parent {
            guard tree[parent] != nil else { throw .unknownParent(String(describing: parent), of: String(describing: key)) }
            if tree.isAncestor(key, of: parent) { throw .cycle(String(describing: key)) }
        }
        try controller.requireIdle()
        let roots = tree.roots
        let siblings = tree.children(of: node.parent)
        let section = parent.map { tree[$0]!.section } ?? section(ofTopLevel: element)
        var change = TreeChange(elements: [key: element])
        tree.setChildren(siblings.filter { $0 != key }, of: node.parent)
        tree.setParent(parent, section: section, of: key)
        if parent == node.parent && isInOrder(element, at: siblings.firstIndex(of: key)!, among: siblings) {
            tree.setChildren(siblings, of: parent)
        } else {
            insert(key, element: element, amongChildrenOf: parent)
        }
        if parent != node.parent || section != node.section || tree.children(of: parent) != siblings {
            tree.setSection(section, below: key)
            change.placed = [key]
            for owner in [node.parent, parent] { if let owner { change.refreshed.insert(owner) } }
        } else {
            change.refreshed.insert(key)
        }
        try commit(change, roots: roots)
    }
}

// MARK: - Checking and ordering

extension ResultsOutline {
    /// The keys of `elements`, in order, and the elements by key.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``, or
    ///   ``ResultsError/duplicateKey(_:)`` for a key given twice.
    @inlinable func keyed(_ elements: [Element]) throws(ResultsError) -> (keys: [Key], byKey: [Key: Element]) {
        var keys: [Key] = []
        var byKey: [Key: Element] = [:]
        keys.reserveCapacity(elements.count)
        byKey.reserveCapacity(elements.count)
        for element in elements {
            guard let key = keyOf(element) else { throw .missingPrimaryKey(String(describing: element)) }
            guard byKey.updateValue(element, forKey: key) == nil else { throw .duplicateKey(String(describing: key)) }
            keys.append(key)
        }
        return (keys, byKey)
    }

    /// Throws when following `parent` from some key comes back to it.
    ///
    /// - Throws: ``ResultsError/cycle(_:)`` naming a key on the cycle.
    /// - Complexity: O(*n*) for *n* keys.
    @inlinable func requireNoCycle(among keys: [Key], parent: (Key) -> Key?) throws(ResultsError) {
        // 1: on the path being followed; 2: known to reach the top.
        var state: [Key: UInt8] = [:]
        state.reserveCapacity(keys.count)
        for start in keys where state[start] == nil {
            var path: [Key] = []
            var current: Key? = start
            while let key = current, state[key] == nil {
                state[key] = 1
                path.append(key)
                current = parent(key)
            }
            if let key = current, state[key] == 1 { throw .cycle(String(describing: key)) }
            for key in path { state[key] = 2 }
        }
    }

    /// `keys` in the outline's order of siblings: by its sort keys, ties
    /// (and every key, without sort keys) in the order given.
    @inlinable func sorted(_ keys: [Key], elements: [Key: Element]) -> [Key] {
        guard !sortKeys.isEmpty, keys.count > 1 else { return keys }
        let values = keys.map { element(elements, $0) }
        return keys.indices.sorted { lhs, rhs in
            switch sortKeys.compare(values[lhs], values[rhs]) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: lhs < rhs
            }
        }.map { keys[$0] }
    }

    /// Whether `element` sorts between the siblings around `index` (always
    /// without sort keys), so that it keeps its place.
    @inlinable func isInOrder(_ element: Element, at index: Int, among siblings: [Key]) -> Bool {
        guard !sortKeys.isEmpty else { return true }
        if index > 0, sortKeys.compare(self.element([:], siblings[index - 1]), element) == .orderedDescending { return false }
        if index + 1 < siblings.count, sortKeys.compare(element, self.element([:], siblings[index + 1])) == .orderedDescending { return false }
        return true
    }

    /// The element of `key`: given in `elements`, or stored.
    @inlinable func element(_ elements: [Key: Element], _ key: Key) -> Element {
        elements[key] ?? controller.store.element(forKey: key)!.element
    }

    /// Lists `key` among the children of `parent`: in its sorted place
    /// (after its ties), or last.
    @inlinable func insert(_ key: Key, element: Element, amongChildrenOf parent: Key?) {
        var children = tree.children(of: parent)
        var index = children.count
        if !sortKeys.isEmpty {
            index = (0..<children.count).partitioningIndex { sortKeys.compare(element, self.element([:], children[$0])) == .orderedAscending }
        }
        children.insert(key, at: index)
        tree.setChildren(children, of: parent)
    }

    /// The rows of section `name`, in depth-first order, for a new tree
    /// whose elements are `elements`.
    @inlinable func rows(ofSection section: OutlineSection, elements: [Key: Element], in store: ResultsStore<Row, Key>) -> [Row] {
        var rows: [Row] = []
        var stack = tree.roots.reversed().filter { tree[$0]!.section == section }.map { ($0, 0, true) }
        while let (key, level, shown) = stack.popLast() {
            let node = tree[key]!
            rows.append(makeRow(key, node: node, level: level, shown: shown, element: elements[key]!, old: store.element(forKey: key)))
            let childrenShown = shown && expandedKeys.contains(key)
            stack.append(contentsOf: node.children.reversed().map { ($0, level + 1, childrenShown) })
        }
        return rows
    }
}
