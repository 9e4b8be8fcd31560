/// One change to a section of the visible table.
///
/// Indexes follow UIKit's batch-update rules: a delete's and a move's
/// source index is in the table before the batch, an insert's and a move's
/// destination in the table after it. A value can only be built in one of
/// these three shapes, so its accessors never fail.
///
/// Sections are never reloaded: a section whose rows change keeps its
/// place and gets row events, and one that must move while its rows change
/// is deleted and inserted (UIKit forbids row events inside a moved section).
public enum SectionChange: Hashable, Sendable {
    /// A section inserted at `index` of the new table.
    case insert(at: Int, name: String?)
    /// A section deleted from `index` of the old table.
    case delete(at: Int, name: String?)
    /// A section moved from `from` in the old table to `to` in the new one,
    /// named as the old table shows it (a section with an id of its own
    /// may be retitled in the same batch: a section update refreshes it).
    case move(from: Int, to: Int, name: String?)

    /// What happened to the section: `insert`, `delete` or `move`.
    ///
    /// - Complexity: O(1).
    public var kind: RowChange.Kind {
        switch self {
        case .insert: .insert
        case .delete: .delete
        case .move: .move
        }
    }

    /// The section's index before the batch (delete and move).
    ///
    /// - Complexity: O(1).
    public var index: Int? {
        switch self {
        case .insert: nil
        case let .delete(index, _), let .move(index, _, _): index
        }
    }

    /// The section's index after the batch (insert and move).
    ///
    /// - Complexity: O(1).
    public var newIndex: Int? {
        switch self {
        case let .insert(index, _), let .move(_, index, _): index
        case .delete: nil
        }
    }

    /// The section's name, if it has one.
    ///
    /// - Complexity: O(1).
    public var name: String? {
        switch self {
        case let .insert(_, name), let .delete(_, name), let .move(_, _, name): name
        }
    }
}
