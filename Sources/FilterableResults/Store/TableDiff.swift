/// The normaliser: the place that knows UIKit's batch-update rules for
/// sections (``SingleSectionDiff`` diffs a one-section table by the same
/// rules for rows).
///
/// It diffs two visible tables whose rows carry internal identities and
/// produces changes a table or collection view applies in one batch:
///
/// - Sections match by identity. The sections present in both keep the
///   heaviest increasing subsequence of their old order, where a section
///   whose rows change weighs more than all clean sections together: the
///   others move. A section that would have to move while its rows change is
///   deleted and inserted instead (UIKit forbids row changes inside a moved
///   section), and rows crossing into or out of it become inserts and
///   deletes.
/// - Rows that stay in their section keep a longest increasing subsequence
///   of their old positions; the others move: the fewest moves. A row that
///   moved and changed is a move flagged as updated; one that changed in
///   place is an update with both paths.
///
/// Identities index flat arrays, so the diff hashes nothing per row.
@usableFromInline
struct TableDiff {
    /// A row change by internal identity, in 24 bytes (a whole-table diff
    /// of a million inserts holds a million of them): paths as 32-bit
    /// sections and rows, -1 for none.
    @usableFromInline struct RowEdit {
        @usableFromInline var kind: RowChange.Kind
        @usableFromInline var isUpdated: Bool
        @usableFromInline var id: Int32
        @usableFromInline var fromSection: Int32
        @usableFromInline var fromRow: Int32
        @usableFromInline var toSection: Int32
        @usableFromInline var toRow: Int32

        @inlinable init(kind: RowChange.Kind, id: Int32, from: ResultsIndexPath?, to: ResultsIndexPath?, isUpdated: Bool = false) {
            self.kind = kind
            self.isUpdated = isUpdated
            self.id = id
            (fromSection, fromRow) = from.map { (Int32($0.section), Int32($0.row)) } ?? (-1, -1)
            (toSection, toRow) = to.map { (Int32($0.section), Int32($0.row)) } ?? (-1, -1)
        }

        /// The old path, for a delete, move or update.
        @inlinable var from: ResultsIndexPath? {
            fromSection < 0 ? nil : ResultsIndexPath(row: Int(fromRow), section: Int(fromSection))
        }

        /// The new path, for an insert, move or update.
        @inlinable var to: ResultsIndexPath? {
            toSection < 0 ? nil : ResultsIndexPath(row: Int(toRow), section: Int(toSection))
        }
    }

    @usableFromInline let old: [VisibleSection]
    @usableFromInline let new: [VisibleSection]
    /// Whether each row's content changed, by identity; empty for none.
    @usableFromInline let changed: [Bool]
    @usableFromInline var sectionChanges: [SectionChange] = []
    @usableFromInline var rowChanges: [RowEdit] = []

    // Where each row is, by identity: section (-1 for absent), and in the
    // old table its row (the new rows are read off the new table in order).
    @usableFromInline var oldSection: [Int32]
    @usableFromInline var oldRow: [Int32]
    @usableFromInline var newSection: [Int32]

    @inlinable init(old: [VisibleSection], new: [VisibleSection], slotCount: Int, changed: [Bool]) {
        self.old = old
        self.new = new
        self.changed = changed
        (oldSection, oldRow) = Self.locate(old, slotCount: slotCount, withRows: true)
        newSection = Self.locate(new, slotCount: slotCount, withRows: false).sections
    }

    /// Each row's section, by identity, and its row when `withRows`.
    @inlinable static func locate(
        _ table: [VisibleSection], slotCount: Int, withRows: Bool
    ) -> (sections: [Int32], rows: [Int32]) {
        var section = [Int32](repeating: -1, count: slotCount)
        var row = withRows ? [Int32](repeating: 0, count: slotCount) : []
        for (s, visibleSection) in table.enumerated() {
            for (r, id) in visibleSection.rows.enumerated() {
                section[Int(id)] = Int32(s)
                if withRows { row[Int(id)] = Int32(r) }
            }
        }
        return (section, row)
    }

    @inlinable func isChanged(_ id: Int32) -> Bool { !changed.isEmpty && changed[Int(id)] }

    /// Makes room for `count` more row changes, growing geometrically.
    @inlinable mutating func reserveRowChanges(_ count: Int) {
        let needed = rowChanges.count + count
        if rowChanges.capacity < needed { rowChanges.reserveCapacity(Swift.max(needed, 2 * rowChanges.capacity)) }
    }

