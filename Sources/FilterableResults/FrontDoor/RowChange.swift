/// What happened to one row of the visible table, with its positions: the
/// index paths of a change, apart from the row's key and element, so the
/// same value serves a changeset of any element type.
///
/// Paths follow UIKit's batch-update rules: the old path is in the table
/// before the batch (deletes, updates, move sources), the new path in the
/// table after it (inserts, move destinations, and where an updated row
/// ends up). A change can only be built in a shape UIKit accepts, and its
/// accessors never fail.
public enum RowChange: Hashable, Sendable {
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

    /// What happened to a section or a row, in NSFetchedResultsController's terms.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// It appeared: only a new index is given.
        case insert
        /// It disappeared: only an old index is given.
        case delete
        /// It moved: old and new indexes are given.
        case move
        /// It stayed and its content changed: UIKit reloads it at its old index.
        case update
    }
}

extension RowChange {
    /// What happened to the row, in NSFetchedResultsController's terms.
    ///
    /// - Complexity: O(1).
    @inlinable public var kind: Kind {
        switch self {
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
        switch self {
        case .insert: nil
        case let .delete(path), let .move(path, _, _), let .update(path, _): path
        }
    }

    /// The row's position after the batch (insert, move, update).
    ///
    /// - Complexity: O(1).
    @inlinable public var newIndexPath: ResultsIndexPath? {
        switch self {
        case let .insert(path), let .move(_, path, _), let .update(_, path): path
        case .delete: nil
        }
    }

    /// For a move: whether the row's content changed too.
    ///
    /// - Complexity: O(1).
    @inlinable public var isUpdated: Bool {
        if case let .move(_, _, isUpdated) = self { isUpdated } else { false }
    }

    /// The same change with every section index of the table before moved
    /// by `old`, and of the table after by `new`: the change as a table
    /// that shows this one from section `old` on before, and from section
    /// `new` on after, reports it.
    ///
    /// - Complexity: O(1).
    @inlinable func shiftingSections(old: Int, new: Int) -> RowChange {
        func shifted(_ path: ResultsIndexPath, _ offset: Int) -> ResultsIndexPath { ResultsIndexPath(row: path.row, section: path.section + offset) }
        return switch self {
        case let .insert(path): .insert(at: shifted(path, new))
        case let .delete(path): .delete(at: shifted(path, old))
        case let .move(from, to, isUpdated): .move(from: shifted(from, old), to: shifted(to, new), isUpdated: isUpdated)
        case let .update(path, newPath): .update(at: shifted(path, old), newIndexPath: shifted(newPath, new))
        }
    }
}
