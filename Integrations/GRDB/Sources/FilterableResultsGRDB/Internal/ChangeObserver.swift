import GRDB

/// Collects the rowids a transaction inserted, updated or deleted in the
/// observed table and, after each commit, reads only those rows' entries on
/// the writer connection and sends them to the main actor, in commit order.
///
/// Used only on the writer's queue (GRDB serialises it), hence unchecked.
final class ChangeObserver<Record: FetchableRecord & Sendable>: TransactionObserver, @unchecked Sendable {
    let feed: AsyncStream<Delivery<Record>>.Continuation
    /// The state before the commit, for the records of rows that leave.
    let pinned: PinnedReader?
    /// The most records sent with one commit.
    let recordLimit: Int
    /// Where the records of rows about to be deleted are held.
    let cache: RecordCache<Record>
    private var deleted: Set<Int64> = []
    private var inserted: Set<Int64> = []
    /// The rows whose records this transaction holds.
    private var holding: [Int64] = []
    /// The request observed; replaced on the writer when the request changes.
    var query: EntryQuery
    /// The schema version when the query was checked.
    var schemaVersion: Int32
    /// Stamps updated rows so the engine reports their content changed.
    var nextStamp: UInt32 = 1
    private var changed: Set<Int64> = []
    private var updated: Set<Int64> = []
    private var untracked = false
    /// Commits since the last checkpoint made for the pinned reader.
    private var commitsSinceCheckpoint = 0
    /// Set after a failure: the observer waits for a new request.
    var isBroken = false

    init(
        query: EntryQuery, schemaVersion: Int32, feed: AsyncStream<Delivery<Record>>.Continuation, pinned: PinnedReader?,
        recordLimit: Int, cache: RecordCache<Record>
    ) {
        self.query = query
        self.cache = cache
        self.pinned = pinned
        self.recordLimit = recordLimit
        self.schemaVersion = schemaVersion
        self.feed = feed
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName.caseInsensitiveCompare(query.request.table) == .orderedSame
    }

    func databaseDidChange() { untracked = true }

    func databaseDidChange(with event: DatabaseEvent) {
        changed.insert(event.rowID)
        if event.kind == .update { updated.insert(event.rowID) }
        if event.kind == .delete { deleted.insert(event.rowID) }
        if event.kind == .insert { inserted.insert(event.rowID) }
    }

    /// Before the commit, while readers still see the deleted rows: holds
    /// their records, so the snapshot the view shows until the main actor
    /// applies this commit still has a record for each of its rows. A row
    /// deleted and inserted again in the transaction is not gone: the
    /// database has its new record, so nothing is held for it.
    func databaseWillCommit() throws {
        let gone = deleted.subtracting(inserted)
        guard let pinned, !isBroken, !gone.isEmpty, gone.count <= recordLimit else { return }
        let records: [Int64: Record] = pinned.records(Array(gone), table: query.request.table)
        cache.hold(records)
        holding = Array(records.keys)
    }

    func databaseDidCommit(_ db: Database) {
        defer {
            reset()
            if let pinned {
                commitsSinceCheckpoint += 1
                if commitsSinceCheckpoint >= 200 {
                    // The held state keeps a checkpoint from catching up:
                    // let it go, checkpoint, then hold the new state (which
                    // then reads the database file, letting the WAL restart).
                    commitsSinceCheckpoint = 0
                    pinned.release()
                    _ = try? db.checkpoint(.passive)
                }
                pinned.advance()
            }
        }
        guard !isBroken else { return }
        let version = (try? db.schemaVersion()) ?? schemaVersion
        if version != schemaVersion || untracked {
            // A schema change (DROP, ALTER, a new index…) or a change without
            // row events: check the request again and read everything.
            schemaVersion = version
            do {
                query = try EntryQuery(query.request, in: db)
                let stamp = nextStamp
                nextStamp &+= 1
                feed.yield(.reload(try query.fetchAll(db, stamp: stamp)))
            } catch {
                isBroken = true
                feed.yield(.failure(EntryQuery.typed(error)))
            }
            // The view shows the old table until the main actor takes the
            // reload or the failure: let the held records go after it.
            if !holding.isEmpty { feed.yield(.release(holding)) }
            return
        }
        guard !changed.isEmpty else { return }
        do {
            let stamp = nextStamp
            nextStamp &+= 1
            let rowIDs = Array(changed)
            let entries = try query.fetch(rowIDs: rowIDs, db, stamp: stamp)
            let present = Set(entries.map(\.rowID))
            let removed = rowIDs.filter { !present.contains($0) }
            var records: [Int64: Record] = [:]
            var leaving: [Int64: Record] = [:]
            if entries.count + removed.count <= recordLimit {
                records = try RecordQuery.fetch(entries.map(\.rowID), table: query.request.table, db)
                leaving = pinned?.records(removed, table: query.request.table) ?? [:]
            }
            // An UPDATE that wrote the values a row had (an upsert of an
            // unchanged record) changes nothing: compare with the row before.
            // Only rows that were just updated (not deleted or inserted again
            // in the transaction) can be unchanged.
            var changedContent = rowIDs
            let onlyUpdated = Array(updated.subtracting(deleted).subtracting(inserted))
            if let pinned, !onlyUpdated.isEmpty, onlyUpdated.count <= recordLimit {
                let table = query.request.table
                let after = try RecordQuery.rows(onlyUpdated, table: table, db)
                let before = pinned.rows(onlyUpdated, table: table)
                let unchanged = Set(onlyUpdated.filter { rowID in after[rowID] != nil && after[rowID] == before[rowID] })
                changedContent.removeAll { unchanged.contains($0) }
            }
            feed.yield(.changes(upserted: entries, removed: removed, updated: changedContent, records: records, leaving: leaving))
        } catch {
            isBroken = true
            feed.yield(.failure(EntryQuery.typed(error)))
            if !holding.isEmpty { feed.yield(.release(holding)) }
        }
    }

    func databaseDidRollback(_ db: Database) {
        cache.releaseHeld(holding)
        reset()
    }

    private func reset() {
        changed.removeAll(keepingCapacity: true)
        updated.removeAll(keepingCapacity: true)
        deleted.removeAll(keepingCapacity: true)
        inserted.removeAll(keepingCapacity: true)
        holding.removeAll()
        untracked = false
    }
}

extension DatabaseEventKind {
    /// The table the event is about.
    var tableName: String {
        switch self {
        case let .insert(tableName), let .delete(tableName), let .update(tableName, _): tableName
        }
    }
}
