import FilterableResults
import GRDB

// MARK: - As a source

extension DatabaseResults: @MainActor ResultsSource {
    /// The table shown: keys in memory, records read on demand.
    public typealias Snapshot = DatabaseResultsSnapshot<Record>
    /// The records shown.
    public typealias Element = Record
    /// A row's rowid.
    public typealias Key = Int64

    /// The table as last reported.
    ///
    /// - Complexity: O(1).
    public var reportedSnapshot: Snapshot { Snapshot(entries: controller.reportedSnapshot, cache: cache) }

    /// Whether a batch is open: commits delivered meanwhile are reported
    /// together when it ends.
    ///
    /// - Complexity: O(1).
    public var isBatching: Bool { controller.isBatching }

    /// Whether changes are reported (see ``setUpdatesEnabled(_:)``).
    ///
    /// - Complexity: O(1).
    public var updatesEnabled: Bool { controller.updatesEnabled }

    /// Opens a batch: the commits delivered until the matching
    /// ``endUpdates()`` are reported as one update.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an observer.
    /// - Complexity: O(1).
    public func beginUpdates() throws(ResultsError) { try controller.beginUpdates() }

    /// Closes the batch ``beginUpdates()`` opened; the outermost reports the
    /// commits delivered in it as one update.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open batch.
    /// - Complexity: that of the update reported.
    public func endUpdates() throws(ResultsError) { try controller.endUpdates() }

    /// Runs `body` as one batch: the commits delivered while it runs (none,
    /// as it runs on the main actor without suspending) are reported when
    /// it ends; when it throws, the table shown is as before and nothing is
    /// reported.
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body`, plus the update reported.
    public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        try controller.performBatchUpdates(body)
    }

    /// Pauses reporting commits (`false`), or resumes it (`true`) with one
    /// reload when any commit changed the rows shown meanwhile.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch.
    /// - Complexity: O(1), plus the reload.
    public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) { try controller.setUpdatesEnabled(enabled) }

    /// Calls `handler` on the main actor with every update from now on (one
    /// per commit that changed the rows shown, one per request change),
    /// until the returned observation is cancelled or released.
    ///
    /// - Complexity: O(1).
    public func observe(_ handler: @escaping (Update) -> Void) -> ResultsObservation {
        controller.observe { [unowned self] update in handler(self.recordUpdate(update)) }
    }

    /// Refuses: rows leave when the database deletes them (write the
    /// delete; the source reports it after the commit).
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` always.
    /// - Complexity: O(1).
    @discardableResult
    public func remove(key: Int64) throws(ResultsError) -> Bool {
        throw .rowNotEditable("row \(key)", reason: "delete it from the database: the source reports the commit")
    }

    /// No row: the request's order places rows.
    ///
    /// - Complexity: O(1).
    public func canMoveRow(at indexPath: ResultsIndexPath, in shown: Snapshot) -> Bool { false }

    /// Refuses: the request's order places rows.
    ///
    /// - Throws: ``ResultsError/moveNotAllowed(from:to:reason:)`` always.
    /// - Complexity: O(1).
    public func moveRow(from source: ResultsIndexPath, to destination: ResultsIndexPath, in shown: Snapshot) throws(ResultsError) {
        throw .moveNotAllowed(from: source, to: destination, reason: "the request's order places rows: update the database")
    }
}

extension DatabaseResults {
    /// The engine's update with records: those the commit sent (rows that
    /// came or changed, as after it; rows that left, as before it), else
    /// cached or read (one batch). When a record cannot be had (a row deleted before it was
    /// ever read, or deleted again since), the update is a reload: never a
    /// change with another row's record.
    func recordUpdate(_ update: ResultsController<IndexEntry, Int64>.Update) -> Update {
        if let converted, converted.generation == generation { return converted.update }
        let snapshot = Snapshot(entries: update.snapshot, cache: cache)
        let result = Self.convert(update, snapshot: snapshot, cache: cache, sent: sent)
        converted = (generation, result)
        return result
    }

    nonisolated static func convert(
        _ update: ResultsController<IndexEntry, Int64>.Update, snapshot: Snapshot, cache: RecordCache<Record>,
        sent: (after: [Int64: Record], before: [Int64: Record])
    ) -> Update {
        let reload = Update(changeset: ResultsChangeset(), snapshot: snapshot, isReload: true)
        guard !update.isReload else { return reload }
        let changes = update.changeset.elementChanges
        guard changes.count <= cache.capacity / 2 else { return reload }
        var wanted: [Int64] = []
        for change in changes where change.kind != .delete && sent.after[change.key] == nil { wanted.append(change.key) }
        var records = sent.after.merging(cache.load(wanted)) { sent, _ in sent }
        var converted: [ResultsChangeset<Record, Int64>.ElementChange] = []
        converted.reserveCapacity(changes.count)
        for change in changes {
            // A row deleted from its place that the commit also sent (it moved
            // into a new section): the cache has its new record, not the old.
            let record = change.kind == .delete
                ? sent.before[change.key] ?? (sent.after[change.key] == nil ? cache.cached(change.key) : nil)
                : records[change.key]
            guard let record else { return reload }
            records[change.key] = record
            converted.append(ResultsChangeset<Record, Int64>.ElementChange(change.change, key: change.key, element: record))
        }
        return Update(
            changeset: ResultsChangeset(
                sectionChanges: update.changeset.sectionChanges, elementChanges: converted,
                sectionUpdates: update.changeset.sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) }),
            snapshot: snapshot)
    }
}
