/// Refreshing every loaded page of a paginated list (pull to refresh).
extension ResultsController {
    /// Whether a refresh is in progress.
    ///
    /// - Complexity: O(1).
    public var isRefreshing: Bool { _store.isRefreshing }

    /// Refreshes every loaded page: runs `body`, which merges the pages
    /// again as they arrive, then removes, as one update, the rows that
    /// were there before and that no page returned.
    ///
    ///     try await products.refresh {
    ///         for page in 1...loadedPages {
    ///             try products.merge(try await api.products(page: page))
    ///         }
    ///     }
    ///
    /// Each merge is an update of its own, animated as it arrives: the
    /// screen shows fresh rows page by page and stays interactive, and the
    /// user's own edits between pages are reported as theirs (one update
    /// at the end would hold a batch open across every `await`). A page's
    /// rows take the order fetched, after the previous page's (see
    /// ``ResultsStore/beginRefresh()``), so a complete refresh leaves the
    /// table a fresh load of the same pages would, with rows keeping their
    /// identity. Rows added meanwhile by other means stay.
    ///
    /// If `body` throws, or the task is cancelled, nothing is removed and
    /// every page merged stays; the error is rethrown (`CancellationError`
    /// for a cancelled task). Pages can also be merged with
    /// ``prepareAndApply(onConflict:isolation:_:)`` off the caller's actor:
    /// the refresh travels with the store.
    ///
    /// - Throws: ``ResultsError/refreshInProgress`` when another refresh is
    ///   running, what `body` throws, or `CancellationError`.
    /// - Complexity: O(*n*) to start, plus `body`, plus the removal at the end.
    public func refresh(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async throws {
        try mutate { store throws(ResultsError) in
            if store.isRefreshing { throw .refreshInProgress }
            store.beginRefresh()
        }
        do {
            try await body()
            try Task.checkCancellation()
        } catch {
            _store.cancelRefresh()
            throw error
        }
        try mutate { store throws(ResultsError) in _ = store.endRefresh() }
    }
}
