/// The composition as a source of a data source: the user's edits go to
/// the part that owns the row.
extension ResultsComposition: ResultsSource {
    /// Whether a batch is open: the composition's own, or one of its parts'.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public var isBatching: Bool { batch != nil || parts.contains { $0.connection.isBatching() } }

    /// Whether changes are reported now: not while the composition is
    /// paused (see ``setUpdatesEnabled(_:)``), nor while one of its parts'
    /// sources is (that part's changes come when it resumes).
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public var updatesEnabled: Bool { !isPaused && parts.allSatisfy { $0.connection.updatesEnabled() } }

    /// Removes the row with `key` from the part it comes from (a user's
    /// swipe to delete), and returns whether the part had it.
    ///
    /// - Returns: `false` when the part has no row with the key (nothing
    ///   changes then).
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` for a
    ///   placeholder, ``ResultsError/partOutOfRange(_:partCount:)`` for a
    ///   part that does not exist, ``ResultsError/keyTypeMismatch(_:expected:)``
    ///   for a key not of the part's key type, or what the part's source
    ///   throws.
    /// - Complexity: that of the part's removal.
    @discardableResult
    public func remove(key: Key) throws(ResultsError) -> Bool {
        guard case let .row(part, partKey) = key else {
            throw .rowNotEditable("\(key)", reason: "a placeholder is not a row of a part")
        }
        guard let index = reportedSnapshot.index(ofPart: part) else { throw .partOutOfRange(part, partCount: parts.count) }
        return try parts[index].connection.remove(partKey)
    }

    /// What selecting the row at `indexPath` of `shown` does of itself: the
    /// action of its part's row (a static row's), if any.
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's answer.
    public func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)? {
        guard case let .row(part, local)? = shown.location(of: indexPath), let connection = connection(ofPart: part, in: shown) else { return nil }
        guard let (path, table) = shown.parts[part].ownRow(local) else { return nil }
        return connection.action(path, table)
    }

    /// Whether the user may drag the row at `indexPath` of `shown`: a row
    /// of a part that lets it move (not a placeholder, not a static row,
    /// not a row of a sorted controller).
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's answer.
    public func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool {
        guard case let .row(part, local)? = shown.location(of: indexPath), let connection = connection(ofPart: part, in: shown) else { return false }
        guard let (path, table) = shown.parts[part].ownRow(local) else { return false }
        return connection.canMoveRow(path, table)
    }

    /// Moves a row the user dragged, both index paths in `shown`, the
    /// composed table the view shows. Within its part, the part reads the
    /// move in its own table as `shown` holds it, so the row lands among
    /// the rows the user saw (see ``ResultsController/moveRow(from:to:in:)``).
    ///
    /// Into another part that takes the row (made with `accepting:`, or
    /// whose elements are the composition's rows), the row is inserted
    /// there where it was dropped and removed from its own part, in one
    /// update that shows it as a move: a row dragged from one part to
    /// another is the same row, whatever its key in the new part (marked
    /// updated when its row value changed). If either part refuses,
    /// nothing changes.
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a path that does not exist;
    ///   ``ResultsError/moveNotAllowed(from:to:reason:)`` for a placeholder,
    ///   a part that takes no such row, a folded destination, a part
    ///   removed since the view showed it; or what the parts throw, their
    ///   index paths those of the composed table.
    /// - Complexity: O(log *p* + log *n*), plus the parts' edits; across
    ///   parts, that of a composition batch.
    public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) {
        guard let from = shown.location(of: source) else {
            throw .indexPathOutOfRange(source, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: source.section))
        }
        guard case let .row(part, local) = from else {
            throw .moveNotAllowed(from: source, to: destination, reason: "it is a placeholder, not a row of a part")
        }
        let (toPart, toPath) = try dropTarget(destination, from: source, in: shown)
        guard let connection = self.connection(ofPart: part, in: shown), let target = self.connection(ofPart: toPart, in: shown) else {
            throw .moveNotAllowed(from: source, to: destination, reason: "its part was removed after the view showed it")
        }
        do throws(ResultsError) {
            if toPart == part {
                guard let (from, table) = shown.parts[part].ownRow(local) else {
                    throw .indexPathOutOfRange(local, sectionCount: shown.numberOfSections, rowCount: nil)
                }
                try connection.moveRow(from, shown.parts[part].ownDrop(toPath, leaving: local), table)
            } else {
                try moveAcrossParts(local, of: part, to: toPath, of: toPart, in: shown, from: connection, into: target)
            }
        } catch {
            throw Self.composed(error, source: (local, source), destination: (toPath, destination), in: shown)
        }
    }

    /// Inserts a row through the composition where the user dropped it:
    /// into the part at `destination` of `shown`, among the rows they saw
    /// (on a part's placeholder: first in the part). The part must take
    /// rows (made with `accepting:`, or whose elements are the
    /// composition's rows).
    ///
    ///     try screen.insertRow(.friend(newPerson), at: ResultsIndexPath(row: 0, section: 1), in: screen.reportedSnapshot)
    ///
    /// - Returns: The row's key in the composition.
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``,
    ///   ``ResultsError/moveNotAllowed(from:to:reason:)`` (a folded
    ///   section, the composition's own placeholder, a part gone),
    ///   ``ResultsError/rowNotEditable(_:reason:)`` for a part that does
    ///   not take the row, or what the part throws. Nothing changes then.
    /// - Complexity: O(log *p* + log *n*), plus the part's insertion.
    @discardableResult
    public func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) -> Key {
        let (part, path) = try dropTarget(destination, from: nil, in: shown)
        guard let connection = connection(ofPart: part, in: shown) else {
            throw .moveNotAllowed(from: destination, to: destination, reason: "its part was removed after the view showed it")
        }
        guard connection.takesRows else {
            throw .rowNotEditable("\(element)", reason: "part \(shown.parts[part].id) takes no rows")
        }
        do {
            let target = shown.parts[part]
            return .row(part: target.id, partKey: try connection.insertRow(element, target.ownDrop(path, leaving: nil), target.ownTable))
        } catch {
            throw Self.composed(error, source: nil, destination: (path, destination), in: shown)
        }
    }

    /// The part and its own index path where a row dropped at `destination`
    /// of `shown` (dragged from `source`, if it is a row of `shown`) goes:
    /// a part's section, or for a part's placeholder, the start of its
    /// first section.
    func dropTarget(
        _ destination: ResultsIndexPath, from source: ResultsIndexPath?, in shown: Snapshot
    ) throws(ResultsError) -> (part: Int, path: ResultsIndexPath) {
        let rows = (shown.numberOfElements(inSection: destination.section) ?? 0) - (source?.section == destination.section ? 1 : 0)
        let source = source ?? destination
        switch shown.sectionLocation(of: destination.section) {
        case nil:
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: nil)
        case .placeholder(nil)?:
            throw .moveNotAllowed(from: source, to: destination, reason: "the composition's placeholder belongs to no part")
        case let .placeholder(part?)?:
            guard shown.parts[part].sectionsInTable > 0 else {
                throw .moveNotAllowed(from: source, to: destination, reason: "part \(shown.parts[part].id) has no section")
            }
            guard !shown.parts[part].isFolded(0) else {
                throw .moveNotAllowed(from: source, to: destination, reason: "the destination section is folded")
            }
            return (part, ResultsIndexPath(row: 0, section: 0))
        case let .section(part, section)?:
            guard !shown.parts[part].isFolded(section) else {
                throw .moveNotAllowed(from: source, to: destination, reason: "the destination section is folded")
            }
            guard (0...max(0, rows)).contains(destination.row) else {
                throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: destination.section))
            }
            return (part, ResultsIndexPath(row: destination.row, section: section))
        }
    }

    /// Inserts the row at `local` of part `part` into part `toPart` at
    /// `destination` (both of `shown`) and removes it from its part, in one
    /// batch that shows a move.
    func moveAcrossParts(
        _ local: ResultsIndexPath, of part: Int, to destination: ResultsIndexPath, of toPart: Int, in shown: Snapshot,
        from connection: any PartConnection<Element>, into target: any PartConnection<Element>
    ) throws(ResultsError) {
        guard target.takesRows else {
            throw .moveNotAllowed(from: local, to: destination, reason: "part \(shown.parts[toPart].id) takes no rows")
        }
        let table = shown.parts[part].table
        guard let row = table.row(at: local), let key = table.key(at: local) else {
            throw .indexPathOutOfRange(local, sectionCount: table.numberOfSections, rowCount: table.numberOfRows(inSection: local.section))
        }
        // One atomic batch: when the target refuses the row or the source
        // its removal, both parts are as they were.
        try performBatchUpdates { () throws(ResultsError) in
            let shownTarget = shown.parts[toPart]
            let newKey = try target.insertRow(row, shownTarget.ownDrop(destination, leaving: nil), shownTarget.ownTable)
            _ = try connection.remove(key)
            batch!.aliases[.row(part: shown.parts[toPart].id, partKey: newKey)] = .row(part: shown.parts[part].id, partKey: key)
        }
    }

    /// A part's error, its index paths those the caller gave.
    static func composed(
        _ error: ResultsError, source: (local: ResultsIndexPath, shown: ResultsIndexPath)?,
        destination: (local: ResultsIndexPath, shown: ResultsIndexPath), in shown: Snapshot
    ) -> ResultsError {
        switch error {
        case let .moveNotAllowed(_, _, reason):
            return .moveNotAllowed(from: source?.shown ?? destination.shown, to: destination.shown, reason: reason)
        case let .indexPathOutOfRange(path, _, _):
            let named = path == source?.local ? source!.shown : destination.shown
            return .indexPathOutOfRange(named, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: named.section))
        default:
            return error
        }
    }
}

extension ResultsComposition {
    /// The connection of the part at index `part` of `shown`, a table the
    /// composition reported, if that part is still in the composition
    /// (parts come, go and move after a view shows a table).
    ///
    /// - Complexity: O(*p*) for *p* parts.
    func connection(ofPart part: Int, in shown: Snapshot) -> (any PartConnection<Element>)? {
        guard shown.parts.indices.contains(part) else { return nil }
        let id = shown.parts[part].id
        return parts.first { $0.id == id }?.connection
    }
}

// MARK: - Mapping index paths

extension ResultsComposition {
    /// Where a row of the composed table as last reported comes from, or
    /// `nil` for an index path that does not exist.
    ///
    /// - Complexity: O(log *p* + log *n*).
    public func location(of indexPath: ResultsIndexPath) -> Location? {
        reportedSnapshot.location(of: indexPath)
    }

    /// The index path in the composed table as last reported of the row at
    /// `indexPath` of a part's table, or `nil` when there is none or its
    /// section is folded.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(ofRow indexPath: ResultsIndexPath, inPart part: Int) -> ResultsIndexPath? {
        reportedSnapshot.indexPath(ofRow: indexPath, inPart: part)
    }
}

extension ResultsComposition.Snapshot.Part {
    /// The path in the part's own table of the row shown at `local`, with
    /// that table; `nil` when there is no such row.
    func ownRow(_ local: ResultsIndexPath) -> (path: ResultsIndexPath, table: any PartTable<Element>)? {
        guard let filtered = table as? FilteredTable<Element> else { return (local, table) }
        return filtered.basePath(local).map { ($0, filtered.base) }
    }

    /// The path in the part's own table where a row dropped at
    /// `destination` of the table shown goes (with the row at `source` of
    /// the table shown out of it, if it is dragged from there).
    func ownDrop(_ destination: ResultsIndexPath, leaving source: ResultsIndexPath?) -> ResultsIndexPath {
        (table as? FilteredTable<Element>)?.baseDrop(destination, leaving: source) ?? destination
    }
}
