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
        var rawSections = Set<Int>()
        var (oldIndex, newIndex) = (0, 0)
        for id in unique {
            var old: ResultsIndexPath?
            var new: ResultsIndexPath?
            if oldIndex < wasLive.count && wasLive[oldIndex] == id {
                rawSections.insert(oldPlaces[oldIndex].rawSection)
                old = oldPlaces[oldIndex].visible
                oldIndex += 1
            }
            if newIndex < isLive.count && isLive[newIndex] == id {
                rawSections.insert(newPlaces[newIndex].rawSection)
                new = newPlaces[newIndex].visible
                newIndex += 1
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
            return path.row - rows.indices.partitioningIndex { rows[$0] >= path.row }
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
}
