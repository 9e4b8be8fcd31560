import Foundation

/// A table or collection view as this package's data sources drive it: the
/// batch-update calls `UITableView` and `UICollectionView` share, in
/// ``ResultsIndexPath`` coordinates.
///
/// On Apple platforms the package's shells forward each call to the real
/// view, one line per method (`NSCollectionView` takes a batch as UIKit
/// does); `NSTableView`, which has no sections and applies each call at
/// once, gets the batch as rows removed, moved and inserted in an order it
/// accepts (the `NSTableView` shell). In tests, `ListViewSimulator` (in
/// `FilterableResultsTesting`) stands in for it and behaves as UIKit does:
/// it reads its data source's counts when it loads and when a batch update
/// ends (or, as a collection view that has not cached its counts, when the
/// batch starts), validates the batch, and fetches cells from the data
/// source for inserted, reloaded and reconfigured rows.
///
/// Index paths follow UIKit's rules: deletes, reloads and move sources are
/// in the table before the batch; inserts and move destinations in the table
/// after it.
@MainActor
public protocol ResultsListView: AnyObject {
    /// Discards the cached counts and every cell, and reads the data source anew.
    func reloadData()

    /// Runs `updates` as one animated batch, then calls `completion`. The
    /// view checks the batch against its data source when `updates` returns.
    /// `updates` escapes because UIKit's own parameter does (an optional
    /// block); the view runs it before returning.
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?)

    /// Inserts sections, by their indexes after the batch.
    func insertSections(_ sections: IndexSet)
    /// Deletes sections, by their indexes before the batch.
    func deleteSections(_ sections: IndexSet)
    /// Reloads sections (their rows are taken anew), by their indexes before the batch.
    func reloadSections(_ sections: IndexSet)
    /// Moves a section from its index before the batch to its index after it.
    func moveSection(_ section: Int, toSection newSection: Int)

    /// Inserts rows, by their index paths after the batch.
    func insertRows(at indexPaths: [ResultsIndexPath])
    /// Deletes rows, by their index paths before the batch.
    func deleteRows(at indexPaths: [ResultsIndexPath])
    /// Replaces the cells of rows with new ones from the data source, by
    /// their index paths before the batch.
    func reloadRows(at indexPaths: [ResultsIndexPath])
    /// Moves a row from its index path before the batch to its index path after it.
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath)

    /// Asks the data source to update the existing cells of rows in place
    /// (`reconfigureRows(at:)` / `reconfigureItems(at:)`). Outside a batch
    /// the paths are those of the table shown; inside one, of the table
    /// before it.
    func reconfigureRows(at indexPaths: [ResultsIndexPath])

    /// Asks the data source for the header and footer of sections again
    /// and shows them in place, after a batch, by the sections' indexes in
    /// the table shown: their cells stay (unlike `reloadSections`, which
    /// replaces them). Sections off screen need nothing: a view asks for a
    /// header when it scrolls in.
    func reconfigureSections(_ sections: IndexSet)

    /// Reads the section index titles anew (UIKit reads them only when it
    /// loads and when asked, not after batch updates).
    func reloadSectionIndexTitles()
    /// Whether the view is in a window, where a batch update animates. A
    /// data source reloads a view that is not, as nothing would be seen.
    var isInWindow: Bool { get }

    // What the user sees: read and set by a data source that keeps the row
    // being read in place (`ResultsDataSource.anchoring`) or loads pages as
    // the end comes into view. A view that cannot say keeps the defaults.

    /// The index paths of the rows on screen, in the table the view shows,
    /// in any order (`indexPathsForVisibleRows`, `indexPathsForVisibleItems`).
    var indexPathsForVisibleRows: [ResultsIndexPath] { get }
    /// Where the row at `indexPath` of the table shown lies, in points
    /// from the top of the content: from its top to its bottom; `nil` when
    /// the view has no such row.
    func verticalBounds(ofRowAt indexPath: ResultsIndexPath) -> Range<Double>?
    /// The top of what the user sees, in points from the top of the content
    /// (`contentOffset.y` plus the top inset, so that a row under a
    /// translucent bar does not count as seen).
    var visibleTop: Double? { get }
    /// Scrolls, without animation, so that the top of what the user sees
    /// is at `top`, in points from the top of the content, or as near as
    /// the content allows (never past either of its ends).
    func scroll(toVisibleTop top: Double)
    /// Lays the view out now, so that row positions read next are those of
    /// the table it shows.
    func layoutIfNeeded()
    /// Runs `changes` (a batch update and a scroll) without animation.
    func performWithoutAnimation(_ changes: () -> Void)
}

extension ResultsListView {
    /// Whether the view is in a window: by default, yes.
    public var isInWindow: Bool { true }
    /// The rows on screen: by default none, for a view that cannot say.
    public var indexPathsForVisibleRows: [ResultsIndexPath] { [] }
    /// Where a row lies: by default unknown.
    public func verticalBounds(ofRowAt indexPath: ResultsIndexPath) -> Range<Double>? { nil }
    /// The top of what the user sees: by default unknown.
    public var visibleTop: Double? { nil }
    /// Scrolls: by default, does nothing.
    public func scroll(toVisibleTop top: Double) {}
    /// Lays the view out: by default, does nothing.
    public func layoutIfNeeded() {}
    /// Runs `changes`: by default, as they are.
    public func performWithoutAnimation(_ changes: () -> Void) { changes() }
}
