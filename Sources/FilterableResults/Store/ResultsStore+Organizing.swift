/// Changing how the store organises its rows: sort keys and sectioning.
extension ResultsStore {
    /// Sorts every section by `keys` from now on, stably: rows that the
    /// keys do not order keep their order. With no keys, rows stay where
    /// they are and are no longer kept sorted. Filters are kept, and the
    /// next changeset moves every row that moved.
    ///
    ///     store.setSortKeys([.descending(\.price)])     // a "Sort by" menu
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows; keys on a property read
    ///   it once per row, other keys compare O(*n* log *n*) times.
    @inlinable public mutating func setSortKeys(_ keys: [ResultsSortKey<Element>]) {
        reorganize(sortedBy: keys, sectionedBy: sectioning, flattening: false)
    }

    /// Sections the store by `sectioning` from now on: every row is filed
    /// in the section its value names, in the sections' order, and sorted
    /// by the sort keys. With `nil`, the store keeps one unnamed section
    /// holding every row in its current order, and sections are then made
    /// by hand. Filters are kept, and the next changeset moves every row
    /// that moved.
    ///
    ///     store.setSectioning(.by(\.company))           // a "Group by" menu
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows.
    @inlinable public mutating func setSectioning(_ sectioning: ResultsSectioning<Element>?) {
        reorganize(sortedBy: sortKeys, sectionedBy: sectioning, flattening: sectioning == nil)
    }

    /// Files every row anew under `sortKeys` and `sectioning`: by the
    /// sectioning's names when there is one, in one unnamed section when
    /// `flattening`, in the sections it is in otherwise; then sorts each
    /// section.
    @inlinable mutating func reorganize(
        sortedBy sortKeys: [ResultsSortKey<Element>], sectionedBy sectioning: ResultsSectioning<Element>?, flattening: Bool
    ) {
        noteMutation()
        _sortKeys = sortKeys
        _sectioning = sectioning
        var sections: [(name: String?, rows: [RowID])] = table.rawTableWithIdentities.map { ($0.name, $0.rows) }
        if sectioning != nil {
            sections = groupedBySection(sections.flatMap(\.rows)).map { ($0.name, $0.rows) }
        } else if flattening {
            sections = [(nil, sections.flatMap(\.rows))]
        }
        rebuildWithFreshSections(sections)
        tracker.touchAll()
        _checkInvariants()
    }

    /// Rows grouped by the sectioning's name for each, the groups in the
    /// sectioning's order (ties in order of first appearance), each group's
    /// rows in the order given.
    ///
    /// - Complexity: O(*n* + *s* log *s*) for *n* rows in *s* sections.
    @inlinable func groupedBySection(_ rows: [RowID]) -> [(name: String, rows: [RowID])] {
        guard let sectioning else { preconditionFailure("grouping rows in a store without sectioning") }
        var byName: [SectionName: Int] = [:]
        var grouped: [(name: String, rows: [RowID])] = []
        for id in rows {
            let name = sectioning.sectionName(element(ofRow: id))
            if let index = byName[SectionName(name)] {
                grouped[index].rows.append(id)
            } else {
                byName[SectionName(name)] = grouped.count
                grouped.append((name, [id]))
            }
        }
        let order = sectioning.areInIncreasingOrder
        return grouped.enumerated()
            .sorted { a, b in order(a.element.name, b.element.name) || (!order(b.element.name, a.element.name) && a.offset < b.offset) }
            .map(\.element)
    }

    /// Replaces the positional index with `sections` of live rows, each
    /// sorted by the sort keys, under fresh section identities (the diff
    /// matches sections by name, or unnamed ones by position).
    ///
    /// - Complexity: O(*n* log *n*) comparisons when sorted, plus O(*n*).
    @inlinable mutating func rebuildWithFreshSections(_ sections: [(name: String?, rows: [RowID])]) {
        var sections = sections
        if !sortKeys.isEmpty {
            let slots = table.slots
            for index in sections.indices {
                sections[index].rows = Self.stablySorted(sections[index].rows, by: sortKeys) { slots[Int($0)]! }
            }
        }
        table.sectionRecords = ChunkedArray()
        table.tree.directory.leafOfSection = ChunkedArray()
        freeSections = []
        let identified = sections.map { section in (id: table.appendSectionSlot(), name: section.name, rows: section.rows) }
        rebuild(identified)
    }
}
