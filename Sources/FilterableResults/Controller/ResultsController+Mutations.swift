/// The store's mutations, each reported as a batch of its own or as part of
/// the open batch. Keyed and whole-table operations behave, throw and cost
/// as the store method of the same name (see ``ResultsStore``). Index paths
/// and section indexes are those of the visible table, what the view shows;
/// raw positions are the store's (see ``modify(_:)``). Each also throws
/// ``ResultsError/changedDuringNotification`` or
/// ``ResultsError/changedDuringClosure``.
extension ResultsController {
    /// Replaces all data with one unnamed section of `elements`.
    ///
    /// - Complexity: O(*n* + *m*); see ``ResultsStore/setData(_:)``.
    @discardableResult
    @inlinable public func setData(_ elements: [Element]) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        try mutate { store throws(ResultsError) in try store.setData(elements) }
    }

    /// Replaces all data with `sections`.
    ///
    /// - Complexity: O(*n* + *m*); see ``ResultsStore/setData(sections:)``.
    @discardableResult
    @inlinable public func setData(sections: [ResultsSection<Element>]) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        try mutate { store throws(ResultsError) in try store.setData(sections: sections) }
    }

    /// Appends an element to the last section, or to the section shown at
    /// index `section`; in a sorted or sectioned store, at its place.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)`` for a
    ///   section that is not shown, and the errors of ``ResultsStore/add(_:toSection:)``.
    /// - Complexity: see ``ResultsStore/add(_:toSection:)``.
    @inlinable public func add(_ element: Element, toSection section: Int? = nil) throws(ResultsError) {
        try mutate { store throws(ResultsError) in
            try store.add(element, toSection: try section.map { index throws(ResultsError) in try store.rawSection(forVisible: index) })
        }
    }

    /// Inserts an element at an index path of the visible table: before the
    /// element shown there, or at the end of the section when the row index
    /// equals the number of elements shown in it.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside the visible table, and the errors of
    ///   ``ResultsStore/insert(_:at:)``.
    /// - Complexity: O(log *n*).
    @inlinable public func insert(_ element: Element, at indexPath: ResultsIndexPath) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.insert(element, atVisible: indexPath) }
    }

    /// Removes the element with `element`'s key, if any, and returns
    /// whether there was one.
    ///
    /// - Returns: `false` when no element has `element`'s key (nothing is
    ///   reported then).
    /// - Complexity: see ``ResultsStore/remove(_:)``.
    @discardableResult
    @inlinable public func remove(_ element: Element) throws(ResultsError) -> Bool {
        try mutate { store throws(ResultsError) in try store.remove(element) }
    }

    /// Removes the element with `key`, if any, and returns whether there
    /// was one.
    ///
    /// - Returns: `false` when no element has `key` (nothing is reported
    ///   then), as `Dictionary.removeValue(forKey:)` returns `nil`.
    /// - Complexity: see ``ResultsStore/remove(key:)``.
    @discardableResult
    @inlinable public func remove(key: Key) throws(ResultsError) -> Bool {
        try mutate { store throws(ResultsError) in try store.remove(key: key) }
    }

    /// Removes the element shown at an index path of the visible table.
    ///
    ///     // Swipe to delete, with a filter on: the row the user saw goes.
    ///     try controller.remove(at: ResultsIndexPath(row: 1, section: 0))
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside the visible table.
    /// - Complexity: O(log *n*).
    @inlinable public func remove(at indexPath: ResultsIndexPath) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.remove(row: try store.requireRow(atVisible: indexPath)) }
    }

    /// Moves the element shown at `source` so that the view shows it at
    /// `destination`, as a table view moves a row the user drags:
    /// `destination` is in the table after the move. Hidden elements keep
    /// their places around it. The row keeps its identity: one move.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for either path, ``ResultsError/rowsPlacedByStore(operation:)`` in a
    ///   sorted or sectioned store.
    /// - Complexity: O(log *n*).
    @inlinable public func move(from source: ResultsIndexPath, to destination: ResultsIndexPath) throws(ResultsError) {
        try mutate { store throws(ResultsError) in
            let (from, to) = try store.rawMove(fromVisible: source, toVisible: destination)
            try store.move(from: from, to: to)
        }
    }

    /// Replaces the element with `element`'s key, if any.
    ///
    /// - Complexity: see ``ResultsStore/replace(_:)``.
    @inlinable public func replace(_ element: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(element) }
    }

    /// Replaces the element matching `old` by `new`, if any.
    ///
    /// - Complexity: see ``ResultsStore/replace(_:with:)``.
    @inlinable public func replace(_ old: Element, with new: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(old, with: new) }
    }

    /// Replaces the element shown at an index path of the visible table.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside the visible table, and the errors of
    ///   ``ResultsStore/replace(at:with:)``.
    /// - Complexity: O(log *n*).
    @inlinable public func replace(at indexPath: ResultsIndexPath, with new: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(row: try store.requireRow(atVisible: indexPath), with: new) }
    }

    /// Replaces every element whose key is in `elements`.
    ///
    /// - Complexity: see ``ResultsStore/replaceAll(_:)``.
    @inlinable public func replaceAll(_ elements: [Element]) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replaceAll(elements) }
    }

    /// Changes the element with `key` in place; returns whether it exists.
    /// `body` may read the controller (it sees the table as last reported);
    /// changing the controller from it throws ``ResultsError/changedDuringClosure``.
    ///
    /// - Complexity: see ``ResultsStore/update(_:_:)``.
    @discardableResult
    @inlinable public func update(_ key: Key, _ body: (inout Element) -> Void) throws(ResultsError) -> Bool {
        try mutate { store throws(ResultsError) in try store.update(key, body) }
    }

    /// Merges fetched elements by key (upsert), optionally sorting,
    /// pruning and keeping the order fetched.
    ///
    /// - Complexity: see ``ResultsStore/merge(_:sortedBy:prune:keepingFetchOrder:)``.
    @discardableResult
    @inlinable public func merge(
        _ elements: [Element], sortedBy sortKeys: [ResultsSortKey<Element>] = [], prune: Bool = false,
        keepingFetchOrder: Bool = false
    ) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        try mutate { store throws(ResultsError) in
            try store.merge(elements, sortedBy: sortKeys, prune: prune, keepingFetchOrder: keepingFetchOrder)
        }
    }

    /// Removes the elements with `keys`, as one update; keys no element
    /// has are ignored. Returns how many elements were removed.
    ///
    ///     try controller.remove(keys: offsets.map { section[$0].id })   // SwiftUI's onDelete
    ///
    /// - Complexity: see ``ResultsStore/remove(keys:)``.
    @discardableResult
    @inlinable public func remove<Keys: Sequence>(keys: Keys) throws(ResultsError) -> Int where Keys.Element == Key {
        try mutate { store throws(ResultsError) in store.remove(keys: keys) }
    }

    /// Removes every element that satisfies `shouldBeRemoved`, as one
    /// update. Returns how many elements were removed. `shouldBeRemoved`
    /// may read the controller (it sees the table as last reported).
    ///
    /// - Complexity: see ``ResultsStore/removeAll(where:)``.
    @discardableResult
    @inlinable public func removeAll(where shouldBeRemoved: (Element) -> Bool) throws(ResultsError) -> Int {
        try mutate { store throws(ResultsError) in store.removeAll(where: shouldBeRemoved) }
    }

    /// Appends a section.
    ///
    /// - Complexity: see ``ResultsStore/addSection(_:)``.
    @inlinable public func addSection(_ section: ResultsSection<Element>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.addSection(section) }
    }

    /// Inserts a section before the section shown at `index`, or after the
    /// last section when `index` equals the number of sections shown.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)`` and the
    ///   errors of ``ResultsStore/insertSection(_:at:)``.
    /// - Complexity: see ``ResultsStore/insertSection(_:at:)``.
    @inlinable public func insertSection(_ section: ResultsSection<Element>, at index: Int) throws(ResultsError) {
        try mutate { store throws(ResultsError) in
            let shown = store.table.numberOfVisibleSections
            guard (0...shown).contains(index) else { throw .sectionOutOfRange(index, sectionCount: shown) }
            let raw = index == shown ? store.numberOfRawSections : try store.rawSection(forVisible: index)
            try store.insertSection(section, at: raw)
        }
    }

    /// Removes the section shown at `index`, with its elements (those hidden
    /// by filters too).
    ///
    /// - Complexity: see ``ResultsStore/removeSection(at:)``.
    @inlinable public func removeSection(at index: Int) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.removeSection(at: try store.rawSection(forVisible: index)) }
    }

    /// Removes the section named `name` that has no id of its own, if any.
    ///
    /// - Complexity: see ``ResultsStore/removeSection(named:)``.
    @inlinable public func removeSection(named name: String) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.removeSection(named: name) }
    }

    /// Removes the section whose id of its own is `id`, if any.
    ///
    /// - Complexity: see ``ResultsStore/removeSection(id:)``.
    @inlinable public func removeSection(id: some Hashable & Sendable) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.removeSection(id: id) }
    }

    /// Replaces the section shown at `index`.
    ///
    /// - Complexity: see ``ResultsStore/replaceSection(at:with:)``.
    @inlinable public func replaceSection(at index: Int, with section: ResultsSection<Element>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in
            try store.replaceSection(at: try store.rawSection(forVisible: index), with: section)
        }
    }

    /// The filters applied, one per group (and those without a group), in
    /// the order they were first applied.
    ///
    /// - Complexity: O(1).
    @inlinable public var filters: [ResultsFilter<Element>] { store.filters }

    /// Applies a filter, replacing the one of its group.
    ///
    /// - Complexity: see ``ResultsStore/addFilter(_:)``.
    @inlinable public func addFilter(_ filter: ResultsFilter<Element>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.addFilter(filter) }
    }

    /// Applies several filters.
    ///
    /// - Complexity: see ``ResultsStore/addFilters(_:)``.
    @inlinable public func addFilters(_ filters: [ResultsFilter<Element>]) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.addFilters(filters) }
    }

    /// Removes every applied filter with this title and group; nothing
    /// happens when none is applied.
    ///
    /// - Complexity: see ``ResultsStore/removeFilter(title:group:)``.
    @inlinable public func removeFilter(title: String, group: String? = nil) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.removeFilter(title: title, group: group) }
    }

    /// Replaces all applied filters.
    ///
    /// - Complexity: see ``ResultsStore/replaceFilters(with:)``.
    @inlinable public func replaceFilters(with filters: [ResultsFilter<Element>]) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.replaceFilters(with: filters) }
    }

    /// Removes all applied filters.
    ///
    /// - Complexity: see ``ResultsStore/clearFilters()``.
    @inlinable public func clearFilters() throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.clearFilters() }
    }

    /// Sets the live-search text over the given fields: strings, optional
    /// strings, or other values found by their description.
    ///
    /// - Complexity: see ``ResultsStore/search(for:in:group:)-(_,[PartialKeyPath<Element>Sendable],_)``.
    @inlinable public func search(
        for text: String, in fields: [PartialKeyPath<Element> & Sendable], group: String = "search"
    ) throws(ResultsError) where Element: SendableMetatype {
        try mutate { store throws(ResultsError) in store.search(for: text, in: fields, group: group) }
    }

    /// Sets the live-search text over fields, optional or not.
    ///
    /// - Complexity: O(*n* *f*), as the store's search.
    @inlinable public func search(
        for text: String, in fields: [ResultsFilter<Element>.SearchField], group: String = "search"
    ) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.search(for: text, in: fields, group: group) }
    }

    /// Sorts every section by `keys` from now on (a "Sort by" menu); the
    /// update moves every row that moved, filters stay.
    ///
    /// - Complexity: see ``ResultsStore/setSortKeys(_:)``.
    @inlinable public func setSortKeys(_ keys: [ResultsSortKey<Element>]) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.setSortKeys(keys) }
    }

    /// Sections the store by `sectioning` from now on, or keeps one section
    /// with `nil` (a "Group by" menu); the update moves every row that
    /// moved, filters stay.
    ///
    /// - Complexity: see ``ResultsStore/setSectioning(_:)``.
    @inlinable public func setSectioning(_ sectioning: ResultsSectioning<Element>?) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.setSectioning(sectioning) }
    }

    /// Derives every section's title again from its id, in a store
    /// sectioned by id: the update refreshes each header whose title
    /// changed in place ("Today" becoming "Yesterday" at midnight), its
    /// section and cells kept.
    ///
    /// - Complexity: see ``ResultsStore/refreshSectionTitles()``.
    @inlinable public func refreshSectionTitles() throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.refreshSectionTitles() }
    }

    /// Shows or hides sections with no visible rows.
    ///
    /// - Complexity: O(1), plus the changeset.
    @inlinable public func setHidesEmptySections(_ hides: Bool) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.hidesEmptySections = hides }
    }
}
