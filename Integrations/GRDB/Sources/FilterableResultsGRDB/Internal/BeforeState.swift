import GRDB

/// A read-only connection that reads the database as it was before the
/// transaction being committed: the records of the rows a commit deletes,
/// the rows an `UPDATE` rewrote with the same values, the rows `REPLACE`
/// deleted without telling.
///
/// In WAL mode (a `DatabasePool`, or a queue set to WAL) it is *pinned*:
/// it holds a read transaction begun after the last commit, so the state
/// before a commit stays readable until ``advance()``, also after the
/// commit. It holds back WAL checkpoints by one commit; every so many
/// commits the observer lets it go for a passive checkpoint, so the WAL can
/// restart instead of growing.
///
/// With a rollback journal (a `DatabaseQueue`'s default) a read
/// transaction held open would block every writer, and SQLite takes the
/// file for the writer alone before it calls the commit hook: the state
/// before is readable only while the transaction runs (the writer holds
/// its `RESERVED` lock, and readers still see the file as it was), so the
/// observer reads each row when the update hook first reports it. A read
/// fails with `SQLITE_BUSY` once the writer took the file (a transaction
/// too large for its page cache). An in-memory database has no other
/// connection: no before-state.
///
/// Its statements are prepared again after a schema change (a `SELECT *`
/// prepared before it would read the old columns under their old names).
///
/// Used only on the writer's queue.
final class BeforeState: @unchecked Sendable {
    private let queue: DatabaseQueue
    /// Whether the state before a commit can be read after it.
    let isPinned: Bool
    private var schemaVersion: Int32?

    /// Opens a read-only connection on the file of `db` at `path`, holding
    /// its current state in WAL mode; `nil` for an in-memory database, or
    /// when it cannot open.
    init?(_ db: Database, path: String) {
        guard let file = try? Row.fetchAll(db, sql: "PRAGMA database_list").first(where: { $0[1] == "main" })?[2] as String?,
              !file.isEmpty
        else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = true
        configuration.label = "FilterableResultsGRDB.BeforeState"
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        self.queue = queue
        isPinned = (try? String.fetchOne(db, sql: "PRAGMA journal_mode"))??.lowercased() == "wal"
        if isPinned { advance() }
    }

    /// `body`'s result on the state before the commit, or `nil` when it
    /// cannot be read (a pinned state is readable from the last
    /// ``advance()``, another only while a transaction runs).
    func read<T>(_ body: (Database) throws -> T) -> T? {
        try? queue.inDatabase { db in
            if !isPinned { try followSchema(db) }
            return try body(db)
        }
    }

    /// The rows with `rowIDs`, every column (then the rowid and the key), by rowid.
    func rows(_ rowIDs: [Int64], _ query: RecordQuery) -> [Int64: Row]? {
        read { db in try query.rows(rowIDs: rowIDs, db) }
    }

    /// Lets go of the held state (before a checkpoint: a held state keeps
    /// SQLite from backfilling the last commit and restarting the WAL).
    func release() {
        guard isPinned else { return }
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.commit() } }
    }

    /// Holds the database's current state instead (pinned only).
    func advance() {
        guard isPinned else { return }
        try? queue.inDatabase { db in
            if db.isInsideTransaction { try db.commit() }
            try db.beginTransaction(.deferred)
            // A deferred transaction reads nothing until its first read.
            try followSchema(db)
        }
    }

    /// Forgets the statements and schema read for another schema.
    private func followSchema(_ db: Database) throws {
        let version = try db.schemaVersion()
        if version != schemaVersion {
            db.clearSchemaCache()
            schemaVersion = version
        }
    }
}
