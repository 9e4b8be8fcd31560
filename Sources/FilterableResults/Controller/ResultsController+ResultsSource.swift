/// A controller as the source of a data source: a user's drag is read in
/// the table the view shows.
extension ResultsController: ResultsSource {
    /// Whether the user may drag the row at `indexPath` of `shown`: `false`
    /// in a sorted or sectioned-by-value store, which places rows itself,
    /// unless drags write ranks (``allowsReordering(by:didRerank:)``) and
    /// the store sorts, and for a path outside `shown`.
    ///
    /// - Complexity: O(log *n*).
    public func canMoveRow(at indexPath: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>) -> Bool {
        (!_store.placesRows || (reordering != nil && !_store.sortKeys.isEmpty)) && shown.key(at: indexPath) != nil
    }

    /// Moves the row the user dragged in `shown` from `source` to
    /// `destination` (both of `shown`, `destination` after the move), next
    /// to the rows they dropped it between, whatever the controller holds
    /// now: edits not reported yet, a batch open or updates turned off.
    ///
    ///     // The view shows 0 1 2 3 4 5; updates are off and 0 was removed.
    ///     try controller.moveRow(from: ResultsIndexPath(row: 1, section: 0),
    ///                            to: ResultsIndexPath(row: 3, section: 0), in: shown)
    ///     // 1 now follows 3, as the user dropped it: 2 3 1 4 5.
    ///
    /// The row goes before the row it was dropped above, if that row is
    /// still in the destination section; else after the row it was dropped
    /// below; else first or last in the section. The destination section
    /// is the one with the shown section's name (an unnamed one: the
    /// section of those rows).
    ///
    /// Once ``allowsReordering(by:didRerank:)`` is called, the drag writes
    /// the row's rank instead, and a sorted store sorts it where it was
    /// dropped.
    ///
    /// - Throws: ``ResultsError/rowsPlacedByStore(operation:)`` in a sorted
    ///   or sectioned store that does not reorder by rank;
    ///   ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)`` for
    ///   a path outside `shown`; ``ResultsError/moveNotAllowed(from:to:reason:)``
    ///   when the row or its destination section is gone, a rank cannot
    ///   put it there, or the store sections by value and sorts by
    ///   nothing. Nothing changes then (a class element's rank written in
    ///   place is written back, also when an enclosing
    ///   ``performBatchUpdates(_:)`` throws).
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @inlinable public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>) throws(ResultsError) {
        guard let reordering else {
            return try mutate { store throws(ResultsError) in
                let (from, to) = try store.rawMove(ofRowShownAt: source, to: destination, in: shown)
                try store.move(from: from, to: to)
            }
        }
        try reranking(with: reordering) { store, writes throws(ResultsError) in
            let (from, to) = try store.rawDrag(ofRowShownAt: source, to: destination, in: shown)
            return try Self.rerank(&store, from: from, to: to, source: source, destination: destination, with: reordering, writingInPlace: &writes)
        }
    }

    /// Runs `body`, which writes ranks with `reordering`, as one atomic
    /// edit, and tells `didRerank` of the elements it wrote. Class
    /// elements' ranks are written in place: trackers of changes in place
    /// are told (not to report again what the edit reports), whether it
    /// succeeds or not, and an atomic batch around it that rolls back
    /// writes them back.
    @inlinable func reranking(
        with reordering: Reordering, _ body: (inout ResultsStore<Element, Key>, inout InPlaceWrites) throws(ResultsError) -> [Element]
    ) throws(ResultsError) {
        var writes = InPlaceWrites()
        let written: [Element]
        do {
            written = try mutate(atomically: true) { store throws(ResultsError) in try body(&store, &writes) }
        } catch {
            didWriteInPlace(writes.keys)
            throw error
        }
        // Before `didRerank`, so that a change it makes in place is seen.
        didWriteInPlace(writes.keys)
        keepForRollback(writes)
        reordering.didRerank(written)
    }

    /// Inserts `element`, which the user dropped at `destination` of
    /// `shown` (a row dragged from another part of a composition), next to
    /// the rows they dropped it between, as ``moveRow(from:to:in:)`` places
    /// a row; a sorted store places it in its section (where it was
    /// dropped, by the rank it writes, once
    /// ``allowsReordering(by:didRerank:)`` is called, unless the sort keys
    /// before the rank place it elsewhere), and a sectioned-by-value store
    /// places it itself.
    ///
    /// - Returns: The element's key.
    /// - Throws: ``ResultsError/duplicateKey(_:)`` when the key is taken,
    ///   ``ResultsError/missingPrimaryKey(_:)`` without a key,
    ///   ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)`` for
    ///   a path outside `shown`, ``ResultsError/moveNotAllowed(from:to:reason:)``
    ///   when its section is gone. Nothing changes then.
    /// - Complexity: O(*s* log *n*) for *s* sections.
    @discardableResult
    public func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: ResultsSnapshot<Element, Key>) throws(ResultsError) -> Key {
        guard let key = _store.table.keyOf(element) else { throw .missingPrimaryKey(String(describing: element)) }
        if let reordering, !_store.sortKeys.isEmpty {
            // Added at its sorted place, then given the rank of the place it
            // was dropped at, as a drag within the section gives it.
            do {
                try reranking(with: reordering) { store, writes throws(ResultsError) in
                    try store.checkDrop(at: destination, in: shown, leaving: nil)
                    guard let to = store.rawDrop(at: destination, in: shown, leaving: nil) else {
                        throw .moveNotAllowed(from: destination, to: destination, reason: "its destination section was removed after the view showed it")
                    }
                    try store.add(element, toSection: store.sectioning == nil ? to.section : nil)
                    let from = store.rawIndexPath(forKey: key)!
                    guard from.section == to.section else { throw .moveNotAllowed(from: destination, to: destination, reason: "its section is another") }
                    return try Self.rerank(&store, from: from, to: to, source: destination, destination: destination, with: reordering, writingInPlace: &writes)
                }
                return key
            } catch .moveNotAllowed {
                // No rank places it there: it goes to its sorted place.
            }
        }
        try mutate { store throws(ResultsError) in
            if store.placesRows {
                try store.checkDrop(at: destination, in: shown, leaving: nil)
                // Sorted by hand-made sections: the row goes in the section it was dropped in, at its sorted place.
                let section = store.sectioning == nil ? store.rawDrop(at: destination, in: shown, leaving: nil)?.section : nil
                try store.add(element, toSection: section)
            } else {
                try store.insert(element, at: try store.rawInsertion(at: destination, in: shown))
            }
        }
        return key
    }
}
