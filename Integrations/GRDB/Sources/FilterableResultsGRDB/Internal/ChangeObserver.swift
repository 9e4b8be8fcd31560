import GRDB

/// Collects the rowids a transaction inserted, updated or deleted in the
/// observed table and, after each commit, reads only those rows' entries on
/// the writer connection and sends them to the main actor, in commit order,
/// by key: the rowid is what SQLite reports within a transaction, the key
/// is what the rows shown are.
///
/// SQLite does not report every row a transaction removes, nor any key. A
/// temporary trigger (``KeyChangeTrigger``) reports the old rowid and key
/// of each row deleted and of each row an `UPDATE` gives another rowid or
/// key (the update hook tells only the new rowid): a key that left is
/// removed, the new one inserted. The rows `REPLACE` deletes
/// through a unique index other than the rowid are reported by nothing:
/// after a commit that wrote rows of a table with such an index, they are
/// looked up in the state before it by the written rows' values, or found
/// by comparing its rowids before and after (WAL); with a rollback
/// journal, a count of the table before and after tells whether any went,
/// and the request's rowids are then read again (see `rowsDeletedSilently`).
///
/// Used only on the writer's queue (GRDB serialises it), hence unchecked.
final class ChangeObserver<Record: FetchableRecord & Sendable, Key: DatabaseValueConvertible & Hashable & Sendable>:
    TransactionObserver, @unchecked Sendable
{
    let feed: AsyncStream<Delivery<Record, Key>>.Continuation
    /// The state before the commit: records of rows that leave, rows
    /// rewritten with their own values, rows `REPLACE` deleted.
    let before: BeforeState?
    /// The most records sent with one commit.
    let recordLimit: Int
    /// The most rows a commit may touch for them to be read before and
    /// after it (to tell unchanged rows and rows deleted unseen); past it,
    /// every row touched is reported changed.
    var rowLimit: Int { max(recordLimit, 1_000) }
    /// Where the records of rows about to be deleted are held.
    let cache: RecordCache<Record, Key>
    /// The writer, to make the key triggers again after a schema change.
    private let writer: any DatabaseWriter
    /// Reports the old rowid and key of rows deleted or given another rowid or key.
    private(set) var keyTrigger: KeyChangeTrigger!
    /// Whether the triggers are known to be on the table: without them, a
    /// deleted row's key is known only from the state before the commit,
    /// and any `UPDATE` may have changed a key unseen.
    private var tracksKeyChanges = false
    /// Report the old rowid and referenced value of the joined rows
    /// deleted or given another one, one per join (as `keyTrigger`).
    private(set) var joinTriggers: [KeyChangeTrigger] = []
    /// Whether every join trigger is known to be on its table: without
    /// them, a joined row deleted or updated reloads.
    private var tracksJoinedChanges = false
    /// The request observed; replaced on the writer when the request changes.
    var query: EntryQuery
    /// The schema version when the query was checked.
    var schemaVersion: Int32
    /// Stamps updated rows so the engine reports their content changed.
    var nextStamp: UInt32 = 1
    /// Set after a failure: the observer waits for a new request.
    var isBroken = false
    /// Commits since the last checkpoint made for the pinned before-state.
    private var commitsSinceCheckpoint = 0
    /// How the commits that may have removed rows unseen were checked, for tests.
    private(set) var silentDeletionChecks = SilentDeletionChecks()

    /// Whether the request followed is newer than `request`: a request
    /// change is made from the latest one asked for, so the newer holds
    /// `request`'s changes, and following `request` would undo its own.
    /// (Request changes reach the writer in any order.)
    func followsNewerRequest(than request: DatabaseResultsRequest) -> Bool {
        query.request.serial > request.serial
    }

    /// The ways of finding the rows a commit removed unseen, counted.
    struct SilentDeletionChecks: Sendable, Equatable {
        /// Looked up by the written rows' unique values in the pinned state.
        var lookUps = 0
        /// The rowids before and after compared (pinned).
        var rowidComparisons = 0
        /// Counts before and after compared (rollback journal).
        var counts = 0
        /// The request's rowids read again.
        var rereads = 0
    }

    // The transaction's events.
    private var changed: Set<Int64> = []
    private var updated: Set<Int64> = []
    private var deleted: Set<Int64> = []
    private var inserted: Set<Int64> = []
    /// Old rowids of rows deleted, or that an `UPDATE` gave another rowid or key.
    private var rekeyed: Set<Int64> = []
    /// The key each row of `rekeyed` had before the transaction.
    private var keysBefore: [Int64: DatabaseValue] = [:]
    /// The number of inserts and updates of each row written.
    private var writes: [Int64: Int] = [:]
    private var untracked = false
    /// The rows must be read again (a view's table changed, or a joined
    /// change whose rows cannot be told).
    private var rereadsAll = false
    /// The rowids of the joined rows the transaction touched, by join.
    private var joinedChanged: [Int: Set<Int64>] = [:]
    /// The referenced values joined rows had before they were deleted or
    /// changed them, by join (from the join triggers).
    private var joinedValuesBefore: [Int: Set<DatabaseValue>] = [:]
    /// The rows of the table touched only through a joined row.
    private var joinAffected: Set<Int64> = []
    /// The rows whose records this transaction holds.
    private var holding: [Key] = []
    // The state before the transaction (see `BeforeState`).
    /// Rows the transaction touched, as they were: those of `changed`
    /// that existed before when `rowsBeforeAreAll`.
    private var rowsBefore: [Int64: Row] = [:]
    private var rowsBeforeAreAll = false
    /// The table's row count before the transaction, when a count check
    /// needs it and the before-state is not pinned (read at the first write).
    private var countBefore: Int?

    init(
        query: EntryQuery, schemaVersion: Int32, feed: AsyncStream<Delivery<Record, Key>>.Continuation, before: BeforeState?,
        recordLimit: Int, cache: RecordCache<Record, Key>, writer: any DatabaseWriter
    ) {
        self.query = query
        self.cache = cache
        self.before = before
        self.recordLimit = recordLimit
        self.schemaVersion = schemaVersion
        self.feed = feed
        self.writer = writer
        rowsBeforeAreAll = before.map { !$0.isPinned } ?? false
        keyTrigger = KeyChangeTrigger { [weak self] rowID, key in self?.keyLeft(rowID: rowID, key: key) }
    }

    /// Makes the key triggers on the query's table, outside a transaction
    /// on the writer; without them, commits that update or delete rows are
    /// checked against the state before (or the request's rows read again).
    func trackKeyChanges(_ db: Database) {
        trackJoinedChanges(db)
        guard !query.isView else {
            tracksKeyChanges = false
            return
        }
        do {
            if (try? keyTrigger.isInstalled(on: query.request.table, db)) == true { keyTrigger.remove(db) }
            try keyTrigger.install(on: query.request.table, key: query.keyColumn, db)
            tracksKeyChanges = true
        } catch {
            tracksKeyChanges = false
        }
    }

    /// Makes the triggers on the joined tables, reporting the values of
    /// their referenced columns (as ``trackKeyChanges(_:)``).
    private func trackJoinedChanges(_ db: Database) {
        for trigger in joinTriggers { trigger.remove(db) }
        joinTriggers = query.joins.indices.map { index in
            KeyChangeTrigger { [weak self] _, value in self?.joinedValueLeft(value, join: index) }
        }
        do {
            for (trigger, join) in zip(joinTriggers, query.joins) { try trigger.install(on: join.table, key: join.referencedColumn, db) }
            tracksJoinedChanges = true
        } catch {
            tracksJoinedChanges = false
        }
    }

    /// Whether the join triggers are on their tables (a dropped table took its own).
    private func joinTriggersAreInstalled(_ db: Database) -> Bool {
        zip(joinTriggers, query.joins).allSatisfy { trigger, join in (try? trigger.isInstalled(on: join.table, db)) == true }
    }

    /// Every trigger the observer made (to drop with the source).
    var triggers: [KeyChangeTrigger] { [keyTrigger] + joinTriggers }

    /// The table's and the joined tables' events, whatever their columns
    /// (an `UPDATE` of the rowid names no column the request reads); a
    /// view's region's.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if query.isView { return query.observedRegion.isModified(byEventsOfKind: eventKind) }
        let table = eventKind.tableName
        if table.caseInsensitiveCompare(query.request.table) == .orderedSame { return true }
        guard let join = query.joins.first(where: { $0.table.caseInsensitiveCompare(table) == .orderedSame }) else { return false }
        // A statement that may `REPLACE` joined rows through another
        // unique index than the referenced column's (an `INSERT`, an
        // `UPDATE` of its columns) deletes them unseen: their old values
        // are unknown, so the rows are read again.
        switch eventKind {
        case .insert: if !join.otherUniqueIndexes.isEmpty { rereadsAll = true }
        case let .update(_, columns):
            let unique = Set(join.otherUniqueIndexes.flatMap { index in index.isPlain ? index.columns.map { $0.name.lowercased() } : ["*"] })
            if unique.contains("*") || columns.contains(where: { unique.contains($0.lowercased()) }) { rereadsAll = true }
        case .delete: break
        }
        return true
    }

    func databaseDidChange() { untracked = true }

    func databaseDidChange(with event: DatabaseEvent) {
        guard !query.isView else {
            // A view's rows have no rowid to follow: read them again.
            rereadsAll = true
            stopObservingDatabaseChangesUntilNextTransaction()
            return
        }
        let table = event.tableName
        if table.caseInsensitiveCompare(query.request.table) != .orderedSame {
            guard let index = query.joins.firstIndex(where: { $0.table.caseInsensitiveCompare(table) == .orderedSame }) else { return }
            joinedChanged[index, default: []].insert(event.rowID)
            // A joined row whose old value is unknown: deleted or updated
            // without the trigger.
            if !tracksJoinedChanges && event.kind != .insert { rereadsAll = true }
            return
        }
        readBefore(
            event.rowID, isFirstEvent: changed.insert(event.rowID).inserted, isWrite: event.kind != .delete, leaves: event.kind == .delete)
        switch event.kind {
        case .update:
            updated.insert(event.rowID)
            writes[event.rowID, default: 0] += 1
        case .insert:
            inserted.insert(event.rowID)
            writes[event.rowID, default: 0] += 1
        case .delete:
            deleted.insert(event.rowID)
        }
    }

    /// From the triggers, while a statement runs: the row `rowID`, whose
    /// key was `key`, was deleted or given another rowid or key (or will
    /// be, if a savepoint rolled back: it is only read again). The key it
    /// had before the transaction is its first reported.
    private func keyLeft(rowID: Int64, key: DatabaseValue) {
        readBefore(rowID, isFirstEvent: changed.insert(rowID).inserted, isWrite: false, leaves: true)
        rekeyed.insert(rowID)
        if keysBefore[rowID] == nil { keysBefore[rowID] = key }
    }

    /// From a join trigger: a row of join `join` whose referenced value
    /// was `value` was deleted or given another value.
    private func joinedValueLeft(_ value: DatabaseValue, join: Int) {
        joinedValuesBefore[join, default: []].insert(value)
    }

    /// After the commit: the rows of the table whose joined rows changed
    /// (their column holds a changed joined row's referenced value, before
    /// or after) and that the transaction did not touch, added to
    /// `changed`; their state before is read when it still can be (pinned).
    private func addRowsJoinedToChanges(_ db: Database) throws {
        guard !joinedChanged.isEmpty else { return }
        let table = query.request.table.quotedDatabaseIdentifier
        var affected = Set<Int64>()
        for (index, rowIDs) in joinedChanged {
            let join = query.joins[index]
            var values = joinedValuesBefore[index] ?? []
            if join.referencedColumn == "rowid" {
                values.formUnion(rowIDs.lazy.map(\.databaseValue))
            } else {
                try Self.forEachChunk(Array(rowIDs.lazy.map(\.databaseValue))) { placeholders, chunk in
                    let sql = "SELECT \(join.referencedColumn.quotedDatabaseIdentifier) FROM \(join.table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))"
                    values.formUnion(try DatabaseValue.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)))
                }
            }
            values.remove(.null)
            // Compared as the join compares them, under the referenced
            // column's collation (`NOCASE`: 'ANA@X' meets 'ana@x').
            var column = join.column.quotedDatabaseIdentifier
            if join.collation.caseInsensitiveCompare("BINARY") != .orderedSame { column += " COLLATE \(join.collation.quotedDatabaseIdentifier)" }
            try Self.forEachChunk(Array(values)) { placeholders, chunk in
                let sql = "SELECT rowid FROM \(table) WHERE \(column) IN (\(placeholders))"
                affected.formUnion(try Int64.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)))
            }
        }
        affected.subtract(changed)
        guard !affected.isEmpty else { return }
        let onlyJoined = changed.isEmpty
        joinAffected = affected
        changed.formUnion(affected)
        if let before, before.isPinned, changed.count <= rowLimit, onlyJoined || rowsBeforeAreAll,
           let rows = before.rows(Array(affected), query.records) {
            rowsBefore.merge(rows) { old, _ in old }
            rowsBeforeAreAll = true
        }
    }

    /// Calls `body` with the placeholders and values of each chunk of at most 500 of `values`.
    private static func forEachChunk(_ values: [DatabaseValue], _ body: (String, ArraySlice<DatabaseValue>) throws -> Void) throws {
        var start = 0
        while start < values.count {
            let chunk = values[start..<min(start + 500, values.count)]
            try body(Array(repeating: "?", count: chunk.count).joined(separator: ","), chunk)
            start += 500
        }
    }

    /// When the before-state is readable only while the transaction runs
    /// (a rollback journal): reads the row `rowID` as it was at the
    /// transaction's first event for it (at most ``rowLimit`` rows), and the
    /// table's count at its first write when a count check may need it.
    /// Past the limit, a row that `leaves` (deleted, or given another rowid
    /// or key) is still read, once: its record is held for the view.
    private func readBefore(_ rowID: Int64, isFirstEvent: Bool, isWrite: Bool, leaves: Bool = false) {
        guard let before, !before.isPinned, !isBroken else { return }
        guard rowsBeforeAreAll else {
            if leaves, rowsBefore[rowID] == nil, let rows = before.rows([rowID], query.records) { rowsBefore.merge(rows) { old, _ in old } }
            return
        }
        let table = query.request.table
        if isWrite, countBefore == nil, !query.uniqueIndexes.isEmpty || !tracksKeyChanges {
            countBefore = before.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0 }
        }
        guard isFirstEvent else { return }
        guard changed.count <= rowLimit, let rows = before.rows([rowID], query.records) else {
            rowsBeforeAreAll = false
            if leaves, let rows = before.rows([rowID], query.records) { rowsBefore.merge(rows) { old, _ in old } }
            return
        }
        rowsBefore.merge(rows) { old, _ in old }
    }

    /// Before the commit: reads the rows the transaction touched as they
    /// were (pinned: in one batch; else they were read as the update hook
    /// reported them), and holds the records of the deleted ones, however
    /// many, so the snapshot the view shows until the update reporting
    /// this commit is reported still has a record for each of its rows
    /// (O(*k* log *n*) on the writer and *k* records in memory meanwhile,
    /// for *k* rows deleted). A row deleted and inserted again in the
    /// transaction is not gone: the database has its new record, so
    /// nothing is held for it.
    func databaseWillCommit() throws {
        guard let before, !isBroken, !changed.isEmpty else { return }
        let gone = deleted.union(rekeyed).subtracting(inserted)
        if before.isPinned {
            if changed.count <= rowLimit, let rows = before.rows(Array(changed), query.records) {
                rowsBefore = rows
                rowsBeforeAreAll = true
            } else if !gone.isEmpty {
                rowsBefore = before.rows(Array(gone), query.records) ?? [:]
            }
        }
        guard !gone.isEmpty else { return }
        var records: [Key: Record] = [:]
        for rowID in gone {
            if let row = rowsBefore[rowID], let key: Key = RecordQuery.key(of: row) { records[key] = try? Record(row: row) }
        }
        cache.hold(records)
        holding = Array(records.keys)
    }

    /// Whether the transaction may have removed rows SQLite did not
    /// report: it wrote rows of a table with a unique index other than the
    /// rowid (`REPLACE` deletes through it unseen), or updated rows while
    /// the rowid trigger is missing.
    private var mayHaveDeletedSilently: Bool {
        (!query.uniqueIndexes.isEmpty && !writes.isEmpty) || (!tracksKeyChanges && !updated.isEmpty)
    }

    // Specialised for the common keys (the record left generic): the
    // sets and maps of keys a commit builds cost several times as much
    // through the key's metadata.
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func databaseDidCommit(_ db: Database) {
        defer {
            reset()
            if let before, before.isPinned {
                commitsSinceCheckpoint += 1
                if commitsSinceCheckpoint >= 200 {
                    // The held state keeps a checkpoint from catching up:
                    // let it go, checkpoint, then hold the new state (which
                    // then reads the database file, letting the WAL restart).
                    commitsSinceCheckpoint = 0
                    before.release()
                    _ = try? db.checkpoint(.passive)
                }
                before.advance()
            }
        }
        guard !isBroken else {
            removeRowsGone(db)
            return
        }
        let version = (try? db.schemaVersion()) ?? schemaVersion
        if version != schemaVersion || untracked || rereadsAll {
            // A schema change (DROP, ALTER, a new index…) or a change without
            // row events: check the request again and read everything.
            schemaVersion = version
            do {
                query = try EntryQuery(query.request, in: db)
                let stamp = nextStamp
                nextStamp &+= 1
                feed.yield(.reload(try query.fetchAll(db, stamp: stamp)))
                // A dropped table took the trigger with it: make it again
                // on the writer's next turn (no statement may change the
                // schema while commits are reported).
                tracksKeyChanges = !query.isView && (try? keyTrigger.isInstalled(on: query.request.table, db)) ?? false
                tracksJoinedChanges = joinTriggersAreInstalled(db)
                if !query.isView && !tracksKeyChanges || !tracksJoinedChanges {
                    writer.asyncWriteWithoutTransaction { [weak self] db in
                        guard let self, !isBroken else { return }
                        trackKeyChanges(db)
                    }
                }
            } catch {
                isBroken = true
                feed.yield(.failure(EntryQuery.typed(error)))
                removeRowsGone(db, always: true)
            }
            // The view shows the old table until the main actor takes the
            // reload or the failure: let the held records go after it.
            if !holding.isEmpty { feed.yield(.release(holding)) }
            return
        }
        do {
            try addRowsJoinedToChanges(db)
            guard !changed.isEmpty else { return }
            let stamp = nextStamp
            nextStamp &+= 1
            let rowIDs = Array(changed)
            var titles: [DatabaseValue: String] = [:]
            let fetched: [(rowID: Int64, entry: IndexEntry<Key>)] = try query.fetch(rowIDs: rowIDs, db, stamp: stamp, titles: &titles)
            let entries = fetched.map(\.entry)
            let presentRowIDs = Set(fetched.map(\.rowID))
            let present = Set(entries.map(\.key))
            // The rows after, every column, and the records of the rows that came
            // or changed (as many as the cache takes).
            var rowsAfter: [Int64: Row]?
            var recordsByRowID: [Int64: Record] = [:]
            if rowIDs.count <= rowLimit {
                let decoding: Set<Int64> = entries.count <= recordLimit ? presentRowIDs : []
                (rowsAfter, recordsByRowID) = try query.records.rows(rowIDs: rowIDs, decoding: decoding, db)
            }
            // The key of each row touched that exists now (matching or not).
            var keyAfter: [Int64: Key] = [:]
            if let rowsAfter {
                for (rowID, row) in rowsAfter { keyAfter[rowID] = try query.key(row[row.count - 1], rowID: rowID) }
            } else {
                keyAfter = try query.keys(ofRowIDs: rowIDs, db)
            }
            // The keys the rows touched had before: reported by the triggers
            // (deleted rows, rowid and key changes), else the key they have
            // now (updated rows), else read in the state before; unknown
            // without the triggers and that state: the request's keys are
            // read again.
            var keysLeft = Set<Key>()
            // The keys the rows touched had before, as far as known.
            var keysHadBefore = Set<Key>()
            var knowsKeysBefore = true
            for rowID in rowIDs {
                var known = tracksKeyChanges
                if let value = keysBefore[rowID] {
                    if let key = Key.fromDatabaseValue(value) { keysHadBefore.insert(key) }
                    known = true
                }
                if rowsBeforeAreAll {
                    if let row = rowsBefore[rowID], let key: Key = RecordQuery.key(of: row) { keysHadBefore.insert(key) }
                    known = true
                }
                // A row that no longer matches leaves under the key it has.
                if let key = keyAfter[rowID] { keysLeft.insert(key) }
                if !known, deleted.contains(rowID) || updated.contains(rowID) { knowsKeysBefore = false }
            }
            keysLeft.formUnion(keysHadBefore)
            // Rows that left unseen: found (and their records held, as a
            // delete's are before a commit), or the request's keys read again.
            var verified: Set<Key>?
            var rowsLeaving = rowsBefore
            if mayHaveDeletedSilently, knowsKeysBefore {
                if let found = try rowsDeletedSilently(rowsAfter: rowsAfter, db),
                   let rows = found.isEmpty ? [:] : before?.rows(found, query.records) {
                    var held: [Key: Record] = [:]
                    for (rowID, row) in rows {
                        rowsLeaving[rowID] = rowsLeaving[rowID] ?? row
                        guard let key: Key = RecordQuery.key(of: row) else { continue }
                        keysLeft.insert(key)
                        keysHadBefore.insert(key)
                        if !present.contains(key) { held[key] = try? Record(row: row) }
                    }
                    cache.hold(held)
                    holding += held.keys
                } else {
                    knowsKeysBefore = false
                }
            }
            if !knowsKeysBefore {
                silentDeletionChecks.rereads += 1
                verified = try query.matchingKeys(among: nil as [Key]?, db)
            }
            let removed = Array(keysLeft.subtracting(present))
            // Keys rows had before the commit that are present after it (a
            // row updated, a key rewritten to one equal as a `Key`, a row
            // deleted and inserted again): the rows under them are the
            // commit's own, not twins of other rows.
            let returned = keysHadBefore.intersection(present)
            // The records: of the rows that came or changed as they are now,
            // of the rows that left as they were, and of the rows that changed
            // section as they were too (a row that moves into a new section is
            // reported deleted from its old place).
            var records: [Key: Record] = [:]
            var leaving: [Key: Record] = [:]
            if let rowsAfter, entries.count + removed.count <= recordLimit {
                for (rowID, record) in recordsByRowID {
                    if let key = keyAfter[rowID] { records[key] = record }
                }
                // (A record that fails to decode is read again, or the update reloads.)
                if let section = query.request.sectionColumn {
                    for (rowID, entry) in fetched {
                        if let row = rowsAfter[rowID], let old = rowsLeaving[rowID], RecordQuery.key(of: old) == entry.key,
                           old[section] as DatabaseValue? != row[section] as DatabaseValue? {
                            leaving[entry.key] = try? Record(row: old)
                        }
                    }
                }
                let left = Set(removed)
                for row in rowsLeaving.values {
                    if let key: Key = RecordQuery.key(of: row), left.contains(key) { leaving[key] = try? Record(row: row) }
                }
            }
            // An UPDATE that wrote the values a row had (an upsert of an
            // unchanged record) changes nothing: compare with the row before.
            // Only rows that were just updated (not deleted or inserted again
            // in the transaction) can be unchanged.
            var changedContent = rowIDs
            if rowsBeforeAreAll, let rowsAfter {
                // Rows touched only through a joined row are unchanged when
                // their joined columns are (a column the join does not select).
                let candidates = updated.union(rekeyed).subtracting(deleted).subtracting(inserted)
                    .union(joinAffected.filter { rowsBefore[$0] != nil })
                let unchanged = candidates.filter { rowID in rowsAfter[rowID].map { $0 == rowsBefore[rowID] } ?? false }
                if !unchanged.isEmpty { changedContent.removeAll { unchanged.contains($0) } }
            }
            var updatedKeys = Set(changedContent.compactMap { keyAfter[$0] })
            for rowID in changedContent {
                if let value = keysBefore[rowID], let key = Key.fromDatabaseValue(value) { updatedKeys.insert(key) }
            }
            feed.yield(.changes(
                upserted: entries, titles: titles, removed: removed, returned: returned, updated: Array(updatedKeys), records: records,
                leaving: leaving, verified: verified))
            // Held until the update that reports this commit is reported.
            if !holding.isEmpty { feed.yield(.release(holding)) }
        } catch {
            isBroken = true
            feed.yield(.failure(EntryQuery.typed(error)))
            if !holding.isEmpty { feed.yield(.release(holding)) }
        }
    }

    /// The rows the transaction removed without SQLite reporting them, or
    /// `nil` when they cannot be told apart (the request's rows are then
    /// read again).
    ///
    /// With a pinned before-state, each row written once (and still there)
    /// is looked up by its values of each unique index in the state before
    /// the commit: a row found there, that the transaction did not touch
    /// and that is gone now, was deleted by `REPLACE`. Where that cannot
    /// tell (a row written twice may have conflicted through values it no
    /// longer has; an index over an expression cannot be looked up; an
    /// `UPDATE` may have changed a rowid unseen when the trigger is
    /// missing), the table's rowids before and after are compared.
    ///
    /// Otherwise (a rollback journal), a count: the table's rows before,
    /// less those the transaction touched that existed before, plus those
    /// it touched that exist now, are its rows now unless some left unseen.
    private func rowsDeletedSilently(rowsAfter: [Int64: Row]?, _ db: Database) throws -> [Int64]? {
        guard let before else { return nil }
        let table = query.request.table
        let quotedTable = table.quotedDatabaseIdentifier
        if before.isPinned {
            if let rowsAfter, rowsBeforeAreAll, tracksKeyChanges, query.uniqueIndexes.allSatisfy(\.isPlain),
               writes.allSatisfy({ rowID, count in count == 1 && rowsAfter[rowID] != nil && !deleted.contains(rowID) }) {
                // A row only updated whose values in an index did not change
                // conflicted with no row there (no other row had them).
                var probes: [(index: UniqueIndex, rows: [Row])] = []
                for index in query.uniqueIndexes {
                    let rows = writes.keys.compactMap { rowID -> Row? in
                        let row = rowsAfter[rowID]!
                        if !inserted.contains(rowID), let old = rowsBefore[rowID], index.hasSameValues(old, row) { return nil }
                        return row
                    }
                    if !rows.isEmpty { probes.append((index, rows)) }
                }
                let found: Set<Int64>? = probes.isEmpty ? [] : before.read { beforeDB in
                    var found = Set<Int64>()
                    for (index, rows) in probes { found.formUnion(try index.rowIDs(sharingValuesOf: rows, table: table, beforeDB)) }
                    return found
                }
                if var found {
                    silentDeletionChecks.lookUps += 1
                    found.subtract(changed)
                    guard !found.isEmpty else { return [] }
                    return Array(found.subtracting(try query.records.existing(rowIDs: found, db)))
                }
            }
            guard let rowIDsBefore = before.read({ db in try Int64.fetchSet(db, sql: "SELECT rowid FROM \(quotedTable)") }) else { return nil }
            let rowIDsAfter = try Int64.fetchSet(db, sql: "SELECT rowid FROM \(quotedTable)")
            silentDeletionChecks.rowidComparisons += 1
            return Array(rowIDsBefore.subtracting(rowIDsAfter).subtracting(changed))
        }
        guard let rowsAfter, rowsBeforeAreAll, let countBefore else { return nil }
        let countAfter = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quotedTable)") ?? 0
        silentDeletionChecks.counts += 1
        let touchedAfter = rowsAfter.count - joinAffected.filter { rowsAfter[$0] != nil }.count
        return countBefore - rowsBefore.count + touchedAfter == countAfter ? [] : nil
    }

    /// After a failure the request cannot be read, but the rows shown that
    /// the database no longer has (a dropped table has none) still leave,
    /// so a view never asks for a record that is gone: every key the
    /// table has is sent, after each commit that touched it.
    private func removeRowsGone(_ db: Database, always: Bool = false) {
        // A view's rows are its tables': a dropped view leaves them as shown.
        guard !query.isView, always || !changed.isEmpty || untracked || (try? db.schemaVersion()) != schemaVersion else { return }
        let table = query.request.table
        let existing: Set<Key>? = try? db.tableExists(table) ? query.allKeys(db) : []
        guard let existing else { return }
        feed.yield(.changes(upserted: [], titles: [:], removed: [], returned: [], updated: [], records: [:], leaving: [:], verified: existing))
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
        rekeyed.removeAll(keepingCapacity: true)
        keysBefore.removeAll(keepingCapacity: true)
        writes.removeAll(keepingCapacity: true)
        holding.removeAll()
        rowsBefore.removeAll()
        // Read as the transaction runs, when not pinned.
        rowsBeforeAreAll = before.map { !$0.isPinned } ?? false
        countBefore = nil
        untracked = false
        rereadsAll = false
        joinedChanged.removeAll()
        joinedValuesBefore.removeAll()
        joinAffected.removeAll()
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
