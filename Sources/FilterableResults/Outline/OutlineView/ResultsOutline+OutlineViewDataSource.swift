#if canImport(AppKit) && !canImport(UIKit)
import AppKit

extension ResultsOutline {
    /// The data source and delegate of a view-based `NSOutlineView` that shows
    /// a ``ResultsOutline``: the `NSObject` shell of `OutlineViewAdapter`,
    /// whose logic runs and is tested on every platform.
    ///
    /// Each item is a row under its parent (a top-level item under its
    /// section's group row when the outline has sections); the view's
    /// expansion is the outline's, and every update of the outline is shown
    /// as `removeItems`, `moveItem` and `insertItems` calls in the order the
    /// view takes them, so a dragged subtree keeps its rows.
    ///
    ///     dataSource = ResultsOutline.OutlineViewDataSource(outline: files, outlineView: outlineView) { outlineView, column, row in
    ///         let cell = outlineView.makeView(withIdentifier: NSUserInterfaceItemIdentifier("File"), owner: nil) as? NSTableCellView
    ///         cell?.textField?.stringValue = row.element.name
    ///         return cell
    ///     }
    ///     dataSource.canMoveRow = { _ in true }       // drag to another folder
    ///
    /// A click on a disclosure triangle expands or collapses the item in the
    /// outline. The user may drag a row onto an item (it becomes its child) or
    /// between rows (it takes their parent) when the outline's parent key path
    /// is writable and ``canMoveRow`` allows it; a drop the outline refuses
    /// (a cycle, an item that takes no children) is not offered.
    /// ``deleteSelectedRows()`` removes the selected items ``canDeleteRow``
    /// allows, for a Delete key or a menu item. It becomes the outline view's
    /// data source and delegate; keep it alive (the view holds both weakly).
    @MainActor
    public final class OutlineViewDataSource: NSObject,
        NSOutlineViewDataSource, NSOutlineViewDelegate
    {
        typealias Item = OutlineViewItem<Element, Key>

        /// The platform-free tree served and call ordering.
        let adapter: OutlineViewAdapter<Element, Key>
        /// The outline view; held weakly.
        public private(set) weak var outlineView: NSOutlineView?
        /// The animation of inserted and removed rows.
        public var animation: NSTableView.AnimationOptions
        /// Makes the view of an item's row in a column.
        let cellProvider: (NSOutlineView, NSTableColumn?, Row) -> NSView?
        /// Makes the view of a section's group row, given its name; by default a label.
        public var headerViewProvider: (NSOutlineView, String) -> NSView? = { _, name in NSTextField(labelWithString: name) }
        /// The items of the drag in progress.
        var dragged: [Item] = []

        /// The type of the pasteboard data of a dragged row.
        static var rowType: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("org.filterableresults.outline-row") }

        /// Shows `outline` in `outlineView`, and becomes its data source and delegate.
        ///
        /// - Complexity: O(*n*) for *n* rows shown.
        public init(
            outline: ResultsOutline<Element, Key>, outlineView: NSOutlineView,
            animation: NSTableView.AnimationOptions = .effectFade,
            cellProvider: @escaping (NSOutlineView, NSTableColumn?, Row) -> NSView?
        ) {
            adapter = OutlineViewAdapter(outline)
            self.outlineView = outlineView
            self.animation = animation
            self.cellProvider = cellProvider
            super.init()
            adapter.perform = { [weak self] call in self?.perform(call) }
            adapter.isInWindow = { [weak self] in self?.outlineView?.window != nil }
            outlineView.dataSource = self
            outlineView.delegate = self
            outlineView.registerForDraggedTypes([Self.rowType])
            adapter.reload()
        }

        /// Whether the user may delete an item's row; by default no.
        ///
        /// - Complexity: O(1).
        public var canDeleteRow: (Row) -> Bool {
            get { adapter.canDeleteRow }
            set { adapter.canDeleteRow = newValue }
        }

        /// Whether the user may drag an item's row to another place; by default
        /// no. Asked only when the outline's parent key path is writable.
        ///
        /// - Complexity: O(1).
        public var canMoveRow: (Row) -> Bool {
            get { adapter.canMoveRow }
            set { adapter.canMoveRow = newValue }
        }

        /// Called when the user selects one item's row.
        ///
        /// - Complexity: O(1).
        public var onSelectRow: ((Row) -> Void)? {
            get { adapter.onSelectRow }
            set { adapter.onSelectRow = newValue }
        }

        /// Called with the error of an edit the user made that the outline refused.
        ///
        /// - Complexity: O(1).
        public var onEditingError: ((ResultsError) -> Void)? {
            get { adapter.onEditingError }
            set { adapter.onEditingError = newValue }
        }

