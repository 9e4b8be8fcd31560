/// Anything whose table a data source can show and animate: a
/// ``ResultsController``, a ``ResultsComposition`` of several parts, or
/// ``StaticSections``.
///
/// A source reports one ``ResultsUpdate`` per batch, each with the table
/// after it, to every observation made with ``observe(_:)``: the one
/// primitive every other consumer derives from. A data source
/// (``ResultsDataSource``) serves the snapshot of the last update it
/// applied, swapping in the next one inside the view's batch update;
/// ``updates(bufferingPolicy:)`` makes the same updates an `AsyncSequence`;
/// `ObservableResults` makes them observable by SwiftUI; a controller's
/// delegate receives them in NSFetchedResultsController's shape.
public protocol ResultsSource<Element, Key>: AnyObject {
    /// The type of the elements shown.
    associatedtype Element
    /// The type of the elements' identities.
    associatedtype Key: Hashable
    /// The type of the table shown.
    associatedtype Snapshot: ResultsTableSnapshot<Element, Key>

    /// The table as last reported: what a view that applied every update shows.
    ///
    /// - Complexity: O(1) for the package's sources.
    var reportedSnapshot: Snapshot { get }
    /// Whether a batch is open, so that a change made now is reported later.
    ///
    /// - Complexity: O(1) for a controller; O(*p*) for *p* parts of a composition.
    var isBatching: Bool { get }
    /// Whether changes are reported (see ``setUpdatesEnabled(_:)``).
    ///
    /// - Complexity: O(1) for a controller; O(*p*) for *p* parts of a composition.
    var updatesEnabled: Bool { get }

    /// Opens a batch: changes made until the matching ``endUpdates()`` are
    /// reported together, as one update, when the outermost batch ends.
    /// Batches nest.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer; nothing changes then.
    /// - Complexity: O(1) for a controller; O(*p*) for *p* parts of a composition.
    func beginUpdates() throws(ResultsError)
    /// Closes the batch ``beginUpdates()`` opened; the outermost one reports
    /// every change made in it as one update.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open
    ///   batch; nothing changes then.
    /// - Complexity: that of the update reported.
    func endUpdates() throws(ResultsError)
    /// Runs `body` as one batch, atomically: when `body` throws, the source
    /// returns to its state before the call (every row, section, filter and
    /// part), nothing is reported, and the error is rethrown.
    ///
    ///     try source.performBatchUpdates { () throws(ResultsError) in … }
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body` and of the update reported, plus a copy
    ///   of the source's state taken in O(1).
    func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure)
    /// Pauses reporting changes (`false`), or resumes it (`true`) with one
    /// reload when anything changed meanwhile, as a table view's owner does
    /// around a large import.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch.
    /// - Complexity: O(1), plus the reload's snapshot.
    func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError)

    /// Calls `handler` with every update from now on, in order, until the
    /// returned observation is cancelled or released.
    ///
    ///     let observation = source.observe { update in render(update) }   // keep it
    ///
    /// Keep the observation for as long as you want updates: one that is
    /// not kept (`_ = source.observe { … }`) is released at once and
    /// delivers nothing.
    ///
    /// - Complexity: O(1).
    func observe(_ handler: @escaping (ResultsUpdate<Snapshot>) -> Void) -> ResultsObservation
    /// Removes the element with `key` (a user's swipe to delete), and
    /// returns whether there was one.
    ///
    /// - Returns: `false` when no element has `key` (nothing changes then),
    ///   as `Dictionary.removeValue(forKey:)` returns `nil`.
    /// - Throws: ``ResultsError`` when the source refuses; it then changes nothing.
    /// - Complexity: that of the source's removal.
    @discardableResult
    func remove(key: Key) throws(ResultsError) -> Bool
    /// Whether the user may drag the row at `indexPath` of `shown`, a table
    /// this source reported: `false` where ``moveRow(from:to:in:)`` would
    /// refuse whatever the destination (a sorted or sectioned-by-value
    /// controller, a static row, a placeholder), so a screen never offers a
    /// drag it would undo.
    ///
    /// - Complexity: O(log *n*) for the package's sources.
    func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool
    /// Moves the row the user dragged in `shown`, a table this source
    /// reported (what the view shows), from `source` to `destination`, both
    /// index paths of `shown`, `destination` in the table after the move.
    ///
    /// The row lands where the user dropped it among the rows they saw:
    /// next to the same neighbours, in the same section, whatever the
    /// source holds now (edits not reported yet, a batch open, updates
    /// turned off).
    ///
    /// - Throws: ``ResultsError`` when the source refuses, or when the move
    ///   cannot be made any more (the row or its destination section is
    ///   gone); it then changes nothing.
    /// - Complexity: that of the source's move.
    func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError)
    /// Inserts `element`, which the user dropped at `destination` of
    /// `shown`, a table this source reported, among the rows they saw (a
    /// row dragged here from another part of a composition).
    ///
    /// - Returns: The inserted row's key.
    /// - Throws: ``ResultsError`` when the source refuses (its own rows
    ///   only, a taken key, a section gone); it then changes nothing.
    /// - Complexity: that of the source's insertion.
    @discardableResult
    func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) -> Key
    /// What selecting the row at `indexPath` of `shown` does of itself, if
    /// anything: a static row's action. A data source runs it when the
    /// user selects the row, and calls its own handler otherwise.
    ///
    /// - Complexity: O(log *n*) for the package's sources.
    func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)?
}

extension ResultsSource {
    /// Refuses: a source takes dropped rows only when it says how.
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)``.
    /// - Complexity: O(1).
    public func insertRow(_ element: Element, at destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) -> Key {
        throw .rowNotEditable("a row dropped at \(destination)", reason: "this source takes no dropped rows")
    }

    /// No row does anything of itself: selection is the data source's
    /// handler's.
    ///
    /// - Complexity: O(1).
    public func action(forRowAt indexPath: ResultsIndexPath, in shown: Snapshot) -> (@MainActor () -> Void)? { nil }

    /// The type of the updates the source reports.
    public typealias Update = ResultsUpdate<Snapshot>
}
