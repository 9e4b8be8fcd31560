import GRDB

/// A read-only connection that holds the database as it was before the
/// commit being processed (a WAL read transaction begun after the last
/// one), so that the records of rows a commit deleted can still be read:
/// a delete is reported with the record that left.
///
/// Used only on the writer's queue, from `databaseDidCommit`; it moves to
/// the new state after each commit, so it holds back WAL checkpoints by
/// one commit; every so many commits the observer lets it go for a passive
/// checkpoint, so the WAL can restart instead of growing. Only for WAL databases: in a rollback journal, a
/// read transaction held open would block every writer.
final class PinnedReader: @unchecked Sendable {
    private let queue: DatabaseQueue

    /// Opens a connection on `db`'s file at `path`, holding its current
    /// state; `nil` unless the database is a WAL file, or when it cannot open.
    init?(_ db: Database, path: String) {
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode"))??.lowercased() == "wal",
              !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:")
        else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = true
        configuration.label = "FilterableResultsGRDB.PinnedReader"
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        self.queue = queue
        advance()
    }

    /// The records with `rowIDs` in the held state.
    func records<Record: FetchableRecord>(_ rowIDs: [Int64], table: String) -> [Int64: Record] {
        (try? queue.inDatabase { db in try RecordQuery.fetch(rowIDs, table: table, db) }) ?? [:]
    }

    /// Lets go of the held state (before a checkpoint: a held state keeps
    /// SQLite from backfilling the last commit and restarting the WAL).
    func release() {
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.commit() } }
    }

    /// The rows with `rowIDs` in the held state, every column.
    func rows(_ rowIDs: [Int64], table: String) -> [Int64: Row] {
        (try? queue.inDatabase { db in try RecordQuery.rows(rowIDs, table: table, db) }) ?? [:]
    }

    /// Holds the database's current state instead.
    func advance() {
        try? queue.inDatabase { db in
            if db.isInsideTransaction { try db.commit() }
            try db.beginTransaction(.deferred)
            // A deferred transaction reads nothing until its first read.
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
        }
    }
}
