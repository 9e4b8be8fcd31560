/// The changeset by the whole-table diff, for every other batch: by
/// ``SingleSectionDiff`` when the visible table is one section before and
/// after, the same one; else by ``TableDiff``.
extension ResultsStore {
    /// The changes by the whole-table diff.
    @inlinable func wholeTableChangeset() -> ResultsChangeset<Element, Key> {
        let slotCount = Swift.max(baseline.slots.count, table.slots.count)
        let changed = changedRows(slotCount: slotCount)
        let old = baseline.visibleTable, new = table.visibleTable
        if old.count == 1 && new.count == 1 && old[0].identity == new[0].identity {
            let diff = SingleSectionDiff(old: old[0].rows, new: new[0].rows, changed: changed)
            return ResultsChangeset(sectionChanges: [], events: diff.events(slotCount: slotCount), old: baseline, new: table)
        }
        return tableDiffChangeset(old: old, new: new, slotCount: slotCount, changed: changed)
    }

    /// Whether each row's content changed since the baseline, by identity;
    /// empty when no row's element was replaced.
    @inlinable func changedRows(slotCount: Int) -> [Bool] {
        guard !tracker.contentTouched.isEmpty else { return [] }
        var changed = [Bool](repeating: false, count: slotCount)
        if tracker.exactContentVersion === version && tracker.markedRows.isEmpty {
            for id in tracker.contentTouched { changed[Int(id)] = true }
            return changed
        }
        for id in tracker.contentTouched where !changed[Int(id)] {
            if baseline.isLive(id) && table.isLive(id) { changed[Int(id)] = isChanged(id) }
        }
        return changed
    }

    /// The changes from the visible table `old` to `new` by ``TableDiff``.
    @inlinable func tableDiffChangeset(
        old: [VisibleSection], new: [VisibleSection], slotCount: Int, changed: [Bool]
    ) -> ResultsChangeset<Element, Key> {
        var diff = TableDiff(old: old, new: new, slotCount: slotCount, changed: changed)
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
