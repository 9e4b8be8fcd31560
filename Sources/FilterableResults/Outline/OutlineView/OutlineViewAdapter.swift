/// The platform-free logic of an outline view's data source
/// (`ResultsOutline.OutlineViewDataSource`, for AppKit's `NSOutlineView`): it
/// serves an outline's table as a tree of ``OutlineViewItem``s and turns
/// every update of the outline into the view's calls, in an order the view
/// takes one call at a time (``perform``). Tests replay the calls on a
/// plain tree.
///
/// The tree it serves is the outline's table as last applied: the items
/// shown, each under its parent (a top-level item under its section's
/// group row when the outline has sections), an item's children shown
/// exactly when its row is expanded. The view's own expansion follows:
/// the adapter expands and collapses the view's items as the rows say,
/// and a user's click on a disclosure triangle goes to the outline first
/// (``userWillExpand(_:)``), so that the view and the outline never
/// disagree on what shows.
@MainActor
final class OutlineViewAdapter<Element: SendableMetatype, Key: Hashable & SendableMetatype> {
    typealias Item = OutlineViewItem<Element, Key>
    typealias Row = ResultsOutline<Element, Key>.Row
    typealias Snapshot = ResultsSnapshot<Row, Key>
    typealias Call = OutlineViewCall<Element, Key>

    /// The outline shown.
    let outline: ResultsOutline<Element, Key>
    /// The table the view shows: the snapshot of the last update applied.
    var snapshot: Snapshot
    /// The root of the tree served (`nil` to the view).
    let root = Item(.root)
    /// Every node served, by what it stands for.
    var items: [Item.Node: Item] = [:]
    /// Receives the view's calls, in the order to make them.
    var perform: (Call) -> Void
    /// Whether the view is in a window; an update of a view that is not
    /// is shown by reloading it.
    var isInWindow: () -> Bool = { true }

    /// Whether the user may delete an item's row; by default no.
    var canDeleteRow: (Row) -> Bool = { _ in false }
    /// Whether the user may drag an item's row; by default no. It is asked
    /// only when the outline lets items move (its parent key path is
    /// writable).
    var canMoveRow: (Row) -> Bool = { _ in false }
    /// Called with every error of an edit the user made (a delete, a drop,
    /// an expansion the outline refused).
    var onEditingError: ((ResultsError) -> Void)?
    /// Called when the user selects one item's row.
    var onSelectRow: ((Row) -> Void)?

    /// The node the user is expanding or collapsing, while the view asks
    /// whether it may: the view changes it itself once the outline did.
    var userToggled: Item.Node?
    /// The items below the one the user is expanding that show expanded
    /// once the view expanded it (``userDidExpand(_:)``).
    var pendingExpansions: [Item] = []
    /// The observation of the outline's updates.
    private var observation: ResultsObservation?

    /// An adapter showing `outline`'s table as last reported, whose calls go
    /// to `perform`, following the outline's updates from now on.
    ///
    /// - Complexity: O(*n*) for *n* rows shown.
    init(_ outline: ResultsOutline<Element, Key>, perform: @escaping (Call) -> Void = { _ in }) {
        self.outline = outline
        self.perform = perform
        snapshot = outline.reportedSnapshot
        items[.root] = root
        build()
        observation = outline.observe { [weak self] update in self?.apply(update) }
    }
}

// MARK: - Serving the view

extension OutlineViewAdapter {
    /// The number of children of an item (of the root for `nil`).
    ///
    /// - Complexity: O(1).
    func numberOfChildren(of item: Item?) -> Int { (item ?? root).children.count }

    /// A child of an item (of the root for `nil`).
    ///
    /// - Precondition: `index` is one of the item's children's.
    /// - Complexity: O(1).
    func child(_ index: Int, of item: Item?) -> Item {
        let parent = item ?? root
        precondition(parent.children.indices.contains(index),
                     "ResultsOutline.OutlineViewDataSource: the view asked for child \(index) of \(parent), which has \(parent.children.count)")
        return parent.children[index]
    }

    /// Whether the view shows a disclosure triangle for an item: a section,
    /// or an item with children (shown or not).
    ///
    /// - Complexity: O(1).
    func isExpandable(_ item: Item) -> Bool {
        if case .section = item.node { return true }
        return item.row?.hasChildren ?? false
    }

    /// Whether an item is a section's group row.
    ///
    /// - Complexity: O(1).
    func isGroup(_ item: Item) -> Bool {
        if case .section = item.node { true } else { false }
    }

    /// The object the view shows for the item with `key`, if it shows it.
    ///
    /// - Complexity: O(1).
    func item(forKey key: Key) -> Item? { items[.item(key)] }
}

// MARK: - Reloading

extension OutlineViewAdapter {
    /// Builds the tree served from ``snapshot``, every object new.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    func build() {
        for item in items.values { item.children = [] }
        items = [.root: root]
        for section in 0..<snapshot.numberOfSections {
            var top = root
            if let group = Item.Node.section(section, of: snapshot) {
                top = Item(group)
                attach(top, to: root)
            }
            for row in snapshot.elements(inSection: section) {
                attach(Item(.item(row.key), row: row), to: row.parentKey.flatMap { items[.item($0)] } ?? top)
            }
        }
    }

    /// Lists `item` last among `parent`'s children and serves it.
    func attach(_ item: Item, to parent: Item) {
        item.parent = parent
        parent.children.append(item)
        items[item.node] = item
    }

    /// Builds the tree from ``snapshot`` anew and reloads the view, then
    /// expands its sections and the items whose rows are expanded, top
    /// down.
    ///
    /// - Complexity: O(*n*) for *n* rows, plus the view's work.
    func reload() {
        build()
        perform(.reloadData)
        var stack = root.children.reversed() as [Item]
        while let item = stack.popLast() {
            guard !item.children.isEmpty else { continue }
            perform(.expandItem(item))
            stack.append(contentsOf: item.children.reversed())
        }
        _checkInvariants()
    }
}
