import FilterableResults
import GRDB

extension DatabaseResults {
    /// Applies one delivery from the writer, in commit order.
    func handle(_ delivery: Delivery<Record, Key>) {
        switch delivery {
        case let .changes(upserted, titles, removed, returned, updated, records, leaving, verified):
            // The rows shown that the request no longer matches left too
            // (rows `REPLACE` deleted unseen).
            var removed = removed
            if let verified {
                let listed = Set(removed)
                removed += shownKeys().filter { !verified.contains($0) && !listed.contains($0) }
            }
            // The records whose content changed are read again. The cache
            // takes the records the commit sent: of the rows that came or
            // changed, as after it; of the rows that left (or moved into
            // another section), as before it, under the stamp they had
            // (versions the update's deletes show, kept until it is applied).
            let store = controller.store
            // A row whose key equals another's as a `Key` though not in
            // SQLite is not shown over it, nor its record given for it:
            // an error names the key.
            let (upserted, leftOut) = Engine.withoutKeysSharedUnseen(upserted, removed: removed + returned, in: store)
            var records = records
            if let duplicate = leftOut.first {
                for key in leftOut { records[key] = nil }
                fail(Self.duplicateKey("\(duplicate)", table: request.table))
            }
            let left = Set(removed)
            cache.invalidate(updated.lazy.filter { !left.contains($0) })
            cache.insert(records)
            cache.keepVersions(leaving) { store.element(forKey: $0)?.stamp }
            // Rows the commit touched without changing keep their stamp: no
            // update. Rows whose order or section values changed are
            // replaced: each is put back in order by binary search, keeping
            // its identity, and the engine's diff reports it moved (a merge
            // sorts the whole section a changed row breaks).
            let (placed, merged) = Engine.sortOut(upserted, changed: Set(updated), in: store)
            // Sections the rows came into take the titles the commit read;
            // a section shown whose title changed (an author renamed) is
            // refreshed in the same batch, keeping its rows and cells.
            let savedTitles = sectionTitles.saved
            let retitled = sectionTitles.merge(titles)
            do {
                try Engine.apply(controller, placed: placed, merged: merged, removed: removed, retitled: retitled)
            } catch {
                sectionTitles.restore(savedTitles)
                fail(.invalidArgument("\(error)"))
            }
            // (The records held for the rows it deleted go with the
            // `.release` that follows, once the update is reported.)
            cache.invalidate(removed)
            cache.dropVersions(leaving.keys)
        case let .reload(fetched):
            // A row still there shows its record now, never one held for
            // its old rowid or key (held records are read after the database).
            cache.invalidateAll()
            let savedTitles = sectionTitles.saved
            _ = sectionTitles.replace(with: fetched.titles)
            if reload(fetched.entries, restoringTitles: savedTitles)?.foldedDuplicates ?? 0 > 0 {
                fail(Self.duplicateKey(in: fetched.entries, table: request.table))
            }
        case let .refetch(query, entries, refresh, done):
            if refresh { cache.invalidateAll() }
            apply(query, entries.entries, titles: entries.titles, refresh: refresh)
            done()
        case let .narrow(query, base, matched, candidates, leaving, done):
            // The records of the rows that leave, for the batch that reports them.
            let store = controller.store
            cache.keepVersions(leaving) { store.element(forKey: $0)?.stamp }
            let applied = request.serial == base && narrow(query, matched: matched, candidates: candidates)
            cache.dropVersions(leaving.keys)
            done(applied)
        case let .narrowInMemory(query, base, columns, folded, done):
            done(request.serial == base && narrowInMemory(query, columns: columns, folded: folded))
        case let .failure(error):
            fail(error)
        case let .release(keys):
            heldUntilReported += keys
        case let .marker(done):
            done()
        }
        releaseHeldIfReported()
    }

    /// Lets go of the records held for rows deleted by the commits applied
    /// so far, once the table the view was last told about is the table
    /// now (not inside the app's batch, nor while it pauses updates): no
    /// view then shows those rows.
    ///
    /// - Complexity: O(*k*) for *k* records held.
    func releaseHeldIfReported() {
        guard !heldUntilReported.isEmpty, controller.updatesEnabled, !controller.isBatching else { return }
        cache.releaseHeld(heldUntilReported)
        heldUntilReported.removeAll()
    }

    /// Above this many rows inserted and removed, a request change is a reload.
    static var reloadThreshold: Int { 10_000 }

    /// Replaces the table by `entries` (sorted and sectioned for `request`
    /// when given; every section made anew, titled from ``sectionTitles``)
    /// and reports a reload, returning what `setData` folded; when that
    /// fails, puts back the section titles `restoringTitles` (those held
    /// before the new ones were set), records the error and returns `nil`.
    ///
    /// Inside the app's batch, or while the app has paused updates, the
    /// table is replaced all the same and reported as the app's own
    /// `endUpdates` or `setUpdatesEnabled(true)` reports it.
    @discardableResult
    func reload(
        _ entries: [IndexEntry<Key>], organizedFor request: DatabaseResultsRequest? = nil,
        restoringTitles savedTitles: [DatabaseValue: String]? = nil
    ) -> ResultsStore<IndexEntry<Key>, Key>.MergeSummary? {
        let titles = sectionTitles
        do {
            return try Engine.reload(
                controller, entries, organizing: request.map { ([IndexEntry.sortKey($0.ordering)], IndexEntry.sectioning($0, titles: titles)) })
        } catch {
            if let savedTitles { titles.restore(savedTitles) }
            fail(.invalidArgument("\(error)"))
            return nil
        }
    }

