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
        let deletedSections = sectionIndexes(.delete)
        if !deletedSections.isEmpty { target.deleteSections(deletedSections) }
        let insertedSections = sectionIndexes(.insert)
        if !insertedSections.isEmpty { target.insertSections(insertedSections) }
        for (from, to) in sectionMoves { target.moveSection(from, toSection: to) }
        let reloadedSections = sectionIndexes(.update)
        if !reloadedSections.isEmpty { target.reloadSections(reloadedSections) }
        let deletedRows = rowIndexPaths(.delete)
        if !deletedRows.isEmpty { target.deleteRows(at: deletedRows) }
        let insertedRows = rowIndexPaths(.insert)
        if !insertedRows.isEmpty { target.insertRows(at: insertedRows) }
        for (from, to) in rowMoves { target.moveRow(at: from, to: to) }
        let reloadedRows = rowIndexPaths(.update)
        if !reloadedRows.isEmpty { target.reloadRows(at: reloadedRows) }
    }
}

/// The changes grouped as a batch update takes them.
extension ResultsChangeset {
    /// The indexes of the sections changed this way: old indexes for
    /// deletes and updates (reloads), new ones for inserts; empty for moves
    /// (see ``sectionMoves``).
    ///
    /// - Complexity: O(*n*), where *n* is the number of section changes.
    public func sectionIndexes(_ kind: ChangeKind) -> [Int] {
        sectionChanges.compactMap { change in
            guard change.kind == kind else { return nil }
            return kind == .insert ? change.newIndex : kind == .move ? nil : change.index
        }
    }

    /// The section moves, from old index to new index.
    ///
    /// - Complexity: O(*n*), where *n* is the number of section changes.
    public var sectionMoves: [(from: Int, to: Int)] {
        sectionChanges.compactMap { $0.kind == .move ? ($0.index!, $0.newIndex!) : nil }
    }

    /// The index paths of the rows changed this way: old paths for deletes
    /// and updates (reloads), new ones for inserts; empty for moves (see
    /// ``rowMoves``).
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    public func rowIndexPaths(_ kind: ChangeKind) -> [ResultsIndexPath] {
        objectChanges.compactMap { change in
            guard change.kind == kind else { return nil }
            return kind == .insert ? change.newIndexPath : kind == .move ? nil : change.indexPath
        }
    }

    /// The row moves, from old index path to new index path.
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    public var rowMoves: [(from: ResultsIndexPath, to: ResultsIndexPath)] {
        objectChanges.compactMap { $0.kind == .move ? ($0.indexPath!, $0.newIndexPath!) : nil }
    }
}

extension ResultsChangeset: Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset: Equatable where Element: Equatable {}
