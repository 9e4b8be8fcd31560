extension ResultsOutline {
    /// One item of an outline as its table shows it: the element, where it
    /// sits in the tree, and whether it shows its children.
    ///
    ///     cell.indentationLevel = row.level
    ///     cell.accessoryType = row.hasChildren ? .disclosureIndicator : .none
    public struct Row {
        /// The item.
        public internal(set) var element: Element
        /// The item's key.
        public let key: Key
        /// The key of the item's parent; `nil` at the top level.
        public internal(set) var parentKey: Key?
        /// The item's depth: 0 at the top level, 1 for a top-level item's children, …
        public internal(set) var level: Int
        /// Whether the item has children, shown or not.
        public internal(set) var hasChildren: Bool
        /// Whether the rows below show the item's children: it has children
        /// and is expanded, or, while a filter is applied, a match lies below it.
        public internal(set) var isExpanded: Bool
        /// Whether every ancestor is expanded by the user: the row is shown
        /// when no filter is applied.
        var isUnderExpandedAncestors: Bool
        /// The item's number in the outline's tree, for the filter's bits.
        var node: Int32
        /// Bumped at every replace of an element that is not `Equatable`, so
        /// that the replace is reported as a change.
        var revision: UInt32

        /// Whether two rows of one key show the same thing (the flags the
        /// outline keeps for itself aside), the elements compared by `isSameElement`.
        static func areSame(_ lhs: Row, _ rhs: Row, isSameElement: ((Element, Element) -> Bool)?) -> Bool {
            lhs.level == rhs.level && lhs.hasChildren == rhs.hasChildren && lhs.isExpanded == rhs.isExpanded
                && lhs.parentKey == rhs.parentKey && lhs.revision == rhs.revision
                && (isSameElement?(lhs.element, rhs.element) ?? true)
        }
    }
}

extension ResultsOutline.Row: Sendable where Element: Sendable, Key: Sendable {}

extension ResultsOutline.Row: Equatable where Element: Equatable {
    /// Whether two rows show the same thing: element, key, parent, level,
    /// children and expansion.
    ///
    /// - Complexity: that of the elements' `==`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && areSame(lhs, rhs, isSameElement: { $0 == $1 }) && lhs.revision == rhs.revision
    }
}