    /// Shows a new request's rows as one animated batch: rows kept keep
    /// their content (a filter change reports no updates), unless
    /// `refresh` (their content may have changed unseen: `entries` carry a
    /// new stamp, and every row kept is reported updated). `titles` are
    /// every section's title, by id (with a section title column). A
    /// request organized anew (another order or sections: a
    /// ``setRequest(_:)``, or a change made from one) sorts and sections
    /// the rows anew.
    func apply(_ query: EntryQuery, _ entries: [IndexEntry<Key>], titles: [DatabaseValue: String], refresh: Bool = false) {
        let new = query.request
        let reorganize = new.organization != request.organization
        let store = controller.store
        let carried = refresh ? entries : entries.map { entry in
            var entry = entry
            entry.stamp = store.element(forKey: entry.key)?.stamp ?? entry.stamp
            return entry
        }
        // A request that swaps most of a large table (a first keystroke over
        // a million rows) is a reload: no view animates ten thousand rows,
        // and the engine's diff would cost more than the query.
        let kept = carried.reduce(0) { count, entry in store.contains(key: entry.key) ? count + 1 : count }
        let savedTitles = sectionTitles.saved
        let retitled = sectionTitles.replace(with: titles)
        if (store.rawCount - kept) + (carried.count - kept) > Self.reloadThreshold {
            cache.invalidateAll()
            guard let summary = reload(carried, organizedFor: new, restoringTitles: savedTitles) else { return }
            adopt(new, folded: summary.foldedDuplicates, of: carried)
            return
        }
        var folded = 0
        do {
            try controller.performBatchUpdates { () throws(ResultsError) in
                if !reorganize {
                    folded = try controller.merge(carried, prune: true).foldedDuplicates
                    // The sections kept keep their titles unless told (`setData` makes them anew).
                    if retitled { try controller.refreshSectionTitles() }
                } else {
                    try controller.setSortKeys([IndexEntry.sortKey(new.ordering)])
                    try controller.setSectioning(IndexEntry.sectioning(new, titles: sectionTitles))
                    folded = try controller.setData(carried).foldedDuplicates
                }
            }
        } catch {
            sectionTitles.restore(savedTitles)
            fail(.invalidArgument("\(error)"))
            return
        }
        adopt(new, folded: folded, of: carried)
    }

    /// Makes `new` the request shown, its rows `entries`: the error is
    /// cleared, or when the table folded rows of keys equal as `Key`s
    /// (`folded`), names one of them.
    func adopt(_ new: DatabaseResultsRequest, folded: Int, of entries: [IndexEntry<Key>]) {
        request = new
        error = nil
        if folded > 0 { fail(Self.duplicateKey(in: entries, table: new.table)) }
    }

    /// Shows a narrower request by removing the rows shown that are not
    /// `matched`, as one batch (a reload above ``reloadThreshold`` rows
    /// removed); `false`, changing nothing, when a row shown is not among
    /// `candidates`.
    func narrow(_ query: EntryQuery, matched: Set<Key>, candidates: Set<Key>?) -> Bool {
        let snapshot = controller.snapshot
        var kept: [IndexEntry<Key>] = []
        var removed: [Key] = []
        for section in 0..<snapshot.numberOfSections {
            for entry in snapshot.elements(inSection: section) {
                if let candidates, !candidates.contains(entry.key) { return false }
                if matched.contains(entry.key) { kept.append(entry) } else { removed.append(entry.key) }
            }
        }
        if removed.count > Self.reloadThreshold {
            guard reload(kept) != nil else { return true }
        } else if !removed.isEmpty {
            do {
                try Engine.apply(controller, placed: [], merged: [], removed: removed, retitled: false)
            } catch {
                fail(.invalidArgument("\(error)"))
                return true
            }
        }
        request = query.request
        error = nil
        return true
    }

    /// Shows a narrower search by testing the ordering values held at
    /// `columns` for `folded` text (as its SQL function tests the columns),
    /// removing the rows shown that do not match as one batch (a reload
    /// above ``reloadThreshold`` rows); the records of the rows that leave
    /// are read when the batch can report them.
    func narrowInMemory(_ query: EntryQuery, columns: [Int], folded: String) -> Bool {
        let (kept, removed) = IndexEntry.partition(controller.snapshot, columns: columns, folded: folded)
        var leaving: [Key: Record] = [:]
        if !removed.isEmpty, removed.count <= observer.recordLimit { leaving = cache.load(removed) }
        let store = controller.store
        cache.keepVersions(leaving) { store.element(forKey: $0)?.stamp }
        defer { cache.dropVersions(leaving.keys) }
        if removed.count > Self.reloadThreshold {
            guard reload(kept) != nil else { return true }
        } else if !removed.isEmpty {
            do {
                try Engine.apply(controller, placed: [], merged: [], removed: removed, retitled: false)
            } catch {
                fail(.invalidArgument("\(error)"))
                return true
            }
        }
        request = query.request
        error = nil
        return true
    }

    /// Records an error; the table stays as it is.
    func fail(_ error: ResultsError) {
        self.error = error
        onError?(error)
    }
}
