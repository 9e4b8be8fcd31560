/// Computing what changed in the visible table since the last changeset.
///
/// The store keeps the table as it was when the last changeset was taken
/// (the baseline, a version sharing everything unchanged with the current
/// table). A changeset compares the two, in one of three ways:
///
/// - only visibility changed (filters, hidden empty sections): one walk over
///   the rows in order with the old and new flag of each;
/// - few rows were touched and no section came or went: each touched row's
///   old and new position, O(log *n*) each;
/// - otherwise the whole-table diff: ``SingleSectionDiff`` for a table that
///   is one section before and after, ``TableDiff`` for any other.
extension ResultsStore {
    /// Returns the changes of the visible table since the last call (or
    /// since the store was made), and starts tracking anew.
    ///
    /// The changeset obeys UIKit's batch-update rules; it is empty when
    /// nothing visible changed.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows touched in place; O(*n*)
    ///   with no hashing when only the filters changed (and rows were
    ///   replaced where they stand); O(*n* log *n*) at
    ///   worst, for a whole-table diff.
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
        guard tracker.hasChanges else { return ResultsChangeset() }
        if let precomputed = precomputedChangeset, precomputed.version === version { return precomputed.changeset }
        guard tracker.sectionTitlesChanged else { return rowChangeset }
        // A section that kept its id and changed its name: its header is
        // refreshed in place (a section update), its cells kept.
        let rows = tracker.dataChanged || tracker.visibilityChanged ? rowChangeset : ResultsChangeset()
        return rows.addingSectionUpdates(from: ResultsSnapshot(table: baseline), to: ResultsSnapshot(table: table))
    }

    /// The changes of rows and sections since the last ``takeChangeset()``,
    /// section updates aside.
    ///
    /// - Complexity: as ``takeChangeset()``.
    @inlinable var rowChangeset: ResultsChangeset<Element, Key> {
        if !tracker.dataChanged { return visibilityChangeset() }
        if !tracker.needsFullDiff && !tracker.visibilityChanged, let changeset = incrementalChangeset() {
            return changeset
        }
        if !tracker.needsFullDiff && tracker.visibilityChanged, keepsPlacement() {
            return visibilityChangeset(updating: tracker.contentTouched)
        }
        return wholeTableChangeset()
    }

    /// Computes the pending changeset now and keeps it until the next edit,
    /// so that taking it later costs O(1): the expensive part of a prepared
    /// update, done where it was prepared.
    ///
    /// - Complexity: as ``pendingChangeset``.
    @inlinable mutating func precomputeChangeset() {
        precomputedChangeset = nil
        precomputedChangeset = (version, pendingChangeset)
    }

    /// Makes the current table the baseline and frees the identities of
    /// rows removed since the old one.
    @inlinable mutating func resetTracking() {
        // A new baseline is a new version: a copy taken before it still
        // holds the changes reported now, and must not be adopted as this.
        tracker.exactContentVersion = nil
        noteMutation()
        precomputedChangeset = nil
        // A row can be retired more than once (removed, added back, removed).
        var retired = tracker.retiredRows
        retired.sort()
        var previous: Int32 = -1
        for id in retired where id != previous {
            previous = id
            if !table.isLive(id) { freeRows.append(id) }
        }
        baseline = table
        tracker = ChangeTracker()
    }

    /// Whether a row's content differs between the baseline and now
    /// (without a content comparison, every replaced row differs; a row
    /// marked changed always does).
    @inlinable func isChanged(_ id: Int32) -> Bool {
        if !tracker.markedRows.isEmpty && tracker.markedRows.contains(id) { return true }
        let sameContent = self.sameContent
        return !baseline.slots.withPointer(at: Int(id)) { old in table.slots.withPointer(at: Int(id)) { sameContent.compare(old, $0).same } }
    }

    /// Wraps events by identity with the tables they refer to, ordered
    /// deletes first, then inserts, moves and updates.
    @inlinable func changeset(sections: [SectionChange], rows: [ResultsChangeset<Element, Key>.RowEvent]) -> ResultsChangeset<Element, Key> {
        func rank(_ change: RowChange) -> Int {
            switch change {
            case .delete: 0
            case .insert: 1
            case .move: 2
            case .update: 3
            }
        }
        func sectionRank(_ change: SectionChange) -> Int {
            switch change {
            case .delete: 0
            case .insert: 1
            case .move: 2
            }
        }
        // A stable counting sort by kind: deletes, inserts, moves, updates.
        var starts = [0, 0, 0, 0, 0]
        for event in rows { starts[rank(event.change) + 1] += 1 }
        let events: [ResultsChangeset<Element, Key>.RowEvent]
        if starts.contains(rows.count) {
            events = rows
        } else {
            for kind in 1..<4 { starts[kind] += starts[kind - 1] }
            events = .init(unsafeUninitializedCapacity: rows.count) { buffer, count in
                for event in rows {
                    let kind = rank(event.change)
                    (buffer.baseAddress! + starts[kind]).initialize(to: event)
                    starts[kind] += 1
                }
                count = rows.count
            }
        }
        var sectionBuckets: [[SectionChange]] = [[], [], []]
        for change in sections { sectionBuckets[sectionRank(change)].append(change) }
        return ResultsChangeset(
            sectionChanges: sectionBuckets.flatMap { $0 },
            events: events, old: baseline, new: table)
    }
}
