/// One change to a row of the visible table.
///
/// Paths follow UIKit's batch-update rules: the old path is in the table
/// before the batch (deletes, updates, move sources), the new path in the
/// table after it (inserts, move destinations, and where an updated row ends
/// up). The paths are one ``Change`` value, so a change can only be built in
/// a shape UIKit accepts, and its accessors never fail.
public struct ElementChange<Element, Key: Hashable> {
    /// What happened to the row, with its positions.
    public enum Change: Hashable, Sendable {
        /// The row appeared at a path of the new table.
        case insert(at: ResultsIndexPath)
        /// The row disappeared from a path of the old table.
        case delete(at: ResultsIndexPath)
        /// The row moved; `isUpdated` when its content changed too (UIKit
        /// cannot move and reload one row in one batch: reconfigure it after).
        case move(from: ResultsIndexPath, to: ResultsIndexPath, isUpdated: Bool)
        /// The row stayed and its content changed: reload it at `at` (old
        /// table); it is at `newIndexPath` in the new table.
        case update(at: ResultsIndexPath, newIndexPath: ResultsIndexPath)
    }

    /// What happened to the row, with its positions.
    public var change: Change
    /// The row's primary key.
    public var key: Key
    /// The element: the new one, or for a delete the one that left.
    public var element: Element

    /// Creates a row change.
    ///
    ///     let change = ElementChange(.move(from: ResultsIndexPath(row: 3, section: 0), to: ResultsIndexPath(row: 0, section: 0), isUpdated: false),
    ///                                key: 7, element: item)
    ///
    /// - Complexity: O(1).
    @inlinable public init(_ change: Change, key: Key, element: Element) {
        self.change = change
        self.key = key
        self.element = element
    }
}

extension ElementChange {
    /// What happened to the row, in NSFetchedResultsController's terms.
    ///
    /// - Complexity: O(1).
    @inlinable public var kind: ChangeKind {
        switch change {
        case .insert: .insert
        case .delete: .delete
        case .move: .move
        case .update: .update
        }
    }

    /// The row's position before the batch (delete, move, update).
    ///
    /// - Complexity: O(1).
    @inlinable public var indexPath: ResultsIndexPath? {
        switch change {
        case .insert: nil
        case let .delete(path), let .move(path, _, _), let .update(path, _): path
        }
    }

    /// The row's position after the batch (insert, move, update).
    ///
    /// - Complexity: O(1).
    @inlinable public var newIndexPath: ResultsIndexPath? {
        switch change {
        case let .insert(path), let .move(_, path, _), let .update(_, path): path
        case .delete: nil
        }
    }

    /// For a move: whether the element's content changed too.
    ///
    /// - Complexity: O(1).
    @inlinable public var isUpdated: Bool {
        if case let .move(_, _, isUpdated) = change { isUpdated } else { false }
    }
}

extension ElementChange: Sendable where Element: Sendable, Key: Sendable {}
extension ElementChange: Equatable where Element: Equatable {}
