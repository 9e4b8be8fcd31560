/// Refreshing every loaded page of a paginated list (pull to refresh).
extension ResultsController {
    /// Whether a refresh is in progress.
    ///
    /// - Complexity: O(1).
    public var isRefreshing: Bool { _store.isRefreshing }

    /// Refreshes every loaded page: runs `body`, which merges the pages
    /// again as they arrive with ``mergeRefreshPage(_:)``, then removes, as
    /// one update, the rows that were there before and that no page
    /// returned.
    ///
    ///     try await products.refresh {
    ///         for page in 1...loadedPages {
    ///             try products.mergeRefreshPage(try await api.products(page: page))
    ///         }
    ///     }
    ///
    /// Each page is an update of its own, animated as it arrives: the
    /// screen shows fresh rows page by page and stays interactive, and the
    /// user's own edits between pages are reported as theirs (one update
    /// at the end would hold a batch open across every `await`). Pages
    /// take the order fetched, after the previous page's (see
    /// ``ResultsStore/beginRefresh()``), so a complete refresh of a
    /// one-section list leaves the table a fresh load of the same pages
    /// would, with rows keeping their identity. Only pages count: rows
    /// added or merged meanwhile by other means stay where they are.
    ///
    /// If `body` throws, or the task is cancelled, nothing is removed and
    /// every page merged stays; the error is rethrown (`CancellationError`
    /// for a cancelled task). A page can also be merged off the caller's
    /// actor, with ``prepareAndApply(onConflict:isolation:_:)`` and
    /// ``ResultsStore/mergeRefreshPage(_:)``: the refresh travels with the
    /// store.
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
            try mutate { store throws(ResultsError) in _ = store.endRefresh() }
        } catch {
            _store.cancelRefresh()   // changes no row: nothing to report
            throw error
        }
    }

    /// Merges one page of the refresh in progress: an upsert by key,
    /// placed after the previous page in the order fetched; one update.
    /// Without a refresh in progress, it is a plain merge.
    ///
    /// - Throws: ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``; nothing changes then.
    /// - Complexity: see ``ResultsStore/mergeRefreshPage(_:)``.
    @discardableResult
    public func mergeRefreshPage(_ page: [Element]) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        try mutate { store throws(ResultsError) in try store.mergeRefreshPage(page) }
    }
}
