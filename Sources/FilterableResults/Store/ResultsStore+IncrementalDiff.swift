/// The changeset when few rows were touched and no section came or went:
/// each touched row's old and new position, O(log *n*) each.
extension ResultsStore {
    /// The changes of a batch that touched few rows and no section: only
    /// the touched rows can have changed, so their old and new places tell
    /// everything. Returns `nil` when the batch needs the whole-table diff
    /// after all: a section appeared or disappeared.
    ///
    /// The untouched rows of a section keep their order. A touched row that
    /// stays in its section moved exactly when the number of untouched rows
    /// before it changed (or its order among touched rows did). When at most
    /// one such row moved, the others and every untouched row form an
    /// increasing run, so that one move is the fewest. Otherwise the fewest
    /// moves come from a heaviest increasing subsequence over the touched
    /// rows and the runs of untouched rows between them
    /// (``appendFewestMoves(_:oldTouched:newTouched:changed:to:)``):
    /// O(*t* log *t*) for *t* touched rows in the section.
    ///
    /// Everything here is sorted arrays, no hashing: a batch of one edit
    /// runs a few hundred instructions of code that stays small.
    @inlinable func incrementalChangeset() -> ResultsChangeset<Element, Key>? {
        // The incremental diff costs O(k log n); past n / 16 rows a walk is
        // cheaper (touches counted with repeats, so a rare batch that
        // touches few rows many times takes the walk).
        let rowCount = Swift.max(table.rowCount, baseline.rowCount)
        if tracker.touchedRows.count * 16 > rowCount && tracker.touchedRows.count > 64 { return nil }
        let unique = Self.sortedUnique(tracker.touchedRows)

        // Each row's place before and after, located together: one descent
        // per leaf.
        let wasLive = unique.filter { baseline.isLive($0) }
        let isLive = unique.filter { table.isLive($0) }
        let oldPlaces = baseline.placesOfRows(wasLive)
        let newPlaces = table.placesOfRows(isLive)
        var places: [(id: Int32, old: ResultsIndexPath?, new: ResultsIndexPath?)] = []
        places.reserveCapacity(unique.count)
        // Sections whose visible rows changed, by raw index (no section came
        // or went, so raw indexes are the same before and after).
        var rawSections: [Int] = []
        var (oldIndex, newIndex) = (0, 0)
        for id in unique {
            var old: ResultsIndexPath?
            var new: ResultsIndexPath?
            if oldIndex < wasLive.count && wasLive[oldIndex] == id {
                rawSections.append(oldPlaces[oldIndex].rawSection)
                old = oldPlaces[oldIndex].visible
                oldIndex += 1
            }
            if newIndex < isLive.count && isLive[newIndex] == id {
                rawSections.append(newPlaces[newIndex].rawSection)
                new = newPlaces[newIndex].visible
                newIndex += 1
            }
            if old != nil || new != nil { places.append((id, old, new)) }
        }
        // A section that is shown now and was not (or the reverse) is a
        // section change.
        if table.hidesEmptySections || baseline.hidesEmptySections {
            for section in Self.sortedUnique(rawSections) {
                let wasShown = baseline.record(baseline.header(atRaw: section).id).visibleCount > 0
                let isShown = table.record(table.header(atRaw: section).id).visibleCount > 0
                if wasShown != isShown { return nil }
            }
        }

        let replaced = Self.sortedUnique(tracker.contentTouched)
        func changed(_ id: Int32) -> Bool {
            let index = replaced.indices.partitioningIndex { replaced[$0] >= id }
            return index < replaced.count && replaced[index] == id && isChanged(id)
        }
        var rows: [ResultsChangeset<Element, Key>.RowEvent] = []
        // The touched rows' places in each table, in order, to count the
        // touched rows before a place.
        let oldTouched = Self.sortedPaths(places.compactMap(\.old))
        let newTouched = Self.sortedPaths(places.compactMap(\.new))
        func untouchedBefore(_ path: ResultsIndexPath, _ touched: [ResultsIndexPath]) -> Int {
            let sectionStart = touched.indices.partitioningIndex { touched[$0].section >= path.section }
            let before = touched.indices.partitioningIndex { touched[$0].section > path.section || (touched[$0].section == path.section && touched[$0].row >= path.row) }
            return path.row - (before - sectionStart)
        }
        typealias Staying = (id: Int32, old: ResultsIndexPath, new: ResultsIndexPath, untouchedOld: Int, untouchedNew: Int)
        var staying: [Staying] = []
        for place in places {
            switch (place.old, place.new) {
            case (nil, let to?):
                rows.append(.init(.insert(at: to), id: place.id))
            case (let from?, nil):
                rows.append(.init(.delete(at: from), id: place.id))
            case let (from?, to?) where from.section == to.section:
                staying.append((place.id, from, to, untouchedBefore(from, oldTouched), untouchedBefore(to, newTouched)))
            case let (from?, to?):
                rows.append(.init(.move(from: from, to: to, isUpdated: changed(place.id)), id: place.id))
            default:
                break
            }
        }
        // Section by section, each in the order of its new rows.
        Self.sortSmall(&staying) { ($0.old.section, $0.new.row) < ($1.old.section, $1.new.row) }
        var start = 0
        while start < staying.count {
            var end = start + 1
            while end < staying.count && staying[end].old.section == staying[start].old.section { end += 1 }
            // Unmoved: the same number of untouched rows before, and the
            // same order among themselves. When at most one moved, it is
            // the one move; else a subsequence decides which move.
            var moved: Staying?
            var previousOldRow = -1
            var movesSeveral = false
            for row in staying[start..<end] {
                if row.untouchedOld != row.untouchedNew {
                    if moved != nil { movesSeveral = true }
                    moved = row
                } else {
                    if row.old.row < previousOldRow { movesSeveral = true }
                    previousOldRow = row.old.row
                }
            }
            if movesSeveral {
                appendFewestMoves(
                    Array(staying[start..<end]), oldTouched: oldTouched, newTouched: newTouched, changed: changed, to: &rows)
                start = end
                continue
            }
            if let moved {
                rows.append(.init(.move(from: moved.old, to: moved.new, isUpdated: changed(moved.id)), id: moved.id))
            }
            for row in staying[start..<end] where row.untouchedOld == row.untouchedNew && changed(row.id) {
                rows.append(.init(.update(at: row.old, newIndexPath: row.new), id: row.id))
            }
            start = end
        }
        return changeset(sections: [], rows: rows)
    }

