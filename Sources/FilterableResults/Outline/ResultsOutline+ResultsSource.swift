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

    /// Whether the user may drag the row at `indexPath` of `shown`: its
    /// item is still here and the parent key path is writable.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func canMoveRow(at indexPath: ResultsIndexPath, in shown: ResultsSnapshot<Row, Key>) -> Bool {
        setParentKey != nil && shown.key(at: indexPath).map { tree[$0] != nil } == true
    }

    /// Moves the item the user dragged in `shown` from `source` to
    /// `destination` (in the table after the move, as a table view's
    /// reorder gives it): it is dropped between two rows the user saw and
    /// takes their parent, that of the row below it (or, at the end of a
    /// section, of the row above), before that row (or after the one
    /// above); see ``move(_:to:)``. Its subtree moves with it.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path outside `shown`;
    ///   ``ResultsError/moveNotAllowed(from:to:reason:)`` when the item, or
    ///   the rows it was dropped between, were removed since `shown`; and
    ///   what ``move(_:to:)`` throws. Nothing changes then.
    /// - Complexity: that of ``move(_:to:)``, plus O(log *n*).
    @inlinable public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<Row, Key>) throws(ResultsError) {
        guard let key = shown.key(at: source) else {
            throw .indexPathOutOfRange(source, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: source.section))
        }
        guard let count = shown.numberOfElements(inSection: destination.section) else {
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: nil)
        }
        let limit = count - (destination.section == source.section ? 1 : 0)
        guard destination.row >= 0, destination.row <= limit else {
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: limit)
        }
        guard tree[key] != nil else {
            throw .moveNotAllowed(from: source, to: destination, reason: "its item was removed after the view showed it")
        }
        // The rows of the destination section as the user sees them, the dragged row taken out.
        func shownKey(atRow row: Int) -> Key? {
            guard row >= 0, row < limit else { return nil }
            let skipped = destination.section == source.section && row >= source.row ? row + 1 : row
            return shown.key(at: ResultsIndexPath(row: skipped, section: destination.section))
        }
        let target: Destination
        if let below = shownKey(atRow: destination.row) {
            target = .before(below)
        } else if let above = shownKey(atRow: destination.row - 1) {
            target = .after(above)
        } else if destination.section == source.section {
            return   // alone in its section, dropped where it was
        } else {
            throw .moveNotAllowed(from: source, to: destination, reason: "the section shows no row to drop it beside")
        }
        switch target {
        case let .before(anchor), let .after(anchor), let .onto(anchor):
            guard tree[anchor] != nil else {
                throw .moveNotAllowed(from: source, to: destination, reason: "the rows it was dropped between were removed after the view showed them")
            }
        }
        try move(key, to: target)
    }
}
