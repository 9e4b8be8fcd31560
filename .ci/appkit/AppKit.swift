// A stand-in for the slice of AppKit's declarations the package's AppKit
// shells (Sources/FilterableResults/DataSources/AppKit) and the AppKit
// example (Examples/AppKit) use, so CI on Linux type-checks the
// `#if canImport(AppKit) && !targetEnvironment(macCatalyst)` code.
// Signatures and `@available` follow Apple's documentation
// (developer.apple.com/documentation/appkit, the page of each symbol; the
// 2026 pages: an `@available` only where the page gives a version); bodies
// do nothing. It is not shipped and models no behaviour: what the calls do
// to a table view's rows is FlatListCall's and the tests' business.
// .ci/availability/check reads its `@available` attributes.
//
// Where it departs from the documentation, on purpose:
// - The data source and delegate methods the shells implement are protocol
//   requirements here; in AppKit most are `optional` (an Objective-C
//   notion Linux lacks). As requirements, a shell whose method does not
//   match the documented signature exactly fails to compile, where on a
//   Mac it would silently never be called.
// - No `@IBOutlet` (it needs Objective-C interop), and `unowned(unsafe)`
//   stays only where the page shows it.
// - Only the members the shells and the example use are declared.
// - Swift's `AutoreleasingUnsafeMutablePointer` exists only where there is
//   an Objective-C runtime, so a stand-in is declared where it does not
//   (`#if !_runtime(_ObjC)`). Foundation's `NSIndexPath` is Linux's own;
//   the shells reach it only by bridging to and from `IndexPath`.
@_exported import Foundation

// MARK: - Views

/// The base of AppKit's event-handling objects.
@MainActor open class NSResponder: NSObject {}

/// A rectangle of a window's content that draws and handles events.
@MainActor open class NSView: NSResponder {
    /// The window the view is in, if any.
    open var window: NSWindow? { nil }
}

/// A window.
@MainActor open class NSWindow: NSResponder {}

/// A view that reports user interaction through target and action.
@MainActor open class NSControl: NSView {
    /// The control's value as a string.
    open var stringValue: String = ""
}

/// Text shown, and possibly edited, in a window.
@MainActor open class NSTextField: NSControl {
    /// A non-editable, non-wrapping, non-selectable label showing `stringValue`.
    @available(macOS 10.12, *)
    public convenience init(labelWithString stringValue: String) {
        self.init()
        self.stringValue = stringValue
    }
}

/// The controller of a view hierarchy.
@MainActor open class NSViewController: NSResponder {
    /// The view the controller manages, loaded on first use.
    open var view = NSView()
    /// Makes the view, from a nib by default.
    open func loadView() {}
}

/// An identifier of a user interface item (a table column, a reusable view).
public struct NSUserInterfaceItemIdentifier: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
}

// MARK: - Table views

/// A column of a table view.
@MainActor open class NSTableColumn: NSObject {
    /// Identifies the column to the data source and the delegate.
    open var identifier = NSUserInterfaceItemIdentifier("")
}

/// The usual view of a view-based table view's cell.
@MainActor open class NSTableCellView: NSView {
    /// The text field that shows the cell's text.
    @available(macOS 10.7, *)
    unowned(unsafe) open var textField: NSTextField?
}

