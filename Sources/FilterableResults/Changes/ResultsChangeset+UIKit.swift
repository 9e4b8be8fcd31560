#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UITableView {
    /// Applies a changeset in one batch update: `updateDataSource` swaps the
    /// data source to the new table inside the update (where the table view
    /// reads its counts), then the changes are applied; rows that moved and
    /// changed are reconfigured after the batch.
    ///
    ///     tableView.performBatchUpdates(changeset, updateDataSource: { self.table = newTable })
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes.
    public func performBatchUpdates<Element, Key>(
        _ changeset: ResultsChangeset<Element, Key>,
        with animation: UITableView.RowAnimation = .automatic,
        updateDataSource: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let reconfigured = changeset.rowsToReconfigureAfterUpdate.map(\.indexPath)
        performBatchUpdates({
            updateDataSource()
            self.deleteSections(IndexSet(changeset.sectionIndexes(.delete)), with: animation)
            self.insertSections(IndexSet(changeset.sectionIndexes(.insert)), with: animation)
            self.reloadSections(IndexSet(changeset.sectionIndexes(.update)), with: animation)
            for (from, to) in changeset.sectionMoves { self.moveSection(from, toSection: to) }
            self.deleteRows(at: changeset.rowIndexPaths(.delete).map(\.indexPath), with: animation)
            self.insertRows(at: changeset.rowIndexPaths(.insert).map(\.indexPath), with: animation)
            self.reloadRows(at: changeset.rowIndexPaths(.update).map(\.indexPath), with: animation)
            for (from, to) in changeset.rowMoves { self.moveRow(at: from.indexPath, to: to.indexPath) }
        }, completion: completion)
        guard !reconfigured.isEmpty else { return }
        if #available(iOS 15, tvOS 15, *) {
            reconfigureRows(at: reconfigured)
        } else {
            reloadRows(at: reconfigured, with: .none)
        }
    }
}

extension UICollectionView {
    /// Applies a changeset in one batch update: `updateDataSource` swaps the
    /// data source to the new table inside the update (a collection view
    /// that has not cached its counts reads them there), then the changes
    /// are applied; items that moved and changed are reconfigured after.
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes.
    public func performBatchUpdates<Element, Key>(
        _ changeset: ResultsChangeset<Element, Key>,
        updateDataSource: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let reconfigured = changeset.rowsToReconfigureAfterUpdate.map(\.indexPath)
        performBatchUpdates({
            updateDataSource()
            self.deleteSections(IndexSet(changeset.sectionIndexes(.delete)))
            self.insertSections(IndexSet(changeset.sectionIndexes(.insert)))
            self.reloadSections(IndexSet(changeset.sectionIndexes(.update)))
            for (from, to) in changeset.sectionMoves { self.moveSection(from, toSection: to) }
            self.deleteItems(at: changeset.rowIndexPaths(.delete).map(\.indexPath))
            self.insertItems(at: changeset.rowIndexPaths(.insert).map(\.indexPath))
            self.reloadItems(at: changeset.rowIndexPaths(.update).map(\.indexPath))
            for (from, to) in changeset.rowMoves { self.moveItem(at: from.indexPath, to: to.indexPath) }
        }, completion: completion)
        guard !reconfigured.isEmpty else { return }
        if #available(iOS 15, tvOS 15, *) {
            reconfigureItems(at: reconfigured)
        } else {
            reloadItems(at: reconfigured)
        }
    }
}
#endif
