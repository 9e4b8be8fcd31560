#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UITableViewDataSource` that shows a source's table (a controller's
/// visible table, a ``ResultsComposition``, ``StaticSections``): the
/// `NSObject` shell of ``ResultsDataSource``, whose logic (the
/// snapshot it serves and swaps inside each batch update, titles, editing)
/// runs and is tested on every platform. Each method forwards in one line.
///
///     dataSource = ResultsTableViewDataSource(controller: products, tableView: tableView) { tableView, indexPath, product in
///         let cell = tableView.dequeueReusableCell(withIdentifier: "Product", for: indexPath)
///         var content = cell.defaultContentConfiguration()
///         content.text = product.name
///         cell.contentConfiguration = content
///         return cell
///     }
///
/// A composition's rows, typically an enum, are told apart by the cell provider:
///
///     dataSource = ResultsTableViewDataSource(source: screen, tableView: tableView) { tableView, indexPath, row in
///         …
///         switch row {
///         case .profile: content.text = "Profile"
///         …
///         }
///         …
///     }
///
/// Keep the data source alive (a table view holds its data source weakly).
@MainActor @dynamicMemberLookup
public final class ResultsTableViewDataSource<Source: ResultsSource>: NSObject, UITableViewDataSource {
    /// The platform-free data source: its snapshot, header and index titles,
    /// and what the user may edit.
    public let dataSource: ResultsDataSource<Source, UITableViewCell>

    /// Shows `source`'s table in `tableView`, and becomes its data source.
    ///
    /// - Complexity: O(1).
    public init(
        source: Source, tableView: UITableView,
        animation: UITableView.RowAnimation = .automatic,
        cellProvider: @escaping (UITableView, IndexPath, Source.Element) -> UITableViewCell
    ) {
        let view = TableViewAdapter(tableView, animation: animation)
        dataSource = ResultsDataSource(source: source, view: view) { indexPath, element in
            cellProvider(view.tableView!, indexPath.indexPath, element)
        }
        // A row whose element the source cannot give shows an empty cell.
        dataSource.missingElementCell = { _ in UITableViewCell(style: .default, reuseIdentifier: nil) }
        self.view = view
        super.init()
        view.sectionTitles = { [unowned self] section in
            (dataSource.titleForHeader(inSection: section), dataSource.titleForFooter(inSection: section))
        }
        tableView.dataSource = self
    }

    /// Shows `controller`'s visible table in `tableView`, and becomes its data source.
    ///
    /// - Complexity: O(1).
    public convenience init<Element, Key>(
        controller: ResultsController<Element, Key>, tableView: UITableView,
        animation: UITableView.RowAnimation = .automatic,
        cellProvider: @escaping (UITableView, IndexPath, Element) -> UITableViewCell
    ) where Source == ResultsController<Element, Key> {
        self.init(source: controller, tableView: tableView, animation: animation, cellProvider: cellProvider)
    }

    /// The data source's state (its ``ResultsDataSource/snapshot``, say),
    /// read as this shell's own.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: KeyPath<ResultsDataSource<Source, UITableViewCell>, Value>) -> Value {
        dataSource[keyPath: keyPath]
    }

    /// The data source's settings, read and written as this shell's own:
    /// `dataSource.canDeleteRow = { _, _ in true }`.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ResultsDataSource<Source, UITableViewCell>, Value>) -> Value {
        get { dataSource[keyPath: keyPath] }
        set { dataSource[keyPath: keyPath] = newValue }
    }

    /// Updates a header or footer view on screen in place when its
    /// section's value changed (see ``ResultsSectionValue``), given the
    /// view, its section and whether it is the footer: for custom header
    /// views from your delegate. Without it, the view's title is set.
    public var headerFooterViewUpdater: ((UITableViewHeaderFooterView, Int, Bool) -> Void)? {
        get { view.updateHeaderFooterView }
        set { view.updateHeaderFooterView = newValue }
    }

    /// The view wrapper the data source drives; kept alive here.
    let view: TableViewAdapter

    public func numberOfSections(in tableView: UITableView) -> Int { dataSource.numberOfSections() }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        dataSource.numberOfRows(inSection: section)
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        dataSource.cell(at: ResultsIndexPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        dataSource.titleForHeader(inSection: section)
    }

    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        dataSource.titleForFooter(inSection: section)
    }

    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { dataSource.sectionIndexTitles() }

    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        dataSource.section(forSectionIndexTitle: title, at: index)
    }

    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        dataSource.canEditRow(at: ResultsIndexPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete { dataSource.commitDelete(at: ResultsIndexPath(indexPath)) }
    }

    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        dataSource.canMoveRow(at: ResultsIndexPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        dataSource.moveRow(at: ResultsIndexPath(sourceIndexPath), to: ResultsIndexPath(destinationIndexPath))
    }
}

/// Selection and paging: set `tableView.delegate = dataSource` (or call
/// `dataSource.didSelectRow(at:)` and `dataSource.willDisplayRow(at:)`
/// from a delegate of your own) and a tap runs the row's action, or
/// ``ResultsDataSource/onSelectRow``, and a row near the end loads the
/// next page (``loadPages(with:placeholderCell:)``).
extension ResultsTableViewDataSource: UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        dataSource.didSelectRow(at: ResultsIndexPath(indexPath))
    }

    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        dataSource.willDisplayRow(at: ResultsIndexPath(indexPath))
    }
}

/// Prefetching: rows the table view will soon show load the next page early.
extension ResultsTableViewDataSource: UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        dataSource.prefetchRows(at: indexPaths.map(ResultsIndexPath.init))
    }
}

// MARK: - Paging

extension ResultsTableViewDataSource {
    /// Loads `pager`'s pages as the user scrolls: a row near the end (as
    /// the table view displays or prefetches it) asks for the next page,
    /// and the pager's placeholder shows as a row after the table: by
    /// default a "Loading…" row with a spinner, and a failure row whose
    /// tap retries; or the cells `placeholderCell` makes. The data source
    /// becomes the table view's prefetch data source unless it has one;
    /// set the table view's `delegate` to it, or forward
    /// `willDisplayRow(at:)` from your delegate.
    ///
    /// - Complexity: O(1).
    public func loadPages<Element, Key>(
        with pager: ResultsController<Element, Key>.Pager,
        placeholderCell: ((UITableView, IndexPath, ResultsController<Element, Key>.Pager.Placeholder) -> UITableViewCell)? = nil
    ) {
        guard let tableView = view.tableView else { return }
        if tableView.prefetchDataSource == nil { tableView.prefetchDataSource = self }
        dataSource.loadPages(with: pager) { [unowned view] indexPath, placeholder in
            let tableView = view.tableView!
            if let placeholderCell { return placeholderCell(tableView, indexPath.indexPath, placeholder) }
            switch placeholder {
            case .loading: return Self.placeholderCell(title: "Loading…", detail: nil, isLoading: true)
            case let .failed(error): return Self.placeholderCell(title: "Couldn’t load more", detail: "\(error.localizedDescription) Tap to try again.", isLoading: false)
            }
        }
    }

    /// The default placeholder cell: a title, a detail, and a spinner while loading.
    static func placeholderCell(title: String, detail: String?, isLoading: Bool) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = title
        content.secondaryText = detail
        cell.contentConfiguration = content
        if isLoading {
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.startAnimating()
            cell.accessoryView = spinner
            cell.selectionStyle = .none
        }
        return cell
    }
}
#endif
