import Foundation

/// A user's drag, read in the table the view shows and made in the store
/// as it is now.
///
/// The view may show a table older than the store's: updates turned off, a
/// batch open, an update not yet applied. The user saw that table, so the
/// drag is read there, as the row's key and the keys of the rows it was
/// dropped between, and those keys place it now.
extension ResultsStore {
    /// The raw move that puts the row the user dragged in `shown` from
    /// `source` to `destination` (both of `shown`, `destination` after the
    /// move) where they dropped it, among the rows of the store now.
    ///
    /// The row goes before the row it was dropped above, if that row is
    /// still in the destination section; else after the row it was dropped
    /// below; else first or last in the section, as it was dropped at the
    /// top or not. The destination section is the one with the shown
    /// section's name (gone: refused); an unnamed one is the section of
    /// those neighbours, or the section at the same raw index if that one
    /// is unnamed too.
    ///
    /// - Throws: ``ResultsError/rowsPlacedByStore(operation:)`` in a sorted
    ///   or sectioned store; ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside `shown`; ``ResultsError/moveNotAllowed(from:to:reason:)``
    ///   when the row or its destination section is gone.
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable func rawMove(
        ofRowShownAt source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>
    ) throws(ResultsError) -> (from: RawIndexPath, to: RawIndexPath) {
        if placesRows { throw .rowsPlacedByStore(operation: "moving a row") }
        return try rawDrag(ofRowShownAt: source, to: destination, in: shown)
    }

    /// The raw positions of the row the user dragged in `shown` from
    /// `source` to `destination`, and of where they dropped it, as
    /// ``rawMove(ofRowShownAt:to:in:)`` finds them, in any store: a sorted
    /// one reads them to give the row a rank that sorts it there.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside `shown`; ``ResultsError/moveNotAllowed(from:to:reason:)``
    ///   when the row or its destination section is gone.
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable func rawDrag(
        ofRowShownAt source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>
    ) throws(ResultsError) -> (from: RawIndexPath, to: RawIndexPath) {
        let old = shown.table
        guard let dragged = old.row(atVisible: source) else {
            throw .indexPathOutOfRange(source, sectionCount: old.numberOfVisibleSections, rowCount: shown.numberOfElements(inSection: source.section))
        }
        try checkDrop(at: destination, in: shown, leaving: source)
        guard let moved = table.row(forKey: old.key(ofRow: dragged)) else {
            throw .moveNotAllowed(from: source, to: destination, reason: "its element was removed after the view showed it")
        }
        let from = table.rawPath(ofRow: moved)
        guard let to = rawDrop(at: destination, in: shown, leaving: (source, from)) else {
            throw .moveNotAllowed(from: source, to: destination, reason: "its destination section was removed after the view showed it")
        }
        return (from, to)
    }

    /// The raw position where an element the user dropped at `destination`
    /// of `shown` (from elsewhere: another part of a composition) goes,
    /// among the rows of the store now, as ``rawMove(ofRowShownAt:to:in:)``
    /// places a dragged row.
    ///
    /// - Throws: ``ResultsError/rowsPlacedByStore(operation:)`` in a sorted
    ///   or sectioned store; ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside `shown`; ``ResultsError/moveNotAllowed(from:to:reason:)``
    ///   when its section is gone.
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable func rawInsertion(at destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>) throws(ResultsError) -> RawIndexPath {
        if placesRows { throw .rowsPlacedByStore(operation: "inserting a row where it was dropped") }
        try checkDrop(at: destination, in: shown, leaving: nil)
        guard let to = rawDrop(at: destination, in: shown, leaving: nil) else {
            throw .moveNotAllowed(from: destination, to: destination, reason: "its destination section was removed after the view showed it")
        }
        return to
    }

