/// One node of the tree an outline view (`NSOutlineView`) shows of an
/// outline: an item, a section's group row, or the root. The view is given
/// these objects as its items and compares them by identity, so one lives
/// for as long as the view shows its node: a node that leaves the view and
/// comes back is a new object, which the view has never seen expanded.
final class OutlineViewItem<Element: SendableMetatype, Key: Hashable & SendableMetatype> {
    /// What a node is.
    enum Node: Hashable {
        /// The invisible root (`nil` to the view).
        case root
        /// The group row of a section of a sectioned outline (by its id,
        /// or its name), its top-level items below it.
        case section(OutlineSection)
        /// An outline's item.
        case item(Key)
    }

    /// The node this object stands for.
    let node: Node
    /// The item's row as the view shows it; `nil` for the root and sections.
    var row: ResultsOutline<Element, Key>.Row?
    /// The children, in order, as the view shows them (none for a collapsed item).
    var children: [OutlineViewItem] = []
    /// The parent; `nil` for the root.
    weak var parent: OutlineViewItem?

    /// A node without children.
    init(_ node: Node, row: ResultsOutline<Element, Key>.Row? = nil) {
        self.node = node
        self.row = row
    }

    /// Takes the descendants no one else holds apart one by one: released
    /// through their `children`, a chain thousands of levels deep would
    /// be freed recursively and overflow the stack.
    deinit {
        var pending = children
        children = []
        while var item = pending.popLast() {
            guard isKnownUniquelyReferenced(&item) else { continue }
            pending += item.children
            item.children = []
        }
    }

    /// The key of an item; `nil` for the root and sections.
    var key: Key? { if case let .item(key) = node { key } else { nil } }

    /// The index of `child` among the children.
    ///
    /// - Complexity: O(*c*) for *c* children.
    func index(of child: OutlineViewItem) -> Int? { children.firstIndex { $0 === child } }
}

extension OutlineViewItem: CustomStringConvertible {
    /// The node: `root`, `§name`, or the key.
    var description: String {
        switch node {
        case .root: "root"
        case let .section(section): "§\(section.name)"
        case let .item(key): "\(key)"
        }
    }
}

extension OutlineViewItem.Node {
    /// The group node of section `index` of `snapshot`; `nil` for the one
    /// unnamed section of an outline that is not sectioned (its items are
    /// the root's children).
    ///
    /// - Complexity: O(log *n*).
    static func section(_ index: Int, of snapshot: some ResultsTableSnapshot) -> Self? {
        guard let name = snapshot.name(ofSection: index) else { return nil }
        return .section(OutlineSection(id: snapshot.id(ofSection: index).map { SectionID($0) }, name: name))
    }
}