        /// The item's row the view shows at a row index, or `nil` for a group row or no row.
        ///
        /// - Complexity: that of `NSOutlineView.item(atRow:)`.
        public func outlineRow(atRow row: Int) -> Row? { (outlineView?.item(atRow: row) as? Item)?.row }

        /// Removes the selected items ``canDeleteRow`` allows, with their
        /// subtrees, as one update.
        ///
        /// - Complexity: O(*s* log *n*) for *s* items removed, plus the update.
        public func deleteSelectedRows() { adapter.delete(selectedItems) }

        /// The items of the selected rows.
        var selectedItems: [Item] {
            guard let outlineView else { return [] }
            return outlineView.selectedRowIndexes.compactMap { outlineView.item(atRow: $0) as? Item }
        }

        /// Makes one call on the outline view (the root is `nil` to it).
        func perform(_ call: OutlineViewCall<Element, Key>) {
            guard let outlineView else { return }
            func object(_ item: Item) -> Item? { item.node == .root ? nil : item }
            switch call {
            case .reloadData: outlineView.reloadData()
            case .beginUpdates: outlineView.beginUpdates()
            case .endUpdates: outlineView.endUpdates()
            case let .removeItems(indexes, parent): outlineView.removeItems(at: indexes, inParent: object(parent), withAnimation: animation)
            case let .insertItems(indexes, parent): outlineView.insertItems(at: indexes, inParent: object(parent), withAnimation: animation)
            case let .moveItem(from, parent, to, newParent): outlineView.moveItem(at: from, inParent: object(parent), to: to, inParent: object(newParent))
            case let .expandItem(item): outlineView.expandItem(item)
            case let .collapseItem(item): outlineView.collapseItem(item)
            case let .reloadItem(item): outlineView.reloadItem(item)
            }
        }

        // MARK: NSOutlineViewDataSource

        public func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
            adapter.numberOfChildren(of: item as? Item)
        }

        public func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
            adapter.child(index, of: item as? Item)
        }

        public func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
            (item as? Item).map(adapter.isExpandable) ?? false
        }

        public func outlineView(_ outlineView: NSOutlineView, pasteboardWriterForItem item: Any) -> (any NSPasteboardWriting)? {
            guard let item = item as? Item, adapter.canDrag(item), let key = item.key else { return nil }
            let writer = NSPasteboardItem()
            writer.setString(String(describing: key), forType: Self.rowType)
            return writer
        }

        public func outlineView(_ outlineView: NSOutlineView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint, forItems draggedItems: [Any]) {
            dragged = draggedItems.compactMap { $0 as? Item }
        }

        public func outlineView(_ outlineView: NSOutlineView, validateDrop info: any NSDraggingInfo, proposedItem item: Any?, proposedChildIndex index: Int) -> NSDragOperation {
            guard let moved = draggedItem(info, in: outlineView) else { return [] }
            return adapter.canDrop(moved, onto: item as? Item, childIndex: index) ? .move : []
        }

        public func outlineView(_ outlineView: NSOutlineView, acceptDrop info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool {
            guard let moved = draggedItem(info, in: outlineView) else { return false }
            dragged = []
            return adapter.drop(moved, onto: item as? Item, childIndex: index)
        }

        /// The one item dragged within `outlineView`; `nil` for a drag from
        /// elsewhere or of several items.
        func draggedItem(_ info: any NSDraggingInfo, in outlineView: NSOutlineView) -> Item? {
            guard (info.draggingSource as AnyObject?) === outlineView, dragged.count == 1 else { return nil }
            return dragged[0]
        }

        // MARK: NSOutlineViewDelegate

        public func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView? {
            guard let item = item as? Item else { return nil }
            switch item.node {
            case let .section(section): return headerViewProvider(outlineView, section.name)
            case .item: return item.row.flatMap { cellProvider(outlineView, tableColumn, $0) }
            case .root: return nil
            }
        }

        public func outlineView(_ outlineView: NSOutlineView, isGroupItem item: Any) -> Bool {
            (item as? Item).map(adapter.isGroup) ?? false
        }

        public func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any) -> Bool {
            (item as? Item).map(adapter.userWillExpand) ?? false
        }

        public func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any) -> Bool {
            (item as? Item).map(adapter.userWillCollapse) ?? false
        }

        public func outlineViewItemDidExpand(_ notification: Notification) {
            if let item = notification.userInfo?["NSObject"] as? Item { adapter.userDidExpand(item) }
        }

        public func outlineViewSelectionDidChange(_ notification: Notification) {
            adapter.userSelected(selectedItems)
        }
    }
}
#endif