    /// Checks that `destination` is a place of `shown` to drop a row at,
    /// once the row at `source` (if it is dragged from `shown`) is out.
    @inlinable func checkDrop(at destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>, leaving source: ResultsIndexPath?) throws(ResultsError) {
        guard let shownRows = shown.numberOfElements(inSection: destination.section) else {
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: nil)
        }
        let otherRows = shownRows - (source?.section == destination.section ? 1 : 0)
        guard (0...otherRows).contains(destination.row) else {
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: otherRows)
        }
    }

    /// Where a row dropped at `destination` of `shown` goes now: before the
    /// row it was dropped above, else after the row below, else first or
    /// last in its section; `nil` when the section is gone. `leaving` is
    /// the dragged row's path in `shown` and in the store, if it is one of
    /// the store's rows; the position is then one with that row out.
    @inlinable func rawDrop(
        at destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>, leaving: (shown: ResultsIndexPath, raw: RawIndexPath)?
    ) -> RawIndexPath? {
        let old = shown.table
        let shownRows = shown.numberOfElements(inSection: destination.section)!
        let sameSection = leaving?.shown.section == destination.section
        let otherRows = shownRows - (sameSection ? 1 : 0)
        // The rows the user dropped it between, as they are now.
        func neighbour(_ index: Int) -> Int32? {
            guard (0..<otherRows).contains(index) else { return nil }
            let row = index + (sameSection && index >= leaving!.shown.row ? 1 : 0)
            let id = old.row(atVisible: ResultsIndexPath(row: row, section: destination.section))!
            return table.row(forKey: old.key(ofRow: id))
        }
        let below = neighbour(destination.row)
        let above = neighbour(destination.row - 1)
        let header = old.header(atVisible: destination.section)
        let record = old.record(header.id)
        let unnamed = record.name == nil && record.sectionID == nil
        var section: Int? = if let id = record.sectionID { sectionIndex(identifiedBy: id) } else { record.name.flatMap(sectionIndex(named:)) }
        if section == nil, unnamed {
            section = (below ?? above).map { table.rawPath(ofRow: $0).section }
        }
        if section == nil, unnamed {
            let index = Int(header.place.before.headers)
            if index < table.numberOfSections, self.name(ofSection: index) == nil, sectionID(ofSection: index) == nil { section = index }
        }
        guard let section else { return nil }
        let from = leaving?.raw
        // A position in the section once the moved row is out of it.
        func place(_ path: RawIndexPath) -> Int { path.row - (from?.section == path.section && from!.row < path.row ? 1 : 0) }
        if let below, case let path = table.rawPath(ofRow: below), path.section == section {
            return RawIndexPath(row: place(path), section: section)
        }
        if let above, case let path = table.rawPath(ofRow: above), path.section == section {
            return RawIndexPath(row: place(path) + 1, section: section)
        }
        let rows = numberOfRawElements(inSection: section)! - (from?.section == section ? 1 : 0)
        return RawIndexPath(row: destination.row == 0 ? 0 : rows, section: section)
    }
}

extension ResultsStore {
    /// Replaces the element of the row at `source` by `element` (the same
    /// key) and moves the row to `destination` (in its section, its row
    /// after the move), when the sort keys put it there and nowhere else:
    /// strictly after the row it then follows and strictly before the row
    /// it then precedes, in the section its value belongs to. Otherwise
    /// (a tie with a neighbour, an order outside them, another section,
    /// another row under the key) it returns `false` and changes nothing:
    /// ``replace(_:)`` then places the row by a search, as a stable sort
    /// would.
    ///
    /// A user's drop names the rows the row goes between, so checking
    /// those two is enough: the section is in order, so every row before
    /// the first sorts at most level with it, every row after the second
    /// at least level with that one.
    ///
    /// - Throws: as ``replace(_:)``: ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/keyChangedInPlace(old:new:)``; nothing changes then.
    /// - Complexity: O(log *n*), with two comparisons.
    @inlinable mutating func replace(
        rowAt source: RawIndexPath, with element: Element, ifSortedAt destination: RawIndexPath
    ) throws(ResultsError) -> Bool {
        let key = try requireKey(of: element)
        guard let id = try editableRow(forKey: key), !sortKeys.isEmpty, source.section == destination.section,
              id == table.row(atRaw: source), belongs(element, inSection: source.section)
        else { return false }
        let others = rowCount(inSection: source.section) - 1
        guard (0...others).contains(destination.row) else { return false }
        // The other rows by rank: `index` among them, the row itself skipped.
        let first = table.rowsBefore(rawSection: source.section)
        func order(ofOther index: Int) -> ComparisonResult {
            self.order(of: element, againstRowAtRank: first + index + (index >= source.row ? 1 : 0))
        }
        guard destination.row == 0 || order(ofOther: destination.row - 1) == .orderedDescending,
              destination.row == others || order(ofOther: destination.row) == .orderedAscending
        else { return false }
        noteMutation()
        replaceContent(ofRow: id, with: element)
        if source != destination {
            table.removeRow(atRaw: source)
            table.insertRow(id, visible: passesFilters(element), atRaw: destination)
        }
        _checkInvariantsAfterRowEdit()
        return true
    }
}
