import FilterableResults
import GRDB

// MARK: - As a source

extension DatabaseResults: @MainActor ResultsSource {
    /// The table shown: keys in memory, records read on demand.
    public typealias Snapshot = DatabaseResultsSnapshot<Record, Key>
    /// The records shown.
    public typealias Element = Record

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
    public func endUpdates() throws(ResultsError) {
        try controller.endUpdates()
        releaseHeldIfReported()
    }

    /// Runs `body` as one batch: the commits delivered while it runs (none,
    /// as it runs on the main actor without suspending) are reported when
    /// it ends; when it throws, the table shown is as before and nothing is
    /// reported.
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body`, plus the update reported.
    public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        defer { releaseHeldIfReported() }
        try controller.performBatchUpdates(body)
    }

    /// Pauses reporting commits (`false`), or resumes it (`true`) with one
    /// reload when any commit changed the rows shown meanwhile.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch.
    /// - Complexity: O(1), plus the reload.
    public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) {
        try controller.setUpdatesEnabled(enabled)
        releaseHeldIfReported()
    }

    /// Calls `handler` on the main actor with every update from now on (one
    /// per commit that changed the rows shown, one per request change),
    /// until the returned observation is cancelled or released.
    ///
    /// - Complexity: O(1).
    public func observe(_ handler: @escaping (Update) -> Void) -> ResultsObservation {
        let cache = self.cache
        return controller.observe { update in handler(Self.records(of: update, cache: cache)) }
    }

    /// Refuses: rows leave when the database deletes them (write the
    /// delete; the source reports it after the commit).
    ///
    /// - Throws: ``ResultsError/rowNotEditable(_:reason:)`` always.
    /// - Complexity: O(1).
    @discardableResult
    public func remove(key: Key) throws(ResultsError) -> Bool {
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
    /// The engine's update with records, element by element (as
    /// ``ResultsChangeset/map(_:)`` maps them): the same positions, keys and section
    /// changes, each entry shown as the record of its version (its key
    /// and stamp).
    ///
    /// An entry the table after the update shows with the same stamp is
    /// the row as it is now: its record is the cache's, which holds what
    /// the commit sent, else read (one batch for the update). Another
    /// entry is a row as it was (deleted, or moved into a new section): its
    /// record is the version the commit sent for it, or for a row gone,
    /// the cache's. When a record cannot be had (a row deleted before it
    /// was ever read, or deleted again since), the update is a reload:
    /// never a change with another row's record, nor a moved row's old
    /// place with its new record.
    ///
    /// Not ``ResultsSource/map(_:accepting:)``: a record is read from the
    /// database and may be missing (then the whole update is a reload), and
    /// the snapshot stays a ``DatabaseResultsSnapshot``.
    ///
    /// Specialised for the common keys, the record left generic, and the
    /// changes read once, in order: read through the changeset's generic
    /// `map`, each change cost microseconds.
    ///
    /// - Complexity: O(*k* log *n*) for *k* changed rows, plus one read of
    ///   the records of the rows that came or changed the cache lacks.
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    nonisolated static func records(of update: ResultsController<IndexEntry<Key>, Key>.Update, cache: RecordCache<Record, Key>) -> Update {
        let snapshot = Snapshot(entries: update.snapshot, cache: cache)
        let reload = Update(changeset: ResultsChangeset(), snapshot: snapshot, isReload: true)
        guard !update.isReload else { return reload }
        let changes = update.changeset.elementChanges
        guard changes.count <= cache.capacity / 2 else { return reload }
        var entries: [(change: RowChange, entry: IndexEntry<Key>)] = []
        entries.reserveCapacity(changes.count)
        for change in changes { entries.append((change.change, change.element)) }
        let current = cache.load(entries.compactMap { $0.change.kind == .delete ? nil : $0.entry.key })
        let shown = update.snapshot
        var records: [ResultsChangeset<Record, Key>.ElementChange] = []
        records.reserveCapacity(entries.count)
        for (change, entry) in entries {
            let now = shown.visibleElement(forKey: entry.key)
            let record: Record
            if now?.stamp == entry.stamp, let held = current[entry.key] ?? cache.cached(entry.key) {
                record = held
            } else if let version = cache.version(entry.key, stamp: entry.stamp) {
                record = version
            } else if now == nil, let held = cache.cached(entry.key) ?? cache.heldRecord(entry.key) {
                record = held
            } else {
                return reload
            }
            records.append(.init(change, key: entry.key, element: record))
        }
        let changeset = ResultsChangeset<Record, Key>(
            sectionChanges: update.changeset.sectionChanges, elementChanges: records,
            sectionUpdates: update.changeset.sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) })
        return Update(changeset: changeset, snapshot: snapshot)
    }
}
