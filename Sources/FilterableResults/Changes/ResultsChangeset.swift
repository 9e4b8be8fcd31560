/// Everything that changed in the visible table in one outermost batch, as a
/// value: the section and row changes a table or collection view applies in
/// one batch update.
///
/// Every changeset the store emits obeys UIKit's batch-update rules: old
/// coordinates for deletes, reloads and move sources, new ones for inserts
/// and move destinations; nothing inside a section that is itself inserted,
/// deleted, moved or reloaded; the fewest moves.
public struct ResultsChangeset<Element, Key: Hashable> {
    /// Section changes, deletes first, then inserts, moves and updates.
    public var sectionChanges: [SectionChange]
    /// Row changes, deletes first, then inserts, moves and updates.
    public var objectChanges: [ObjectChange<Element, Key>]

    /// Creates a changeset from its changes.
    ///
    /// - Complexity: O(1).
    public init(sectionChanges: [SectionChange] = [], objectChanges: [ObjectChange<Element, Key>] = []) {
        self.sectionChanges = sectionChanges
        self.objectChanges = objectChanges
    }

    /// Whether nothing changed.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { sectionChanges.isEmpty && objectChanges.isEmpty }

    /// The new index paths of rows that moved and changed: reconfigure them
    /// after the batch update (UIKit cannot move and reload one row at once).
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    public var rowsToReconfigureAfterUpdate: [ResultsIndexPath] {
        objectChanges.compactMap { $0.kind == .move && $0.isUpdated ? $0.newIndexPath : nil }
    }

    /// Applies the changes to any target that speaks UIKit's batch-update
    /// vocabulary, in the order UIKit documents: deletes, inserts, moves,
    /// reloads (the target treats them as one batch).
    ///
    /// - Complexity: O(*n*), where *n* is the number of changes.
    public func apply<Target: BatchUpdateTarget>(to target: inout Target) {
        func indexes(_ kind: ChangeKind, _ path: KeyPath<SectionChange, Int?>) -> [Int] {
            sectionChanges.compactMap { $0.kind == kind ? $0[keyPath: path] : nil }
        }
        func paths(_ kind: ChangeKind, _ path: KeyPath<ObjectChange<Element, Key>, ResultsIndexPath?>) -> [ResultsIndexPath] {
            objectChanges.compactMap { $0.kind == kind ? $0[keyPath: path] : nil }
        }
        let deletedSections = indexes(.delete, \.index)
        if !deletedSections.isEmpty { target.deleteSections(deletedSections) }
        let insertedSections = indexes(.insert, \.newIndex)
        if !insertedSections.isEmpty { target.insertSections(insertedSections) }
        for change in sectionChanges where change.kind == .move {
            target.moveSection(change.index!, toSection: change.newIndex!)
        }
        let reloadedSections = indexes(.update, \.index)
        if !reloadedSections.isEmpty { target.reloadSections(reloadedSections) }
        let deletedRows = paths(.delete, \.indexPath)
        if !deletedRows.isEmpty { target.deleteRows(at: deletedRows) }
        let insertedRows = paths(.insert, \.newIndexPath)
        if !insertedRows.isEmpty { target.insertRows(at: insertedRows) }
        for change in objectChanges where change.kind == .move {
            target.moveRow(at: change.indexPath!, to: change.newIndexPath!)
        }
        let reloadedRows = paths(.update, \.indexPath)
        if !reloadedRows.isEmpty { target.reloadRows(at: reloadedRows) }
    }
}

extension ResultsChangeset: Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset: Equatable where Element: Equatable {}
