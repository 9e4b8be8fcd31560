extension ResultsOutline {
    /// One item of an outline as its table shows it: the element, where it
    /// sits in the tree, and whether it shows its children.
    ///
    ///     content.secondaryText = row.element.isFolder ? (row.isExpanded ? "▾" : "▸") : nil
    ///     cell.contentConfiguration = content
    ///     cell.indentationLevel = row.level
    public struct Row {
        /// The item.
        public let element: Element
        /// The item's key.
        public let key: Key
        /// The key of the item's parent; `nil` at the top level.
        public let parentKey: Key?
        /// The item's depth: 0 at the top level, 1 for a top-level item's children, …
        public let level: Int
        /// Whether the item has children, shown or not.
        public let hasChildren: Bool
        /// Whether the rows below show the item's children: it has children
        /// and is expanded, or, while a filter is applied, a match lies below it.
        public let isExpanded: Bool
        /// Whether every ancestor is expanded by the user: the row is shown
        /// when no filter is applied.
        @usableFromInline var isUnderExpandedAncestors: Bool
        /// The item's number in the outline's tree, for the filter's bits.
        @usableFromInline var node: Int32
        /// Bumped at every replace of an element that is not `Equatable`, so
        /// that the replace is reported as a change.
        @usableFromInline var revision: UInt32

        @inlinable init(
            element: Element, key: Key, parentKey: Key?, level: Int, hasChildren: Bool, isExpanded: Bool,
            isUnderExpandedAncestors: Bool, node: Int32, revision: UInt32
        ) {
            self.element = element
            self.key = key
            self.parentKey = parentKey
            self.level = level
            self.hasChildren = hasChildren
            self.isExpanded = isExpanded
            self.isUnderExpandedAncestors = isUnderExpandedAncestors
            self.node = node
            self.revision = revision
        }

        /// The same row, shown expanded or not.
        @inlinable func showing(expanded isExpanded: Bool) -> Self {
            Self(element: element, key: key, parentKey: parentKey, level: level, hasChildren: hasChildren, isExpanded: isExpanded,
                 isUnderExpandedAncestors: isUnderExpandedAncestors, node: node, revision: revision)
        }

        /// Whether two rows of one key show the same thing (the flags the
        /// outline keeps for itself aside), the elements compared by `isSameElement`.
        @inlinable static func areSame(_ lhs: Row, _ rhs: Row, isSameElement: ((Element, Element) -> Bool)?) -> Bool {
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
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && areSame(lhs, rhs, isSameElement: { $0 == $1 }) && lhs.revision == rhs.revision
    }
}