    /// Appends the fewest moves (and the updates) of `staying`, the touched
    /// rows that stay in one section, in new order, each with its count of
    /// untouched rows before it in each table; `oldTouched` and
    /// `newTouched` are every touched row's visible place in each table,
    /// in order.
    ///
    /// The rows that stay put are a heaviest increasing subsequence (by
    /// old place, in new order) of the section's rows. Untouched rows keep
    /// their order, so the untouched rows between two consecutive cuts
    /// (the counts of untouched rows before a touched row, old or new)
    /// are together in both tables: one item that stays or moves whole,
    /// weighing its length. Those before the first cut or after the last
    /// are before (after) every touched row in both tables and always
    /// stay: they are left out. Moves are never more than `staying.count`
    /// (keeping every untouched row is one increasing subsequence).
    ///
    /// - Complexity: O(*t* log *t*) for *t* rows in `staying`, plus
    ///   O(log *n*) for each untouched row that moves.
    @inlinable func appendFewestMoves(
        _ staying: [(id: Int32, old: ResultsIndexPath, new: ResultsIndexPath, untouchedOld: Int, untouchedNew: Int)],
        oldTouched: [ResultsIndexPath], newTouched: [ResultsIndexPath], changed: (Int32) -> Bool,
        to rows: inout [ResultsChangeset<Element, Key>.RowEvent]
    ) {
        let section = staying[0].old.section
        var cuts: [Int] = []
        cuts.reserveCapacity(2 * staying.count)
        for row in staying { cuts += [row.untouchedOld, row.untouchedNew] }
        cuts = Self.sortedUnique(cuts)
        // The items in new order: a touched row (its index in `staying`) or
        // the run of untouched rows between cuts `run` and `run + 1`
        // (`-1 - run`); each with its place in the old order (untouched
        // rows before it, then a touched row before the run it precedes,
        // then its old row) and its weight.
        var items: [(item: Int, old: (Int, Int, Int), weight: Int)] = []
        items.reserveCapacity(staying.count + cuts.count)
        var next = 0
        for run in 0..<cuts.count - 1 {
            while next < staying.count && staying[next].untouchedNew <= cuts[run] {
                items.append((next, (staying[next].untouchedOld, 0, staying[next].old.row), 1))
                next += 1
            }
            items.append((-1 - run, (cuts[run], 1, 0), cuts[run + 1] - cuts[run]))
        }
        while next < staying.count {
            items.append((next, (staying[next].untouchedOld, 0, staying[next].old.row), 1))
            next += 1
        }
        var byOldPlace = Array(items.indices)
        byOldPlace.sort { items[$0].old < items[$1].old }
        var rank = [Int](repeating: 0, count: items.count)
        for (position, item) in byOldPlace.enumerated() { rank[item] = position }
        let stays = heaviestIncreasingSubsequence(rank, weights: items.map(\.weight), bound: items.count)

        // The place of the untouched row with `rank` untouched rows before
        // it in the section, given the touched rows' places in order.
        func row(ofUntouched rank: Int, among touched: [ResultsIndexPath]) -> Int {
            let low = touched.indices.partitioningIndex { touched[$0].section >= section }
            let high = (low..<touched.count).partitioningIndex { touched[$0].section > section }
            // The touched rows before it: those whose place less the touched
            // rows before them is at most `rank`.
            return rank + (low..<high).partitioningIndex { touched[$0].row - ($0 - low) > rank } - low
        }
        for (index, entry) in items.enumerated() {
            if entry.item >= 0 {
                let row = staying[entry.item]
                if !stays[index] {
                    rows.append(.init(.move(from: row.old, to: row.new, isUpdated: changed(row.id)), id: row.id))
                } else if changed(row.id) {
                    rows.append(.init(.update(at: row.old, newIndexPath: row.new), id: row.id))
                }
            } else if !stays[index] {
                let run = -1 - entry.item
                for untouched in cuts[run]..<cuts[run + 1] {
                    let from = ResultsIndexPath(row: row(ofUntouched: untouched, among: oldTouched), section: section)
                    let to = ResultsIndexPath(row: row(ofUntouched: untouched, among: newTouched), section: section)
                    guard let id = baseline.row(atVisible: from) else { continue }
                    rows.append(.init(.move(from: from, to: to, isUpdated: changed(id)), id: id))
                }
            }
        }
    }

