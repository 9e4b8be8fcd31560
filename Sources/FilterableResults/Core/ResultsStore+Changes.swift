/// Computing what changed in the visible table since the last changeset.
extension ResultsStore {
    /// The table the next changeset is computed against, and what the edits
    /// since then need remembered: the objects rows had (for content
    /// changes and deletes) and the identities of removed keys (so a key
    /// removed and added again is the same row).
    @usableFromInline struct ChangeTracker {
        @usableFromInline var sections: [Section]
        @usableFromInline var isVisible: [Bool]
        @usableFromInline var hidesEmptySections: Bool
        @usableFromInline var filtered = false
        /// Removed keys and their rows, whose slots are kept until reported.
        @usableFromInline var removedKeys: [Key: RowID] = [:]
        /// The object each changed or removed row had in the baseline.
        @usableFromInline var originals: [RowID: Element] = [:]
        /// Whether any row or section changed (not only visibility).
        @usableFromInline var dataChanged = false
        /// Whether the filters or the hiding of empty sections changed.
        @usableFromInline var visibilityChanged = false
        /// The rows touched since the baseline (with repeats), while few.
        @usableFromInline var touchedRows: [RowID] = []
        /// Whether the edits are too many or too broad for the incremental
        /// diff: sections came or went, rows were re-sorted in bulk, or more
        /// rows were touched than ``ChangeTracker/incrementalLimit``.
        @usableFromInline var needsFullDiff = false

        @inlinable init(sections: [Section], isVisible: [Bool], hidesEmptySections: Bool, filtered: Bool = false) {
            self.sections = sections
            self.isVisible = isVisible
            self.hidesEmptySections = hidesEmptySections
            self.filtered = filtered
        }

        /// The most touched rows the incremental diff takes on.
        @inlinable static var incrementalLimit: Int { 64 }

        /// Records a touched row.
        @inlinable mutating func touch(_ id: RowID) {
            dataChanged = true
            guard !needsFullDiff else { return }
            if touchedRows.count < Self.incrementalLimit {
                touchedRows.append(id)
            } else {
                needsFullDiff = true
            }
        }

        /// Records an edit the incremental diff cannot follow.
        @inlinable mutating func touchAll() {
            dataChanged = true
            needsFullDiff = true
        }
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
    @inlinable public mutating func takeChangeset() -> ResultsChangeset<Element, Key> {
        let changeset = pendingChangeset
        resetTracking()
        return changeset
    }

    /// The changes of the visible table since the last ``takeChangeset()``,
    /// without taking them.
    ///
    /// - Complexity: as ``takeChangeset()``.
    @inlinable public var pendingChangeset: ResultsChangeset<Element, Key> {
        if !tracker.dataChanged { return visibilityChangeset() }
        if !tracker.needsFullDiff && !tracker.visibilityChanged, let changeset = incrementalChangeset() {
            return changeset
        }
        let old = Self.visibleTable(
            of: tracker.sections, isVisible: tracker.isVisible, filtered: tracker.filtered,
            hidesEmptySections: tracker.hidesEmptySections)
        var changed = [Bool]()
        if !tracker.originals.isEmpty {
            changed = [Bool](repeating: false, count: slots.count)
            for (id, original) in tracker.originals where slots[Int(id)] != nil {
                changed[Int(id)] = isChanged(from: original, row: id)
            }
        }
        var diff = TableDiff(old: old, new: visibleTable, slotCount: slots.count, changed: changed)
        diff.run()
        return changeset(sections: diff.sectionChanges, rows: diff.rowChanges)
    }

    /// Whether a row's content differs from what it had in the baseline
    /// (without a content comparison, every replaced row differs).
    @inlinable func isChanged(from original: Element, row id: RowID) -> Bool {
        !(isSameContent?(original, slots[Int(id)]!) ?? false)
    }

