/// One change to a row of the visible table.
///
/// Paths follow UIKit's batch-update rules: `indexPath` is in the table
/// before the batch (deletes, updates, move sources), `newIndexPath` in the
/// table after it (inserts, move destinations, and where an updated row ends
/// up). A `move` whose content also changed has ``isUpdated`` set: UIKit
/// cannot move and reload one row in one batch, so reconfigure it after.
public struct ObjectChange<Element, Key: Hashable> {
    /// What happened to the row.
    public var kind: ChangeKind
    /// The row's primary key.
    public var key: Key
    /// The object: the new one, or for a delete the one that left.
    public var object: Element
    /// The row's position before the batch (delete, move, update).
    public var indexPath: ResultsIndexPath?
    /// The row's position after the batch (insert, move, update).
    public var newIndexPath: ResultsIndexPath?
    /// For a move: whether the object's content changed too.
    public var isUpdated: Bool

    /// Creates a row change.
    ///
    /// - Complexity: O(1).
    public init(
        kind: ChangeKind, key: Key, object: Element,
        indexPath: ResultsIndexPath?, newIndexPath: ResultsIndexPath?, isUpdated: Bool = false
    ) {
        self.kind = kind
        self.key = key
        self.object = object
        self.indexPath = indexPath
        self.newIndexPath = newIndexPath
        self.isUpdated = isUpdated
    }
}

extension ObjectChange: Sendable where Element: Sendable, Key: Sendable {}
extension ObjectChange: Equatable where Element: Equatable {}
