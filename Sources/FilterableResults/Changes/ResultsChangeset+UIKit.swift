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
        let deletedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .delete ? $0.index : nil })
        let insertedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .insert ? $0.newIndex : nil })
        let reloadedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .update ? $0.index : nil })
        let movedSections = changeset.sectionChanges.compactMap { $0.kind == .move ? ($0.index!, $0.newIndex!) : nil }
        let deletedRows = changeset.objectChanges.compactMap { $0.kind == .delete ? $0.indexPath?.indexPath : nil }
        let insertedRows = changeset.objectChanges.compactMap { $0.kind == .insert ? $0.newIndexPath?.indexPath : nil }
        let reloadedRows = changeset.objectChanges.compactMap { $0.kind == .update ? $0.indexPath?.indexPath : nil }
        let movedRows = changeset.objectChanges.compactMap { change -> (IndexPath, IndexPath)? in
            guard change.kind == .move, let from = change.indexPath, let to = change.newIndexPath else { return nil }
            return (from.indexPath, to.indexPath)
        }
        let reconfigured = changeset.rowsToReconfigureAfterUpdate.map(\.indexPath)
        performBatchUpdates({
            updateDataSource()
            self.deleteSections(deletedSections, with: animation)
            self.insertSections(insertedSections, with: animation)
            self.reloadSections(reloadedSections, with: animation)
            for (from, to) in movedSections { self.moveSection(from, toSection: to) }
            self.deleteRows(at: deletedRows, with: animation)
            self.insertRows(at: insertedRows, with: animation)
            self.reloadRows(at: reloadedRows, with: animation)
            for (from, to) in movedRows { self.moveRow(at: from, to: to) }
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
        let deletedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .delete ? $0.index : nil })
        let insertedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .insert ? $0.newIndex : nil })
        let reloadedSections = IndexSet(changeset.sectionChanges.compactMap { $0.kind == .update ? $0.index : nil })
        let movedSections = changeset.sectionChanges.compactMap { $0.kind == .move ? ($0.index!, $0.newIndex!) : nil }
        let deletedItems = changeset.objectChanges.compactMap { $0.kind == .delete ? $0.indexPath?.indexPath : nil }
        let insertedItems = changeset.objectChanges.compactMap { $0.kind == .insert ? $0.newIndexPath?.indexPath : nil }
        let reloadedItems = changeset.objectChanges.compactMap { $0.kind == .update ? $0.indexPath?.indexPath : nil }
        let movedItems = changeset.objectChanges.compactMap { change -> (IndexPath, IndexPath)? in
            guard change.kind == .move, let from = change.indexPath, let to = change.newIndexPath else { return nil }
            return (from.indexPath, to.indexPath)
        }
        let reconfigured = changeset.rowsToReconfigureAfterUpdate.map(\.indexPath)
        performBatchUpdates({
            updateDataSource()
            self.deleteSections(deletedSections)
            self.insertSections(insertedSections)
            self.reloadSections(reloadedSections)
            for (from, to) in movedSections { self.moveSection(from, toSection: to) }
            self.deleteItems(at: deletedItems)
            self.insertItems(at: insertedItems)
            self.reloadItems(at: reloadedItems)
            for (from, to) in movedItems { self.moveItem(at: from, to: to) }
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