    /// `values` sorted, each once.
    @inlinable static func sortedUnique<Value: Comparable>(_ values: [Value]) -> [Value] {
        var sorted = values
        sortSmall(&sorted, by: <)
        var kept = 0
        for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeSubrange(kept...)
        return sorted
    }

    /// Index paths in order: by section, then row.
    @inlinable static func sortedPaths(_ paths: [ResultsIndexPath]) -> [ResultsIndexPath] {
        var sorted = paths
        sortSmall(&sorted) { ($0.section, $0.row) < ($1.section, $1.row) }
        return sorted
    }

    /// Sorts `values` stably: by insertion when they are few (the common
    /// batch of a few edits), else by the standard library's sort.
    @inlinable static func sortSmall<Value>(_ values: inout [Value], by areInIncreasingOrder: (Value, Value) -> Bool) {
        guard values.count > 16 else {
            var index = 1
            while index < values.count {
                var position = index
                while position > 0 && areInIncreasingOrder(values[position], values[position - 1]) {
                    values.swapAt(position, position - 1)
                    position -= 1
                }
                index += 1
            }
            return
        }
        // The standard sort is not stable: positions break ties.
        var decorated = values.enumerated().map { ($0.offset, $0.element) }
        decorated.sort { areInIncreasingOrder($0.1, $1.1) || (!areInIncreasingOrder($1.1, $0.1) && $0.0 < $1.0) }
        values = decorated.map(\.1)
    }
}
