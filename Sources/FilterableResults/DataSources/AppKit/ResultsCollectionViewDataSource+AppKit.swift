#if canImport(AppKit) && !canImport(UIKit)
import AppKit

/// An `NSCollectionViewDataSource` that shows a source's table (a
/// controller's visible table, a ``ResultsComposition``,
/// ``StaticSections``): the `NSObject` shell of ``ResultsDataSource``,
/// whose logic runs and is tested on every platform. Each method forwards
/// in one line. Sections are the collection view's sections; their headers
/// come from ``supplementaryViewProvider``, given the section's title.
///
///     dataSource = ResultsCollectionViewDataSource(controller: products, collectionView: collectionView) { collectionView, indexPath, product in
///         let item = collectionView.makeItem(withIdentifier: NSUserInterfaceItemIdentifier("Product"), for: indexPath)
///         item.textField?.stringValue = product.name
///         return item
///     }
///
/// Keep the data source alive (a collection view holds its data source weakly).
///
/// It becomes the collection view's delegate too when the view has none,
/// so that the user edits as on iOS, with the same refusals: selecting one
/// item runs its own action (a static row's) or
/// ``ResultsDataSource/onSelectRow``; an item
/// ``ResultsDataSource/canMoveRow`` allows can be dragged before another
/// item or to a section's end, within its section or to another (a drop
/// onto an item goes before it; ``ResultsDataSource/dropRow(at:before:)``:
/// the move is animated as an update); ``deleteSelectedItems()`` removes
/// the selected items ``ResultsDataSource/canDeleteRow`` allows (wire it
/// to the Delete key). A delegate of your own forwards
/// `collectionView(_:didSelectItemsAt:)` and the four drag methods
/// (`canDragItemsAt`, `pasteboardWriterForItemAt`, `validateDrop`,
/// `acceptDrop`) here. One item is dragged at a time.
@MainActor @dynamicMemberLookup
public final class ResultsCollectionViewDataSource<Source: ResultsSource>: NSObject, NSCollectionViewDataSource, NSCollectionViewDelegate {
    /// The platform-free data source: its snapshot, titles, and what the
    /// user may edit.
    public let dataSource: ResultsDataSource<Source, NSCollectionViewItem>
    /// Makes a supplementary view (a section header, say) of `kind`, given
    /// the section's title for it (the footer title for
    /// `elementKindSectionFooter`, else the header title); needed when the
    /// layout has such views.
    public var supplementaryViewProvider: ((NSCollectionView, NSCollectionView.SupplementaryElementKind, IndexPath, String?) -> NSView)?
    /// Updates a header or footer on screen in place, given its kind and
    /// its section's title for it, when the section's value changed (see
    /// ``ResultsSectionValue``). Without it, such a section is reloaded
    /// after the batch, its items replaced.
    public var supplementaryViewUpdater: ((NSView, NSCollectionView.SupplementaryElementKind, IndexPath, String?) -> Void)? {
        didSet {
            view.updateSupplementaryView = supplementaryViewUpdater.map { update in
                { [unowned self] view, kind, indexPath in update(view, kind, indexPath, title(ofKind: kind, at: indexPath)) }
            }
        }
    }

    /// Shows `controller`'s visible table in `collectionView`, and becomes its data source.
    ///
    /// - Complexity: O(1).
    public convenience init<Element, Key>(
        controller: ResultsController<Element, Key>, collectionView: NSCollectionView,
        itemProvider: @escaping (NSCollectionView, IndexPath, Element) -> NSCollectionViewItem
    ) where Source == ResultsController<Element, Key> {
        self.init(source: controller, collectionView: collectionView, itemProvider: itemProvider)
    }

    /// Shows `source`'s table in `collectionView`, and becomes its data source.
    ///
    /// - Complexity: O(1).
    public init(
        source: Source, collectionView: NSCollectionView,
        itemProvider: @escaping (NSCollectionView, IndexPath, Source.Element) -> NSCollectionViewItem
    ) {
        let view = NSCollectionViewAdapter(collectionView)
        dataSource = ResultsDataSource(source: source, view: view) { indexPath, element in
            itemProvider(view.collectionView!, indexPath.indexPath, element)
        }
        // A row whose element the source cannot give shows an empty item,
        // made as a collection view requires.
        collectionView.register(MissingElementItem.self, forItemWithIdentifier: Self.missingElementIdentifier)
        dataSource.missingElementCell = { indexPath in
            view.collectionView!.makeItem(withIdentifier: Self.missingElementIdentifier, for: indexPath.indexPath)
        }
        self.view = view
        super.init()
        collectionView.dataSource = self
        if collectionView.delegate == nil { collectionView.delegate = self }
        collectionView.registerForDraggedTypes([Self.itemType])
    }

