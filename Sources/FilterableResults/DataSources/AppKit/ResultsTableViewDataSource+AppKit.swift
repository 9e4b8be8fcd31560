#if canImport(AppKit) && !canImport(UIKit)
import AppKit

/// The data source and delegate of a view-based `NSTableView` that shows a
/// source's table (a controller's visible table, a ``ResultsComposition``,
/// ``StaticSections``): the `NSObject` shell of ``ResultsDataSource``,
/// whose logic runs and is tested on every platform.
///
/// `NSTableView` has no sections, so the table is shown flat: each section
/// in turn, as a group row (`tableView(_:isGroupRow:)`) showing its header
/// title when it has one, then a row per element, as a sectioned
/// `UITableView` reads. A section without a title has no group row, so a
/// source of one untitled section is a plain list; return `nil` from
/// ``ResultsDataSource/headerTitle`` to show no group rows at all. Rows and
/// index paths convert with ``indexPath(forRow:)`` and ``row(for:)``.
///
///     dataSource = ResultsTableViewDataSource(controller: products, tableView: tableView) { tableView, column, row, product in
///         let cell = tableView.makeView(withIdentifier: NSUserInterfaceItemIdentifier("Product"), owner: nil) as? NSTableCellView
///         cell?.textField?.stringValue = product.name
///         return cell
///     }
///
/// It becomes the table view's data source and its delegate (a view-based
/// table view asks its delegate for views). A screen with a delegate of its
/// own sets it afterwards and forwards `tableView(_:viewFor:row:)`,
/// `tableView(_:isGroupRow:)`, `tableView(_:shouldSelectRow:)` and
/// `tableViewSelectionDidChange(_:)` here.
/// Keep the data source alive (a table view holds both weakly).
///
/// The rows are read from the data source when it starts and when an
/// update is shown. After changing ``ResultsDataSource/headerTitle`` on
/// ``dataSource`` directly, call `reloadData()` on this object; set through
/// this object (`dataSource.headerTitle = …`), the table view reloads by
/// itself when the rows change.
///
/// The user edits as on iOS, with the same refusals: a row
/// ``ResultsDataSource/canMoveRow`` allows can be dragged between rows,
/// within its section or to another (``ResultsDataSource/dropRow(at:before:)``;
/// the move is animated as an update); ``deleteSelectedRows()`` removes the
/// selected rows ``ResultsDataSource/canDeleteRow`` allows (wire it to the
/// Delete key or a menu item); selecting one row runs its own action (a
/// static row's) or ``ResultsDataSource/onSelectRow``.
@MainActor @dynamicMemberLookup
public final class ResultsTableViewDataSource<Source: ResultsSource>: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    /// The type of the platform-free data source: its cells are closures
    /// that make the view of a table column.
    public typealias DataSource = ResultsDataSource<Source, (NSTableColumn?) -> NSView?>

    /// The platform-free data source: its snapshot, header titles, and what
    /// the user may edit.
    public let dataSource: DataSource
    /// Makes the view of a section's header row (a group row, with no
    /// column), given the section and its title; by default a label.
    public var headerViewProvider: (NSTableView, Int, String) -> NSView? = { _, _, title in
        NSTextField(labelWithString: title)
    }

    /// Shows `source`'s table in `tableView`, and becomes its data source and delegate.
    ///
    /// `cellProvider` makes the view of an element in a column, given the
    /// table view's row; it is not asked for header rows.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public init(
        source: Source, tableView: NSTableView,
        animation: NSTableView.AnimationOptions = .effectFade,
        cellProvider: @escaping (NSTableView, NSTableColumn?, Int, Source.Element) -> NSView?
    ) {
        let view = NSTableViewAdapter(tableView, animation: animation)
        dataSource = DataSource(source: source, view: view) { indexPath, element in
            { column in cellProvider(view.tableView!, column, view.rows.layout.row(for: indexPath), element) }
        }
        // A row whose element the source cannot give shows no view.
        dataSource.missingElementCell = { _ in { _ in nil } }
        view.dataSource = dataSource
        self.view = view
        super.init()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.registerForDraggedTypes([Self.rowType])
    }

    /// The type of the pasteboard data of a dragged row.
    static var rowType: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("org.filterableresults.table-row") }
    /// The row of the drag in progress.
    var dragged: ResultsIndexPath?

    /// Shows `controller`'s visible table in `tableView`, and becomes its data source and delegate.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public convenience init<Element, Key>(
        controller: ResultsController<Element, Key>, tableView: NSTableView,
        animation: NSTableView.AnimationOptions = .effectFade,
        cellProvider: @escaping (NSTableView, NSTableColumn?, Int, Element) -> NSView?
    ) where Source == ResultsController<Element, Key> {
        self.init(source: controller, tableView: tableView, animation: animation, cellProvider: cellProvider)
    }

    /// The data source's state (its ``ResultsDataSource/snapshot``, say),
    /// read as this shell's own.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: KeyPath<DataSource, Value>) -> Value {
        dataSource[keyPath: keyPath]
    }

    /// The data source's settings, read and written as this shell's own:
    /// `dataSource.headerTitle = { _, _ in nil }`. The table view reloads
    /// when a setting changes its rows.
    ///
    /// - Complexity: O(1) to read; O(*s*) to write, for *s* sections.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<DataSource, Value>) -> Value {
        get { dataSource[keyPath: keyPath] }
        set {
            dataSource[keyPath: keyPath] = newValue
            view.rows.reloadIfRowsChanged()
        }
    }

    /// The view wrapper the data source drives; kept alive here.
    let view: NSTableViewAdapter

    /// Reads the rows from the data source anew and reloads the table view.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus that of AppKit.
    public func reloadData() { view.reloadData() }

    /// The index path of the element at a row of the table view, or `nil`
    /// for a header row or a row outside the table.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func indexPath(forRow row: Int) -> ResultsIndexPath? {
        if case let .element(indexPath)? = view.rows.layout.content(ofRow: row) { indexPath } else { nil }
    }

    /// The section whose header is at a row of the table view, or `nil`.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    public func section(forHeaderRow row: Int) -> Int? {
        if case let .header(section)? = view.rows.layout.content(ofRow: row) { section } else { nil }
    }

    /// The row of the table view showing the element at `indexPath`, or
    /// `nil` when the table has no such element.
    ///
    /// - Complexity: O(1).
    public func row(for indexPath: ResultsIndexPath) -> Int? {
        view.rows.layout.contains(indexPath) ? view.rows.layout.row(for: indexPath) : nil
    }

    public func numberOfRows(in tableView: NSTableView) -> Int { view.rows.layout.numberOfRows }

    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        switch view.rows.layout.content(ofRow: row) {
        case let .header(section)?: headerViewProvider(tableView, section, view.rows.layout.title(ofSection: section) ?? "")
        case let .element(indexPath)?: dataSource.cell(at: indexPath)(tableColumn)
        case nil: nil
        }
    }

    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { section(forHeaderRow: row) != nil }

    public func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool { indexPath(forRow: row) != nil }

    public func tableViewSelectionDidChange(_ notification: Notification) {
        guard let selected = view.tableView?.selectedRowIndexes, selected.count == 1, let indexPath = indexPath(forRow: selected.first!) else { return }
        dataSource.didSelectRow(at: indexPath)
    }

    /// Removes the selected rows ``ResultsDataSource/canDeleteRow`` allows.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows selected, plus the source's reports.
    public func deleteSelectedRows() {
        dataSource.commitDelete(at: view.tableView?.selectedRowIndexes.compactMap(indexPath(forRow:)) ?? [])
    }

    public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        guard let indexPath = indexPath(forRow: row), dataSource.canMoveRow(at: indexPath) else { return nil }
        let writer = NSPasteboardItem()
        writer.setString(String(row), forType: Self.rowType)
        return writer
    }

    public func tableView(_ tableView: NSTableView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet) {
        dragged = rowIndexes.count == 1 ? indexPath(forRow: rowIndexes.first!) : nil
    }

    public func tableView(
        _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int, proposedDropOperation dropOperation: NSTableView.DropOperation
    ) -> NSDragOperation {
        guard dropOperation == .above, (info.draggingSource as AnyObject?) === tableView, dragged != nil,
              view.rows.layout.dropPosition(aboveRow: row) != nil else { return [] }
        return .move
    }

    public func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int, dropOperation: NSTableView.DropOperation) -> Bool {
        guard dropOperation == .above, (info.draggingSource as AnyObject?) === tableView, let source = dragged,
              let position = view.rows.layout.dropPosition(aboveRow: row) else { return false }
        dragged = nil
        dataSource.dropRow(at: source, before: position)
        return true
    }
}
#endif
