/// A filter over the joined table: which rows show, whatever part they
/// come from.
extension ResultsComposition {
    /// Shows only the rows `isIncluded` accepts, across every part (`nil`
    /// shows them all again), in one animated update. Sections stay,
    /// emptied or not; a part whose rows are all filtered out shows its
    /// placeholder. A live search over a composed screen sets it on each
    /// keystroke:
    ///
    ///     screen.setFilter { row in
    ///         if case let .product(product) = row { product.name.localizedStandardContains(query) } else { true }
    ///     }
    ///
    /// While a filter is set, each part's update is shown by comparing the
    /// composed tables (O(*n*) for *n* rows) rather than by translating the
    /// part's own changes; the parts' own filters stay theirs, and go on
    /// working underneath. User edits (deletes, drags, insertions) are read
    /// in the filtered table the view shows. A section's value (its header,
    /// see ``ResultsSectionValue``) is its part's: a count it shows counts
    /// the rows the part shows, this filter aside.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows composed, plus the filter
    ///   once per row.
    public func setFilter(_ isIncluded: ((Element) -> Bool)?) {
        filter = isIncluded
        let old = reportedSnapshot
        let new = Snapshot(parts: parts.indices.map { snapshotPart($0, table: old.parts[$0].table) }, placeholder: placeholder)
        reportedSnapshot = new
        reportDifference(from: old)
    }

    /// Whether a filter is set (see ``setFilter(_:)``).
    ///
    /// - Complexity: O(1).
    public var isFiltered: Bool { filter != nil }
}
