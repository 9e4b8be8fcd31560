#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UITableView` as a ``ResultsListView``: each call goes to the table
/// view, with the row animation given. The platform-free logic of
/// ``ResultsDataSource`` and ``ResultsChangeset/apply(to:contentUpdates:updateDataSource:completion:)``
/// drives it.
@MainActor
final class TableViewAdapter: ResultsListView {
    /// The table view; held weakly.
    weak var tableView: UITableView?
    /// The animation of inserted, deleted and reloaded rows and sections.
    var animation: UITableView.RowAnimation

    /// Wraps a table view.
    ///
    /// - Complexity: O(1).
    init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
        self.tableView = tableView
        self.animation = animation
    }

    /// - Complexity: that of UIKit.
    func reloadData() { tableView?.reloadData() }
    /// Whether the table view is in a window (`window != nil`).
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { tableView?.window != nil }
    /// - Complexity: that of UIKit. UIKit runs `updates` before returning.
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        tableView?.performBatchUpdates(updates, completion: completion)
    }
    /// - Complexity: that of UIKit.
    func insertSections(_ sections: IndexSet) { tableView?.insertSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    func deleteSections(_ sections: IndexSet) { tableView?.deleteSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    func reloadSections(_ sections: IndexSet) { tableView?.reloadSections(sections, with: animation) }
    /// - Complexity: that of UIKit.
    func moveSection(_ section: Int, toSection newSection: Int) { tableView?.moveSection(section, toSection: newSection) }
    /// - Complexity: that of UIKit.
    func insertRows(at indexPaths: [ResultsIndexPath]) { tableView?.insertRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    func deleteRows(at indexPaths: [ResultsIndexPath]) { tableView?.deleteRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    func reloadRows(at indexPaths: [ResultsIndexPath]) { tableView?.reloadRows(at: indexPaths.map(\.indexPath), with: animation) }
    /// - Complexity: that of UIKit.
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        tableView?.moveRow(at: indexPath.indexPath, to: newIndexPath.indexPath)
    }
    /// Reconfigures the rows (`reconfigureRows(at:)`): their cells are kept.
    ///
    /// - Complexity: that of UIKit.
    func reconfigureRows(at indexPaths: [ResultsIndexPath]) { tableView?.reconfigureRows(at: indexPaths.map(\.indexPath)) }
    /// - Complexity: that of UIKit.
    func reloadSectionIndexTitles() { tableView?.reloadSectionIndexTitles() }
    /// The rows on screen (`indexPathsForVisibleRows`).
    ///
    /// - Complexity: that of UIKit.
    var indexPathsForVisibleRows: [ResultsIndexPath] { (tableView?.indexPathsForVisibleRows ?? []).map(ResultsIndexPath.init) }
    /// Where a row lies (`rectForRow(at:)`), for a row the table view has.
    ///
    /// - Complexity: that of UIKit.
    func verticalBounds(ofRowAt indexPath: ResultsIndexPath) -> Range<Double>? {
        guard let tableView, (0..<tableView.numberOfSections).contains(indexPath.section),
              (0..<tableView.numberOfRows(inSection: indexPath.section)).contains(indexPath.row)
        else { return nil }
        let rect = tableView.rectForRow(at: indexPath.indexPath)
        return Double(rect.minY)..<Double(rect.maxY)
    }
    /// The top of what the user sees (`contentOffset.y` plus the top of
    /// `adjustedContentInset`).
    ///
    /// - Complexity: O(1).
    var visibleTop: Double? { tableView?.visibleTop }
    /// Sets `contentOffset` so that what the user sees starts at `top`, within the content.
    ///
    /// - Complexity: that of UIKit.
    func scroll(toVisibleTop top: Double) { tableView?.scroll(toVisibleTop: top) }
    /// - Complexity: that of UIKit.
    func layoutIfNeeded() { tableView?.layoutIfNeeded() }
    /// Runs `changes` in `UIView.performWithoutAnimation`.
    ///
    /// - Complexity: that of `changes`.
    func performWithoutAnimation(_ changes: () -> Void) { UIView.performWithoutAnimation(changes) }
    /// The header and footer titles of a section, as the data source
    /// serves them now; ``ResultsTableViewDataSource`` sets it.
    var sectionTitles: ((Int) -> (header: String?, footer: String?))?
    /// Updates a header or footer view on screen in place, given the view,
    /// its section and whether it is the footer: for custom views from the
    /// table view's delegate. Without it, the view's title is set (its list
    /// content configuration's text, else its text label).
    var updateHeaderFooterView: ((UITableViewHeaderFooterView, Int, Bool) -> Void)?
    /// Shows the sections' new header and footer titles in the header and
    /// footer views on screen (`headerView(forSection:)`,
    /// `footerView(forSection:)`), cells kept. Sections off screen need
    /// nothing: the table view asks for their titles when they scroll in.
    /// When a title comes or goes, the table view is asked for its heights
    /// again (an empty `performBatchUpdates`), cells kept. Without
    /// ``sectionTitles`` (a data source of your own), the sections are
    /// reloaded, their cells replaced.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of UIKit.
    func reconfigureSections(_ sections: IndexSet) {
        guard let tableView else { return }
        guard let sectionTitles else { return tableView.reloadSections(sections, with: .none) }
        var heightsChanged = false
        for section in sections {
            let titles = sectionTitles(section)
            let views = [(tableView.headerView(forSection: section), titles.header, false), (tableView.footerView(forSection: section), titles.footer, true)]
            for (view, title, isFooter) in views {
                guard let view else {
                    if title != nil { heightsChanged = true }   // a header may come on screen: its height is no longer 0
                    continue
                }
                if let updateHeaderFooterView {
                    updateHeaderFooterView(view, section, isFooter)
                } else {
                    if (Self.title(of: view) ?? "").isEmpty != (title ?? "").isEmpty { heightsChanged = true }
                    Self.setTitle(title, of: view)
                }
            }
        }
        if heightsChanged { tableView.performBatchUpdates(nil) }
    }

    /// The title a header or footer view shows.
    static func title(of view: UITableViewHeaderFooterView) -> String? {
        if let content = view.contentConfiguration as? UIListContentConfiguration { return content.text }
        return view.textLabel?.text
    }

    /// Shows `title` in a header or footer view.
    static func setTitle(_ title: String?, of view: UITableViewHeaderFooterView) {
        if var content = view.contentConfiguration as? UIListContentConfiguration {
            content.text = title
            view.contentConfiguration = content
        } else {
            view.textLabel?.text = title
        }
        view.setNeedsLayout()
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
    /// animations, or at once after a reload. Sections whose value changed
    /// (``ResultsChangeset/sectionUpdates``) are reloaded after the batch,
    /// as this call does not know your titles; ``ResultsTableViewDataSource``
    /// refreshes their headers in place instead.
    ///
    /// - Complexity: O(*n*) for *n* changes, plus UIKit's work.
    public func apply(
        _ update: ResultsUpdate<some ResultsTableSnapshot>, with animation: UITableView.RowAnimation = .automatic,
        updateDataSource: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        update.apply(to: TableViewAdapter(self, animation: animation), updateDataSource: updateDataSource, completion: completion)
    }
}
#endif