/// Rows of records, one column per attribute, shown from a data source.
@MainActor open class NSTableView: NSControl {
    /// How inserted and removed rows are animated; options combine.
    @available(macOS 10.7, *)
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Rows fade in or out; combines with a slide.
        @available(macOS 10.7, *)
        public static var effectFade: NSTableView.AnimationOptions { AnimationOptions(rawValue: 0x1) }
    }

    /// The object that tells the table view how many rows it has; held weakly.
    weak open var dataSource: (any NSTableViewDataSource)?
    /// The object that makes the views of a view-based table, among other things; held weakly.
    weak open var delegate: (any NSTableViewDelegate)?
    /// The number of columns, hidden ones included.
    open var numberOfColumns: Int { 0 }

    /// Reads every row from the data source again.
    open func reloadData() {}
    /// Makes the views of the given rows and columns again.
    @available(macOS 10.6, *)
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
    /// Opens a group of row changes animated together; groups nest.
    @available(macOS 10.7, *)
    open func beginUpdates() {}
    /// Closes a group opened with `beginUpdates()`.
    @available(macOS 10.7, *)
    open func endUpdates() {}
    /// Inserts rows at the indexes they have afterwards.
    @available(macOS 10.7, *)
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    /// Removes rows, named by their indexes now.
    @available(macOS 10.7, *)
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    /// Moves a row, keeping its view.
    @available(macOS 10.7, *)
    open func moveRow(at oldIndex: Int, to newIndex: Int) {}
    /// A reusable view with `identifier` (from the table's nib or a registered one), or `nil`.
    @available(macOS 10.7, *)
    open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?) -> NSView? { nil }
    /// The indexes of the selected rows.
    open var selectedRowIndexes: IndexSet { [] }

    /// Where a drop goes: onto a row, or above it (between it and the row before).
    public enum DropOperation: UInt, Sendable {
        /// Onto the row.
        case on = 0
        /// Above the row.
        case above = 1
    }
}

/// Tells a table view how many rows it has (and, for a cell-based table, their values), and takes its drags and drops.
@MainActor public protocol NSTableViewDataSource: NSObjectProtocol {
    /// The number of rows.
    func numberOfRows(in tableView: NSTableView) -> Int
    /// What the pasteboard holds of a dragged row; `nil` when it cannot be dragged.
    @available(macOS 10.7, *)
    func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)?
    /// A drag of the given rows begins.
    @available(macOS 10.7, *)
    func tableView(_ tableView: NSTableView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint, forRowIndexes rowIndexes: IndexSet)
    /// The operation a drop there would make.
    func tableView(_ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int, proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation
    /// Takes a drop onto or above a row; whether it did.
    func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int, dropOperation: NSTableView.DropOperation) -> Bool
}

/// The text-editing callbacks of a control's delegate.
@MainActor public protocol NSControlTextEditingDelegate: NSObjectProtocol {}

/// Customizes a table view: the views of a view-based table, group rows, selection.
@MainActor public protocol NSTableViewDelegate: NSControlTextEditingDelegate {
    /// The view shown in a column of a row; `tableColumn` is `nil` for a group row.
    @available(macOS 10.7, *)
    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
    /// Whether a row is drawn as a group row.
    @available(macOS 10.5, *)
    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
    /// Whether the user may select a row.
    func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool
    /// The selection changed.
    func tableViewSelectionDidChange(_ notification: Notification)
}

// MARK: - Collection views

/// The view controller of one item of a collection view.
@available(macOS 10.5, *)
@MainActor open class NSCollectionViewItem: NSViewController {
    /// The text field the item shows its title in, if it has one.
    weak open var textField: NSTextField?
}

/// Items in sections, placed by a layout, shown from a data source.
@available(macOS 10.5, *)
@MainActor open class NSCollectionView: NSView {
    /// The kind of a supplementary view (a section header, say), as the layout names it.
    public typealias SupplementaryElementKind = String

    /// The object that provides the sections and items; held weakly.
    @available(macOS 10.11, *)
    weak open var dataSource: (any NSCollectionViewDataSource)?
    /// The object told of selection, drags and layout; held weakly.
    weak open var delegate: (any NSCollectionViewDelegate)?
    /// The index paths of the selected items.
    @available(macOS 10.11, *)
    open var selectionIndexPaths: Set<IndexPath> = []

