extension ResultsComposition {
    /// What a composition needs of one part's source, whatever its type: its
    /// table, its updates, and the user's edits of its rows.
    ///
    /// It is made where the source's type is known: in an app, its
    /// functions are specialized for the source and the row type, so a
    /// part's large batch is converted without generic dispatch per row.
    @usableFromInline
    struct PartConnection {
        /// The part's table as last reported.
        @usableFromInline let reportedTable: () -> any PartTable<Element>
        /// Follows the part's updates.
        @usableFromInline let observe: (@escaping (PartUpdate) -> Void) -> ResultsObservation
        /// Removes the row with a key of the part; whether it had one.
        @usableFromInline let remove: (PartKey) throws(ResultsError) -> Bool
        /// Whether the user may drag a row of the part's table as shown.
        @usableFromInline let canMoveRow: (ResultsIndexPath, any PartTable<Element>) -> Bool
        /// Moves a row the user dragged in the part's table as shown, in
        /// the part's own coordinates.
        @usableFromInline let moveRow: (ResultsIndexPath, ResultsIndexPath, any PartTable<Element>) throws(ResultsError) -> Void
        /// Inserts a row dropped at a path of the part's table as shown, in
        /// the part's own coordinates, and gives its key there.
        @usableFromInline let insertRow: (Element, ResultsIndexPath, any PartTable<Element>) throws(ResultsError) -> PartKey
        /// Whether the part takes rows inserted or dragged into it (a part
        /// made with `as:` and no `accepting:` takes none).
        @usableFromInline let takesRows: Bool
        /// What selecting a row of the part's table as shown does of itself.
        @usableFromInline let action: (ResultsIndexPath, any PartTable<Element>) -> (@MainActor () -> Void)?
        /// Whether the part has a batch open.
        @usableFromInline let isBatching: () -> Bool
        /// Whether the part reports its changes.
        @usableFromInline let updatesEnabled: () -> Bool
        /// Opens the part's batch.
        @usableFromInline let beginUpdates: () throws(ResultsError) -> Void
        /// Closes the part's batch.
        @usableFromInline let endUpdates: () throws(ResultsError) -> Void
        /// Runs a body in the part's atomic batch.
        @usableFromInline let performBatchUpdates: (() throws -> Void) throws -> Void

        /// Connects to `source`, whose elements are the composition's rows
        /// (a part made with `as:` connects to the source mapped).
        @inlinable init<Source: ResultsSource>(
            _ source: Source, takesRows: Bool = true
        ) where Source.Element == Element {
            self.takesRows = takesRows
            reportedTable = { PartSnapshotTable(snapshot: source.reportedSnapshot) }
            observe = { handler in
                source.observe { update in
                    let changes = update.changeset.elementChanges
                    handler(PartUpdate(
                        isReload: update.isReload, sectionChanges: update.changeset.sectionChanges,
                        rowChanges: {
                            changes.map { PartUpdate.RowEdit(change: $0.change, key: PartKey($0.key), row: $0.element) }
                        },
                        composedRowChanges: { offset, part in
                            changes.map { change in
                                ResultsChangeset<Element, Key>.ElementChange(
                                    change.change.shiftingSections(by: offset),
                                    key: .row(part: part, partKey: PartKey(change.key)), element: change.element)
                            }
                        },
                        sectionUpdates: update.changeset.sectionUpdates.map { ($0.index, $0.newIndex) },
                        table: PartSnapshotTable(snapshot: update.snapshot)))
                }
            }
            remove = { key throws(ResultsError) -> Bool in
                guard let key = key.base as? Source.Key else {
                    throw .keyTypeMismatch(String(reflecting: key.base), expected: String(reflecting: Source.Key.self))
                }
                return try source.remove(key: key)
            }
            // The composition shows the part's snapshot, transformed; one it
            // did not make is read as the part's table as last reported.
            func shown(_ table: any PartTable<Element>) -> Source.Snapshot {
                (table as? PartSnapshotTable<Source.Snapshot>)?.snapshot ?? source.reportedSnapshot
            }
            canMoveRow = { path, table in source.canMoveRow(at: path, in: shown(table)) }
            action = { path, table in source.action(forRowAt: path, in: shown(table)) }
            moveRow = { from, to, table throws(ResultsError) in try source.moveRow(from: from, to: to, in: shown(table)) }
            insertRow = { row, destination, table throws(ResultsError) -> PartKey in
                PartKey(try source.insertRow(row, at: destination, in: shown(table)))
            }
            isBatching = { source.isBatching }
            updatesEnabled = { source.updatesEnabled }
            beginUpdates = { () throws(ResultsError) in try source.beginUpdates() }
            endUpdates = { () throws(ResultsError) in try source.endUpdates() }
            performBatchUpdates = { body in try source.performBatchUpdates(body) }
        }

    }
}
