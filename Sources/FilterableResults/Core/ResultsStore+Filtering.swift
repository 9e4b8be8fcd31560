/// Filters: named, grouped conditions over the raw data. Filtering never
/// removes raw data; it changes which rows are visible.
extension ResultsStore {
    /// Applies a filter: it replaces the applied filter of its group, in
    /// place; a filter without a group is appended.
    ///
    /// - Complexity: O(*n* *f*): every row is tested against the *f* filters.
    @inlinable public mutating func addFilter(_ filter: ResultsFilter<Element>) {
        addFilters([filter])
    }

    /// Applies several filters, in order, as ``addFilter(_:)`` does.
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func addFilters(_ newFilters: [ResultsFilter<Element>]) {
        for filter in newFilters {
            if let group = filter.group, let index = filters.firstIndex(where: { $0.group == group }) {
                appliedFilters[index] = filter
            } else {
                appliedFilters.append(filter)
            }
        }
        refilter()
    }

    /// Removes every applied filter with this title and group (`nil` matches
    /// filters without a group); nothing happens when none is applied.
    ///
    /// - Complexity: O(*n* *f*) when a filter is removed, else O(*f*).
    @inlinable public mutating func removeFilter(title: String, group: String?) {
        let count = filters.count
        appliedFilters.removeAll { $0.title == title && $0.group == group }
        if filters.count != count { refilter() }
    }

    /// Replaces all applied filters.
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func replaceFilters(with newFilters: [ResultsFilter<Element>]) {
        appliedFilters = []
        addFilters(newFilters)
    }

    /// Removes all applied filters: every row becomes visible.
    ///
    /// - Complexity: O(*n*) when filters were applied, else O(1).
    @inlinable public mutating func clearFilters() {
        guard !filters.isEmpty else { return }
        appliedFilters = []
        refilter()
    }

    /// Sets the text of a live search over the given fields: the objects
    /// shown are those where any of the fields contains the text, ignoring
    /// case and diacritics. Empty text removes the search.
    ///
    /// The search is the filter titled `"search"` in group `group`, so it
    /// combines with the other applied filters (AND); one line per keystroke:
    ///
    ///     store.search(for: query, in: [\.name, \.company])
    ///
    /// - Complexity: O(*n* *f*).
    @inlinable public mutating func search(
        for text: String, in fields: [KeyPath<Element, String> & Sendable], group: String = "search"
    ) {
        let needle = SearchText(text)
        guard !needle.isEmpty else {
            removeFilter(title: "search", group: group)
            return
        }
        addFilter(ResultsFilter(title: "search", group: group) { element in
            fields.contains { needle.isFound(in: element[keyPath: $0]) }
        })
    }

    /// Recomputes every live row's visibility.
    @inlinable mutating func refilter() {
        tracker.visibilityChanged = true
        // In slot order, for memory locality. Rows removed but not yet
        // reported are evaluated too; their bits are never read.
        // Predicates are called as filter properties: taking one out as a
        // closure value of the element's type would wrap it in a thunk.
        let filters = self.filters
        var visible = isVisible
        isVisible = []
        visible.withUnsafeMutableBufferPointer { visible in
            slots.withUnsafeBufferPointer { slots in
                switch filters.count {
                case 0:
                    visible.update(repeating: true)
                case 1:
                    let filter = filters[0]
                    for index in slots.indices {
                        if let element = slots[index] { visible[index] = filter.predicate(element) }
                    }
                default:
                    for index in slots.indices {
                        if let element = slots[index] { visible[index] = filters.allSatisfy { $0.predicate(element) } }
                    }
                }
            }
        }
        isVisible = visible
        _checkInvariants()
    }
}
