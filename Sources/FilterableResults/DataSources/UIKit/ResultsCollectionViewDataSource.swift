#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UICollectionViewDataSource` that shows a source's table (a
/// controller's visible table, a ``ResultsComposition``,
/// ``StaticSections``): the `NSObject` shell of ``ResultsDataSource``,
/// whose logic runs and is tested on every platform. Each method forwards
/// in one line. Section
/// headers come from ``supplementaryViewProvider``, given the section's
/// title; a swipe action deletes with `dataSource.commitDelete(at:)`.
///
/// Keep the data source alive (a collection view holds its data source weakly).
@MainActor @dynamicMemberLookup
public final class ResultsCollectionViewDataSource<Source: ResultsSource>: NSObject, UICollectionViewDataSource {
    /// The platform-free data source: its snapshot, titles, and what the
    /// user may edit.
    public let dataSource: ResultsDataSource<Source, UICollectionViewCell>
    /// Makes a supplementary view (a section header, say) of `kind`, given
    /// the section's title for it (the footer title for
    /// `elementKindSectionFooter`, else the header title); needed when the
    /// layout has such views.
    public var supplementaryViewProvider: ((UICollectionView, String, IndexPath, String?) -> UICollectionReusableView)?
    /// Updates a header or footer on screen in place, given its kind and
    /// its section's title for it, when the section's value changed (see
    /// ``ResultsSectionValue``). Without it, such a section is reloaded
    /// after the batch, its cells replaced.
    public var supplementaryViewUpdater: ((UICollectionReusableView, String, IndexPath, String?) -> Void)? {
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
        controller: ResultsController<Element, Key>, collectionView: UICollectionView,
        cellProvider: @escaping (UICollectionView, IndexPath, Element) -> UICollectionViewCell
    ) where Source == ResultsController<Element, Key> {
        self.init(source: controller, collectionView: collectionView, cellProvider: cellProvider)
    }

    /// Shows `source`'s table in `collectionView`, and becomes its data source.
    ///
    /// - Complexity: O(1).
    public init(
        source: Source, collectionView: UICollectionView,
        cellProvider: @escaping (UICollectionView, IndexPath, Source.Element) -> UICollectionViewCell
    ) {
        let view = CollectionViewAdapter(collectionView)
        dataSource = ResultsDataSource(source: source, view: view) { indexPath, element in
            cellProvider(view.collectionView!, indexPath.indexPath, element)
        }
        // A row whose element the source cannot give shows an empty cell,
        // dequeued as a collection view requires.
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.missingElementIdentifier)
        dataSource.missingElementCell = { indexPath in
            view.collectionView!.dequeueReusableCell(withReuseIdentifier: Self.missingElementIdentifier, for: indexPath.indexPath)
        }
        self.view = view
        super.init()
        collectionView.dataSource = self
    }

    /// The reuse identifier of the empty cell a row shows whose element
    /// the source cannot give.
    static var missingElementIdentifier: String { "FilterableResults.missingElement" }

    /// The data source's state (its ``ResultsDataSource/snapshot``, say),
    /// read as this shell's own.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: KeyPath<ResultsDataSource<Source, UICollectionViewCell>, Value>) -> Value {
        dataSource[keyPath: keyPath]
    }

    /// The data source's settings, read and written as this shell's own:
    /// `dataSource.canDeleteRow = { _, _ in true }`.
    ///
    /// - Complexity: O(1).
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ResultsDataSource<Source, UICollectionViewCell>, Value>) -> Value {
        get { dataSource[keyPath: keyPath] }
        set { dataSource[keyPath: keyPath] = newValue }
    }

    /// The view wrapper the data source drives; kept alive here.
    let view: CollectionViewAdapter

    public func numberOfSections(in collectionView: UICollectionView) -> Int { dataSource.numberOfSections() }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        dataSource.numberOfRows(inSection: section)
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        dataSource.cell(at: ResultsIndexPath(indexPath))
    }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        guard let supplementaryViewProvider else {
            preconditionFailure("ResultsCollectionViewDataSource: the layout asked for a '\(kind)' view; set supplementaryViewProvider")
        }
        return supplementaryViewProvider(collectionView, kind, indexPath, title(ofKind: kind, at: indexPath))
    }

    /// The section's footer title for a footer, else its header title.
    func title(ofKind kind: String, at indexPath: IndexPath) -> String? {
        let section = ResultsIndexPath(indexPath).section
        return kind == UICollectionView.elementKindSectionFooter
            ? dataSource.titleForFooter(inSection: section) : dataSource.titleForHeader(inSection: section)
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        dataSource.canMoveRow(at: ResultsIndexPath(indexPath))
    }

    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        dataSource.moveRow(at: ResultsIndexPath(sourceIndexPath), to: ResultsIndexPath(destinationIndexPath))
    }

    @available(iOS 14, tvOS 10.2, *)
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { dataSource.sectionIndexTitles() }

    @available(iOS 14, tvOS 10.2, *)
    public func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        ResultsIndexPath(item: 0, section: dataSource.section(forSectionIndexTitle: title, at: index)).indexPath
    }
}

/// Selection and paging: set `collectionView.delegate = dataSource` (or
/// call `dataSource.didSelectRow(at:)` and `dataSource.willDisplayRow(at:)`
/// from a delegate of your own) and a tap runs the item's action, or
/// ``ResultsDataSource/onSelectRow``, and an item near the end loads the
/// next page (``loadPages(with:placeholderCell:)``).
extension ResultsCollectionViewDataSource: UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        dataSource.didSelectRow(at: ResultsIndexPath(indexPath))
    }

    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        dataSource.willDisplayRow(at: ResultsIndexPath(indexPath))
    }
}

/// Prefetching: items the collection view will soon show load the next page early.
extension ResultsCollectionViewDataSource: UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        dataSource.prefetchRows(at: indexPaths.map(ResultsIndexPath.init))
    }
}

// MARK: - Paging

extension ResultsCollectionViewDataSource {
    /// Loads `pager`'s pages as the user scrolls: an item near the end (as
    /// the collection view displays or prefetches it) asks for the next
    /// page, and the pager's placeholder shows as an item in a section of
    /// its own after the table, made by `placeholderCell` (dequeue it from
    /// a registration your layout knows; a tap on the failure item
    /// retries). The data source becomes the collection view's prefetch
    /// data source unless it has one; set the collection view's `delegate`
    /// to it, or forward `willDisplayRow(at:)` from your delegate.
    ///
    /// - Complexity: O(1).
    public func loadPages<Element, Key>(
        with pager: ResultsController<Element, Key>.Pager,
        placeholderCell: @escaping (UICollectionView, IndexPath, ResultsController<Element, Key>.Pager.Placeholder) -> UICollectionViewCell
    ) {
        guard let collectionView = view.collectionView else { return }
        if collectionView.prefetchDataSource == nil { collectionView.prefetchDataSource = self }
        dataSource.loadPages(with: pager) { [unowned view] indexPath, placeholder in
            placeholderCell(view.collectionView!, indexPath.indexPath, placeholder)
        }
    }
}
#endif
