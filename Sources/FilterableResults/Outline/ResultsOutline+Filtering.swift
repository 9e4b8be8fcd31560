/// Filters: while any is applied, the outline shows every item that
/// passes them all, with its ancestors, expanded along the way.
extension ResultsOutline {
    /// Applies a filter: it replaces the applied filter of its group; a
    /// filter without a group is added.
    ///
    /// - Complexity: O(*n*) for *n* items, plus the changeset.
    @inlinable public func addFilter(_ filter: ResultsFilter<Element>) throws(ResultsError) {
        var filters = self.filters
        ResultsFilter.apply([filter], to: &filters)
        try setFilters(filters)
    }

    /// Removes the applied filters with this title and group (`nil`
    /// matches filters without a group).
    ///
    /// - Complexity: O(*n*) for *n* items when a filter is removed, plus the changeset.
    @inlinable public func removeFilter(title: String, group: String?) throws(ResultsError) {
        let kept = filters.filter { $0.title != title || $0.group != group }
        guard kept.count != filters.count else { return }
        try setFilters(kept)
    }

    /// Replaces the applied filters.
    ///
    /// - Complexity: O(*n*) for *n* items, plus the changeset.
    @inlinable public func replaceFilters(with filters: [ResultsFilter<Element>]) throws(ResultsError) {
        var applied: [ResultsFilter<Element>] = []
        ResultsFilter.apply(filters, to: &applied)
        try setFilters(applied)
    }

    /// Removes every filter: the user's own expansion shows again.
    ///
    /// - Complexity: O(*n*) for *n* items when filters were applied, plus the changeset.
    @inlinable public func clearFilters() throws(ResultsError) {
        guard !filters.isEmpty else { return }
        try setFilters([])
    }

    /// Sets the text of a live search over fields: the items shown are
    /// those where a field contains the text (ignoring case and
    /// diacritics), with their ancestors. Empty text ends the search.
    ///
    ///     try outline.search(for: query, in: [.field(\.name)])
    ///
    /// - Complexity: O(*n* *f*) for *n* items and *f* fields, plus the changeset.
    @inlinable public func search(for text: String, in fields: [ResultsSearchField<Element>], group: String = "search") throws(ResultsError) {
        if let filter = ResultsFilter.search(for: text, in: fields, group: group) {
            try addFilter(filter)
        } else {
            try removeFilter(title: "search", group: group)
        }
    }

    /// Applies `filters` and reports the change.
    @inlinable func setFilters(_ filters: [ResultsFilter<Element>]) throws(ResultsError) {
        let previous = appliedFilters
        appliedFilters = filters
        do {
            try controller.modify { store in applyFilters(to: &store) }
        } catch {
            appliedFilters = previous
            throw error
        }
        _checkInvariants()
    }

    /// Shows, while filters are applied, every item that passes them or
    /// has a descendant that does, each shown expanded when a child shows;
    /// otherwise the rows under expanded items, as the user expanded them.
    ///
    /// One walk over the rows in depth-first order reads each row's level
    /// and the filters' verdict; one walk back marks each item shown when
    /// it matches or a child of it shows (the children of an item follow
    /// it, one level deeper, before the next item at its level or above).
    ///
    /// - Complexity: O(*n*) for *n* items, plus O(log *n*) per row whose
    ///   expansion shows differently.
    @inlinable func applyFilters(to store: inout ResultsStore<Row, Key>) {
        guard !filters.isEmpty else {
            guard store.filters.first?.title != Self.expansionFilter.title else { return }
            store.replaceFilters(with: [Self.expansionFilter])
            rewriteExpansion(in: &store) { $0.hasChildren && expandedKeys.contains($0.key) }
            return
        }
        let tests = filters.map(\.matches)
        let elementOffset = MemoryLayout<Row>.offset(of: \Row.element)!
        var rows: [(id: Int32, level: Int32, matches: Bool)] = []
        rows.reserveCapacity(tree.count)
        store.table.tree.forEachLeaf { leaf in
            for offset in 0..<leaf.count {
                let id = leaf[offset]
                guard id >= 0 else { continue }
                store.table.slots.withPointer(at: Int(id)) { row in
                    let element = UnsafeRawPointer(row).advanced(by: elementOffset).assumingMemoryBound(to: Element.self)
                    rows.append((id, Int32(row.pointee.level), tests.allSatisfy { $0(element) }))
                }
            }
        }
        // Walking back: `below[l]` says whether an item at level `l` shows
        // since the last item at level `l - 1`, its parent.
        var below = [Bool](repeating: false, count: 2)
        var rowBits = [UInt64](repeating: 0, count: (store.table.slots.count + 63) >> 6)
        var nodeBits = [UInt64](repeating: 0, count: (Int(tree.nodeLimit) + 63) >> 6)
        var expanded = [Bool](repeating: false, count: rows.count)
        for index in rows.indices.reversed() {
            let (id, level, matches) = rows[index]
            let depth = Int(level)
            if below.count < depth + 2 { below += [Bool](repeating: false, count: depth + 2 - below.count) }
            let childShows = below[depth + 1]
            below[depth + 1] = false
            guard matches || childShows else { continue }
            below[depth] = true
            expanded[index] = childShows
            rowBits[Int(id) >> 6] |= 1 << UInt64(id & 63)
            let node = store.table.slots.withPointer(at: Int(id)) { $0.pointee.node }
            nodeBits[Int(node) >> 6] |= 1 << UInt64(node & 63)
        }
        let shown = nodeBits
        store.appliedFilters = [ResultsFilter(title: "filters", group: "outline", matchesInPlace: { row in
            let node = Int(row.pointee.node)
            return node >> 6 < shown.count && shown[node >> 6] & (1 << UInt64(node & 63)) != 0
        })]
        store.setVisibility(rowBits)
        var changed: [(Int32, Row)] = []
        for (index, row) in rows.enumerated() where store.table.slots.withPointer(at: Int(row.id), { $0.pointee.isExpanded }) != expanded[index] {
            changed.append((row.id, store.table.element(ofRow: row.id).showing(expanded: expanded[index])))
        }
        store.replaceInPlace(changed)
    }

    /// Gives every row whose shown expansion differs from `isExpanded` the new one.
    ///
    /// - Complexity: O(*n*) for *n* items, plus O(log *n*) per row changed.
    @inlinable func rewriteExpansion(in store: inout ResultsStore<Row, Key>, _ isExpanded: (Row) -> Bool) {
        var changed: [(Int32, Row)] = []
        store.table.tree.forEachLeaf { leaf in
            for offset in 0..<leaf.count {
                let id = leaf[offset]
                guard id >= 0 else { continue }
                let row = store.table.element(ofRow: id)
                let expanded = isExpanded(row)
                if row.isExpanded != expanded { changed.append((id, row.showing(expanded: expanded))) }
            }
        }
        store.replaceInPlace(changed)
    }
}

extension ResultsStore {
    /// Gives live rows new elements with their own keys, where they stand;
    /// with `sameContent`, elements that show the same (only what the
    /// filters read changed), so that no row is compared for an update.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows.
    @inlinable mutating func replaceInPlace(_ rows: [(Int32, Element)], sameContent: Bool = false) {
        guard !rows.isEmpty else { return }
        noteMutation()
        for (id, element) in rows {
            if sameContent {
                table.slots[Int(id)] = element
                tracker.touch(id)
                table.setVisible(passesFilters(element), ofRow: id)
            } else {
                replaceContent(ofRow: id, with: element)
            }
        }
        _checkInvariants()
    }
}
