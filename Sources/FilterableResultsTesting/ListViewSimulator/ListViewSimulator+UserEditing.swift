import FilterableResults

extension ListViewSimulator {
    /// The user taps the row at `indexPath`: the view tells its data source
    /// the row was selected. Tapping a row the view does not show is
    /// impossible: the view records it as an invalid user action.
    ///
    /// - Returns: Whether the view shows such a row.
    /// - Complexity: O(1) plus whatever the data source does.
    @discardableResult
    public func userSelectsRow(at indexPath: ResultsIndexPath) -> Bool {
        guard !hasCrashed, !isPerformingBatchUpdates else { return false }
        layoutIfNeeded()
        guard cell(at: indexPath) != nil else {
            crash(with: wording.invalidUserAction(
                "the user cannot select \(wording.row) \(indexPath.row) in section \(indexPath.section): the "
                    + "\(wording.view) shows \(numberOfSections) sections and "
                    + "\(numberOfRows(inSection: indexPath.section)) \(wording.rows) in that section"))
            return false
        }
        dataSourceOrEmpty.didSelectRow(at: indexPath)
        return true
    }

    /// The user swipes to delete the row at `indexPath`: the view asks the
    /// data source whether the row can be edited and, if so, tells it to
    /// commit the delete. Like UIKit, the view does not remove the row
    /// itself: the data source is expected to update its model and tell the
    /// view, with a batch that deletes the row.
    ///
    /// - Returns: Whether the data source let the user delete the row.
    /// - Complexity: O(1) plus whatever the data source does.
    @discardableResult
    public func userDeletesRow(at indexPath: ResultsIndexPath) -> Bool {
        guard !hasCrashed, !isPerformingBatchUpdates else { return false }
        layoutIfNeeded()
        guard cell(at: indexPath) != nil else {
            crash(with: wording.invalidUserAction(
                "the user cannot delete \(wording.row) \(indexPath.row) in section \(indexPath.section): the "
                    + "\(wording.view) shows \(numberOfSections) sections and "
                    + "\(numberOfRows(inSection: indexPath.section)) \(wording.rows) in that section"))
            return false
        }
        guard dataSourceOrEmpty.canEditRow(at: indexPath) else { return false }
        dataSourceOrEmpty.commitDelete(at: indexPath)
        return true
    }

    /// The user drags the row at `source` to `destination` (a table view's
    /// reorder control, a collection view's interactive movement). The view
    /// asks the data source whether the row can move; if so it moves the
    /// row's cell and its counts first, as UIKit has already done when it
    /// calls the data source, then tells the data source. `destination` is
    /// the row's path after the move.
    ///
    /// The data source must update its model and must not tell the view
    /// about the move: a batch that moves the row again is applied on top of
    /// the moved row. Across sections the counts no longer add up and the
    /// batch raises "Invalid update: invalid number of rows"; within a
    /// section it passes and leaves the cells out of order
    /// (``staleRows(by:)`` shows them).
    ///
    /// - Returns: Whether the data source let the user move the row.
    /// - Complexity: O(*r*), where *r* is the number of rows in the two
    ///   sections, plus whatever the data source does.
    @discardableResult
    public func userMovesRow(from source: ResultsIndexPath, to destination: ResultsIndexPath) -> Bool {
        guard !hasCrashed, !isPerformingBatchUpdates else { return false }
        layoutIfNeeded()
        guard cell(at: source) != nil else {
            crash(with: wording.invalidUserAction(
                "the user cannot move \(wording.row) \(source.row) in section \(source.section): the "
                    + "\(wording.view) shows no such \(wording.row)"))
            return false
        }
        let limit = numberOfRows(inSection: destination.section) - (source.section == destination.section ? 1 : 0)
        guard cells.indices.contains(destination.section), destination.row >= 0, destination.row <= limit else {
            crash(with: wording.invalidUserAction(
                "the user cannot move \(wording.aRow) to \(wording.row) \(destination.row) in section "
                    + "\(destination.section): the \(wording.view) shows \(numberOfSections) sections and "
                    + "\(numberOfRows(inSection: destination.section)) \(wording.rows) in that section"))
            return false
        }
        guard dataSourceOrEmpty.canMoveRow(at: source) else { return false }
        let cell = cells[source.section].remove(at: source.row)
        cells[destination.section].insert(cell, at: destination.row)
        let id = cellIDs[source.section].remove(at: source.row)
        cellIDs[destination.section].insert(id, at: destination.row)
        layoutVersion += 1
        dataSourceOrEmpty.moveRow(at: source, to: destination)
        return true
    }

    /// The user taps the `index`-th section index title: the view asks the
    /// data source which section to scroll to.
    ///
    /// - Returns: The section the data source names, or `nil` if the view
    ///   shows no such index title.
    /// - Complexity: O(1) plus whatever the data source does.
    public func userTapsSectionIndexTitle(at index: Int) -> Int? {
        guard !hasCrashed, !isPerformingBatchUpdates else { return nil }
        layoutIfNeeded()
        guard let titles = indexTitles, titles.indices.contains(index) else { return nil }
        return dataSourceOrEmpty.section(forSectionIndexTitle: titles[index], at: index)
    }
}
