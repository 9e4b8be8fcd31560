/// The changeset when only visibility changed (filters, hidden empty
/// sections): one walk over the rows in order with their old and new flags.
extension ResultsStore {
    /// The changes when only visibility changed (filters, or hidden empty
    /// sections). Then the rows are the same, in the same leaves of the
    /// positional index (flags change in place, never the structure), so
    /// the old and new leaves pair up one to one, and a leaf's changed rows
    /// are the bits where its old and new flags differ: deletes and inserts,
    /// their rows counted with `popcount`, no work per unchanged row.
    ///
    /// Rows in `updating` (with repeats), replaced where they stand, are
    /// reported changed where they are shown before and after and their
    /// content differs.
    @inlinable func visibilityChangeset(updating replaced: [Int32] = []) -> ResultsChangeset<Element, Key> {
        let oldLeaves = baseline.tree.leaves
        let newLeaves = table.tree.leaves
        precondition(oldLeaves.count == newLeaves.count, "a change of visibility alone keeps the leaves")
        var sectionChanges: [SectionChange] = []
        var rows: [ResultsChangeset<Element, Key>.RowEvent] = []
        let (oldHides, newHides) = (baseline.hidesEmptySections, table.hidesEmptySections)
        var (oldSection, newSection) = (-1, -1)
        var (oldRow, newRow) = (0, 0)
        var (wasShown, isShown) = (false, false)
        for (oldLeaf, newLeaf) in zip(oldLeaves, newLeaves) {
            let count = newLeaf.count
            let oldFlags = oldLeaf.flagMask
            let newFlags = newLeaf.flagMask
            let headers = newLeaf.headerMask
            if headers == 0 {
                if wasShown && isShown && oldFlags != newFlags {
                    var changed = (oldFlags ^ newFlags) & LeafNode.mask(below: count)
                    while changed != 0 {
                        let offset = changed.trailingZeroBitCount
                        let below = LeafNode.mask(below: offset)
                        let id = newLeaf[offset]
                        if oldFlags & (1 << UInt64(offset)) != 0 {
                            let row = oldRow + (oldFlags & below).nonzeroBitCount
                            rows.append(.init(.delete(at: ResultsIndexPath(row: row, section: oldSection)), id: id))
                        } else {
                            let row = newRow + (newFlags & below).nonzeroBitCount
                            rows.append(.init(.insert(at: ResultsIndexPath(row: row, section: newSection)), id: id))
                        }
                        changed &= changed &- 1
                    }
                }
                oldRow += oldFlags.nonzeroBitCount
                newRow += newFlags.nonzeroBitCount
                continue
            }
            // A leaf where sections start: item by item.
            for offset in 0..<count {
                let item = newLeaf[offset]
                let was = oldFlags & (1 << UInt64(offset)) != 0
                let now = newFlags & (1 << UInt64(offset)) != 0
                if item < 0 {
                    wasShown = !oldHides || was
                    isShown = !newHides || now
                    if wasShown { oldSection += 1 }
                    if isShown { newSection += 1 }
                    (oldRow, newRow) = (0, 0)
                    // A delete names the section as it was (its title may have changed since).
                    switch (wasShown, isShown) {
                    case (true, false): sectionChanges.append(.delete(at: oldSection, name: baseline.record(-1 - item).name))
                    case (false, true): sectionChanges.append(.insert(at: newSection, name: table.record(-1 - item).name))
                    default: break
                    }
                    continue
                }
                if wasShown && isShown && was != now {
                    rows.append(.init(
                        was ? .delete(at: ResultsIndexPath(row: oldRow, section: oldSection))
                            : .insert(at: ResultsIndexPath(row: newRow, section: newSection)),
                        id: item))
                }
                if was { oldRow += 1 }
                if now { newRow += 1 }
            }
        }
        var replaced = replaced
        ChangeTracker.foldRepeats(&replaced)
        for id in replaced where baseline.isLive(id) && table.isLive(id) && isChanged(id) {
            if let old = baseline.visiblePath(ofRow: id), let new = table.visiblePath(ofRow: id) {
                rows.append(.init(.update(at: old, newIndexPath: new), id: id))
            }
        }
        return changeset(sections: sectionChanges, rows: rows)
    }

    /// Whether every row and section header is where it was in the
    /// baseline: the same items in the same leaves, so that only flags
    /// and contents can differ.
    ///
    /// - Complexity: O(*n* / 64) leaves compared, and O(64) per leaf copied since.
    @inlinable func keepsPlacement() -> Bool {
        let oldLeaves = baseline.tree.leaves
        let newLeaves = table.tree.leaves
        guard oldLeaves.count == newLeaves.count else { return false }
        for (old, new) in zip(oldLeaves, newLeaves) where old !== new {
            let count = old.count
            guard count == new.count, old.headerMask == new.headerMask else { return false }
            let same = old.withUnsafeMutablePointerToElements { old in
                new.withUnsafeMutablePointerToElements { new in
                    (0..<count).allSatisfy { old[$0] == new[$0] }
                }
            }
            guard same else { return false }
        }
        return true
    }
}
