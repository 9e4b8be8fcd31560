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
    /// - Complexity: O(*k* log *n*) for *k* keys, each placed in a section
    ///   no other marked row reaches; O(*m* log *m*) more for a sorted
    ///   section of *m* rows that several reach.
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
        if marked > 0 { _checkInvariants() }
        return marked
    }

    /// Places rows whose elements changed in place where their section
    /// and sort keys now put them: each as a replace would, then once more
    /// where it was alone among in-order rows, while a sorted section that
    /// several reach is sorted again, stably (a search among rows not yet
    /// placed again can stop at the wrong place).
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows in sections of their own,
    ///   plus O(*m* log *m*) for a sorted section of *m* rows that several
    ///   reach.
    @inlinable mutating func placeAgain(_ rows: [RowID]) {
        for id in rows { restoreOrder(ofRowAt: table.rawPath(ofRow: id)) }
        guard rows.count > 1, !sortKeys.isEmpty else { return }
        var rowsBySection: [Int: Set<RowID>] = [:]
        for id in rows { rowsBySection[table.rawPath(ofRow: id).section, default: []].insert(id) }
        for (section, ids) in rowsBySection {
            if ids.count == 1 {
                restoreOrder(ofRowAt: table.rawPath(ofRow: ids.first!))
            } else {
                sortRows(inSection: section, by: sortKeys)
            }
        }
    }
}
