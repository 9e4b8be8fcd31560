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

    /// Derives every section's title again from its id, in a store
    /// sectioned by id (``ResultsSectioning/by(_:title:)``): for titles
    /// that depend on more than the id, such as a day's "Today" that
    /// becomes "Yesterday" at midnight. A section whose title changes keeps
    /// its identity, its place and its rows; the next changeset carries a
    /// section update for it (``ResultsChangeset/sectionUpdates``), and a
    /// data source refreshes its header in place, its cells kept. Nothing
    /// happens in a store sectioned by name or not sectioned.
    ///
    ///     store.refreshSectionTitles()                 // at midnight
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections, plus the title
    ///   function once per section.
    @inlinable public mutating func refreshSectionTitles() {
        guard let identified = sectioning?.identified else { return }
        var renamed: [(section: Int32, title: String)] = []
        for index in 0..<table.numberOfSections {
            let section = table.header(atRaw: index).id
            let record = table.record(section)
            let title = identified.title(record.sectionID!)
            if !SectionName.same(title, record.name) { renamed.append((section, title)) }
        }
        guard !renamed.isEmpty else { return }
        noteMutation()
        for (section, title) in renamed { table.rename(section, to: title) }
        tracker.sectionTitlesChanged = true
        _checkInvariants()
    }

    /// Renames raw section `index` in place, keeping its identity (a
    /// section with an id of its own, whose name is a title): the
    /// changeset refreshes its header.
    ///
    /// - Complexity: O(log *s*).
    @inlinable mutating func retitleSection(atRaw index: Int, to title: String) {
        let section = table.header(atRaw: index).id
        guard !SectionName.same(table.record(section).name, title) else { return }
        noteMutation()
        table.rename(section, to: title)
        tracker.sectionTitlesChanged = true
        _checkInvariants()
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
        var sections: [FreshSection] = table.rawTableWithIdentities.map { ($0.name, $0.sectionID, $0.rows) }
        if sectioning != nil {
            sections = groupedBySection(sections.flatMap(\.rows))
        } else if flattening {
            sections = [(nil, nil, sections.flatMap(\.rows))]
        }
        rebuildWithFreshSections(sections)
        tracker.touchAll()
        _checkInvariants()
    }

    /// A section about to be built: its name, id of its own, and rows.
    @usableFromInline typealias FreshSection = (name: String?, sectionID: SectionID?, rows: [RowID])

    /// Rows grouped by the sectioning's name (or id) for each, the groups
    /// in the sectioning's order (ties in order of first appearance), each
    /// group's rows in the order given; a sectioning by id titles each.
    ///
    /// - Complexity: O(*n* + *s* log *s*) for *n* rows in *s* sections.
    @inlinable func groupedBySection(_ rows: [RowID]) -> [FreshSection] {
        guard let sectioning else { preconditionFailure("grouping rows in a store without sectioning") }
        if let identified = sectioning.identified {
            var byID: [SectionID: Int] = [:]
            var grouped: [(id: SectionID, rows: [RowID])] = []
            for row in rows {
                let id = identified.sectionID(element(ofRow: row))
                if let index = byID[id] {
                    grouped[index].rows.append(row)
                } else {
                    byID[id] = grouped.count
                    grouped.append((id, [row]))
                }
            }
            let order = identified.areInIncreasingOrder
            return grouped.enumerated()
                .sorted { a, b in order(a.element.id, b.element.id) || (!order(b.element.id, a.element.id) && a.offset < b.offset) }
                .map { (identified.title($0.element.id), $0.element.id, $0.element.rows) }
        }
        var byName: [SectionName: Int] = [:]
        var grouped: [(name: String, rows: [RowID])] = []
        for id in rows {
            let name = sectioning.sectionName(element(ofRow: id))
            // Rows of a section often come together (read in order): the
            // last group is found without hashing the name.
            if let last = grouped.indices.last, SectionName.same(grouped[last].name, name) {
                grouped[last].rows.append(id)
            } else if let index = byName[SectionName(name)] {
                grouped[index].rows.append(id)
            } else {
                byName[SectionName(name)] = grouped.count
                grouped.append((name, [id]))
            }
        }
        let order = sectioning.areInIncreasingOrder
        return grouped.enumerated()
            .sorted { a, b in order(a.element.name, b.element.name) || (!order(b.element.name, a.element.name) && a.offset < b.offset) }
            .map { ($0.element.name, nil, $0.element.rows) }
    }

    /// Replaces the positional index with `sections` of live rows, each
    /// sorted by the sort keys, under fresh section identities (the diff
    /// matches sections by name, or unnamed ones by position).
    ///
    /// - Complexity: O(*n* log *n*) comparisons when sorted, plus O(*n*).
    @inlinable mutating func rebuildWithFreshSections(_ sections: [FreshSection]) {
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
        let identified = sections.map { section in
            (id: table.appendSectionSlot(), name: section.name, sectionID: section.sectionID, rows: section.rows)
        }
        rebuild(identified)
    }
}