    /// Registers the class items for `identifier` are made of.
    @available(macOS 10.11, *)
    open func register(_ itemClass: AnyClass?, forItemWithIdentifier identifier: NSUserInterfaceItemIdentifier) {}
    /// An item made from the nib or class registered for `identifier`,
    /// reused if one is free.
    @available(macOS 10.11, *)
    open func makeItem(withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath) -> NSCollectionViewItem { NSCollectionViewItem() }
    /// Reads every section and item from the data source again.
    open func reloadData() {}
    /// Runs `updates` (inserts, deletes, reloads, moves) as one animation,
    /// then calls `completionHandler` with whether it finished.
    @available(macOS 10.11, *)
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {}
    /// Inserts sections at the given indexes.
    @available(macOS 10.11, *)
    open func insertSections(_ sections: IndexSet) {}
    /// Deletes sections and their items.
    @available(macOS 10.11, *)
    open func deleteSections(_ sections: IndexSet) {}
    /// Takes the items of sections anew.
    @available(macOS 10.11, *)
    open func reloadSections(_ sections: IndexSet) {}
    /// Moves a section and its items.
    @available(macOS 10.11, *)
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    /// Inserts items at the given index paths.
    @available(macOS 10.11, *)
    open func insertItems(at indexPaths: Set<IndexPath>) {}
    /// Deletes the items at the given index paths.
    @available(macOS 10.11, *)
    open func deleteItems(at indexPaths: Set<IndexPath>) {}
    /// Takes the items at the given index paths anew.
    @available(macOS 10.11, *)
    open func reloadItems(at indexPaths: Set<IndexPath>) {}
    /// Moves an item, to another section or within its own.
    @available(macOS 10.11, *)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    /// The supplementary view of a kind at an index path, if one is on screen.
    @available(macOS 10.11, *)
    open func supplementaryView(forElementKind elementKind: SupplementaryElementKind, at indexPath: IndexPath) -> (any NSView & NSCollectionViewElement)? { nil }
    /// The kind of a section's header.
    @available(macOS 10.11, *)
    public static let elementKindSectionHeader: SupplementaryElementKind = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer.
    @available(macOS 10.11, *)
    public static let elementKindSectionFooter: SupplementaryElementKind = "UICollectionElementKindSectionFooter"

    /// Where a drop goes: onto an item, or before it.
    @available(macOS 10.6, *)
    public enum DropOperation: Int, Sendable {
        /// Onto the item.
        case on = 0
        /// Before the item.
        case before = 1
    }
}

/// What a collection view's items and supplementary views adopt.
@available(macOS 10.11, *)
@MainActor public protocol NSCollectionViewElement: NSObjectProtocol {}

/// Provides a collection view's sections, items and supplementary views.
@MainActor public protocol NSCollectionViewDataSource: NSObjectProtocol {
    /// The number of items of a section.
    @available(macOS 10.11, *)
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int
    /// The item shown at an index path.
    @available(macOS 10.11, *)
    func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem
    /// The number of sections.
    @available(macOS 10.11, *)
    func numberOfSections(in collectionView: NSCollectionView) -> Int
    /// The supplementary view of `kind` at an index path.
    @available(macOS 10.10, *)
    func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView
}

// MARK: - Outline views

/// The types of data a pasteboard holds.
extension NSPasteboard {
    /// A type of pasteboard data, named by a uniform type identifier.
    public struct PasteboardType: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Data moved between apps, or within one by a drag.
@MainActor open class NSPasteboard: NSObject {}

/// What an object adopts to write itself to a pasteboard.
@available(macOS 10.6, *)
public protocol NSPasteboardWriting: NSObjectProtocol {}

/// One item of a pasteboard, holding data of several types.
@available(macOS 10.6, *)
open class NSPasteboardItem: NSObject, NSPasteboardWriting {
    /// Sets the item's string for a type; whether it could.
    @available(macOS 10.6, *)
    @discardableResult
    open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool { true }
}

/// The operations a drag offers and a drop takes.
public struct NSDragOperation: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The data is moved.
    public static var move: NSDragOperation { NSDragOperation(rawValue: 16) }
}

/// What a drop target is told of a drag.
@MainActor public protocol NSDraggingInfo: NSObjectProtocol {
    /// The object that started the drag (a view of this app), or `nil` for a drag from another app.
    var draggingSource: Any? { get }
}

