/// Keeping the row the user reads in place while rows change above it.
extension ResultsDataSource {
    /// What a data source keeps in place on screen when an update inserts,
    /// removes or resizes rows above it.
    ///
    ///     dataSource.anchoring = .firstVisibleRow   // a chat: older messages arrive above
    public enum Anchoring: Hashable, Sendable {
        /// Nothing: the content offset stays, so rows inserted above what
        /// the user reads push it down, as UIKit does on its own. The default.
        case none
        /// The first row on screen: before the batch the data source reads
        /// its key and how far its top is from the top of what the user
        /// sees; after the batch (and after the rows whose content changed
        /// are reconfigured), it scrolls so that the row is that far from
        /// the top again. A row the batch removes passes the role to the
        /// next row on screen that stays. A batch that changes nothing
        /// above the row animates as usual; one that does is shown
        /// without animation, so that the row does not slide.
        case firstVisibleRow
    }

    /// The row kept in place through one update, as read before it.
    struct Anchor {
        /// Where the row is after the update, in the update's table.
        var newPath: ResultsIndexPath
        /// How far the row's top is below the top of what the user sees,
        /// in points (negative when it starts above it).
        var distanceFromTop: Double
        /// Whether the update changes anything above the row (or the row
        /// itself), so that the view must scroll.
        var changesAbove: Bool
    }

    /// Reads the row to keep in place through `update`, before it: the
    /// first row on screen that the update keeps, with its distance from
    /// the top of what the user sees; `nil` when anchoring is off, the view
    /// cannot say what it shows, or no row on screen stays.
    ///
    /// - Complexity: O(*v* (*e* + *m* log *m*)) for *v* rows on screen and
    ///   *e* changes (see ``ResultsChangeset/newIndexPath(forRowAt:)``);
    ///   for a reload, O(*d* log *n*) where *d* is how far the row went.
    func anchor(for update: Source.Update, in view: any ResultsListView) -> Anchor? {
        guard anchoring == .firstVisibleRow, view.isInWindow, let top = view.visibleTop else { return nil }
        let rows = view.indexPathsForVisibleRows.filter { $0.section < snapshot.numberOfSections }.sorted()
        for path in rows {
            guard let bounds = view.verticalBounds(ofRowAt: path), bounds.upperBound > top || bounds.isEmpty && bounds.lowerBound >= top
            else { continue }   // hidden above the top (under a bar)
            if update.isReload {
                guard let key = snapshot.key(at: path), let newPath = Self.indexPath(ofKey: key, near: path, in: update.snapshot)
                else { continue }
                return Anchor(newPath: newPath, distanceFromTop: bounds.lowerBound - top, changesAbove: true)
            }
            guard let newPath = update.changeset.newIndexPath(forRowAt: path) else { continue }
            return Anchor(
                newPath: newPath, distanceFromTop: bounds.lowerBound - top,
                changesAbove: Self.changes(update.changeset, reachAbove: path, newPath: newPath))
        }
        return nil
    }

    /// Scrolls `view` so that the anchor's row is as far from the top of
    /// what the user sees as it was before the update.
    ///
    /// - Complexity: that of the view's layout.
    func keep(_ anchor: Anchor, in view: any ResultsListView) {
        view.layoutIfNeeded()
        guard let bounds = view.verticalBounds(ofRowAt: anchor.newPath), let top = view.visibleTop else { return }
        let newTop = bounds.lowerBound - anchor.distanceFromTop
        if newTop != top { view.scroll(toVisibleTop: newTop) }
    }

    /// Whether `changeset` changes a row or a section at or above the row
    /// at `path` (`newPath` after it), its header included.
    ///
    /// - Complexity: O(*e*) for *e* changes.
    static func changes(_ changeset: ResultsChangeset<Element, Key>, reachAbove path: ResultsIndexPath, newPath: ResultsIndexPath) -> Bool {
        for change in changeset.sectionChanges {
            if let index = change.index, index <= path.section { return true }
            if let index = change.newIndex, index <= newPath.section { return true }
        }
        if changeset.sectionUpdates.contains(where: { $0.newIndex <= newPath.section }) { return true }
        for index in changeset.elementChanges.indices {
            let change = changeset.elementChanges.change(at: index)
            if let old = change.indexPath, old <= path { return true }
            if let new = change.newIndexPath, new <= newPath { return true }
        }
        return false
    }

    /// Where the row with `key` is in `snapshot`, looked for from `path`
    /// outwards: in its section first, then in the sections nearest it.
    ///
    /// - Complexity: O(*d* log *n*), where *d* is the number of rows looked at.
    static func indexPath(ofKey key: Key, near path: ResultsIndexPath, in snapshot: Snapshot) -> ResultsIndexPath? {
        let sections = snapshot.numberOfSections
        guard sections > 0 else { return nil }
        let home = min(max(0, path.section), sections - 1)
        for distance in 0..<sections {
            for section in Set([home - distance, home + distance]).sorted() where (0..<sections).contains(section) {
                let count = snapshot.numberOfElements(inSection: section) ?? 0
                let start = section == home ? min(path.row, count - 1) : (section < home ? count - 1 : 0)
                guard count > 0 else { continue }
                for step in 0..<2 * count {
                    let row = start + (step % 2 == 0 ? step / 2 : -(step / 2 + 1))
                    guard (0..<count).contains(row) else { continue }
                    let candidate = ResultsIndexPath(row: row, section: section)
                    if snapshot.key(at: candidate) == key { return candidate }
                }
            }
        }
        return nil
    }
}
