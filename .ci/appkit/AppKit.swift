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
@MainActor open class NSViewController: NSResponder {}

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
}

/// Tells a table view how many rows it has (and, for a cell-based table, their values).
@MainActor public protocol NSTableViewDataSource: NSObjectProtocol {
    /// The number of rows.
    func numberOfRows(in tableView: NSTableView) -> Int
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
