#if canImport(AppKit) && !canImport(UIKit)
import AppKit

/// An `NSCollectionView` as a ``ResultsListView``: each call goes to the
/// collection view (rows are its items, sections its sections). Its batch
/// updates take a batch as UIKit does (deletes, reloads and move sources
/// in the table before it; inserts and move destinations in the table
/// after it), so the calls are forwarded as they come.
///
/// ``ResultsCollectionViewDataSource`` drives one for you.
@MainActor
final class NSCollectionViewAdapter: ResultsListView {
    /// The collection view; held weakly.
    weak var collectionView: NSCollectionView?

    /// Wraps a collection view.
    ///
    /// - Complexity: O(1).
    init(_ collectionView: NSCollectionView) {
        self.collectionView = collectionView
    }

    /// - Complexity: that of AppKit.
    func reloadData() { collectionView?.reloadData() }
    /// Whether the collection view is in a window (`window != nil`).
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { collectionView?.window != nil }
    /// - Complexity: that of AppKit. AppKit runs `updates` before returning.
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        collectionView?.performBatchUpdates(updates, completionHandler: completion)
    }
    /// - Complexity: that of AppKit.
    func insertSections(_ sections: IndexSet) { collectionView?.insertSections(sections) }
    /// - Complexity: that of AppKit.
    func deleteSections(_ sections: IndexSet) { collectionView?.deleteSections(sections) }
    /// - Complexity: that of AppKit.
    func reloadSections(_ sections: IndexSet) { collectionView?.reloadSections(sections) }
    /// - Complexity: that of AppKit.
    func moveSection(_ section: Int, toSection newSection: Int) { collectionView?.moveSection(section, toSection: newSection) }
    /// - Complexity: that of AppKit.
    func insertRows(at indexPaths: [ResultsIndexPath]) { collectionView?.insertItems(at: Set(indexPaths.map(\.indexPath))) }
    /// - Complexity: that of AppKit.
    func deleteRows(at indexPaths: [ResultsIndexPath]) { collectionView?.deleteItems(at: Set(indexPaths.map(\.indexPath))) }
    /// - Complexity: that of AppKit.
    func reloadRows(at indexPaths: [ResultsIndexPath]) { collectionView?.reloadItems(at: Set(indexPaths.map(\.indexPath))) }
    /// - Complexity: that of AppKit.
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        collectionView?.moveItem(at: indexPath.indexPath, to: newIndexPath.indexPath)
    }
    /// Reloads the items (`NSCollectionView` has no reconfiguring).
    ///
    /// - Complexity: that of AppKit.
    func reconfigureRows(at indexPaths: [ResultsIndexPath]) { collectionView?.reloadItems(at: Set(indexPaths.map(\.indexPath))) }
    /// Does nothing: a collection view has no section index on macOS.
    ///
    /// - Complexity: O(1).
    func reloadSectionIndexTitles() {}
    /// Updates a header or footer on screen in place, given its kind and
    /// index path; ``ResultsCollectionViewDataSource`` sets it when its
    /// `supplementaryViewUpdater` is set.
    var updateSupplementaryView: ((NSView, NSCollectionView.SupplementaryElementKind, IndexPath) -> Void)?
    /// Updates the headers and footers of the sections on screen
    /// (`supplementaryView(forElementKind:at:)`) in place with
    /// ``updateSupplementaryView``, items kept; without it, reloads the
    /// sections (their items replaced), so that no header goes stale.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of AppKit.
    func reconfigureSections(_ sections: IndexSet) {
        guard let collectionView else { return }
        guard let updateSupplementaryView else { return collectionView.reloadSections(sections) }
        for section in sections {
            let path = ResultsIndexPath(item: 0, section: section).indexPath
            for kind in [NSCollectionView.elementKindSectionHeader, NSCollectionView.elementKindSectionFooter] {
                if let view = collectionView.supplementaryView(forElementKind: kind, at: path) { updateSupplementaryView(view, kind, path) }
            }
        }
    }
}

extension NSCollectionView {
    /// Shows a controller's (or a composition's) update, for a data source
    /// of your own: a batch update with `updateDataSource` first inside it
    /// (a collection view that has not cached its counts reads the old ones
    /// before it), content changes reloaded after it; or, for a reload,
    /// `updateDataSource` and `reloadData()`.
    /// ``ResultsCollectionViewDataSource`` does this for you.
    ///
    ///     collectionView.apply(update) { self.shown = update.snapshot }
    ///
    /// - Complexity: O(*n*) for *n* changes, plus AppKit's work.
    public func apply(_ update: ResultsUpdate<some ResultsTableSnapshot>, updateDataSource: @escaping () -> Void) {
        update.apply(to: NSCollectionViewAdapter(self), updateDataSource: updateDataSource)
    }
}
#endif
