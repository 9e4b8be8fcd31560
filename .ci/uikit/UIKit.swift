// A stand-in for the slice of UIKit's declarations this package and its
// UIKit example use, so CI on Linux type-checks the `#if canImport(UIKit)`
// code. Signatures follow Apple's documentation; bodies do nothing. It is
// not shipped and not a model of UIKit's behaviour (that is the
// ListViewSimulator in FilterableResultsTesting).
@_exported import Foundation

@MainActor open class UIResponder: NSObject {}
public struct UIEdgeInsets: Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
@MainActor open class UIView: UIResponder {
    open var window: UIWindow? { nil }
    open var bounds: CGRect = .zero
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    @available(iOS 7, tvOS 9, *) open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) { actionsWithoutAnimation() }
}
@MainActor open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        @available(iOS 13, tvOS 13, *) case medium = 100
        @available(iOS 13, tvOS 13, *) case large = 101
    }
    public init(style: Style) {}
    open func startAnimating() {}
}
@MainActor open class UILabel: UIView {
    open var text: String?
}
@MainActor open class UITableViewHeaderFooterView: UIView {
    open var textLabel: UILabel? { nil }
    @available(iOS 14, tvOS 14, *) open var contentConfiguration: (any UIContentConfiguration)?
}
@MainActor open class UIWindow: UIView {}
@MainActor open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    @available(iOS 11, tvOS 11, *) open var adjustedContentInset: UIEdgeInsets { .zero }
    @available(iOS 10, *) @available(tvOS, unavailable) open var refreshControl: UIRefreshControl?
}
@MainActor open class UIImage: NSObject {}
@available(iOS 13, tvOS 13, *) @MainActor open class UIMenuElement: NSObject {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public enum State: Int, Sendable { case off, on, mixed }
}
@available(iOS 13, tvOS 13, *) public typealias UIActionHandler = (UIAction) -> Void
@available(iOS 13, tvOS 13, *) @MainActor open class UIAction: UIMenuElement {
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    @available(iOS 13, tvOS 14, *) public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) { self.init() }
}
@MainActor open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let valueChanged = Event(rawValue: 1 << 12)
    }
    @available(iOS 14, tvOS 14, *) open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}
@available(iOS 6, *) @available(tvOS, unavailable) @MainActor open class UIRefreshControl: UIControl {
    public override init() {}
    open func endRefreshing() {}
}
@MainActor open class UINavigationItem: NSObject {
    @available(iOS 11, *) @available(tvOS, unavailable) open var searchController: UISearchController?
}
@MainActor open class UIViewController: UIResponder {
    public override init() {}
    open func viewDidLoad() {}
    open var navigationItem: UINavigationItem { UINavigationItem() }
    open var title: String?
}
@available(iOS 14, tvOS 14, *) @MainActor public protocol UIContentConfiguration {}
@available(iOS 14, tvOS 14, *) @MainActor public struct UIListContentConfiguration: UIContentConfiguration {
    public var text: String?
    public var secondaryText: String?
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
}
@MainActor open class UITableViewCell: UIView {
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public override init() {}
    public init(style: CellStyle, reuseIdentifier: String?) {}
    open var indentationLevel: Int = 0
    open var accessoryView: UIView?
    open var selectionStyle: SelectionStyle = .default
    @available(iOS 14, tvOS 14, *) open var contentConfiguration: (any UIContentConfiguration)?
    @available(iOS 14, tvOS 14, *) open func defaultContentConfiguration() -> UIListContentConfiguration { UIListContentConfiguration() }
}
@MainActor open class UICollectionReusableView: UIView {}
@MainActor open class UICollectionViewCell: UICollectionReusableView {
    @available(iOS 14, tvOS 14, *) open var contentConfiguration: (any UIContentConfiguration)?
}
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {}
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}
@available(iOS 10, tvOS 10, *) @MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
    open var frame: CGRect = .zero
}
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}
@MainActor open class UITableView: UIScrollView {
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    weak open var dataSource: (any UITableViewDataSource)?
    weak open var delegate: (any UITableViewDelegate)?
    @available(iOS 10, tvOS 10, *) weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    open var numberOfSections: Int { 0 }
    open func numberOfRows(inSection section: Int) -> Int { 0 }
    open var indexPathsForVisibleRows: [IndexPath]? { nil }
    open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
    open func reloadData() {}
    open func reloadSectionIndexTitles() {}
    @available(iOS 11, tvOS 11, *) open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {}
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {}
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    @available(iOS 15, tvOS 15, *) open func reconfigureRows(at indexPaths: [IndexPath]) {}
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
}
@MainActor open class UITableViewController: UIViewController {
    open var tableView: UITableView! = UITableView()
}
@MainActor open class UICollectionView: UIScrollView {
    weak open var dataSource: (any UICollectionViewDataSource)?
    weak open var delegate: (any UICollectionViewDelegate)?
    @available(iOS 10, tvOS 10, *) weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
    open var indexPathsForVisibleItems: [IndexPath] { [] }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
    open func reloadData() {}
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    open func insertSections(_ sections: IndexSet) {}
    open func deleteSections(_ sections: IndexSet) {}
    open func reloadSections(_ sections: IndexSet) {}
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    open func insertItems(at indexPaths: [IndexPath]) {}
    open func deleteItems(at indexPaths: [IndexPath]) {}
    open func reloadItems(at indexPaths: [IndexPath]) {}
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    @available(iOS 15, tvOS 15, *) open func reconfigureItems(at indexPaths: [IndexPath]) {}
    @available(iOS 9, tvOS 9, *) open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? { nil }
    public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"
}
@MainActor open class UISearchBar: UIView {
    open var text: String?
}
@MainActor public protocol UISearchResultsUpdating: NSObjectProtocol {
    func updateSearchResults(for searchController: UISearchController)
}
@MainActor open class UISearchController: UIViewController {
    public init(searchResultsController: UIViewController?) {}
    weak open var searchResultsUpdater: (any UISearchResultsUpdating)?
    open var searchBar: UISearchBar { UISearchBar() }
}
// Diffable data sources (developer.apple.com/documentation/uikit, 2026
// pages). UIKit's data source classes require identifiers that are
// `Hashable & Sendable`; the snapshot is declared here with the same
// requirement, the stricter reading, so a shell that compiles here does
// on Apple's SDK whichever the struct states.
@available(iOS 13, tvOS 13, *)
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    public init() {}
    public var numberOfItems: Int { 0 }
    public var numberOfSections: Int { 0 }
    public var sectionIdentifiers: [SectionIdentifierType] { [] }
    public var itemIdentifiers: [ItemIdentifierType] { [] }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { [] }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { nil }
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {}
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {}
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {}
    @available(iOS 15, tvOS 15, *) public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {}
}
@available(iOS 13, tvOS 13, *) @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject, UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {}
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {}
    @available(iOS 15, tvOS 15, *) open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true) async {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { NSDiffableDataSourceSnapshot() }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}
@available(iOS 13, tvOS 13, *) @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {}
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {}
    @available(iOS 15, tvOS 15, *) open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true) async {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { NSDiffableDataSourceSnapshot() }
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
}
