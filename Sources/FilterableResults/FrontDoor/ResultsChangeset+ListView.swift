import Foundation

/// Applying a changeset to a table or collection view: the one place that
/// turns the package's events into UIKit's calls.
extension ResultsChangeset {
    /// How a batch update shows rows whose content changed.
    public enum ContentUpdates: Sendable {
        /// Ask the data source to update the existing cells after the batch
        /// (`reconfigureRows` / `reconfigureItems`): no fade, the cell is
        /// kept, as Apple recommends for content changes. The default.
        case reconfigure
        /// Replace the cells of rows that stayed in place inside the batch
        /// (`reloadRows`), unless the batch moves sections, where UIKit
        /// places a reload in the wrong section (Apple bug 27041784): then
        /// they are reconfigured after the batch. Rows that moved and
        /// changed are always reconfigured after it.
        case reload
    }

    /// Applies the changeset to `view` as one batch update: `updateDataSource`
    /// first, inside the batch (where a collection view that has not cached
    /// its counts reads the old ones before it, and every view reads the
    /// new ones after it), then section deletes, inserts and moves, row
    /// deletes, inserts and moves, and, after the batch, the content changes
    /// and the headers and footers of sections whose value changed.
    ///
    ///     changeset.apply(to: view) { dataSource.snapshot = update.snapshot }
    ///
    /// `completion` runs when the view has finished the batch, after its
    /// animations (`true` if they ran to their end).
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes.
    @MainActor
    public func apply(
        to view: some ResultsListView, contentUpdates: ContentUpdates = .reconfigure,
        updateDataSource: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let reloadsInBatch = contentUpdates == .reload && sectionMoves.isEmpty
        var afterBatch = rowsToReconfigureAfterUpdate
        if !reloadsInBatch { afterBatch += rowUpdates.map(\.to) }
        view.performBatchUpdates({
            updateDataSource()
            let deletedSections = sectionIndexes(.delete)
            if !deletedSections.isEmpty { view.deleteSections(IndexSet(deletedSections)) }
            let insertedSections = sectionIndexes(.insert)
            if !insertedSections.isEmpty { view.insertSections(IndexSet(insertedSections)) }
            for (from, to) in sectionMoves { view.moveSection(from, toSection: to) }
            let deletedRows = rowIndexPaths(.delete)
            if !deletedRows.isEmpty { view.deleteRows(at: deletedRows) }
            let insertedRows = rowIndexPaths(.insert)
            if !insertedRows.isEmpty { view.insertRows(at: insertedRows) }
            for (from, to) in rowMoves { view.moveRow(at: from, to: to) }
            if reloadsInBatch {
                let reloaded = rowIndexPaths(.update)
                if !reloaded.isEmpty { view.reloadRows(at: reloaded) }
            }
        }, completion: completion)
        if !afterBatch.isEmpty { view.reconfigureRows(at: afterBatch) }
        reconfigureUpdatedSections(in: view)
    }

    /// Has `view` show the new headers and footers of the sections whose
    /// value changed, after the batch, if there are any.
    @MainActor
    func reconfigureUpdatedSections(in view: some ResultsListView) {
        if !sectionUpdates.isEmpty { view.reconfigureSections(IndexSet(sectionUpdates.map(\.newIndex))) }
    }
}

extension ResultsUpdate {
    /// Shows the update in `view`: for a reload, or a view that is not in
    /// a window (``ResultsListView/isInWindow``), `updateDataSource` then
    /// `reloadData()`; otherwise the changeset as one batch update, with
    /// `updateDataSource` first inside it (see
    /// ``ResultsChangeset/apply(to:contentUpdates:updateDataSource:completion:)``).
    ///
    ///     update.apply(to: view) { shown = update.snapshot }
    ///
    /// `completion` runs when the view has finished: after the batch's
    /// animations, or at once after a reload. Returns whether the view was
    /// reloaded rather than animated.
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes, plus the view's work.
    @MainActor @discardableResult
    public func apply(
        to view: some ResultsListView, contentUpdates: ResultsChangeset<Snapshot.Element, Snapshot.Key>.ContentUpdates = .reconfigure,
        updateDataSource: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Bool {
        guard !isReload, view.isInWindow else {
            updateDataSource()
            view.reloadData()
            completion?(true)
            return true
        }
        changeset.apply(to: view, contentUpdates: contentUpdates, updateDataSource: updateDataSource, completion: completion)
        return false
    }
}
