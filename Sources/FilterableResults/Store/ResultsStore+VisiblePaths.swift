/// Edits addressed by visible index paths (the controller's).
extension ResultsStore {
    /// The raw index of the section shown at `index`.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)``.
    @inlinable func rawSection(forVisible index: Int) throws(ResultsError) -> Int {
        let shown = table.numberOfVisibleSections
        guard (0..<shown).contains(index) else { throw .sectionOutOfRange(index, sectionCount: shown) }
        return Int(table.header(atVisible: index).place.before.headers)
    }

    /// The row shown at a visible path.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``.
    @inlinable func requireRow(atVisible indexPath: ResultsIndexPath) throws(ResultsError) -> RowID {
        let row = table.showsEverything ? table.row(atRaw: RawIndexPath(row: indexPath.row, section: indexPath.section)) : table.row(atVisible: indexPath)
        guard let row else { throw visibleOutOfRange(indexPath) }
        return row
    }

    /// Removes a live row.
    @inlinable mutating func remove(row id: RowID) {
        noteMutation()
        removeAndRelease(id)
    }

    /// Inserts an element at a visible path: before the element shown there,
    /// or at the end of its raw section.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   and the errors of ``insert(_:at:)``.
    @inlinable mutating func insert(_ element: Element, atVisible indexPath: ResultsIndexPath) throws(ResultsError) {
        if table.showsEverything && !placesRows {
            // The visible path is the raw path.
            do {
                return try insert(element, at: RawIndexPath(row: indexPath.row, section: indexPath.section))
            } catch .rawIndexPathOutOfRange {
                throw visibleOutOfRange(indexPath)
            }
        }
        if let next = table.row(atVisible: indexPath) { return try insert(element, before: next) }
        let shown = table.numberOfVisibleSections
        guard (0..<shown).contains(indexPath.section) else { throw visibleOutOfRange(indexPath) }
        let header = table.header(atVisible: indexPath.section)
        let record = table.record(header.id)
        guard indexPath.row == Int(record.visibleCount) else { throw visibleOutOfRange(indexPath) }
        try insert(element, at: RawIndexPath(row: Int(record.rowCount), section: Int(header.place.before.headers)))
    }

    /// The raw positions of a move between visible paths: `destination`
    /// counts the sections shown before the move, and the rows shown
    /// without the moved one.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``.
    @inlinable func rawMove(fromVisible source: ResultsIndexPath, toVisible destination: ResultsIndexPath) throws(ResultsError) -> (RawIndexPath, RawIndexPath) {
        let from = table.rawPath(ofRow: try requireRow(atVisible: source))
        let shown = table.numberOfVisibleSections
        guard (0..<shown).contains(destination.section) else { throw visibleOutOfRange(destination) }
        let header = table.header(atVisible: destination.section)
        let section = Int(header.place.before.headers)
        let sameSection = destination.section == source.section
        let visibleRows = Int(table.record(header.id).visibleCount) - (sameSection ? 1 : 0)
        guard (0...visibleRows).contains(destination.row) else {
            throw .indexPathOutOfRange(destination, sectionCount: shown, rowCount: visibleRows)
        }
        let rawRows = Int(table.record(header.id).rowCount) - (sameSection ? 1 : 0)
        if destination.row == visibleRows { return (from, RawIndexPath(row: rawRows, section: section)) }
        // The row shown at the destination once the moved row is out.
        let shownIndex = destination.row + (sameSection && destination.row >= source.row ? 1 : 0)
        var to = table.rawPath(ofRow: table.row(atVisible: ResultsIndexPath(row: shownIndex, section: destination.section))!)
        if to.section == from.section && to.row > from.row { to.row -= 1 }
        return (from, to)
    }

    @inlinable func visibleOutOfRange(_ indexPath: ResultsIndexPath) -> ResultsError {
        let shown = table.numberOfVisibleSections
        let rows = (0..<shown).contains(indexPath.section) ? Int(table.record(table.header(atVisible: indexPath.section).id).visibleCount) : nil
        return .indexPathOutOfRange(indexPath, sectionCount: shown, rowCount: rows)
    }
}
