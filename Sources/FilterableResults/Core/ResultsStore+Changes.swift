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
/// - otherwise the whole-table diff (``TableDiff``).
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
        /// Rows whose object was replaced (with repeats): the only rows
        /// whose content can differ from the baseline's.
        @usableFromInline var contentTouched: [Int32] = []
        /// Rows removed since the baseline that the baseline has: their
        /// identities stay reserved until the next changeset.
        @usableFromInline var retiredRows: [Int32] = []

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
        @inlinable var hasChanges: Bool { dataChanged || visibilityChanged }

        /// Records a row whose object was replaced. Repeats are folded
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

    /// Returns the changes of the visible table since the last call (or
    /// since the store was made), and starts tracking anew.
    ///
    /// The changeset obeys UIKit's batch-update rules; it is empty when
    /// nothing visible changed.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows touched in place; O(*n*)
    ///   with no hashing when only the filters changed; O(*n* log *n*) at
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
        if !tracker.dataChanged { return visibilityChangeset() }
        if !tracker.needsFullDiff && !tracker.visibilityChanged, let changeset = incrementalChangeset() {
            return changeset
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
    /// (without a content comparison, every replaced row differs).
    @inlinable func isChanged(_ id: Int32) -> Bool {
        guard let sameContent else { return true }
        return !baseline.slots.withPointer(at: Int(id)) { old in table.slots.withPointer(at: Int(id)) { sameContent(old, $0) } }
    }

    /// Wraps events by identity with the tables they refer to, ordered
    /// deletes first, then inserts, moves and updates.
    @inlinable func changeset(sections: [SectionChange], rows: [ResultsChangeset<Element, Key>.RowEvent]) -> ResultsChangeset<Element, Key> {
        func rank(_ change: ObjectChange<Element, Key>.Change) -> Int {
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

    // MARK: Visibility only

    /// The changes when only visibility changed (filters, or hidden empty
    /// sections). Then the rows are the same, in the same leaves of the
    /// positional index (flags change in place, never the structure), so
    /// the old and new leaves pair up one to one, and a leaf's changed rows
    /// are the bits where its old and new flags differ: deletes and inserts,
    /// their rows counted with `popcount`, no work per unchanged row.
    @inlinable func visibilityChangeset() -> ResultsChangeset<Element, Key> {
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
                    let name = table.record(-1 - item).name
                    switch (wasShown, isShown) {
                    case (true, false): sectionChanges.append(.delete(at: oldSection, name: name))
                    case (false, true): sectionChanges.append(.insert(at: newSection, name: name))
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
        return changeset(sections: sectionChanges, rows: rows)
    }

    // MARK: Few rows

    /// The changes of a batch that touched few rows and no section: only
    /// the touched rows can have changed, so their old and new places tell
    /// everything. Returns `nil` when the batch needs the whole-table diff
    /// after all: a section appeared or disappeared, or more than one
    /// touched row moved among the untouched rows of one section (the
    /// fewest moves then need a longest increasing subsequence of the section).
    ///
    /// The untouched rows of a section keep their order. A touched row that
    /// stays in its section moved exactly when the number of untouched rows
    /// before it changed (or its order among touched rows did). When at most
    /// one such row moved, the others and every untouched row form an
    /// increasing run, so that one move is the fewest.
    @inlinable func incrementalChangeset() -> ResultsChangeset<Element, Key>? {
        // The incremental diff costs O(k log n); past n / 16 rows a walk is
        // cheaper (touches counted with repeats, so a rare batch that
        // touches few rows many times takes the walk).
        let rowCount = Swift.max(table.rowCount, baseline.rowCount)
        if tracker.touchedRows.count * 16 > rowCount && tracker.touchedRows.count > 64 { return nil }
        var touched = tracker.touchedRows
        touched.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(touched.count)
        for id in touched where unique.last != id { unique.append(id) }

        var places: [(id: Int32, old: ResultsIndexPath?, new: ResultsIndexPath?)] = []
        places.reserveCapacity(unique.count)
        // Sections whose visible rows changed, by raw index (no section came
        // or went, so raw indexes are the same before and after).
        var rawSections = Set<Int>()
        for id in unique {
            var old: ResultsIndexPath?
            var new: ResultsIndexPath?
            if baseline.isLive(id) {
                let place = baseline.placeOfRow(id)
                rawSections.insert(place.rawSection)
                old = place.visible
            }
            if table.isLive(id) {
                let place = table.placeOfRow(id)
                rawSections.insert(place.rawSection)
                new = place.visible
            }
            if old != nil || new != nil { places.append((id, old, new)) }
        }
        // A section that is shown now and was not (or the reverse) is a
        // section change.
        if table.hidesEmptySections || baseline.hidesEmptySections {
            for section in rawSections {
                let wasShown = baseline.record(baseline.header(atRaw: section).id).visibleCount > 0
                let isShown = table.record(table.header(atRaw: section).id).visibleCount > 0
                if wasShown != isShown { return nil }
            }
        }

        let replaced = Set(tracker.contentTouched)
        func changed(_ id: Int32) -> Bool { replaced.contains(id) && isChanged(id) }
        var rows: [ResultsChangeset<Element, Key>.RowEvent] = []
        // Touched rows before each place, per section, for the untouched counts.
        var oldTouched: [Int: [Int]] = [:]
        var newTouched: [Int: [Int]] = [:]
        for place in places {
            if let old = place.old { oldTouched[old.section, default: []].append(old.row) }
            if let new = place.new { newTouched[new.section, default: []].append(new.row) }
        }
        for key in oldTouched.keys { oldTouched[key]!.sort() }
        for key in newTouched.keys { newTouched[key]!.sort() }
        func untouchedBefore(_ path: ResultsIndexPath, _ touched: [Int: [Int]]) -> Int {
            let rows = touched[path.section]!
            var low = 0
            var high = rows.count
            while low < high {
                let mid = (low + high) / 2
                if rows[mid] < path.row { low = mid + 1 } else { high = mid }
            }
            return path.row - low
        }
        typealias Staying = (id: Int32, old: ResultsIndexPath, new: ResultsIndexPath, untouchedOld: Int, untouchedNew: Int)
        var staying: [Int: [Staying]] = [:]
        for place in places {
            switch (place.old, place.new) {
            case (nil, let to?):
                rows.append(.init(.insert(at: to), id: place.id))
            case (let from?, nil):
                rows.append(.init(.delete(at: from), id: place.id))
            case let (from?, to?) where from.section == to.section:
                staying[from.section, default: []].append(
                    (place.id, from, to, untouchedBefore(from, oldTouched), untouchedBefore(to, newTouched)))
            case let (from?, to?):
                rows.append(.init(.move(from: from, to: to, isUpdated: changed(place.id)), id: place.id))
            default:
                break
            }
        }
        for (_, section) in staying {
            // Unmoved: the same number of untouched rows before, and the
            // same order among themselves. At most one may have moved.
            var moved: Staying?
            var unmoved: [Staying] = []
            for row in section {
                if row.untouchedOld != row.untouchedNew {
                    guard moved == nil else { return nil }
                    moved = row
                } else {
                    unmoved.append(row)
                }
            }
            unmoved.sort { $0.new.row < $1.new.row }
            // Touched rows that changed order among themselves: a longest
            // increasing subsequence decides which move.
            for (a, b) in zip(unmoved, unmoved.dropFirst()) where a.old.row > b.old.row { return nil }
            if let moved {
                rows.append(.init(.move(from: moved.old, to: moved.new, isUpdated: changed(moved.id)), id: moved.id))
            }
            for row in unmoved where changed(row.id) {
                rows.append(.init(.update(at: row.old, newIndexPath: row.new), id: row.id))
            }
        }
        return changeset(sections: [], rows: rows)
    }

    // MARK: Whole table

    /// The changes by the whole-table diff.
    @inlinable func wholeTableChangeset() -> ResultsChangeset<Element, Key> {
        let slotCount = Swift.max(baseline.slots.count, table.slots.count)
        var changed: [Bool] = []
        if !tracker.contentTouched.isEmpty {
            changed = [Bool](repeating: false, count: slotCount)
            for id in tracker.contentTouched where !changed[Int(id)] {
                if baseline.isLive(id) && table.isLive(id) { changed[Int(id)] = isChanged(id) }
            }
        }
        var diff = TableDiff(old: baseline.visibleTable, new: table.visibleTable, slotCount: slotCount, changed: changed)
        diff.run()
        return changeset(sections: diff.sectionChanges, rows: diff.rowChanges.map { change in
            let event: ObjectChange<Element, Key>.Change = switch change.kind {
            case .insert: .insert(at: change.to!)
            case .delete: .delete(at: change.from!)
            case .move: .move(from: change.from!, to: change.to!, isUpdated: change.isUpdated)
            case .update: .update(at: change.from!, newIndexPath: change.to!)
            }
            return .init(event, id: change.id)
        })
    }
}
