/// Remembering what changed since the baseline, for the next changeset.
extension ResultsStore {
    /// What the edits since the baseline need remembered.
    @usableFromInline struct ChangeTracker: Sendable {
        /// Whether any row or section changed (not only visibility).
        @usableFromInline var dataChanged = false
        /// Whether the filters or the hiding of empty sections changed.
        @usableFromInline var visibilityChanged = false
        /// The rows touched since the baseline (with repeats), while few.
        @usableFromInline var touchedRows: [Int32] = []
        /// Whether the edits are too many or too broad for the incremental
        /// diff: sections came or went, rows were re-sorted in bulk, or more
        /// rows were touched than ``incrementalLimit``.
        @usableFromInline var needsFullDiff = false
        /// Rows whose element was replaced (with repeats): the only rows
        /// whose content can differ from the baseline's.
        @usableFromInline var contentTouched: [Int32] = []
        /// Rows removed since the baseline that the baseline has: their
        /// identities stay reserved until the next changeset.
        @usableFromInline var retiredRows: [Int32] = []
        /// Rows marked changed whatever their content compares to (see
        /// ``ResultsStore/markChanged(keys:)``).
        @usableFromInline var markedRows: Set<Int32> = []
        /// Whether a section may have kept its id and changed its name (a
        /// title derived again): the changeset then compares names.
        @usableFromInline var sectionTitlesChanged = false
        /// The store's version when ``contentTouched`` was last known to
        /// list exactly the rows whose content differs from the baseline's
        /// (a `setData` or merge that was the first edit since the
        /// baseline, folded no repeated key and sections no rows by value):
        /// while the store is at that version, the changeset takes the list
        /// as it is instead of comparing each row's content again.
        ///
        /// No later edit can leave it standing: this reference shares the
        /// version, so the next `noteMutation()` replaces the store's.
        @usableFromInline var exactContentVersion: ResultsStoreVersion?

        @inlinable init() {}

        /// The most touched rows the incremental diff takes on.
        @inlinable static var incrementalLimit: Int { 4_096 }

        /// Records a touched row.
        @inlinable mutating func touch(_ id: Int32) {
            dataChanged = true
            guard !needsFullDiff else { return }
            if touchedRows.count < Self.incrementalLimit {
                touchedRows.append(id)
            } else {
                needsFullDiff = true
                touchedRows = []
            }
        }

        /// Records an edit the incremental diff cannot follow.
        @inlinable mutating func touchAll() {
            dataChanged = true
            needsFullDiff = true
            touchedRows = []
        }

        /// Whether anything changed since the baseline.
        @inlinable var hasChanges: Bool { dataChanged || visibilityChanged || sectionTitlesChanged }

        /// Records a row whose element was replaced. Repeats are folded
        /// once the list outgrows twice the `rowSlots` a store has, so
        /// replaces between changesets (updates off, or changes never
        /// taken) keep it proportional to the rows, whatever the churn.
        ///
        /// - Complexity: amortized O(log *n*), where *n* is `rowSlots`.
        @inlinable mutating func touchContent(_ id: Int32, rowSlots: Int) {
            contentTouched.append(id)
            if contentTouched.count > 2 * rowSlots + 64 { Self.foldRepeats(&contentTouched) }
        }

        /// Sorts row identities and keeps one of each.
        ///
        /// - Complexity: O(*k* log *k*), where *k* is the number of identities.
        @inlinable static func foldRepeats(_ ids: inout [Int32]) {
            ids.sort()
            var kept = 0
            for index in ids.indices where kept == 0 || ids[index] != ids[kept - 1] {
                ids[kept] = ids[index]
                kept += 1
            }
            ids.removeSubrange(kept...)
        }
    }
}
