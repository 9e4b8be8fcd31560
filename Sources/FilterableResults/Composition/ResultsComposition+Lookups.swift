/// Finding a row of the composed table by its key: the part's own snapshot
/// finds it, and the composed table says where (or whether) it shows.
extension ResultsComposition.Snapshot {
    /// The index path of the row with `key` in the composed table, or
    /// `nil` when the table does not show it: its part is gone, its part
    /// does not have it, the composition's filter hides it, its section is
    /// folded, or (for a placeholder's row) the placeholder does not show.
    /// The part's own snapshot finds the row, by its own lookup.
    ///
    ///     let path = snapshot.indexPath(forKey: .row(part: 1, showing: players, key: 42))
    ///
    /// - Complexity: O(*p* + log *n*) for *p* parts and *n* rows of the
    ///   part (the part's own lookup), plus O(log *m*) for *m* rows of its
    ///   section when the composition filters.
    public func indexPath(forKey key: Key) -> ResultsIndexPath? {
        let candidate: ResultsIndexPath
        switch key {
        case let .row(id, partKey):
            guard let part = index(ofPart: id), let local = parts[part].table.indexPath(forPartKey: partKey),
                  let path = indexPath(ofRow: local, inPart: part) else { return nil }   // nil in a folded section
            candidate = path
        case let .placeholder(id?, row):
            guard let part = index(ofPart: id), parts[part].showsPlaceholder else { return nil }
            candidate = ResultsIndexPath(row: row, section: parts[part].firstSection + parts[part].sectionsInTable)
        case let .placeholder(nil, row):
            guard showsPlaceholder else { return nil }
            candidate = ResultsIndexPath(row: row, section: partsSectionCount)
        }
        // The row found is the one `key(at:)` names so, or none (a key of
        // another type than the part's, a placeholder row past its last).
        return self.key(at: candidate) == key ? candidate : nil
    }
}

extension ResultsComposition {
    /// The index path in the composed table as last reported of the row
    /// with `key`, or `nil` when it does not show (see
    /// ``Snapshot/indexPath(forKey:)``).
    ///
    ///     let path = screen.indexPath(forKey: .row(part: 1, showing: products, key: product.id))
    ///
    /// - Complexity: O(*p* + log *n*) for *p* parts and *n* rows of the part.
    public func indexPath(forKey key: Key) -> ResultsIndexPath? { reportedSnapshot.indexPath(forKey: key) }

    /// The row with `key` if the composed table as last reported shows
    /// it, or `nil` when it does not (a row the composition's filter hides,
    /// or in a folded section, is not shown); a part's own source finds
    /// rows its table shows whatever the composition hides.
    ///
    ///     if let row = screen.visibleElement(forKey: .row(part: 1, showing: products, key: id)) { show(row) }
    ///
    /// - Complexity: O(*p* + log *n*) for *p* parts and *n* rows of the
    ///   part, plus the part's transform.
    public func visibleElement(forKey key: Key) -> Element? { reportedSnapshot.visibleElement(forKey: key) }
}

// MARK: - A part's lookup

extension PartSnapshotTable {
    /// The part's snapshot's own lookup; `nil` for a key of another type
    /// (or one the cast converts: a part's keys have one type).
    ///
    /// - Complexity: that of the snapshot's ``ResultsTableSnapshot/indexPath(forKey:)``.
    @usableFromInline func indexPath(forPartKey key: ResultsComposition<Element>.PartKey) -> ResultsIndexPath? {
        guard let found = (key.base as? Snapshot.Key).flatMap(snapshot.indexPath(forKey:)) else { return nil }
        return self.key(at: found) == key ? found : nil
    }
}

extension FilteredTable {
    /// The row in the part's own table, then its place among the rows that
    /// pass the filter; `nil` when the filter hides it.
    ///
    /// - Complexity: that of the part's lookup, plus O(log *m*) for *m*
    ///   rows passing in its section.
    @usableFromInline func indexPath(forPartKey key: ResultsComposition<Element>.PartKey) -> ResultsIndexPath? {
        guard let own = base.indexPath(forPartKey: key), rows.indices.contains(own.section) else { return nil }
        let passing = rows[own.section]
        let index = passing.indices.partitioningIndex { passing[$0] >= own.row }
        return index < passing.count && passing[index] == own.row ? ResultsIndexPath(row: index, section: own.section) : nil
    }
}
