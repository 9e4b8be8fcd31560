extension ResultsComposition {
    /// What a composition needs of one part's source, whatever its type: its
    /// table, its updates, and the user's edits of its rows.
    struct PartConnection {
        /// The part's table as last reported.
        let reportedTable: () -> any PartTable<Element>
        /// Follows the part's updates.
        let observe: (@escaping (PartUpdate) -> Void) -> ResultsObservation
        /// Removes the row with a key of the part.
        let remove: (AnyHashable) throws(ResultsError) -> Void
        /// Whether the user may drag a row of the part's table as shown.
        let canMoveRow: (ResultsIndexPath, any PartTable<Element>) -> Bool
        /// Moves a row the user dragged in the part's table as shown, in
        /// the part's own coordinates.
        let moveRow: (ResultsIndexPath, ResultsIndexPath, any PartTable<Element>) throws(ResultsError) -> Void
        /// Inserts a row dropped at a path of the part's table as shown, in
        /// the part's own coordinates, and gives its key there; `nil` when
        /// the part takes no rows.
        let insertRow: ((Element, ResultsIndexPath, any PartTable<Element>) throws(ResultsError) -> AnyHashable)?
        /// What selecting a row of the part's table as shown does of itself.
        let action: (ResultsIndexPath, any PartTable<Element>) -> (@MainActor () -> Void)?
        /// Whether the part has a batch open.
        let isBatching: () -> Bool
        /// Whether the part reports its changes.
        let updatesEnabled: () -> Bool

        /// Connects to `source`, turning its elements into rows with
        /// `transform`, and rows back into elements with `accept`.
        init<Source: ResultsSource>(
            _ source: Source, transform: @escaping (Source.Element) -> Element, accept: ((Element) -> Source.Element?)?
        ) {
            reportedTable = { TransformedTable(snapshot: source.reportedSnapshot, transform: transform) }
            observe = { handler in
                source.observe { update in
                    let changes = update.changeset.elementChanges.map { change in
                        PartUpdate.RowChange(change: Self.convert(change.change), key: AnyHashable(change.key), row: transform(change.element))
                    }
                    handler(PartUpdate(
                        isReload: update.isReload, sectionChanges: update.changeset.sectionChanges, rowChanges: changes,
                        sectionUpdates: update.changeset.sectionUpdates.map { ($0.index, $0.newIndex) },
                        table: TransformedTable(snapshot: update.snapshot, transform: transform)))
                }
            }
            remove = { key throws(ResultsError) in
                guard let key = key.base as? Source.Key else {
                    throw .keyTypeMismatch(String(reflecting: key.base), expected: String(reflecting: Source.Key.self))
                }
                try source.remove(key: key)
            }
            // The composition shows the part's snapshot, transformed; one it
            // did not make is read as the part's table as last reported.
            func shown(_ table: any PartTable<Element>) -> Source.Snapshot {
                (table as? TransformedTable<Source.Snapshot, Element>)?.snapshot ?? source.reportedSnapshot
            }
            canMoveRow = { path, table in source.canMoveRow(at: path, in: shown(table)) }
            action = { path, table in source.action(forRowAt: path, in: shown(table)) }
            moveRow = { from, to, table throws(ResultsError) in try source.moveRow(from: from, to: to, in: shown(table)) }
            if let accept {
                insertRow = { row, destination, table throws(ResultsError) -> AnyHashable in
                    guard let element = accept(row) else {
                        throw ResultsError.rowNotEditable("\(row)", reason: "the part does not take this row")
                    }
                    let key = try source.insertRow(element, at: destination, in: shown(table))
                    return AnyHashable(key)
                }
            } else {
                insertRow = nil
            }
            isBatching = { source.isBatching }
            updatesEnabled = { source.updatesEnabled }
        }

        /// The same change, as a change of the composition's rows.
        static func convert<PartElement, PartKey>(_ change: ElementChange<PartElement, PartKey>.Change) -> ElementChange<Element, Key>.Change {
            switch change {
            case let .insert(path): .insert(at: path)
            case let .delete(path): .delete(at: path)
            case let .move(from, to, isUpdated): .move(from: from, to: to, isUpdated: isUpdated)
            case let .update(path, newPath): .update(at: path, newIndexPath: newPath)
            }
        }
    }
}