/// A drag in progress.
@available(macOS 10.7, *)
@MainActor open class NSDraggingSession: NSObject {}

extension NSView {
    /// Takes drops of data of the given types.
    public func registerForDraggedTypes(_ newTypes: [NSPasteboard.PasteboardType]) {}
}

/// A table view of hierarchical items, each row an item shown under its
/// parent, expandable to show its children.
///
/// In AppKit it is a subclass of `NSTableView` whose `dataSource` and
/// `delegate` the Swift importer narrows to the outline view's protocols,
/// which Swift source cannot declare; so here it is a control of its own
/// with the `NSTableView` members the shells use.
@MainActor open class NSOutlineView: NSControl {
    /// The object that provides the items; held weakly.
    weak open var dataSource: (any NSOutlineViewDataSource)?
    /// The object that makes the views of the rows, among other things; held weakly.
    weak open var delegate: (any NSOutlineViewDelegate)?
    /// The number of columns, hidden ones included.
    open var numberOfColumns: Int { 0 }
    /// Reads every item from the data source again.
    open func reloadData() {}
    /// Opens a group of changes animated together; groups nest.
    @available(macOS 10.7, *)
    open func beginUpdates() {}
    /// Closes a group opened with `beginUpdates()`.
    @available(macOS 10.7, *)
    open func endUpdates() {}
    /// A reusable view with `identifier`, or `nil`.
    @available(macOS 10.7, *)
    open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?) -> NSView? { nil }
    /// The item shown at a row, or `nil`.
    open func item(atRow row: Int) -> Any? { nil }
    /// The row showing an item, or -1.
    open func row(forItem item: Any?) -> Int { -1 }
    /// The indexes of the selected rows.
    open var selectedRowIndexes: IndexSet { [] }
    /// Shows an item's children (does nothing for one not expandable or already expanded).
    open func expandItem(_ item: Any?) {}
    /// Hides an item's children.
    open func collapseItem(_ item: Any?) {}
    /// Asks the data source for an item's row anew.
    open func reloadItem(_ item: Any?) {}
    /// Inserts children of a parent (`nil` for the root) at the indexes they
    /// have afterwards; does nothing if the parent is not expanded.
    @available(macOS 10.7, *)
    open func insertItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    /// Removes children of a parent, named by their indexes now, with their
    /// subtrees; does nothing if the parent is not expanded.
    @available(macOS 10.7, *)
    open func removeItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    /// Moves an item, with its subtree, from a parent's child index to
    /// another's (or the same parent's).
    @available(macOS 10.7, *)
    open func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {}
}

