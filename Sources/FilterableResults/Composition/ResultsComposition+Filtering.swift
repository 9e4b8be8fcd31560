/// Filters over the joined table: which rows show, whatever part they
/// come from. The words are the controller's: a filter replaces the one of
/// its group, and a row shows when it passes every filter applied.
extension ResultsComposition {
    /// The filters applied to the joined table, one per group (and those
    /// without a group), in the order they were first applied.
    ///
    /// - Complexity: O(1).
    public var filters: [ResultsFilter<Element>] { appliedFilters }

    /// Applies a filter over every part's rows, in one animated update: it
    /// replaces the applied filter of its group; a filter without a group
    /// is added. Sections stay, emptied or not; a part whose rows are all
    /// filtered out shows its placeholder.
    ///
    ///     try screen.addFilter(ResultsFilter(title: "Unread") { row in
    ///         if case let .message(message) = row { !message.isRead } else { true }
    ///     })
    ///
    /// While a filter is applied, each part's update is read against the
    /// rows the filter shows before and after (O(*n*) for the part's *n*
    /// rows, instead of O(*e*) for *e* changes); the parts' own filters
    /// stay theirs, and go on working underneath. User edits (deletes, drags, insertions) are
    /// read in the filtered table the view shows. A section's value (its
    /// header, see ``ResultsSectionValue``) is its part's: a count it shows
    /// counts the rows the part shows, this filter aside.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: O(*n* log *n*) for *n* rows composed, plus the filters
    ///   once per row.
    public func addFilter(_ filter: ResultsFilter<Element>) throws(ResultsError) {
        var filters = appliedFilters
        ResultsFilter.apply([filter], to: &filters)
        try setFilters(filters)
    }

    /// Applies several filters, each replacing the one of its group, in one
    /// animated update.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``addFilter(_:)``.
    public func addFilters(_ filters: [ResultsFilter<Element>]) throws(ResultsError) {
        var applied = appliedFilters
        ResultsFilter.apply(filters, to: &applied)
        try setFilters(applied)
    }

    /// Removes the applied filters with this title and group (`nil`
    /// matches filters without a group).
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``addFilter(_:)`` when a filter is removed, else O(*f*) for *f* filters.
    public func removeFilter(title: String, group: String? = nil) throws(ResultsError) {
        let kept = appliedFilters.filter { !$0.isNamed(title, group: group) }
        guard kept.count != appliedFilters.count else { return }
        try setFilters(kept)
    }

    /// Replaces the applied filters (one per group: a later filter of a
    /// group replaces an earlier one).
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``addFilter(_:)``.
    public func replaceFilters(with filters: [ResultsFilter<Element>]) throws(ResultsError) {
        var applied: [ResultsFilter<Element>] = []
        ResultsFilter.apply(filters, to: &applied)
        try setFilters(applied)
    }

    /// Removes every filter: every part's rows show again.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``addFilter(_:)`` when filters were applied, else O(1).
    public func clearFilters() throws(ResultsError) {
        guard !appliedFilters.isEmpty else { return }
        try setFilters([])
    }

    /// Sets the text of a live search over fields of the composed rows: the
    /// rows shown are those where a field contains the text (ignoring case
    /// and diacritics). Empty text ends the search.
    ///
    ///     try screen.search(for: query, in: [.field(\.title)])
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``addFilter(_:)``, with O(*f*) per row for *f* fields.
    public func search(
        for text: String, in fields: [ResultsFilter<Element>.SearchField], group: String = "search"
    ) throws(ResultsError) {
        if let filter = ResultsFilter.search(for: text, in: fields, group: group) {
            try addFilter(filter)
        } else {
            try removeFilter(title: "search", group: group)
        }
    }

    /// Sets the live-search text over fields given as key paths: strings,
    /// optional strings, or other values found by their description.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: that of ``search(for:in:group:)-(_,[ResultsFilter<Element>.SearchField],_)``.
    public func search(
        for text: String, in fields: [PartialKeyPath<Element> & Sendable], group: String = "search"
    ) throws(ResultsError) where Element: SendableMetatype {
        try search(for: text, in: fields.map { ResultsFilter<Element>.SearchField.field(any: $0) }, group: group)
    }

    /// Applies `filters` and reports the change.
    func setFilters(_ filters: [ResultsFilter<Element>]) throws(ResultsError) {
        try requireIdle()
        appliedFilters = filters
        filtersVersion += 1
        let old = reportedSnapshot
        let new = Snapshot(parts: parts.indices.map { snapshotPart($0, table: old.parts[$0].ownTable) }, placeholder: placeholder)
        _reportedSnapshot = new
        reportChange(from: old)
    }

    /// Whether a row passes every filter applied, or `nil` without filters.
    @inlinable var filter: ((Element) -> Bool)? {
        guard !appliedFilters.isEmpty else { return nil }
        let filters = appliedFilters
        return { element in filters.allSatisfy { $0(element) } }
    }
}
