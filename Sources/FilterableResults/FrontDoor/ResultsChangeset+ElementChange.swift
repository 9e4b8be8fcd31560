extension ResultsChangeset {
    /// One change to a row of the visible table: its positions, its key
    /// and its element.
    ///
    /// The element is the new one, or for a delete the one that left.
    public struct ElementChange {
        /// What happened to the row, with its positions.
        public var change: RowChange
        /// The row's primary key.
        public var key: Key
        /// The element: the new one, or for a delete the one that left.
        public var element: Element

        /// Creates a row change.
        ///
        ///     let change = ResultsChangeset<Entry, Int>.ElementChange(.move(from: visible(0, 2), to: visible(0, 0), isUpdated: true), key: 7, element: Entry(id: 7))
        ///
        /// - Complexity: O(1).
        @inlinable public init(_ change: RowChange, key: Key, element: Element) {
            self.change = change
            self.key = key
            self.element = element
        }
    }
}

extension ResultsChangeset.ElementChange {
    /// What happened to the row, in NSFetchedResultsController's terms.
    ///
    /// - Complexity: O(1).
    @inlinable public var kind: RowChange.Kind { change.kind }

    /// The row's position before the batch (delete, move, update).
    ///
    /// - Complexity: O(1).
    @inlinable public var indexPath: ResultsIndexPath? { change.indexPath }

    /// The row's position after the batch (insert, move, update).
    ///
    /// - Complexity: O(1).
    @inlinable public var newIndexPath: ResultsIndexPath? { change.newIndexPath }

    /// For a move: whether the element's content changed too.
    ///
    /// - Complexity: O(1).
    @inlinable public var isUpdated: Bool { change.isUpdated }
}

extension ResultsChangeset.ElementChange: Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset.ElementChange: Equatable where Element: Equatable {}
