/// Parts that come, go and move at run time.
///
/// A part keeps its identity while it is in the composition, whatever its
/// index: when parts before it come, go or move, its sections and rows are
/// the same sections and rows, moved or kept, never deleted and inserted,
/// and its folded sections stay folded. A row's ``Key`` and a
/// section's ``SectionID`` name the part by that identity, not its index.
extension ResultsComposition {
    /// The number of parts.
    ///
    /// - Complexity: O(1).
    public var numberOfParts: Int { parts.count }

    /// Inserts `part` at `index` (at most ``numberOfParts``): its sections
    /// and placeholder appear in one animated update, and the parts from
    /// `index` on come after it.
    ///
    ///     try screen.insertPart(.part(suggestions, as: Row.suggestion), at: 1)
    ///
    /// - Returns: The part's identity, which its rows' ``Key`` and its
    ///   sections' ``SectionID`` carry.
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)``, or
    ///   ``ResultsError/changedDuringNotification`` from inside an observer
    ///   of the composition; nothing changes then.
    /// - Complexity: O(*p* + *s*) for *p* parts and *s* sections composed.
    @discardableResult
    public func insertPart(_ part: Part, at index: Int) throws(ResultsError) -> Int {
        try requireIdle()
        guard (0...parts.count).contains(index) else { throw .partOutOfRange(index, partCount: parts.count) }
        let id = nextPartID
        changeParts {
            parts.insert(PartRecord(id: id, connection: part.connection, placeholder: part.placeholder), at: index)
            nextPartID += 1
            connect(index)
        }
        return id
    }

    /// Removes the part at `index`: its sections and placeholder go in one
    /// animated update, and the composition stops following its source.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)``, or
    ///   ``ResultsError/changedDuringNotification`` from inside an observer
    ///   of the composition; nothing changes then.
    /// - Complexity: O(*p* + *s*) for *p* parts and *s* sections composed.
    public func removePart(at index: Int) throws(ResultsError) {
        try requireIdle()
        guard parts.indices.contains(index) else { throw .partOutOfRange(index, partCount: parts.count) }
        changeParts { parts.remove(at: index) }
    }

    /// Moves the part at `source` to `destination` (an index after the
    /// move): its sections move, rows and all, in one animated update.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` for either
    ///   index, or ``ResultsError/changedDuringNotification`` from inside
    ///   an observer of the composition; nothing changes then.
    /// - Complexity: O(*p* + *s*) for *p* parts and *s* sections composed.
    public func movePart(from source: Int, to destination: Int) throws(ResultsError) {
        try requireIdle()
        guard parts.indices.contains(source) else { throw .partOutOfRange(source, partCount: parts.count) }
        guard parts.indices.contains(destination) else { throw .partOutOfRange(destination, partCount: parts.count) }
        guard source != destination else { return }
        changeParts { parts.insert(parts.remove(at: source), at: destination) }
    }

    /// Runs `body`, which changes ``parts``, and reports the change of the
    /// composed table: each part kept shows the
    /// table it showed, a new one the table its source last reported.
    func changeParts(_ body: () -> Void) {
        let old = reportedSnapshot
        var tables: [Int: any PartTable<Element>] = [:]
        for part in old.parts { tables[part.id] = part.ownTable }
        body()
        _reportedSnapshot = Snapshot(
            parts: parts.indices.map { snapshotPart($0, table: tables[parts[$0].id] ?? parts[$0].connection.reportedTable()) },
            placeholder: placeholder)
        reportChange(from: old)
    }
}
