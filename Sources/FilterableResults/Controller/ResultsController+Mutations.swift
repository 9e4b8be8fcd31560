/// The store's mutations, each reported as a batch of its own or as part of
/// the open batch. Each behaves, throws and costs as the store method of the
/// same name (see ``ResultsStore``), and also throws
/// ``ResultsError/invalidOperation(_:)`` from inside a change notification.
extension ResultsController {
    /// Replaces all data with one unnamed section of `elements`.
    ///
    /// - Complexity: O(*n* + *m*); see ``ResultsStore/setData(_:)``.
    @discardableResult
    @inlinable public func setData(_ elements: [Element]) throws(ResultsError) -> ResultsMergeSummary {
        try mutate { store throws(ResultsError) in try store.setData(elements) }
    }

    /// Replaces all data with `sections`.
    ///
    /// - Complexity: O(*n* + *m*); see ``ResultsStore/setData(sections:)``.
    @discardableResult
    @inlinable public func setData(sections: [ResultsSection<Element>]) throws(ResultsError) -> ResultsMergeSummary {
        try mutate { store throws(ResultsError) in try store.setData(sections: sections) }
    }

    /// Appends an object to the last section or to `section`.
    ///
    /// - Complexity: see ``ResultsStore/add(_:toSection:)``.
    @inlinable public func add(_ element: Element, toSection section: Int? = nil) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.add(element, toSection: section) }
    }

    /// Inserts an object at a raw index path.
    ///
    /// - Complexity: see ``ResultsStore/insert(_:at:)``.
    @inlinable public func insert(_ element: Element, at indexPath: ResultsIndexPath) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.insert(element, at: indexPath) }
    }

    /// Removes the object with `element`'s key, if any.
    ///
    /// - Complexity: see ``ResultsStore/remove(_:)``.
    @inlinable public func remove(_ element: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.remove(element) }
    }

    /// Removes the object with `key`, if any.
    ///
    /// - Complexity: see ``ResultsStore/remove(key:)``.
    @inlinable public func remove(key: Key) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.remove(key: key) }
    }

    /// Removes the object at a raw index path.
    ///
    /// - Complexity: see ``ResultsStore/remove(at:)``.
    @inlinable public func remove(at indexPath: ResultsIndexPath) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.remove(at: indexPath) }
    }

    /// Replaces the object with `element`'s key, if any.
    ///
    /// - Complexity: see ``ResultsStore/replace(_:)``.
    @inlinable public func replace(_ element: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(element) }
    }

    /// Replaces the object matching `old` by `new`, if any.
    ///
    /// - Complexity: see ``ResultsStore/replace(_:with:)``.
    @inlinable public func replace(_ old: Element, with new: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(old, with: new) }
    }

    /// Replaces the object at a raw index path.
    ///
    /// - Complexity: see ``ResultsStore/replace(at:with:)``.
    @inlinable public func replace(at indexPath: ResultsIndexPath, with new: Element) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replace(at: indexPath, with: new) }
    }

    /// Replaces every object whose key is in `elements`.
    ///
    /// - Complexity: see ``ResultsStore/replaceAll(_:)``.
    @inlinable public func replaceAll(_ elements: [Element]) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replaceAll(elements) }
    }

    /// Changes the object with `key` in place; returns whether it exists.
    ///
    /// - Complexity: see ``ResultsStore/update(_:_:)``.
    @discardableResult
    @inlinable public func update(_ key: Key, _ body: (inout Element) -> Void) throws(ResultsError) -> Bool {
        try mutate { store throws(ResultsError) in try store.update(key, body) }
    }

    /// Merges fetched objects by key (upsert), optionally sorting and pruning.
    ///
    /// - Complexity: see ``ResultsStore/merge(_:sortedBy:prune:)``.
    @discardableResult
    @inlinable public func merge(
        _ elements: [Element], sortedBy sortKeys: [ResultsSortKey<Element>] = [], prune: Bool = false
    ) throws(ResultsError) -> ResultsMergeSummary {
        try mutate { store throws(ResultsError) in try store.merge(elements, sortedBy: sortKeys, prune: prune) }
    }

    /// Appends a section.
    ///
    /// - Complexity: see ``ResultsStore/addSection(_:)``.
    @inlinable public func addSection(_ section: ResultsSection<Element>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.addSection(section) }
    }

    /// Inserts a section.
    ///
    /// - Complexity: see ``ResultsStore/insertSection(_:at:)``.
    @inlinable public func insertSection(_ section: ResultsSection<Element>, at index: Int) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.insertSection(section, at: index) }
    }

    /// Removes the section at `index`.
    ///
    /// - Complexity: see ``ResultsStore/removeSection(at:)``.
    @inlinable public func removeSection(at index: Int) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.removeSection(at: index) }
    }

    /// Removes the section named `name`, if any.
    ///
    /// - Complexity: see ``ResultsStore/removeSection(named:)``.
    @inlinable public func removeSection(named name: String) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.removeSection(named: name) }
    }

    /// Replaces the objects of the section at `index`.
    ///
    /// - Complexity: see ``ResultsStore/replaceSection(at:with:)``.
    @inlinable public func replaceSection(at index: Int, with section: ResultsSection<Element>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in try store.replaceSection(at: index, with: section) }
    }

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

    /// Removes every applied filter with this title and group.
    ///
    /// - Complexity: see ``ResultsStore/removeFilter(title:group:)``.
    @inlinable public func removeFilter(title: String, group: String?) throws(ResultsError) {
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

    /// Sets the live-search text over the given fields.
    ///
    /// - Complexity: see ``ResultsStore/search(for:in:group:)``.
    @inlinable public func search(
        for text: String, in fields: [KeyPath<Element, String> & Sendable], group: String = "search"
    ) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.search(for: text, in: fields, group: group) }
    }

    /// Shows or hides sections with no visible rows.
    ///
    /// - Complexity: O(1), plus the changeset.
    @inlinable public func setHidesEmptySections(_ hides: Bool) throws(ResultsError) {
        try mutate { store throws(ResultsError) in store.hidesEmptySections = hides }
    }
}