    /// The identifier of the empty item a row shows whose element the
    /// source cannot give.
    static var missingElementIdentifier: NSUserInterfaceItemIdentifier { NSUserInterfaceItemIdentifier("FilterableResults.missingElement") }

    /// The type of the pasteboard data of a dragged item.
    static var itemType: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("org.filterableresults.collection-item") }
    /// The item of the drag in progress.
    var dragged: ResultsIndexPath?

    /// Removes the selected items ``ResultsDataSource/canDeleteRow`` allows.
    ///
    /// - Complexity: O(*k* log *n*) for *k* items selected, plus the source's reports.
    public func deleteSelectedItems() {
        dataSource.commitDelete(at: (view.collectionView?.selectionIndexPaths ?? []).map(ResultsIndexPath.init).sorted())
    }

    public func collectionView(_ collectionView: NSCollectionView, didSelectItemsAt indexPaths: Set<IndexPath>) {
        guard indexPaths.count == 1, let indexPath = indexPaths.first else { return }
        dataSource.didSelectRow(at: ResultsIndexPath(indexPath))
    }

    public func collectionView(_ collectionView: NSCollectionView, canDragItemsAt indexPaths: Set<IndexPath>, with event: NSEvent) -> Bool {
        dragged = indexPaths.count == 1 ? indexPaths.first.map(ResultsIndexPath.init) : nil
        return dragged.map(dataSource.canMoveRow(at:)) ?? false
    }

    public func collectionView(_ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath) -> (any NSPasteboardWriting)? {
        guard dataSource.canMoveRow(at: ResultsIndexPath(indexPath)) else { return nil }
        let writer = NSPasteboardItem()
        writer.setString("\(indexPath)", forType: Self.itemType)
        return writer
    }

    public func collectionView(
        _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
        proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
        dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
    ) -> NSDragOperation {
        guard (draggingInfo.draggingSource as AnyObject?) === collectionView, let dragged,
              let position = dataSource.dropPosition(
                  dragging: dragged, proposed: proposedDropIndexPath.pointee as IndexPath, onto: proposedDropOperation.pointee == .on
              ) else { return [] }
        proposedDropIndexPath.pointee = position.indexPath as NSIndexPath
        proposedDropOperation.pointee = .before
        return .move
    }

    public func collectionView(
        _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo, indexPath: IndexPath,
        dropOperation: NSCollectionView.DropOperation
    ) -> Bool {
        guard (draggingInfo.draggingSource as AnyObject?) === collectionView, let source = dragged,
              let position = dataSource.dropPosition(dragging: source, proposed: indexPath, onto: dropOperation == .on) else { return false }
        dragged = nil
        dataSource.dropRow(at: source, before: position)
        return true
    }

    /// The data source's state (its ``ResultsDataSource/snapshot``, say),
    /// read as this shell's own.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: KeyPath<ResultsDataSource<Source, NSCollectionViewItem>, Value>) -> Value {
        dataSource[keyPath: keyPath]
    }

    /// The data source's settings, read and written as this shell's own.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ResultsDataSource<Source, NSCollectionViewItem>, Value>) -> Value {
        get { dataSource[keyPath: keyPath] }
        set { dataSource[keyPath: keyPath] = newValue }
    }

    /// The view wrapper the data source drives; kept alive here.
    let view: NSCollectionViewAdapter

    public func numberOfSections(in collectionView: NSCollectionView) -> Int { dataSource.numberOfSections() }

    public func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        dataSource.numberOfRows(inSection: section)
    }

    public func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem {
        dataSource.cell(at: ResultsIndexPath(indexPath))
    }

    public func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView {
        guard let supplementaryViewProvider else {
            preconditionFailure("ResultsCollectionViewDataSource: the layout asked for a '\(kind)' view; set supplementaryViewProvider")
        }
        return supplementaryViewProvider(collectionView, kind, indexPath, title(ofKind: kind, at: indexPath))
    }

    /// The section's footer title for a footer, else its header title.
    func title(ofKind kind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath) -> String? {
        let section = ResultsIndexPath(indexPath).section
        return kind == NSCollectionView.elementKindSectionFooter
            ? dataSource.titleForFooter(inSection: section) : dataSource.titleForHeader(inSection: section)
    }
}
/// The empty item of a row whose element the source cannot give: an
/// item with an empty view of its own (an item class registered without
/// a nib would look for one named after it).
final class MissingElementItem: NSCollectionViewItem {
    override func loadView() { view = NSView() }
}
#endif
