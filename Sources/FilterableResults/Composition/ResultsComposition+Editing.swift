/// The composition as a source of a data source: the user's edits go to
/// the part that owns the row.
extension ResultsComposition: ResultsSource {
    /// Whether any part has a batch open.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public var isBatching: Bool { parts.contains { $0.connection.isBatching() } }

    /// Whether every part reports its changes.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public var updatesEnabled: Bool { parts.allSatisfy { $0.connection.updatesEnabled() } }

    /// Removes the row with `key` from the part it comes from (a user's
    /// swipe to delete).
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` for a
    ///   placeholder, ``ResultsError/partOutOfRange(_:partCount:)`` for a
    ///   part that does not exist, or what the part's source throws.
    /// - Complexity: that of the part's removal.
    public func remove(key: Key) throws(ResultsError) {
        guard case let .row(part, partKey) = key else {
            throw .rowNotEditable("\(key)", reason: "a placeholder is not a row of a part")
        }
        guard let index = reportedSnapshot.index(ofPart: part) else { throw .partOutOfRange(part, partCount: parts.count) }
        try parts[index].connection.remove(partKey)
    }

    /// What selecting the row at `indexPath` of `shown` does of itself: the
    /// action of its part's row (a static row's), if any.
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's answer.
    public func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)? {
        guard case let .row(part, local)? = shown.location(of: indexPath), let connection = connection(ofPart: part, in: shown) else { return nil }
        return connection.action(local, shown.parts[part].table)
    }

    /// Whether the user may drag the row at `indexPath` of `shown`: a row
    /// of a part that lets it move (not a placeholder, not a static row,
    /// not a row of a sorted controller).
    ///
    /// - Complexity: O(log *p* + log *n*), plus the part's answer.
    public func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool {
        guard case let .row(part, local)? = shown.location(of: indexPath), let connection = connection(ofPart: part, in: shown) else { return false }
        return connection.canMoveRow(local, shown.parts[part].table)
    }

    /// Moves a row the user dragged within its part, both index paths in
    /// `shown`, the composed table the view shows. The part reads the move
    /// in its own table as `shown` holds it, so the row lands among the
    /// rows the user saw (see ``ResultsController/moveRow(from:to:in:)``).
    ///
    /// - Throws: ``ResultsError/indexPathOutOfRange(_:sectionCount:rowCount:)``
    ///   for a source that does not exist;
    ///   ``ResultsError/moveNotAllowed(from:to:reason:)`` for a placeholder,
    ///   a move between parts or into a collapsed section; or what the part
    ///   throws, its index paths those of the composed table.
    /// - Complexity: O(log *p* + log *n*), plus the part's move.
    public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) {
        guard let from = shown.location(of: source) else {
            throw .indexPathOutOfRange(source, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: source.section))
        }
        guard case let .row(part, local) = from else {
            throw .moveNotAllowed(from: source, to: destination, reason: "it is a placeholder, not a row of a part")
        }
        guard (0..<shown.numberOfSections).contains(destination.section) else {
            throw .indexPathOutOfRange(destination, sectionCount: shown.numberOfSections, rowCount: nil)
        }
        guard case let .section(toPart, toSection)? = shown.sectionLocation(of: destination.section), toPart == part else {
            throw .moveNotAllowed(from: source, to: destination, reason: "rows move only within their part")
        }
        guard let connection = connection(ofPart: part, in: shown) else {
            throw .moveNotAllowed(from: source, to: destination, reason: "its part was removed after the view showed it")
        }
        guard !shown.parts[part].isCollapsed(toSection) else {
            throw .moveNotAllowed(from: source, to: destination, reason: "the destination section is collapsed")
        }
        do {
            try connection.moveRow(local, ResultsIndexPath(row: destination.row, section: toSection), shown.parts[part].table)
        } catch {
            // The part names its own index paths; the caller gave composed ones.
            switch error {
            case let .moveNotAllowed(_, _, reason):
                throw .moveNotAllowed(from: source, to: destination, reason: reason)
            case let .indexPathOutOfRange(path, _, _):
                let named = path == local ? source : destination
                throw .indexPathOutOfRange(
                    named, sectionCount: shown.numberOfSections, rowCount: shown.numberOfElements(inSection: named.section))
            default:
                throw error
            }
        }
    }
}

extension ResultsComposition {
    /// The connection of the part at index `part` of `shown`, a table the
    /// composition reported, if that part is still in the composition
    /// (parts come, go and move after a view shows a table).
    ///
    /// - Complexity: O(*p*) for *p* parts.
    func connection(ofPart part: Int, in shown: Snapshot) -> PartConnection? {
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
    /// section is collapsed.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(ofRow indexPath: ResultsIndexPath, inPart part: Int) -> ResultsIndexPath? {
        reportedSnapshot.indexPath(ofRow: indexPath, inPart: part)
    }
}
