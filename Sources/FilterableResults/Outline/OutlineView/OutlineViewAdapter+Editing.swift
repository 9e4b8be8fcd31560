/// What the user does in the outline view: expand and collapse, select,
/// delete, and drag items to another parent. Each goes to the outline,
/// and the view learns of its effect as of any other update.
extension OutlineViewAdapter {
    /// The user clicked an item's disclosure triangle to expand it (the
    /// view asks whether it may, `outlineView(_:shouldExpandItem:)`): the
    /// outline expands the item, its children are served, and the answer is
    /// whether its row shows expanded now. While filters are applied the
    /// outline keeps the expansion for later and the answer is no, as the
    /// row shows; so is it while a batch of the outline is open, until the
    /// batch ends and the view is told. A section always may.
    ///
    /// - Complexity: that of ``ResultsOutline/expand(_:includingDescendants:)``.
    func userWillExpand(_ item: Item) -> Bool {
        guard case let .item(key) = item.node else { return true }
        if item.row?.isExpanded == true { return true }
        userToggled = item.node
        defer { userToggled = nil }
        do {
            try outline.expand(key)
        } catch {
            onEditingError?(error)
        }
        return items[item.node]?.row?.isExpanded == true
    }

    /// The view expanded an item the user expanded
    /// (`outlineViewItemDidExpand(_:)`): the items below it that show
    /// expanded are expanded in turn, top down.
    ///
    /// - Complexity: O(*e*) for *e* items expanded.
    func userDidExpand(_ item: Item) {
        let pending = pendingExpansions
        pendingExpansions = []
        for child in pending where items[child.node] === child && isDescendant(child, of: item) && !child.children.isEmpty {
            perform(.expandItem(child))
        }
    }

    /// The user clicked an expanded item's disclosure triangle
    /// (`outlineView(_:shouldCollapseItem:)`): the outline collapses the
    /// item, its children leave the view, and the answer is whether its
    /// row shows collapsed now (while filters are applied, a match below it
    /// keeps it open). A section never collapses.
    ///
    /// - Complexity: that of ``ResultsOutline/collapse(_:)``.
    func userWillCollapse(_ item: Item) -> Bool {
        guard case let .item(key) = item.node else { return false }
        if item.row?.isExpanded != true { return true }
        userToggled = item.node
        defer { userToggled = nil }
        do {
            try outline.collapse(key)
        } catch {
            onEditingError?(error)
        }
        return items[item.node]?.row?.isExpanded != true
    }

    /// The user selected `selected`: with one item's row selected,
    /// ``onSelectRow`` is called with it.
    ///
    /// - Complexity: O(*s*) for *s* items selected.
    func userSelected(_ selected: [Item]) {
        guard selected.count == 1, let row = selected[0].row, items[selected[0].node] === selected[0] else { return }
        onSelectRow?(row)
    }

    /// Whether the user may delete an item's row.
    ///
    /// - Complexity: O(1), plus ``canDeleteRow``.
    func canDelete(_ item: Item) -> Bool { item.row.map(canDeleteRow) ?? false }

    /// The user deleted items (a swipe, the Delete key): those the user may
    /// delete are removed from the outline with their subtrees, as one
    /// update.
    ///
    /// - Complexity: O(*s* log *n*) for *s* items removed, plus the update.
    func delete(_ deleted: [Item]) {
        let keys = deleted.filter(canDelete).compactMap(\.key)
        guard !keys.isEmpty else { return }
        do {
            try outline.performBatchUpdates { () throws(ResultsError) in
                for key in keys { try outline.remove(key: key) }
            }
        } catch {
            onEditingError?(error)
        }
    }

    /// Whether the user may drag an item: the outline moves items (its
    /// parent key path is writable) and ``canMoveRow`` says yes.
    ///
    /// - Complexity: O(1), plus ``canMoveRow``.
    func canDrag(_ item: Item) -> Bool {
        guard outline.setParentKey != nil, let row = item.row, items[item.node] === item else { return false }
        return canMoveRow(row)
    }

    /// Where a drop the view proposes puts the item: onto `parent` (the
    /// root for `nil`) for `childIndex` -1, else among its children before
    /// child `childIndex`, as the outline view names drops. `nil` for a
    /// drop that no item can take (between sections).
    ///
    /// - Complexity: O(1).
    func destination(onto parent: Item?, childIndex: Int) -> ResultsOutline<Element, Key>.Destination? {
        let parent = parent ?? root
        if childIndex < 0 {
            switch parent.node {
            case let .item(key): return .onto(key)
            case .section: return parent.children.last?.key.map { .after($0) }
            case .root: return nil
            }
        }
        if childIndex < parent.children.count { return parent.children[childIndex].key.map { .before($0) } }
        if let last = parent.children.last { return last.key.map { .after($0) } }
        return parent.key.map { .onto($0) }
    }

    /// Whether the outline takes `dragged` dropped there (the view asks as
    /// the user drags, `outlineView(_:validateDrop:proposedItem:proposedChildIndex:)`).
    ///
    /// - Complexity: that of ``ResultsOutline/canMove(_:to:)``.
    func canDrop(_ dragged: Item, onto parent: Item?, childIndex: Int) -> Bool {
        guard canDrag(dragged), let key = dragged.key, let destination = destination(onto: parent, childIndex: childIndex) else { return false }
        return outline.canMove(key, to: destination)
    }

    /// The user dropped `dragged` there: the outline moves it with its
    /// subtree, and the view shows the move as any other update. Returns
    /// whether the outline took it; a refusal goes to ``onEditingError``.
    ///
    /// - Complexity: that of ``ResultsOutline/move(_:to:)``.
    func drop(_ dragged: Item, onto parent: Item?, childIndex: Int) -> Bool {
        guard canDrag(dragged), let key = dragged.key else { return false }
        guard let destination = destination(onto: parent, childIndex: childIndex) else {
            onEditingError?(.invalidArgument("an item cannot be dropped between sections"))
            return false
        }
        do {
            try outline.move(key, to: destination)
            return true
        } catch {
            onEditingError?(error)
            return false
        }
    }
}
