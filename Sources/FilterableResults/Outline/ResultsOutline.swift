/// A tree of items shown as a table: each item under its parent, the
/// children of a collapsed item hidden, and every edit, expansion and
/// search reported as one valid batch.
///
///     let files = ResultsOutline<File, URL>(key: \.url, parentKey: \.folder, sortedBy: [.ascending(\.name)])
///     try files.setData(rootListing)
///     try files.merge(listing, under: documents.url)   // a folder's children, loaded lazily
///     try files.expand(documents.url)                  // they slide in below it
///     try files.search(for: "invoice", in: [.field(\.name)])   // matches, with their folders
///
/// The table is the depth-first flattening of the expanded part of the
/// tree: one section, or with `sectionedBy`, one section per section of
/// the top-level items (by name, or by id with a title), in the
/// sectioning's order. Each ``Row`` knows its level, its parent and
/// whether it has children.
///
/// Items are matched by key. An item's parent is read from the element
/// when the element is given, so moving an item is replacing it with its
/// new parent: its visible rows move, keeping their identity. (A class
/// element whose parent changes in place stays where it is until it is
/// given again: ``replace(_:)`` then moves it.) Children are in `sortedBy` order,
/// or in the order given. Expansion belongs to the key: it survives an
/// item leaving and coming back, and ``setData(_:)``.
///
/// While filters are applied, the table shows every item that matches
/// with its ancestors, expanded along the way; when they are cleared, the
/// user's own expansion comes back.
///
/// An item the user drags moves with its subtree: dropped onto an item it
/// becomes its child, dropped between rows it takes their parent
/// (``move(_:to:)``, and ``moveRow(from:to:in:)`` for a table's drag).
///
/// Bad input (a cycle, an unknown parent, a duplicate key, expanding a
/// leaf, a drop onto an item that takes no children) throws a
/// ``ResultsError`` and changes nothing.
public final class ResultsOutline<Element: SendableMetatype, Key: Hashable & SendableMetatype> {
    /// Every item in depth-first order, hidden below a collapsed item or,
    /// while filters are applied, when neither it nor a descendant matches.
    @usableFromInline let controller: ResultsController<Row, Key>
    /// The tree's shape.
    @usableFromInline var tree = OutlineTree<Key>()
    /// The keys the user expanded, whether or not their items are here now.
    @usableFromInline var expandedKeys: Set<Key> = []
    /// The store's sections, in order: ``OutlineSection/single`` alone for
    /// an outline of one section.
    @usableFromInline var sections: [OutlineSection]
    /// The filters applied; see ``replaceFilters(with:)``.
    @usableFromInline var appliedFilters: [ResultsFilter<Element>] = []

    /// The key of an element, `nil` when it has none.
    @usableFromInline let keyOf: (Element) -> Key?
    /// The key of an element's parent, `nil` at the top level.
    @usableFromInline let parentKeyOf: (Element) -> Key?
    /// How siblings are ordered; in the order given when empty.
    @usableFromInline let sortKeys: [ResultsSortKey<Element>]
    /// How top-level items and their descendants are sectioned; `nil` for one section.
    @usableFromInline let sectioning: ResultsSectioning<Element>?
    /// Whether a replaced element is the same content; `nil` counts every replace as a change.
    @usableFromInline let isSameElement: (@Sendable (Element, Element) -> Bool)?
    /// Names another parent in an element, when the parent key path is
    /// writable; `nil` when items cannot be moved by a drag.
    @usableFromInline let setParentKey: ((inout Element, Key?) -> Void)?

    /// Whether an item takes children a user drops onto it (or between
    /// its children): by default every item does. A drop that would give
    /// an item that takes none a child is refused
    /// (``ResultsError/takesNoChildren(_:)``); the data you set, merge or
    /// add is not checked against it.
    ///
    ///     files.takesChildren = { $0.isFolder }
    public var takesChildren: (Element) -> Bool = { _ in true }

    /// Creates an empty outline.
    @inlinable init(
        keyOf: @escaping (Element) -> Key?, parentKeyOf: @escaping (Element) -> Key?,
        sortKeys: [ResultsSortKey<Element>], sectioning: ResultsSectioning<Element>?,
        isSameElement: (@Sendable (Element, Element) -> Bool)?, setParentKey: ((inout Element, Key?) -> Void)?
    ) {
        self.keyOf = keyOf
        self.parentKeyOf = parentKeyOf
        self.setParentKey = setParentKey
        self.sortKeys = sortKeys
        self.sectioning = sectioning
        self.isSameElement = isSameElement
        sections = sectioning == nil ? [.single] : []
        // A sectioned outline's section without a match hides while filtered.
        var store = ResultsStore<Row, Key>(
            key: { $0.key }, isSameContent: { Row.areSame($0, $1, isSameElement: isSameElement) },
            hidesEmptySections: sectioning != nil)
        store.addFilter(Self.expansionFilter)
        if sectioning != nil { try! store.removeSection(at: 0) }
        controller = ResultsController(store: store)
    }