    @inlinable mutating func run() {
        // Match sections by identity.
        var oldIndex: [SectionIdentity: Int] = [:]
        for (s, section) in old.enumerated() { oldIndex[section.identity] = s }
        var newToOld = [Int](repeating: -1, count: new.count)
        var oldToNew = [Int](repeating: -1, count: old.count)
        for (s, section) in new.enumerated() {
            if let o = oldIndex[section.identity] {
                newToOld[s] = o
                oldToNew[o] = s
            }
        }

        // Which matched sections have row changes, were they all to stay.
        var isDirty = [Bool](repeating: false, count: new.count)
        for s in new.indices where newToOld[s] >= 0 {
            let o = Int32(newToOld[s])
            var last: Int32 = -1
            for id in new[s].rows {
                let i = Int(id)
                if oldSection[i] != o || oldRow[i] < last || isChanged(id) {
                    isDirty[s] = true
                    break
                }
                last = oldRow[i]
            }
        }
        for o in old.indices where oldToNew[o] >= 0 && !isDirty[oldToNew[o]] {
            let s = Int32(oldToNew[o])
            if old[o].rows.contains(where: { newSection[Int($0)] != s }) { isDirty[Int(s)] = true }
        }

        // Which matched sections stay; the rest move, or are replaced when dirty.
        let matched = new.indices.filter { newToOld[$0] >= 0 }
        let heavy = matched.count + 1
        let stays = heaviestIncreasingSubsequence(
            matched.map { newToOld[$0] }, weights: matched.map { isDirty[$0] ? heavy : 1 }, bound: old.count)
        var survivesNew = [Bool](repeating: false, count: new.count)
        var survivesOld = [Bool](repeating: false, count: old.count)
        for (k, s) in matched.enumerated() where stays[k] || !isDirty[s] {
            survivesNew[s] = true
            survivesOld[newToOld[s]] = true
            if !stays[k] {
                sectionChanges.append(.move(from: newToOld[s], to: s, name: old[newToOld[s]].name))   // as the view shows it
            }
        }
        for o in old.indices where !survivesOld[o] {
            sectionChanges.append(.delete(at: o, name: old[o].name))
        }
        for s in new.indices where !survivesNew[s] {
            sectionChanges.append(.insert(at: s, name: new[s].name))
        }

        // Rows arriving in surviving sections.
        for s in new.indices where survivesNew[s] {
            let o = Int32(newToOld[s])
            // Arrivals from elsewhere; whether the rows staying keep their order.
            var inOrder = true
            var last: Int32 = -1
            for (r, id) in new[s].rows.enumerated() {
                let i = Int(id)
                let from = oldSection[i]
                if from == o {
                    if oldRow[i] < last { inOrder = false }
                    last = oldRow[i]
                } else if from >= 0 && survivesOld[Int(from)] {
                    rowChanges.append(RowEdit(
                        kind: .move, id: id, from: ResultsIndexPath(row: Int(oldRow[i]), section: Int(from)),
                        to: ResultsIndexPath(row: r, section: s), isUpdated: isChanged(id)))
                } else {
                    rowChanges.append(RowEdit(kind: .insert, id: id, from: nil, to: ResultsIndexPath(row: r, section: s)))
                }
            }
            if inOrder {
                // Every staying row keeps its place: only content changes.
                guard !changed.isEmpty else { continue }
                for (r, id) in new[s].rows.enumerated() where oldSection[Int(id)] == o && changed[Int(id)] {
                    rowChanges.append(RowEdit(
                        kind: .update, id: id, from: ResultsIndexPath(row: Int(oldRow[Int(id)]), section: Int(o)),
                        to: ResultsIndexPath(row: r, section: s)))
                }
                continue
            }
            var staying: [(row: Int, id: Int32)] = []
            var stayingOldRows: [Int32] = []
            staying.reserveCapacity(new[s].rows.count)
            stayingOldRows.reserveCapacity(new[s].rows.count)
            for (r, id) in new[s].rows.enumerated() where oldSection[Int(id)] == o {
                staying.append((r, id))
                stayingOldRows.append(oldRow[Int(id)])
            }
            let kept = longestIncreasingSubsequence(stayingOldRows)
            reserveRowChanges(staying.count)
            for (k, (r, id)) in staying.enumerated() {
                let from = ResultsIndexPath(row: Int(stayingOldRows[k]), section: Int(o))
                let to = ResultsIndexPath(row: r, section: s)
                if !kept[k] {
                    rowChanges.append(RowEdit(kind: .move, id: id, from: from, to: to, isUpdated: isChanged(id)))
                } else if isChanged(id) {
                    rowChanges.append(RowEdit(kind: .update, id: id, from: from, to: to))
                }
            }
        }

        // Rows leaving surviving sections for nowhere, or for a replaced section.
        for o in old.indices where survivesOld[o] {
            for (r, id) in old[o].rows.enumerated() {
                let to = newSection[Int(id)]
                if to < 0 || !survivesNew[Int(to)] {
                    rowChanges.append(RowEdit(kind: .delete, id: id, from: ResultsIndexPath(row: r, section: o), to: nil))
                }
            }
        }
    }
}
