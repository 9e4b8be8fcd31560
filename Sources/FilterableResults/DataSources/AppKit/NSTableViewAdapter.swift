#if canImport(AppKit) && !canImport(UIKit)
import AppKit

/// An `NSTableView` as a ``ResultsListView``. `NSTableView` has no
/// sections, so a sectioned table is shown flat: each section in turn, as
/// a group row with its header title when it has one, then a row per
/// element (a section without a title has no group row; a source of one
/// untitled section is a plain list).
///
/// A batch arrives in UIKit's terms (deletes in the table before it,
/// inserts in the table after it); `NSTableView` applies each call at once,
/// in order. The platform-free logic turns the batch into calls that are
/// right in that order (rows removed, then moved one by one, then inserted
/// at their final rows, inside `beginUpdates()`/`endUpdates()`; changed
/// rows reloaded after), and this shell forwards each call to the table
/// view with ``animation``. A batch that does not add up reloads the table.
///
/// ``ResultsTableViewDataSource`` drives one for you.
@MainActor
final class NSTableViewAdapter: ResultsListView {
    /// The table view; held weakly.
    weak var tableView: NSTableView?
    /// The animation of inserted and removed rows.
    var animation: NSTableView.AnimationOptions
    /// The data source whose sections and header titles decide the rows; held weakly.
    weak var dataSource: (any ListDataSource)? {
        get { rows.dataSource }
        set {
            rows.dataSource = newValue
            rows.loadLayout()
        }
    }

    /// The platform-free flat rows and call ordering.
    let rows = FlatListAdapter()

    /// Wraps a table view.
    ///
    /// - Complexity: O(1).
    init(_ tableView: NSTableView, animation: NSTableView.AnimationOptions = .effectFade) {
        self.tableView = tableView
        self.animation = animation
        rows.perform = { [weak self] call in self?.perform(call) }
    }

    /// Makes one call on the table view.
    func perform(_ call: FlatListCall) {
        guard let tableView else { return }
        switch call {
        case .reloadData: tableView.reloadData()
        case .beginUpdates: tableView.beginUpdates()
        case .endUpdates: tableView.endUpdates()
        case let .removeRows(indexes): tableView.removeRows(at: indexes, withAnimation: animation)
        case let .insertRows(indexes): tableView.insertRows(at: indexes, withAnimation: animation)
        case let .moveRow(from, to): tableView.moveRow(at: from, to: to)
        case let .reloadRows(indexes):
            tableView.reloadData(forRowIndexes: indexes, columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
        }
    }

    /// - Complexity: O(*s*) for *s* sections, plus that of AppKit.
    func reloadData() { rows.reloadData() }
    /// Whether the table view is in a window (`window != nil`).
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { tableView?.window != nil }
    /// Runs `updates`, then makes the table view's calls; `completion` is
    /// called once they are made (`NSTableView` reports no end of animation).
    ///
    /// - Complexity: O((*c* + *s*) log *c*) for *c* changed rows and *s* sections, plus that of AppKit.
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        rows.performBatchUpdates(updates, completion: completion)
    }
    /// - Complexity: O(1) in a batch.
    func insertSections(_ sections: IndexSet) { rows.insertSections(sections) }
    /// - Complexity: O(1) in a batch.
    func deleteSections(_ sections: IndexSet) { rows.deleteSections(sections) }
    /// - Complexity: O(1) in a batch.
    func reloadSections(_ sections: IndexSet) { rows.reloadSections(sections) }
    /// - Complexity: O(1) in a batch.
    func moveSection(_ section: Int, toSection newSection: Int) { rows.moveSection(section, toSection: newSection) }
    /// - Complexity: O(*n*) in a batch for *n* index paths.
    func insertRows(at indexPaths: [ResultsIndexPath]) { rows.insertRows(at: indexPaths) }
    /// - Complexity: O(*n*) in a batch for *n* index paths.
    func deleteRows(at indexPaths: [ResultsIndexPath]) { rows.deleteRows(at: indexPaths) }
    /// - Complexity: O(*n*) in a batch for *n* index paths.
    func reloadRows(at indexPaths: [ResultsIndexPath]) { rows.reloadRows(at: indexPaths) }
    /// - Complexity: O(1) in a batch.
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) { rows.moveRow(at: indexPath, to: newIndexPath) }
    /// Reloads the rows' views (`NSTableView` has no reconfiguring): after
    /// the batch when called in one.
    ///
    /// - Complexity: O(*n*) for *n* index paths, plus that of AppKit.
    func reconfigureRows(at indexPaths: [ResultsIndexPath]) { rows.reconfigureRows(at: indexPaths) }
    /// Reloads the header rows whose title differs from the one the table
    /// shows (the whole table when a header appears or goes away). After a
    /// batch there is none: the batch already replaced the header rows whose
    /// title changed. A table view has no footers: footer titles are not
    /// shown.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of AppKit.
    func reconfigureSections(_ sections: IndexSet) { rows.reconfigureSections(sections) }
    /// Does nothing: a table view has no section index.
    ///
    /// - Complexity: O(1).
    func reloadSectionIndexTitles() {}
}
#endif
