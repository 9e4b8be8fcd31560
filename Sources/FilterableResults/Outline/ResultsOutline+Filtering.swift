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

    /// Applies several filters, each replacing the one of its group.
    ///
    /// - Complexity: O(*n*) for *n* items, plus the changeset.
    @inlinable public func addFilters(_ filters: [ResultsFilter<Element>]) throws(ResultsError) {
        var applied = self.filters
        ResultsFilter.apply(filters, to: &applied)
        try setFilters(applied)
    }

    /// Removes the applied filters with this title and group (`nil`
    /// matches filters without a group).
    ///
    /// - Complexity: O(*n*) for *n* items when a filter is removed, plus the changeset.
    @inlinable public func removeFilter(title: String, group: String? = nil) throws(ResultsError) {
        let kept = filters.filter { !$0.isNamed(title, group: group) }
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
    /// those where every word of the text is found in one of the fields
    /// (ignoring case and diacritics), with their ancestors, as
    /// `ResultsStore.search(for:in:group:)` matches. Text
    /// without a word ends the search.
    ///
    ///     try outline.search(for: query, in: [.field(\.name)])
    ///
    /// - Complexity: O(*n* *f*) for *n* items and *f* fields, plus the changeset.
    @inlinable public func search(for text: String, in fields: [ResultsFilter<Element>.SearchField], group: String = "search") throws(ResultsError) {
        if let filter = ResultsFilter.search(for: text, in: fields, group: group) {
            try addFilter(filter)
        } else {
            try removeFilter(title: "search", group: group)
        }
    }

    /// Sets the live-search text over fields given as key paths: strings,
    /// optional strings, or other values found by their description.
    ///
    ///     try outline.search(for: query, in: [\.name, \.size])
    ///
    /// - Complexity: that of ``search(for:in:group:)-(_,[ResultsFilter<Element>.SearchField],_)``.
    @inlinable public func search(
        for text: String, in fields: [PartialKeyPath<Element> & Sendable], group: String = "search"
    ) throws(ResultsError) where Element: SendableMetatype {
        try search(for: text, in: fields.map { ResultsFilter<Element>.SearchField.field(any: $0) }, group: group)
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
    /// The filters test every row where it lies in memory, as a flat
    /// store's do; then each passing row shows with its ancestors, climbed
    /// from the row until one already climbed from (so each item is visited
    /// once); last, the rows shown whose expansion shows differently are
    /// rewritten. (A hidden row's `isExpanded` is no one's to read: it is
    /// rewritten when the row shows again, or when the filters are cleared.)
    ///
    /// - Complexity: O(*n*) for *n* items (a filter test each, and a pass
    ///   over the positional index's leaves), plus O(*s*) key lookups for
    ///   *s* rows shown and O(log *n*) per row whose expansion shows
    ///   differently.
    @inlinable func applyFilters(to store: inout ResultsStore<Row, Key>) {
        guard !filters.isEmpty else {
            guard store.filters.first?.title != Self.expansionFilter.title else { return }
            store.replaceFilters(with: [Self.expansionFilter])
            rewriteExpansion(in: &store) { $0.hasChildren && expandedKeys.contains($0.key) }
            return
        }
        let (shownRows, shownNodes, expanded) = Self.rowsShown(by: filters, in: store.table, nodeLimit: tree.nodeLimit)
        store.appliedFilters = [ResultsFilter(title: "filters", group: "outline", matchesInPlace: { row in
            let node = Int(row.pointee.node)
            return node >> 6 < shownNodes.count && shownNodes[node >> 6] & (1 << UInt64(node & 63)) != 0
        })]
        store.setVisibility(shownRows)
        // The rows shown whose expansion shows differently; a hidden row's
        // is rewritten when it shows again.
        var changed: [(Int32, Row)] = []
        Self.forEachSetBit(in: shownRows) { id in
            let isExpanded = expanded[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0
            if store.table.slots.withPointer(at: Int(id), { $0.pointee.isExpanded }) != isExpanded {
                changed.append((id, store.table.element(ofRow: id).showing(expanded: isExpanded)))
            }
        }
        store.replaceInPlace(changed)
    }

    /// The rows `filters` show, as bits by row identity; the items they
    /// show, as bits by node number; and the rows they show expanded (a
    /// child shows), by row identity.
    ///
    /// - Complexity: O(*n*) filter tests for *n* rows, plus O(*s*) key
    ///   lookups for *s* rows shown.
    @inlinable static func rowsShown(
        by filters: [ResultsFilter<Element>], in table: RowTable<Row, Key>, nodeLimit: Int32
    ) -> (rows: [UInt64], nodes: [UInt64], expanded: [UInt64]) {
        let tests = filters.map(\.matches)
        let elementOffset = MemoryLayout<Row>.offset(of: \Row.element)!
        let passing = table.slots.bits { row in
            let element = UnsafeRawPointer(row).advanced(by: elementOffset).assumingMemoryBound(to: Element.self)
            return tests.allSatisfy { $0(element) }
        }
        var rows = [UInt64](repeating: 0, count: passing.count)
        var expanded = [UInt64](repeating: 0, count: passing.count)
        var nodes = [UInt64](repeating: 0, count: (Int(nodeLimit) + 63) >> 6)
        forEachSetBit(in: passing) { match in
            // Shows the row, then climbs: each parent shows expanded, up to
            // the first one a climb already passed.
            var id = match
            while true {
                let (node, parentKey) = table.slots.withPointer(at: Int(id)) { ($0.pointee.node, $0.pointee.parentKey) }
                rows[Int(id) >> 6] |= 1 << UInt64(id & 63)
                nodes[Int(node) >> 6] |= 1 << UInt64(node & 63)
                guard let parentKey, let parent = table.row(forKey: parentKey) else { break }
                let bit: UInt64 = 1 << UInt64(parent & 63)
                guard expanded[Int(parent) >> 6] & bit == 0 else { break }
                expanded[Int(parent) >> 6] |= bit
                id = parent
            }
        }
        return (rows, nodes, expanded)
    }

    /// Calls `body` with the number of each bit set in `bits`, in order.
    ///
    /// - Complexity: O(*w* + *s*) for *w* words and *s* bits set.
    @inlinable static func forEachSetBit(in bits: [UInt64], _ body: (Int32) -> Void) {
        for word in bits.indices {
            var remaining = bits[word]
            while remaining != 0 {
                body(Int32(word << 6 | remaining.trailingZeroBitCount))
                remaining &= remaining &- 1
            }
        }
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
