/// The changeset by the whole-table diff (``TableDiff``), for every other
/// batch.
extension ResultsStore {
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
            let event: RowChange = switch change.kind {
            case .insert: .insert(at: change.to!)
            case .delete: .delete(at: change.from!)
            case .move: .move(from: change.from!, to: change.to!, isUpdated: change.isUpdated)
            case .update: .update(at: change.from!, newIndexPath: change.to!)
            }
            return .init(event, id: change.id)
        })
    }
}
