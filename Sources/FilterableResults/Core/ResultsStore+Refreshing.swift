/// Refreshing every loaded page: the pages merge as they arrive, and when
/// the last has, the rows no page returned go.
///
///     store.beginRefresh()
///     for page in 1...loadedPages { try store.merge(try await fetch(page)) }
///     store.endRefresh()
///
/// A complete refresh leaves the table a fresh load of the same pages
/// would (`setData` of them all, in order), except that the rows keep
/// their identities, so a view sees moves and updates, not a reload. Each
/// merge places its page after the previous one, in the order fetched (in
/// a store that places rows itself, by its sort keys and sections); rows
/// not fetched yet follow, until ``endRefresh()`` removes those no page
/// returned. Rows added meanwhile by other means stay. A refresh that is
/// cancelled (``cancelRefresh()``) or never ended removes nothing, and
/// keeps every page it merged.
extension ResultsStore {
    /// What a refresh has seen so far.
    @usableFromInline struct Refresh {
        /// The keys present when the refresh began that no page has
        /// returned yet: what ``endRefresh()`` removes.
        @usableFromInline var unreturned: Set<Key>
        /// The keys of the last page placed: the next page goes after the
        /// last of them still there (at the top when none is).
        @usableFromInline var lastPage: [Key] = []

        @inlinable init(unreturned: Set<Key>) { self.unreturned = unreturned }
    }

    /// Whether a refresh is in progress.
    ///
    /// - Complexity: O(1).
    @inlinable public var isRefreshing: Bool { refresh != nil }

    /// Starts a refresh of every loaded page: the merges that follow place
    /// their pages in the order fetched, and ``endRefresh()`` then removes
    /// the rows present now that no page returned. A refresh in progress
    /// starts over.
    ///
    /// - Complexity: O(*n*).
    @inlinable public mutating func beginRefresh() {
        noteMutation()
        let table = table
        refresh = Refresh(unreturned: Set(table.allRows.map { table.key(ofRow: $0) }))
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
