/// The changeset when few rows were touched and no section came or went:
/// each touched row's old and new position, O(log *n*) each.
extension ResultsStore {
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
            // same order among themselves. At most one may have moved.
            var moved: Staying?
            var previousOldRow = -1
            for row in staying[start..<end] {
                if row.untouchedOld != row.untouchedNew {
                    guard moved == nil else { return nil }
                    moved = row
                } else {
                    // Touched rows that changed order among themselves: a
                    // longest increasing subsequence decides which move.
                    if row.old.row < previousOldRow { return nil }
                    previousOldRow = row.old.row
                }
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
