/// Computing what changed in the visible table since the last changeset.
extension ResultsStore {
    /// The table the next changeset is computed against, and what the edits
    /// since then need remembered: the objects rows had (for content
    /// changes and deletes) and the identities of removed keys (so a key
    /// removed and added again is the same row).
    struct ChangeTracker {
        var sections: [Section]
        var isVisible: [Bool]
        var hidesEmptySections: Bool
        var filtered = false
        /// Removed keys and their rows, whose slots are kept until reported.
        var removedKeys: [Key: RowID] = [:]
        /// The object each changed or removed row had in the baseline.
        var originals: [RowID: Element] = [:]
        /// Whether any row or section changed (not only visibility).
        var dataChanged = false
    }

    /// Returns the changes of the visible table since the last call (or
    /// since the store was made), and starts tracking anew.
    ///
    /// The changeset obeys UIKit's batch-update rules; it is empty when
    /// nothing visible changed.
    ///
    /// - Complexity: O(*n* log *n*) in the worst case, O(*n*) when no row
    ///   moved within its section, and O(*n*) with no hashing when only the
    ///   filters changed.
    public mutating func takeChangeset() -> ResultsChangeset<Element, Key> {
        let changeset = pendingChangeset
        resetTracking()
        return changeset
    }

    /// The changes of the visible table since the last ``takeChangeset()``,
    /// without taking them.
    ///
    /// - Complexity: as ``takeChangeset()``.
    public var pendingChangeset: ResultsChangeset<Element, Key> {
        if !tracker.dataChanged { return visibilityChangeset() }
        let old = Self.visibleTable(
            of: tracker.sections, isVisible: tracker.isVisible, filtered: tracker.filtered,
            hidesEmptySections: tracker.hidesEmptySections)
        var changed = [Bool]()
        if !tracker.originals.isEmpty {
            changed = [Bool](repeating: false, count: slots.count)
            for (id, original) in tracker.originals where slots[Int(id)] != nil {
                changed[Int(id)] = !(isSameContent?(original, slots[Int(id)]!) ?? false)
            }
        }
        var diff = TableDiff(old: old, new: visibleTable, slotCount: slots.count, changed: changed)
        diff.run()
        return changeset(sections: diff.sectionChanges, rows: diff.rowChanges)
    }

    /// Forgets the tracked edits: the current table becomes the baseline,
    /// and the slots of removed rows are freed.
    mutating func resetTracking() {
        for id in tracker.removedKeys.values {
            slots[Int(id)] = nil
            freeSlots.append(id)
        }
        tracker = ChangeTracker(
            sections: storedSections, isVisible: isVisible, hidesEmptySections: hidesEmptySections,
            filtered: !filters.isEmpty)
    }

    /// The changes when only visibility changed (filters, or hidden empty
    /// sections): the rows are the same, in the same order, so one walk over
    /// them with the old and new bit per row gives deletes and inserts.
    private func visibilityChangeset() -> ResultsChangeset<Element, Key> {
        var sectionChanges: [SectionChange] = []
        var rowChanges: [TableDiff.RowChange] = []
        var oldSection = 0
        var newSection = 0
        let oldVisible = tracker.isVisible
        for section in storedSections {
            var oldCount = 0
            var newCount = 0
            for id in section.rows {
                if oldVisible[Int(id)] { oldCount += 1 }
                if isVisible[Int(id)] { newCount += 1 }
            }
            let wasShown = !tracker.hidesEmptySections || oldCount > 0
            let isShown = !hidesEmptySections || newCount > 0
            switch (wasShown, isShown) {
            case (false, false):
                continue
            case (true, false):
                sectionChanges.append(.delete(oldSection, name: section.name))
                oldSection += 1
            case (false, true):
                sectionChanges.append(.insert(newSection, name: section.name))
                newSection += 1
            case (true, true):
                var oldRow = 0
                var newRow = 0
                for id in section.rows {
                    switch (oldVisible[Int(id)], isVisible[Int(id)]) {
                    case (true, false):
                        rowChanges.append(.init(kind: .delete, id: id, from: .init(oldSection, oldRow), to: nil))
                    case (false, true):
                        rowChanges.append(.init(kind: .insert, id: id, from: nil, to: .init(newSection, newRow)))
                    default:
                        break
                    }
                    if oldVisible[Int(id)] { oldRow += 1 }
                    if isVisible[Int(id)] { newRow += 1 }
                }
                oldSection += 1
                newSection += 1
            }
        }
        return changeset(sections: sectionChanges, rows: rowChanges)
    }

    /// Turns row changes by identity into changes carrying keys and objects.
    /// Orders both lists deletes first, then inserts, moves and updates.
    private func changeset(sections: [SectionChange], rows: [TableDiff.RowChange]) -> ResultsChangeset<Element, Key> {
        func rank(_ kind: ChangeKind) -> Int {
            switch kind {
            case .delete: 0
            case .insert: 1
            case .move: 2
            case .update: 3
            }
        }
        var rows = rows
        if rows.count > 1 { rows.sort { rank($0.kind) < rank($1.kind) } }
        var sections = sections
        if sections.count > 1 { sections.sort { rank($0.kind) < rank($1.kind) } }
        return ResultsChangeset(
            sectionChanges: sections,
            objectChanges: rows.map { change in
                let object = element(ofRow: change.id)
                return ObjectChange(
                    kind: change.kind, key: keyOf(object)!, object: object,
                    indexPath: change.from, newIndexPath: change.to, isUpdated: change.isUpdated)
            })
    }
}

extension ResultsStore.ChangeTracker: Sendable where Element: Sendable, Key: Sendable {}
