#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UICollectionView` as a ``ResultsListView``: each call goes to the
/// collection view (rows are its items).
@MainActor
final class CollectionViewAdapter: ResultsListView {
    /// The collection view; held weakly.
    weak var collectionView: UICollectionView?

    /// Wraps a collection view.
    ///
    /// - Complexity: O(1).
    init(_ collectionView: UICollectionView) {
        self.collectionView = collectionView
    }

    /// - Complexity: that of UIKit.
    func reloadData() { collectionView?.reloadData() }
    /// Whether the collection view is in a window (`window != nil`).
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { collectionView?.window != nil }
    /// - Complexity: that of UIKit. UIKit runs `updates` before returning.
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        collectionView?.performBatchUpdates(updates, completion: completion)
    }
    /// - Complexity: that of UIKit.
    func insertSections(_ sections: IndexSet) { collectionView?.insertSections(sections) }
    /// - Complexity: that of UIKit.
    func deleteSections(_ sections: IndexSet) { collectionView?.deleteSections(sections) }
    /// - Complexity: that of UIKit.
    func reloadSections(_ sections: IndexSet) { collectionView?.reloadSections(sections) }
    /// - Complexity: that of UIKit.
    func moveSection(_ section: Int, toSection newSection: Int) { collectionView?.moveSection(section, toSection: newSection) }
    /// - Complexity: that of UIKit.
    func insertRows(at indexPaths: [ResultsIndexPath]) { collectionView?.insertItems(at: indexPaths.map(\.indexPath)) }
    /// - Complexity: that of UIKit.
    func deleteRows(at indexPaths: [ResultsIndexPath]) { collectionView?.deleteItems(at: indexPaths.map(\.indexPath)) }
    /// - Complexity: that of UIKit.
    func reloadRows(at indexPaths: [ResultsIndexPath]) { collectionView?.reloadItems(at: indexPaths.map(\.indexPath)) }
    /// - Complexity: that of UIKit.
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        collectionView?.moveItem(at: indexPath.indexPath, to: newIndexPath.indexPath)
    }
    /// Reconfigures the items (`reconfigureItems(at:)`): their cells are kept.
    ///
    /// - Complexity: that of UIKit.
    func reconfigureRows(at indexPaths: [ResultsIndexPath]) { collectionView?.reconfigureItems(at: indexPaths.map(\.indexPath)) }
    /// Does nothing: a collection view reads its index titles when it reloads.
    ///
    /// - Complexity: O(1).
    func reloadSectionIndexTitles() {}
    /// The items on screen (`indexPathsForVisibleItems`).
    ///
    /// - Complexity: that of UIKit.
    var indexPathsForVisibleRows: [ResultsIndexPath] { (collectionView?.indexPathsForVisibleItems ?? []).map(ResultsIndexPath.init) }
    /// Where an item lies (its layout attributes' frame).
    ///
    /// - Complexity: that of UIKit.
    func verticalBounds(ofRowAt indexPath: ResultsIndexPath) -> Range<Double>? {
        guard let frame = collectionView?.layoutAttributesForItem(at: indexPath.indexPath)?.frame else { return nil }
        return Double(frame.minY)..<Double(frame.maxY)
    }
    /// The top of what the user sees (`contentOffset.y` plus the top of
    /// `adjustedContentInset`).
    ///
    /// - Complexity: O(1).
    var visibleTop: Double? { collectionView?.visibleTop }
    /// Sets `contentOffset` so that what the user sees starts at `top`, within the content.
    ///
    /// - Complexity: that of UIKit.
    func scroll(toVisibleTop top: Double) { collectionView?.scroll(toVisibleTop: top) }
    /// - Complexity: that of UIKit.
    func layoutIfNeeded() { collectionView?.layoutIfNeeded() }
    /// Runs `changes` in `UIView.performWithoutAnimation`.
    ///
    /// - Complexity: that of `changes`.
    func performWithoutAnimation(_ changes: () -> Void) { UIView.performWithoutAnimation(changes) }
    /// Updates a header or footer on screen in place, given its kind and
    /// index path; ``ResultsCollectionViewDataSource`` sets it when its
    /// `supplementaryViewUpdater` is set.
    var updateSupplementaryView: ((UICollectionReusableView, String, IndexPath) -> Void)?
    /// Updates the headers and footers of the sections on screen
    /// (`supplementaryView(forElementKind:at:)`) in place with
    /// ``updateSupplementaryView``, cells kept; without it, reloads the
    /// sections (their cells replaced), so that no header goes stale.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of UIKit.
    func reconfigureSections(_ sections: IndexSet) {
        guard let collectionView else { return }
        guard let updateSupplementaryView else { return collectionView.reloadSections(sections) }
        for section in sections {
            let path = ResultsIndexPath(item: 0, section: section).indexPath
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                if let view = collectionView.supplementaryView(forElementKind: kind, at: path) { updateSupplementaryView(view, kind, path) }
            }
        }
    }
}

extension UICollectionView {
    /// Shows a controller's (or a composition's) update, for a data source of your own: a batch
    /// update with `updateDataSource` first inside it (a collection view
    /// that has not cached its counts reads the old ones before it),
    /// content changes reconfigured after it; or, for a reload,
    /// `updateDataSource` and `reloadData()`.
    /// ``ResultsCollectionViewDataSource`` does this for you.
    ///
    ///     collectionView.apply(update) { self.shown = update.snapshot }
    ///
    /// `completion` runs when the view has finished: after the batch's
    /// animations, or at once after a reload. Sections whose value changed
    /// (``ResultsChangeset/sectionUpdates``) are reloaded after the batch;
    /// ``ResultsCollectionViewDataSource`` with a `supplementaryViewUpdater`
    /// refreshes their headers in place instead.
    ///
    /// - Complexity: O(*n*) for *n* changes, plus UIKit's work.
    public func apply(
        _ update: ResultsUpdate<some ResultsTableSnapshot>, updateDataSource: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        update.apply(to: CollectionViewAdapter(self), updateDataSource: updateDataSource, completion: completion)
    }
}
#endif
