/// Refreshing every loaded page: the pages merge as they arrive, and when
/// the last has, the rows no page returned go.
///
///     store.beginRefresh()
///     for page in 1...loadedPages { try store.mergeRefreshPage(try await fetch(page)) }
///     store.endRefresh()
///
/// In a store of one section that does not place rows itself, each page
/// goes after the previous one, in the order fetched (a key on two pages
/// stays where it came first), and the rows not fetched yet follow; in one
/// that places rows (sorted, sectioned by value) or has several sections
/// made by hand, rows go where a merge puts them. A complete refresh of a
/// one-section store thus leaves what a fresh load of the same pages would
/// (`setData` of them all, in order), except that rows keep their
/// identities, so a view sees moves and updates, not a reload.
///
/// Only pages count: rows added or merged meanwhile by other means stay
/// where they are, and are removed at the end only if they were there when
/// the refresh began and no page returned them. A refresh that is
/// cancelled (``cancelRefresh()``) or never ended removes nothing, and
/// keeps every page it merged.
extension ResultsStore {
    /// What a refresh has seen so far.
    @usableFromInline struct Refresh {
        /// The keys present when the refresh began that no page has
        /// returned yet: what ``endRefresh()`` removes.
        @usableFromInline var unreturned: Set<Key>
        /// The keys the pages returned.
        @usableFromInline var returned: Set<Key> = []
        /// The keys of the last page placed: the next page goes after the
        /// last of them still there (at the top when none is).
        @usableFromInline var lastPage: [Key] = []

        @inlinable init(unreturned: Set<Key>) { self.unreturned = unreturned }
    }

    /// Whether a refresh is in progress.
    ///
    /// - Complexity: O(1).
    @inlinable public var isRefreshing: Bool { refresh != nil }

    /// Starts a refresh of every loaded page: the pages merged with
    /// ``mergeRefreshPage(_:)`` take the order fetched, and
    /// ``endRefresh()`` then removes the rows present now that no page
    /// returned. A refresh in progress starts over.
    ///
    /// - Complexity: O(*n*).
    @inlinable public mutating func beginRefresh() {
        noteMutation()
        let table = table
        refresh = Refresh(unreturned: Set(table.allRows.map { table.key(ofRow: $0) }))
    }

    /// Merges one page of the refresh in progress: an upsert by key, as
    /// ``merge(_:sortedBy:prune:keepingFetchOrder:)``, placed after the
    /// previous page in the order fetched (see ``beginRefresh()``). Without
    /// a refresh in progress, it is a plain merge.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)`` before changing anything.
    /// - Complexity: O(*m* log *n*) for *m* elements.
    @discardableResult
    @inlinable public mutating func mergeRefreshPage(_ page: [Element]) throws(ResultsError) -> MergeSummary {
        guard self.refresh != nil else { return try merge(page) }
        let keys = try requireKeys(of: page)
        // Taken out while it changes, so that its sets are not copied.
        var refresh = self.refresh!
        self.refresh = nil
        noteMutation()
        var summary = MergeSummary()
        let (rows, isNew, changed, _) = upsert(page, keys: keys, prune: false, summary: &summary)
        if !placesRows && table.numberOfSections <= 1 {
            // A key an earlier page returned stays where it came first.
            let placed = zip(rows, isNew).filter { $0.1 || !refresh.returned.contains(key(ofRow: $0.0)) }
            placeInFetchOrder(placed.map(\.0), isNew: placed.map(\.1), after: refresh.lastPage)
            if !placed.isEmpty { refresh.lastPage = placed.map { key(ofRow: $0.0) } }
        } else {
            placeMergedRows(rows, isNew: isNew, changed: changed)
        }
        refresh.unreturned.subtract(keys)
        refresh.returned.formUnion(keys)
        self.refresh = refresh
        _checkInvariants()
        return summary
    }

    /// Ends the refresh in progress: removes, as one change, the rows
    /// present when it began that no page of it returned. Returns how many
    /// were removed; 0 when no refresh is in progress.
    ///
    /// - Complexity: O(*r* log *n*) for *r* rows removed; O(*n*) when they are many.
    @discardableResult
    @inlinable public mutating func endRefresh() -> Int {
        guard let refresh else { return 0 }
        noteMutation()
        self.refresh = nil
        return remove(keys: refresh.unreturned)
    }

    /// Stops the refresh in progress without removing anything: the pages
    /// it merged stay.
    ///
    /// - Complexity: O(1).
    @inlinable public mutating func cancelRefresh() {
        guard refresh != nil else { return }
        noteMutation()
        refresh = nil
    }
}
