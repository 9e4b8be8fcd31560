import FilterableResults
import GRDB

/// The engine calls a source makes with many rows, specialised for the
/// common keys (`Int64`, `String`). `DatabaseResults` is generic over its
/// record and key, so the engine's inlinable code it calls runs
/// unspecialised, looking up generic metadata at every step: a copy for a
/// concrete key runs that code specialised instead.
enum Engine {
    /// Fills a new store with `entries` (a source's first table).
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func setData<Key>(
        _ store: inout ResultsStore<IndexEntry<Key>, Key>, _ entries: [IndexEntry<Key>]
    ) throws(ResultsError) -> ResultsStore<IndexEntry<Key>, Key>.MergeSummary {
        try store.setData(entries)
    }

    /// Replaces the controller's rows with `entries` (sorted by `sortKeys`
    /// and sectioned by `sectioning` when `organizing`) and reports one
    /// reload (returning what `setData` folded, keys repeated among them): updates are paused around the change, unless the app's
    /// batch is open or the app paused them (its `endUpdates` or
    /// `setUpdatesEnabled(true)` reports it then). The sections are made
    /// anew, a sectioning by id's titles read again.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func reload<Key>(
        _ controller: ResultsController<IndexEntry<Key>, Key>, _ entries: [IndexEntry<Key>],
        organizing: (sortKeys: [ResultsSortKey<IndexEntry<Key>>], sectioning: ResultsSectioning<IndexEntry<Key>>?)?
    ) throws(ResultsError) -> ResultsStore<IndexEntry<Key>, Key>.MergeSummary {
        let pausesHere = controller.updatesEnabled && !controller.isBatching
        if pausesHere { try controller.setUpdatesEnabled(false) }
        if let organizing {
            try controller.setSortKeys(organizing.sortKeys)
            try controller.setSectioning(organizing.sectioning)
        }
        let summary = try controller.setData(entries)
        if pausesHere { try controller.setUpdatesEnabled(true) }
        return summary
    }

    /// The key at `indexPath` of `entries` (a view's read of a row: the
    /// snapshot's own lookup, generic over the key, looks up type
    /// metadata at each step).
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func key<Key>(at indexPath: ResultsIndexPath, in entries: ResultsSnapshot<IndexEntry<Key>, Key>) -> Key? {
        entries.key(at: indexPath)
    }

    /// A commit's rows that came or were touched, sorted out for
    /// ``apply(_:placed:merged:removed:retitled:)``: rows held whose order or
    /// section values changed are `placed` (each put back in order by
    /// binary search, keeping its identity); new rows and rows whose place
    /// stays are `merged`. A row held that is not among `changed` (touched
    /// without a change of content) keeps its stamp: no update.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func sortOut<Key>(
        _ upserted: [IndexEntry<Key>], changed: Set<Key>, in store: ResultsStore<IndexEntry<Key>, Key>
    ) -> (placed: [IndexEntry<Key>], merged: [IndexEntry<Key>]) {
        var placed: [IndexEntry<Key>] = []
        var merged: [IndexEntry<Key>] = []
        for var entry in upserted {
            if let kept = store.element(forKey: entry.key) {
                if !changed.contains(entry.key) { entry.stamp = kept.stamp }
                if !entry.hasSamePlace(as: kept) {
                    placed.append(entry)
                    continue
                }
            }
            merged.append(entry)
        }
        return (placed, merged)
    }

    /// The entries of `upserted` (a commit's rows that came or changed)
    /// without those whose key equals, as a `Key`, the key of another row
    /// that SQLite holds apart (text differing only in Unicode
    /// normalisation): a row `store` shows,
    /// or an earlier entry of the commit. Such an entry would replace the
    /// other row under their one key; it is left out, and its key
    /// returned, for the error. A key that left in the commit is not
    /// compared (a row given a key equal to its old one, or deleted and
    /// inserted again).
    ///
    /// - Complexity: O(*k*) for *k* entries, plus a lookup each in `store`.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func withoutKeysSharedUnseen<Key>(
        _ upserted: [IndexEntry<Key>], removed: [Key], in store: ResultsStore<IndexEntry<Key>, Key>
    ) -> (entries: [IndexEntry<Key>], leftOut: [Key]) {
        // An Int64 key is equal as a Key exactly when it is in SQLite.
        if Key.self == Int64.self { return (upserted, []) }
        let removed = Set(removed)
        var seen: [Key: DatabaseValue] = [:]
        var leftOut: [Key] = []
        let entries = upserted.filter { entry in
            let value = entry.key.databaseValue
            if let earlier = seen[entry.key] ?? (removed.contains(entry.key) ? nil : store.element(forKey: entry.key)?.key.databaseValue),
               !IndexEntry<Key>.isSame(earlier, value) {
                leftOut.append(entry.key)
                return false
            }
            seen[entry.key] = value
            return true
        }
        return (entries, leftOut)
    }

    /// One commit's batch: rows put back in order, merged, removed, and
    /// when `retitled`, the sections' titles derived again.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func apply<Key>(
        _ controller: ResultsController<IndexEntry<Key>, Key>, placed: [IndexEntry<Key>], merged: [IndexEntry<Key>], removed: [Key],
        retitled: Bool
    ) throws(ResultsError) {
        try controller.performBatchUpdates { () throws(ResultsError) in
            if !placed.isEmpty { try controller.replaceAll(placed) }
            if !merged.isEmpty { try controller.merge(merged) }
            if !removed.isEmpty { try controller.remove(keys: removed) }
            if retitled { try controller.refreshSectionTitles() }
        }
    }
}
