import FilterableResults
import GRDB

extension DatabaseResults {
    /// Applies one delivery from the writer, in commit order.
    func handle(_ delivery: Delivery<Record>) {
        switch delivery {
        case let .changes(upserted, removed, updated, records, leaving):
            // The records whose content changed are read again; the update
            // is built with the records sent, those of the rows that left as
            // they were.
            cache.invalidate(updated)
            generation += 1
            sent = (records, leaving)
            defer { sent = ([:], [:]) }
            // Rows the commit touched without changing keep their stamp: no update.
            let changed = Set(updated)
            let store = controller.store
            let upserted = upserted.map { entry in
                var entry = entry
                if !changed.contains(entry.rowID), let kept = store.element(forKey: entry.rowID) { entry.stamp = kept.stamp }
                return entry
            }
            do {
                try controller.performBatchUpdates { () throws(ResultsError) in
                    if !upserted.isEmpty { try controller.merge(upserted) }
                    if !removed.isEmpty { try controller.remove(keys: removed) }
                }
            } catch {
                fail(.invalidArgument("\(error)"))
            }
            // The view now shows the table after the commit: the records
            // held for the rows it deleted are no longer needed.
            cache.invalidate(removed)
            cache.releaseHeld(removed)
        case let .reload(entries):
            cache.invalidateAll()
            reload(entries)
        case let .refetch(query, entries, reorganize, done):
            apply(query, entries, reorganize: reorganize)
            done()
        case let .failure(error):
            fail(error)
        case let .marker(done):
            done()
        }
    }

    /// Replaces the table by `entries` and reports a reload.
    func reload(_ entries: [IndexEntry]) {
        generation += 1
        do {
            try controller.setUpdatesEnabled(false)
            try controller.setData(entries)
            try controller.setUpdatesEnabled(true)
        } catch {
            fail(.invalidArgument("\(error)"))
        }
    }

    /// Shows a new request's rows as one animated batch: rows kept keep
    /// their content (a filter change reports no updates).
    func apply(_ query: EntryQuery, _ entries: [IndexEntry], reorganize: Bool) {
        let new = query.request
        let store = controller.store
        let carried = entries.map { entry in
            var entry = entry
            entry.stamp = store.element(forKey: entry.rowID)?.stamp ?? entry.stamp
            return entry
        }
        generation += 1
        do {
            try controller.performBatchUpdates { () throws(ResultsError) in
                if !reorganize {
                    try controller.merge(carried, prune: true)
                } else {
                    try controller.setSortKeys([IndexEntry.sortKey(new.ordering)])
                    try controller.setSectioning(Self.sectioning(new))
                    try controller.setData(carried)
                }
            }
        } catch {
            fail(.invalidArgument("\(error)"))
            return
        }
        request = new
        error = nil
    }

    /// Records an error; the table stays as it is.
    func fail(_ error: DatabaseResultsError) {
        self.error = error
        onError?(error)
    }
}
