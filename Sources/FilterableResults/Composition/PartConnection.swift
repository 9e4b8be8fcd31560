/// What a composition needs of one part's source, whatever the source's
/// type: its table, its updates, and the user's edits of its rows, in the
/// composition's row type with the part's keys erased.
///
/// ``SourceConnection`` is the one conformance. Its methods are reached
/// through the protocol, so they run unspecialized; the one path that
/// runs per row (reading a part's batch) is a closure made where the
/// source's type is known, specialized in an app's build.
@usableFromInline
protocol PartConnection<Element>: AnyObject {
    /// The composition's row type.
    associatedtype Element

    /// Whether the part takes rows inserted or dragged into it (a part
    /// made with `as:` and no `accepting:` takes none).
    var takesRows: Bool { get }
    /// The part's table as last reported.
    func reportedTable() -> any PartTable<Element>
    /// Follows the part's updates.
    func observe(_ handler: @escaping (ResultsComposition<Element>.PartUpdate) -> Void) -> ResultsObservation
    /// Removes the row with a key of the part; whether it had one.
    func remove(_ key: ResultsComposition<Element>.PartKey) throws(ResultsError) -> Bool
    /// Whether the user may drag a row of the part's table as shown.
    func canMoveRow(_ path: ResultsIndexPath, _ table: any PartTable<Element>) -> Bool
    /// Moves a row the user dragged in the part's table as shown, in the
    /// part's own coordinates.
    func moveRow(_ from: ResultsIndexPath, _ to: ResultsIndexPath, _ table: any PartTable<Element>) throws(ResultsError)
    /// Inserts a row dropped at a path of the part's table as shown, in
    /// the part's own coordinates, and gives its key there.
    func insertRow(_ row: Element, _ destination: ResultsIndexPath, _ table: any PartTable<Element>) throws(ResultsError) -> ResultsComposition<Element>.PartKey
    /// What selecting a row of the part's table as shown does of itself.
    func action(_ path: ResultsIndexPath, _ table: any PartTable<Element>) -> (@MainActor () -> Void)?
    /// Whether the part has a batch open.
    func isBatching() -> Bool
    /// Whether the part reports its changes.
    func updatesEnabled() -> Bool
    /// Opens the part's batch.
    func beginUpdates() throws(ResultsError)
    /// Closes the part's batch.
    func endUpdates() throws(ResultsError)
    /// Runs a body in the part's atomic batch.
    func performBatchUpdates(_ body: () throws -> Void) throws
}

/// A part's source, whose elements are the composition's rows (a part
/// made with `as:` connects to the source mapped).
@usableFromInline
final class SourceConnection<Source: ResultsSource>: PartConnection {
    @usableFromInline typealias Element = Source.Element
    @usableFromInline typealias PartKey = ResultsComposition<Element>.PartKey

    @usableFromInline let source: Source
    @usableFromInline let takesRows: Bool
    /// Turns the source's update into the part's, made in ``init(_:takesRows:)``
    /// where the source's type is known: the part's changes it presents are
    /// read per row, and run specialized.
    @usableFromInline let partUpdate: (ResultsUpdate<Source.Snapshot>) -> ResultsComposition<Element>.PartUpdate

    @inlinable init(_ source: Source, takesRows: Bool = true) {
        self.source = source
        self.takesRows = takesRows
        partUpdate = { .init($0) }
    }

    @inlinable func reportedTable() -> any PartTable<Element> { PartSnapshotTable(snapshot: source.reportedSnapshot) }

    @inlinable func observe(_ handler: @escaping (ResultsComposition<Element>.PartUpdate) -> Void) -> ResultsObservation {
        source.observe { [partUpdate] in handler(partUpdate($0)) }
    }

    @inlinable func remove(_ key: PartKey) throws(ResultsError) -> Bool {
        guard let key = key.base as? Source.Key else {
            throw .keyTypeMismatch(String(reflecting: key.base), expected: String(reflecting: Source.Key.self))
        }
        return try source.remove(key: key)
    }

    /// The part's snapshot a table shown holds; one the composition did
    /// not make is read as the part's table as last reported.
    @inlinable func shown(_ table: any PartTable<Element>) -> Source.Snapshot {
        (table as? PartSnapshotTable<Source.Snapshot>)?.snapshot ?? source.reportedSnapshot
    }

    @inlinable func canMoveRow(_ path: ResultsIndexPath, _ table: any PartTable<Element>) -> Bool {
        source.canMoveRow(at: path, in: shown(table))
    }

    @inlinable func moveRow(_ from: ResultsIndexPath, _ to: ResultsIndexPath, _ table: any PartTable<Element>) throws(ResultsError) {
        try source.moveRow(from: from, to: to, in: shown(table))
    }

    @inlinable func insertRow(_ row: Element, _ destination: ResultsIndexPath, _ table: any PartTable<Element>) throws(ResultsError) -> PartKey {
        PartKey(try source.insertRow(row, at: destination, in: shown(table)))
    }

    @inlinable func action(_ path: ResultsIndexPath, _ table: any PartTable<Element>) -> (@MainActor () -> Void)? {
        source.action(forRowAt: path, in: shown(table))
    }

    @inlinable func isBatching() -> Bool { source.isBatching }
    @inlinable func updatesEnabled() -> Bool { source.updatesEnabled }
    @inlinable func beginUpdates() throws(ResultsError) { try source.beginUpdates() }
    @inlinable func endUpdates() throws(ResultsError) { try source.endUpdates() }
    @inlinable func performBatchUpdates(_ body: () throws -> Void) throws { try source.performBatchUpdates(body) }
}
