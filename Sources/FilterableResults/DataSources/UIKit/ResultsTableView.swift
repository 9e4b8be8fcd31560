#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UITableView` as a ``ResultsListView``: each call goes to the table
/// view, with the row animation given. The platform-free logic of
/// ``ResultsDataSource`` and ``ResultsChangeset/apply(to:contentUpdates:updateDataSource:completion:)``
/// drives it.
@MainActor
public final class ResultsTableView: ResultsListView {
    /// The table view; held weakly.
    public weak var tableView: UITableView?
    /// The animation of inserted, deleted and reloaded rows and sections.
    public var animation: UITableView.RowAnimation

    /// Wraps a table view.
    ///
    /// - Complexity: O(1).
    public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
        self.tableView = tableView
        self.animation = animation
    }

    /// - Complexity: that of UIKit.
    public func reloadData() { tableView?.reloadData() }
    /// Whether the table view is in a window (`window != nil`).
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { tableView?.window != nil }
    /// - Complexity: that of UIKit. UIKit runs `updates` before returning.
    public func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        tableView?.performBatchUpdates(updates, completion: completion)
    }
    /// - Complexity: that of UIKit.
    public func insertSections(_ sections: IndexSet) { tableView?.insertSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    public func deleteSections(_ sections: IndexSet) { tableView?.deleteSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    public func reloadSections(_ sections: IndexSet) { tableView?.reloadSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    public func moveSection(_ section: Int, toSection newSection: Int) { tableView?.moveSection(section, toSection: newSection) }
    /// - Complexity: that of UIKit.
    public func insertRows(at indexPaths: [ResultsIndexPath]) { tableView?.insertRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    public func deleteRows(at indexPaths: [ResultsIndexPath]) { tableView?.deleteRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    public func reloadRows(at indexPaths: [ResultsIndexPath]) { tableView?.reloadRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    public func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        tableView?.moveRow(at: indexPath.indexPath, to: newIndexPath.indexPath)
    }
    /// Reconfigures the rows (iOS 15 and later); before, reloads them without animation.
    ///
    /// - Complexity: that of UIKit.
    public func reconfigureRows(at indexPaths: [ResultsIndexPath]) {
        if #available(iOS 15, tvOS 15, *) {
            tableView?.reconfigureRows(at: indexPaths.map(\.indexPath))
        } else {
            tableView?.reloadRows(at: indexPaths.map(\.indexPath), with: .none)
        }
    }
    /// - Complexity: that of UIKit.
    public func reloadSectionIndexTitles() { tableView?.reloadSectionIndexTitles() }
    /// The header and footer titles of a section, as the data source
    /// serves them now; ``ResultsTableViewDataSource`` sets it.
    public var sectionTitles: ((Int) -> (header: String?, footer: String?))?
    /// Shows the sections' new header and footer titles in the header and
    /// footer views on screen (`headerView(forSection:)`,
    /// `footerView(forSection:)`), cells kept. A section whose header or
    /// footer appears or goes away, or a table view whose data source
    /// gives no ``sectionTitles``, is reloaded instead.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of UIKit.
    public func reconfigureSections(_ sections: IndexSet) {
        guard let tableView else { return }
        guard let sectionTitles else { return tableView.reloadSections(sections, with: .none) }
        var reloaded = IndexSet()
        for section in sections {
            let titles = sectionTitles(section)
            for (view, title) in [(tableView.headerView(forSection: section), titles.header), (tableView.footerView(forSection: section), titles.footer)] {
                switch (view, title) {
                case let (view?, title?):
                    view.textLabel?.text = title
                    view.setNeedsLayout()
                case (nil, nil): break
                default: reloaded.insert(section)   // a header or footer comes or goes: its height changes
                }
            }
        }
        if !reloaded.isEmpty { tableView.reloadSections(reloaded, with: .none) }
    }
}

extension UITableView {
    /// Shows a controller's (or a composition's) update, for a data source of your own: a batch
    /// update with `updateDataSource` first inside it (where the table view
    /// then reads its counts), content changes reconfigured after it; or,
    /// for a reload, `updateDataSource` and `reloadData()`.
    /// ``ResultsTableViewDataSource`` does this for you.
    ///
    ///     tableView.apply(update) { self.shown = update.snapshot }
    ///
    /// `completion` runs when the view has finished: after the batch's
    /// animations, or at once after a reload.
    ///
    /// - Complexity: O(*n*) for *n* changes, plus UIKit's work.
    public func apply(
        _ update: ResultsUpdate<some ResultsTableSnapshot>, with animation: UITableView.RowAnimation = .automatic,
        updateDataSource: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        update.apply(to: ResultsTableView(self, animation: animation), updateDataSource: updateDataSource, completion: completion)
    }
}
#endif
