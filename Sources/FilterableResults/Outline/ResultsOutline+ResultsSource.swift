// MARK: - Batching

extension ResultsOutline {
    /// Runs `body`'s edits as one batch, reported when the outermost batch
    /// ends. It is atomic: if `body` throws, the outline is as it was.
    ///
    ///     try outline.performBatchUpdates { () throws(ResultsError) in
    ///         try outline.merge(listing, under: folder)
    ///         try outline.expand(folder)
    ///     }   // one update
    ///
    /// - Throws: what `body` throws, or ``ResultsError/changedDuringNotification``.
    /// - Complexity: that of `body`, plus the changeset.
    @inlinable public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let saved = (expandedKeys, appliedFilters, tree.roots)
        do {
            try controller.performBatchUpdates(body)
        } catch {
            (expandedKeys, appliedFilters) = (saved.0, saved.1)
            restoreTreeFromStore(roots: saved.2)
            throw error
        }
    }

    /// Opens a batch; batches nest, and the changes are reported when the
    /// outermost one ends.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification``.
    /// - Complexity: O(1).
    @inlinable public func beginUpdates() throws(ResultsError) { try controller.beginUpdates() }

    /// Closes the batch opened last; the outermost reports the changes.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open batch.
    /// - Complexity: O(1), plus the changeset at the outermost end.
    @inlinable public func endUpdates() throws(ResultsError) { try controller.endUpdates() }

    /// Pauses reporting changes (`false`), or resumes it (`true`) with one
    /// reload when anything changed meanwhile.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch.
    /// - Complexity: O(1), plus the reload.
    @inlinable public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) { try controller.setUpdatesEnabled(enabled) }
}

// MARK: - As a source

extension ResultsOutline: ResultsSource {
    /// The table as last reported: what a view that applied every update shows.
    ///
    /// - Complexity: O(1).
    @inlinable public var reportedSnapshot: ResultsSnapshot<Row, Key> { controller.reportedSnapshot }
    /// Whether a batch is open.
    ///
    /// - Complexity: O(1).
    @inlinable public var isBatching: Bool { controller.isBatching }
    /// Whether changes are reported (see ``setUpdatesEnabled(_:)``).
    ///
    /// - Complexity: O(1).
    @inlinable public var updatesEnabled: Bool { controller.updatesEnabled }

    /// Calls `handler` with every update from now on, until the returned
    /// observation is cancelled or released.
    ///
    /// - Complexity: O(1).
    @inlinable public func observe(_ handler: @escaping (ResultsUpdate<ResultsSnapshot<Row, Key>>) -> Void) -> ResultsObservation {
        controller.observe(handler)
    }

    /// No row: an item moves by naming another parent (see ``replace(_:)``).
    ///
    /// - Complexity: O(1).
    @inlinable public func canMoveRow(at indexPath: ResultsIndexPath, in shown: ResultsSnapshot<Row, Key>) -> Bool { false }

    /// Refuses: an item moves by naming another parent (see ``replace(_:)``).
    ///
    /// - Throws: ``ResultsError/moveNotAllowed(from:to:reason:)`` always.
    /// - Complexity: O(1).
    @inlinable public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<Row, Key>) throws(ResultsError) {
        throw .moveNotAllowed(from: source, to: destination, reason: "an outline's item moves by naming another parent: replace it")
    }
}