/// Provides an outline view's items, and takes its drags and drops.
@MainActor public protocol NSOutlineViewDataSource: NSObjectProtocol {
    /// The number of children of an item (of the root for `nil`).
    func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int
    /// A child of an item (of the root for `nil`).
    func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any
    /// Whether an item shows a disclosure triangle.
    func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool
    /// What the pasteboard holds of a dragged item; `nil` when it cannot be dragged.
    @available(macOS 10.7, *)
    func outlineView(_ outlineView: NSOutlineView, pasteboardWriterForItem item: Any) -> (any NSPasteboardWriting)?
    /// A drag of the given items begins.
    @available(macOS 10.7, *)
    func outlineView(_ outlineView: NSOutlineView, draggingSession session: NSDraggingSession, willBeginAt screenPoint: NSPoint, forItems draggedItems: [Any])
    /// The operation a drop there would make.
    func outlineView(_ outlineView: NSOutlineView, validateDrop info: any NSDraggingInfo, proposedItem item: Any?, proposedChildIndex index: Int) -> NSDragOperation
    /// Takes a drop onto `item` (child index -1) or among its children; whether it did.
    func outlineView(_ outlineView: NSOutlineView, acceptDrop info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool
}

/// Customizes an outline view: the views of its rows, group rows, expansion, selection.
@MainActor public protocol NSOutlineViewDelegate: NSControlTextEditingDelegate {
    /// The view shown in a column of an item's row; `tableColumn` is `nil` for a group row.
    @available(macOS 10.7, *)
    func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView?
    /// Whether an item's row is drawn as a group row.
    @available(macOS 10.5, *)
    func outlineView(_ outlineView: NSOutlineView, isGroupItem item: Any) -> Bool
    /// Whether the view may expand an item.
    func outlineView(_ outlineView: NSOutlineView, shouldExpandItem item: Any) -> Bool
    /// Whether the view may collapse an item.
    func outlineView(_ outlineView: NSOutlineView, shouldCollapseItem item: Any) -> Bool
    /// The user expanded an item (`userInfo["NSObject"]`).
    @available(macOS 10.10, *)
    func outlineViewItemDidExpand(_ notification: Notification)
    /// The selection changed.
    func outlineViewSelectionDidChange(_ notification: Notification)
}

/// Told of a collection view's selection, drags and drops.
@MainActor public protocol NSCollectionViewDelegate: NSObjectProtocol {
    /// The user selected items.
    @available(macOS 10.11, *)
    func collectionView(_ collectionView: NSCollectionView, didSelectItemsAt indexPaths: Set<IndexPath>)
    /// Whether a drag of the given items, begun by `event`, may start.
    @available(macOS 10.11, *)
    func collectionView(_ collectionView: NSCollectionView, canDragItemsAt indexPaths: Set<IndexPath>, with event: NSEvent) -> Bool
    /// What the pasteboard holds of a dragged item; `nil` when it cannot be dragged.
    @available(macOS 10.11, *)
    func collectionView(_ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath) -> (any NSPasteboardWriting)?
    /// The operation a drop there would make; the place and the kind of
    /// drop are passed by reference, to be retargeted.
    @available(macOS 10.11, *)
    func collectionView(
        _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
        proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
        dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
    ) -> NSDragOperation
    /// Takes a drop onto or before the item at an index path; whether it did.
    @available(macOS 10.11, *)
    func collectionView(
        _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo, indexPath: IndexPath,
        dropOperation: NSCollectionView.DropOperation
    ) -> Bool
}

/// An input event (a mouse-down that starts a drag, say).
@MainActor open class NSEvent: NSObject {}

#if !_runtime(_ObjC)
/// Swift's pointer to an Objective-C reference it does not own (the
/// standard library's, on Apple platforms only): an `NSIndexPath **`
/// argument, say. Only the member the shells use; the real one's setter
/// autoreleases the new value, which this one merely stores.
public struct AutoreleasingUnsafeMutablePointer<Pointee> {
    /// The memory addressed.
    let _rawValue: UnsafeMutablePointer<Pointee>
    /// The value referenced.
    public var pointee: Pointee {
        get { _rawValue.pointee }
        nonmutating set { _rawValue.pointee = newValue }
    }
}
#endif

// Diffable data sources (developer.apple.com/documentation/appkit, the
// 2026 pages). AppKit's snapshot has no `reconfigureItems`: rows are
// reloaded. The data sources are declared without their conformance to
// NSTableViewDataSource / NSCollectionViewDataSource, whose methods are
// requirements here (above): the shells only call what follows.
@available(macOS 10.15.1, *)
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public init() {}
    public var numberOfItems: Int { 0 }
    public var numberOfSections: Int { 0 }
    public var sectionIdentifiers: [SectionIdentifierType] { [] }
    public var itemIdentifiers: [ItemIdentifierType] { [] }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { nil }
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {}
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {}
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {}
}
@available(macOS 11, *) @MainActor
open class NSTableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject {
    public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) -> NSView
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {}
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool, completion: (() -> Void)? = nil) {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { NSDiffableDataSourceSnapshot() }
}
@available(macOS 10.15.1, *) @MainActor
open class NSCollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject {
    public typealias ItemProvider = (NSCollectionView, IndexPath, ItemIdentifierType) -> NSCollectionViewItem?
    public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {}
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { NSDiffableDataSourceSnapshot() }
}