    /// Forgets the tracked edits: the current table becomes the baseline,
    /// and the slots of removed rows are freed.
    @inlinable mutating func resetTracking() {
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
    @inlinable func visibilityChangeset() -> ResultsChangeset<Element, Key> {
        var sectionChanges: [SectionChange] = []
        var rowChanges: [TableDiff.RowChange] = []
        var oldSection = 0
        var newSection = 0
        let oldVisible = tracker.isVisible
        let countsRows = tracker.hidesEmptySections || hidesEmptySections
        for section in storedSections {
            var oldCount = 0
            var newCount = 0
            if countsRows {
                for id in section.rows {
                    if oldVisible[Int(id)] { oldCount += 1 }
                    if isVisible[Int(id)] { newCount += 1 }
                }
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
                oldVisible.withUnsafeBufferPointer { oldVisible in
                    isVisible.withUnsafeBufferPointer { newVisible in
                        for id in section.rows {
                            let (was, now) = (oldVisible[Int(id)], newVisible[Int(id)])
                            if was != now {
                                rowChanges.append(was
                                    ? .init(kind: .delete, id: id, from: .init(oldSection, oldRow), to: nil)
                                    : .init(kind: .insert, id: id, from: nil, to: .init(newSection, newRow)))
                            }
                            if was { oldRow += 1 }
                            if now { newRow += 1 }
                        }
                    }
                }
                oldSection += 1
                newSection += 1
            }
        }
        return changeset(sections: sectionChanges, rows: rowChanges)
    }

    /// The changes of a batch that touched few rows and no section: only
    /// the touched rows can have changed, so one walk over the old and the
    /// new table finds their places, with no hashing and no arrays per row.
    /// Returns `nil` when the batch needs the whole-table diff after all (a
    /// section appeared or disappeared, or two touched rows stayed in one
    /// section, where the fewest moves need a longest increasing subsequence).
    ///
    /// A touched row that stays in its section moves exactly when the number
    /// of untouched rows before it changed: the untouched rows keep their
    /// order, so they all belong to the longest increasing subsequence.
    @inlinable func incrementalChangeset() -> ResultsChangeset<Element, Key>? {
        let old = tracker.sections
        guard old.count == storedSections.count, hidesEmptySections == tracker.hidesEmptySections else { return nil }
        let filtered = !filters.isEmpty
        if hidesEmptySections && filtered { return nil }
        var touched = Array(Set(tracker.touchedRows))
        touched.sort()
        var mask: UInt64 = 0
        for id in touched { mask |= 1 << (UInt64(id) & 63) }

        /// Where the touched rows are in a table: raw section and visible row.
        func locate(_ sections: [Section], _ visible: [Bool]) -> [RowID: ResultsIndexPath] {
            var places: [RowID: ResultsIndexPath] = [:]
            if !filtered && touched.count <= 8 {
                // A vectorised search per row beats a walk testing every row.
                for id in touched {
                    for (s, section) in sections.enumerated() {
                        if let row = section.rows.firstIndex(of: id) {
                            places[id] = ResultsIndexPath(s, row)
                            break
                        }
                    }
                }
                return places
            }
            for (s, section) in sections.enumerated() {
                var row = 0
                for id in section.rows {
                    let shown = !filtered || visible[Int(id)]
                    if mask & (1 << (UInt64(id) & 63)) != 0, shown, touched.contains(id) {
                        places[id] = ResultsIndexPath(s, row)
                    }
                    if shown { row += 1 }
                }
            }
            return places
        }
        let oldPlaces = locate(old, tracker.isVisible)
        let newPlaces = locate(storedSections, isVisible)

        // Visible section indexes; a section shown before and hidden after
        // (or the reverse) needs the whole-table diff.
        var oldSectionIndex = Array(old.indices)
        var newSectionIndex = Array(storedSections.indices)
        if hidesEmptySections {
            var (oldShown, newShown) = (0, 0)
            for s in old.indices {
                let wasShown = !old[s].rows.isEmpty
                guard wasShown == !storedSections[s].rows.isEmpty else { return nil }
                oldSectionIndex[s] = oldShown
                newSectionIndex[s] = newShown
                if wasShown { oldShown += 1; newShown += 1 }
            }
        }
        func oldPath(_ place: ResultsIndexPath) -> ResultsIndexPath { ResultsIndexPath(oldSectionIndex[place.section], place.row) }
        func newPath(_ place: ResultsIndexPath) -> ResultsIndexPath { ResultsIndexPath(newSectionIndex[place.section], place.row) }
        func isChanged(_ id: RowID) -> Bool {
            guard let original = tracker.originals[id] else { return false }
            return self.isChanged(from: original, row: id)
        }
        /// How many touched rows stand before `place` in its section.
        func touchedBefore(_ place: ResultsIndexPath, in places: [RowID: ResultsIndexPath]) -> Int {
            places.values.count { $0.section == place.section && $0.row < place.row }
        }

        var rows: [TableDiff.RowChange] = []
        var stayingSections = Set<Int>()
        for id in touched {
            switch (oldPlaces[id], newPlaces[id]) {
            case (nil, nil):
                continue
            case (nil, let to?):
                rows.append(.init(kind: .insert, id: id, from: nil, to: newPath(to)))
            case (let from?, nil):
                rows.append(.init(kind: .delete, id: id, from: oldPath(from), to: nil))
            case (let from?, let to?):
                if from.section == to.section {
                    guard stayingSections.insert(from.section).inserted else { return nil }
                    let moved = from.row - touchedBefore(from, in: oldPlaces) != to.row - touchedBefore(to, in: newPlaces)
                    if moved {
                        rows.append(.init(kind: .move, id: id, from: oldPath(from), to: newPath(to), isUpdated: isChanged(id)))
                    } else if isChanged(id) {
                        rows.append(.init(kind: .update, id: id, from: oldPath(from), to: newPath(to)))
                    }
                } else {
                    rows.append(.init(kind: .move, id: id, from: oldPath(from), to: newPath(to), isUpdated: isChanged(id)))
                }
            }
        }
        return changeset(sections: [], rows: rows)
    }

    /// Turns row changes by identity into changes carrying keys and objects.
    /// Orders both lists deletes first, then inserts, moves and updates.
    @inlinable func changeset(sections: [SectionChange], rows: [TableDiff.RowChange]) -> ResultsChangeset<Element, Key> {
        var objectChanges: [ObjectChange<Element, Key>] = []
        objectChanges.reserveCapacity(rows.count)
        for kind in [ChangeKind.delete, .insert, .move, .update] {
            for change in rows where change.kind == kind {
                let object = element(ofRow: change.id)
                objectChanges.append(ObjectChange(
                    kind: kind, key: keyOf(object)!, object: object,
                    indexPath: change.from, newIndexPath: change.to, isUpdated: change.isUpdated))
            }
        }
        let kinds: [ChangeKind] = [.delete, .insert, .move, .update]
        return ResultsChangeset(
            sectionChanges: kinds.flatMap { kind in sections.filter { $0.kind == kind } },
            objectChanges: objectChanges)
    }
}

extension ResultsStore.ChangeTracker: Sendable where Element: Sendable, Key: Sendable {}
