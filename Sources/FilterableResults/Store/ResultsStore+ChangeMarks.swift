/// Reporting changes the store cannot see: elements that compare equal
/// though what they show changed.
extension ResultsStore {
    /// Reports the elements with `keys` as changed, though they compare
    /// equal to what the store holds: records read on demand through an
    /// identifier (a Core Data object ID, a database row ID), or instances
    /// of a class changed in place. Each one is placed again, as a replace
    /// places it (a class instance whose sort key, section or filtered
    /// field changed in place moves, shows or hides its row), and each one
    /// still there when the changes are taken is an update (or a move that
    /// is also updated); keys the store does not hold are ignored.
    ///
    ///     try store.setData(sections: table)
    ///     store.markChanged(keys: refreshedIDs)   // their cells are configured again
    ///
    /// Returns how many keys the store holds.
    ///
    /// - Complexity: O(*k* log *n*) for *k* keys, no element stored again
    ///   (nothing another version of the store shares is copied but the
    ///   paths to the rows that move or change visibility).
    @discardableResult
    @inlinable public mutating func markChanged<Keys: Sequence>(keys: Keys) -> Int where Keys.Element == Key {
        markChanged(keys: keys) { _, _ in true }
    }

    /// Marks the rows with `keys` whose element `isMarked` accepts as
    /// changed, and places each again (see ``markChanged(keys:)``);
    /// returns how many it marked.
    ///
    /// - Complexity: O(*k* log *n*) for *k* keys.
    @discardableResult
    @inlinable mutating func markChanged<Keys: Sequence>(
        keys: Keys, where isMarked: (Key, Element) -> Bool
    ) -> Int where Keys.Element == Key {
        var marked = 0
        var placedAgain: [RowID] = []
        for key in keys {
            guard let id = table.row(forKey: key) else { continue }
            let element = element(ofRow: id)
            guard isMarked(key, element) else { continue }
            if marked == 0 { noteMutation() }
            marked += 1
            tracker.touch(id)
            tracker.touchContent(id, rowSlots: table.slots.count)
            tracker.markedRows.insert(id)
            // The element may have changed in place what the filters read,
            // or where the store places it: nothing is stored again, so no
            // chunk of elements the baseline shares is copied.
            if !appliedFilters.isEmpty { table.setVisible(passesFilters(element), ofRow: id) }
            if placesRows { placedAgain.append(id) }
        }
        if !placedAgain.isEmpty { placeAgain(placedAgain) }
        if marked > 0 { _checkInvariantsAfterRowEdit(rows: marked) }
        return marked
    }

    /// Places rows whose elements changed in place where their section
    /// and sort keys now put them, as a stable sort of each section would
    /// after the change: a row level with others keeps its old order among
    /// them, and a row whose section changed goes after its ties there (as
    /// a replace puts it), rows that come to one section keeping their old
    /// order among themselves.
    ///
    /// The rows are taken out first and put back each by one binary search
    /// among the rows that stayed, which are in order: no search stops at
    /// a row not yet placed again.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows (O(*k* log *k*) more to
    ///   order them), plus the sections a row newly needs.
    @inlinable mutating func placeAgain(_ rows: [RowID]) {
        guard placesRows, !rows.isEmpty else { return }
        guard rows.count > 1 else { return restoreOrder(ofRowAt: table.rawPath(ofRow: rows[0])) }
        // The sections rows now belong in exist before any row moves:
        // creating one shifts the raw indices after it.
        if sectioning != nil {
            for id in rows where !belongs(element(ofRow: id), inSection: table.rawPath(ofRow: id).section) {
                _ = sectionIndex(creatingSectionFor: element(ofRow: id))
            }
        }
        // Each row once, with its old place and its section now, in old order.
        var seen = Set<RowID>(minimumCapacity: rows.count)
        var moving: [PlacedAgain] = []
        moving.reserveCapacity(rows.count)
        for id in rows where seen.insert(id).inserted {
            let old = table.rawPath(ofRow: id)
            let element = element(ofRow: id)
            let section = belongs(element, inSection: old.section) ? old.section : sectionIndex(creatingSectionFor: element)
            moving.append(PlacedAgain(id: id, old: old, section: section))
        }
        moving.sort { $0.old < $1.old }
        // Out of the table, the last first (their sections stay, emptied or
        // not, so no raw index moves). A row that stays in its section
        // keeps, as its place among ties, the number of rows that stayed
        // above it.
        for row in moving.reversed() {
            table.removeRow(atRaw: row.old)
            tracker.touch(row.id)
        }
        var taken = 0
        for index in moving.indices {
            if index > 0 && moving[index - 1].old.section != moving[index].old.section { taken = 0 }
            // Rows new to a section come after those that stayed in it.
            moving[index].order = moving[index].section == moving[index].old.section ? index : moving.count + index
            moving[index].placeAmongTies = moving[index].section == moving[index].old.section ? moving[index].old.row - taken : .max
            taken += 1
        }
        // Back in, section by section: each row's gap among the rows that
        // stayed by one search, then the rows sharing a gap by their keys
        // and old order.
        moving.sort { $0.section < $1.section }
        var start = 0
        while start < moving.count {
            let section = moving[start].section
            var end = start
            while end < moving.count && moving[end].section == section { end += 1 }
            let count = rowCount(inSection: section)
            let first = table.rowsBefore(rawSection: section)
            for index in start..<end {
                let element = element(ofRow: moving[index].id)
                let placeAmongTies = moving[index].placeAmongTies
                moving[index].gap = (0..<count).partitioningIndex { row in
                    switch order(of: element, againstRowAtRank: first + row) {
                    case .orderedAscending: true
                    case .orderedDescending: false
                    case .orderedSame: row >= placeAmongTies
                    }
                }
            }
            moving[start..<end].sort { a, b in
                if a.gap != b.gap { return a.gap < b.gap }
                switch sortKeys.compare(element(ofRow: a.id), element(ofRow: b.id)) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: return a.order < b.order
                }
            }
            for (offset, row) in moving[start..<end].enumerated() {
                table.insertRow(row.id, visible: passesFilters(element(ofRow: row.id)), atRaw: RawIndexPath(row: row.gap + offset, section: section))
            }
            start = end
        }
        // A section its rows all left goes, the last first.
        guard sectioning != nil else { return }
        let left = Set(moving.lazy.filter { $0.section != $0.old.section }.map(\.old.section))
        for section in left.sorted(by: >) where rowCount(inSection: section) == 0 {
            removeSection(at: section, ifEmptied: 0)
        }
    }

    /// A row ``placeAgain(_:)`` places: where it was, the section it
    /// belongs in now, and where it goes there.
    @usableFromInline struct PlacedAgain {
        @usableFromInline var id: RowID
        @usableFromInline var old: RawIndexPath
        @usableFromInline var section: Int
        /// Its place in the old order of the rows placed again (after all
        /// of them for a row new to its section).
        @usableFromInline var order = 0
        /// Among rows level with it that stayed, how many go above it (all
        /// of them for a row new to its section).
        @usableFromInline var placeAmongTies = 0
        /// How many of the rows that stayed in its section go above it.
        @usableFromInline var gap = 0

        @inlinable init(id: RowID, old: RawIndexPath, section: Int) {
            self.id = id
            self.old = old
            self.section = section
        }
    }
}
