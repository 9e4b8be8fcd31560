/// Reporting changes the store cannot see: elements that compare equal
/// though what they show changed.
extension ResultsStore {
    /// Reports the elements with `keys` as changed, though they compare
    /// equal to what the store holds: records read on demand through an
    /// identifier (a Core Data object ID, a database row ID), or instances
    /// of a class changed in place. Each one still there when the changes
    /// are taken is an update (or a move that is also updated); keys the
    /// store does not hold are ignored.
    ///
    ///     try store.setData(sections: table)
    ///     store.markChanged(keys: refreshedIDs)   // their cells are configured again
    ///
    /// Returns how many keys the store holds.
    ///
    /// - Complexity: O(*k* log *n*) for *k* keys.
    @discardableResult
    @inlinable public mutating func markChanged<Keys: Sequence>(keys: Keys) -> Int where Keys.Element == Key {
        var marked = 0
        for key in keys {
            guard let id = table.row(forKey: key) else { continue }
            if marked == 0 { noteMutation() }
            marked += 1
            tracker.touch(id)
            tracker.touchContent(id, rowSlots: table.slots.count)
            tracker.markedRows.insert(id)
        }
        return marked
    }
}