    /// Creates an empty outline of elements that name their key and their
    /// parent's; every replace of an element counts as a change.
    ///
    /// - Parameters:
    ///   - key: The item's key.
    ///   - parentKey: The key of the item's parent; `nil` at the top level.
    ///     When it is writable (a `var`), the user can drag items to
    ///     another parent (``move(_:to:)``).
    ///   - sortKeys: How siblings are ordered; in the order given when empty.
    ///   - sectioning: How a top-level item and its descendants are
    ///     sectioned, as a store's elements are (by name, or by id with a
    ///     title); `nil` for one section.
    /// - Complexity: O(1).
    @inlinable public convenience init(
        key: KeyPath<Element, Key> & Sendable, parentKey: KeyPath<Element, Key?> & Sendable,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [], sectionedBy sectioning: ResultsSectioning<Element>? = nil
    ) {
        self.init(keyOf: { $0[keyPath: key] }, parentKeyOf: { $0[keyPath: parentKey] },
                  sortKeys: sortKeys, sectioning: sectioning, isSameElement: nil, setParentKey: Self.setter(parentKey))
    }

    /// What names another parent in an element: the key path's setter,
    /// when it is writable.
    @inlinable static func setter(_ parentKey: KeyPath<Element, Key?>) -> ((inout Element, Key?) -> Void)? {
        guard let writable = parentKey as? WritableKeyPath<Element, Key?> else { return nil }
        return { element, parent in element[keyPath: writable] = parent }
    }

    /// The filter that shows the rows below expanded items only.
    @inlinable static var expansionFilter: ResultsFilter<Row> {
        ResultsFilter(title: "expanded", group: "outline", matchesInPlace: { $0.pointee.isUnderExpandedAncestors })
    }
}

extension ResultsOutline where Element: Equatable {
    /// Creates an empty outline of elements that name their key and their
    /// parent's; a replaced element is a change when it is not `==` to the one before.
    ///
    /// - Complexity: O(1).
    @inlinable public convenience init(
        key: KeyPath<Element, Key> & Sendable, parentKey: KeyPath<Element, Key?> & Sendable,
        sortedBy sortKeys: [ResultsSortKey<Element>] = [], sectionedBy sectioning: ResultsSectioning<Element>? = nil
    ) {
        self.init(keyOf: { $0[keyPath: key] }, parentKeyOf: { $0[keyPath: parentKey] },
                  sortKeys: sortKeys, sectioning: sectioning, isSameElement: { $0 == $1 }, setParentKey: Self.setter(parentKey))
    }
}

// MARK: - Reading

extension ResultsOutline {
    /// The table as it is now, every edit included.
    ///
    /// - Complexity: O(1).
    @inlinable public var snapshot: ResultsSnapshot<Row, Key> { controller.snapshot }

    /// The filters applied; see ``replaceFilters(with:)``.
    ///
    /// - Complexity: O(1).
    @inlinable public var filters: [ResultsFilter<Element>] { appliedFilters }

    /// The number of items, shown or not.
    ///
    /// - Complexity: O(1).
    @inlinable public var count: Int { tree.count }

    /// The item with `key`, shown or not.
    ///
    /// - Complexity: O(1).
    @inlinable public func element(forKey key: Key) -> Element? { controller.store.element(forKey: key)?.element }

    /// The key of the parent of the item with `key`; `nil` at the top level or for no item.
    ///
    /// - Complexity: O(1).
    @inlinable public func parentKey(of key: Key) -> Key? { tree[key]?.parent }

    /// The keys of the children of the item with `key` (of the top-level
    /// items for `nil`), in order.
    ///
    /// - Complexity: O(*c*) for *c* children.
    @inlinable public func childKeys(of key: Key?) -> [Key] { tree.children(of: key) }

    /// Whether the user expanded the item with `key`, whether or not it is
    /// here now or has children: the state ``expand(_:includingDescendants:)``
    /// and ``collapse(_:)`` set, which survives filters (a row's
    /// ``Row/isExpanded`` says whether its children show).
    ///
    /// - Complexity: O(1).
    @inlinable public func isExpanded(_ key: Key) -> Bool { expandedKeys.contains(key) }
}
