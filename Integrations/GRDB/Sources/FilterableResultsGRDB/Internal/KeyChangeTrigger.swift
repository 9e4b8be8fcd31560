import Foundation
import GRDB

/// Two temporary triggers on the writer connection that report, through
/// an SQL function of their own, the old rowid and old key of each row a
/// `DELETE` removes and of each row an `UPDATE` gives another rowid or
/// another key. SQLite's update hook tells only a row's rowid, and for an
/// `UPDATE` that changes it, only the new one: the triggers tell which key
/// left, with any journal mode, also in memory.
///
/// They name only the rowid and the key column (the primary key, a
/// `UNIQUE` column, or the rowid, none of which SQLite lets a migration
/// drop), so an app's `ALTER TABLE … DROP COLUMN` of another column still
/// succeeds, and `RENAME COLUMN` rewrites them. A key compared with
/// `COLLATE BINARY`, so a change of case under `NOCASE` is a new key. They
/// die with their table (a `DROP TABLE`): ``isInstalled(on:_:)`` tells,
/// and ``install(on:key:_:)`` makes them again. The function stays
/// registered as long as the triggers may exist (a write would fail on a
/// missing function): ``remove(_:)`` drops the triggers, then the function.
///
/// Rows `REPLACE` deletes fire no trigger (unless the app enables
/// `recursive_triggers`): the observer finds those another way.
///
/// Used only on the writer's queue.
final class KeyChangeTrigger: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var lastNumber = 0

    /// The update trigger's name, and the function's.
    let name: String
    /// The delete trigger's name.
    var deleteName: String { name + "_delete" }
    private let function: DatabaseFunction

    /// Triggers that call `report` with each old rowid and old key value;
    /// nothing is installed yet.
    init(report: @escaping @Sendable (Int64, DatabaseValue) -> Void) {
        let number = Self.lock.withLock { Self.lastNumber += 1; return Self.lastNumber }
        name = "filterable_results_key_change_\(number)"
        function = DatabaseFunction(name, argumentCount: 2, pure: false) { values in
            if let rowID = Int64.fromDatabaseValue(values[0]) { report(rowID, values[1]) }
            return nil
        }
    }

    /// Whether both triggers exist on `table`.
    func isInstalled(on table: String, _ db: Database) throws -> Bool {
        let installedOn = try String.fetchAll(
            db, sql: "SELECT tbl_name FROM sqlite_temp_master WHERE type = 'trigger' AND name IN (?, ?)", arguments: [name, deleteName])
        return installedOn.count == 2 && installedOn.allSatisfy { $0.caseInsensitiveCompare(table) == .orderedSame }
    }

    /// Makes the triggers on `table`, reporting `key` (a column, or
    /// `rowid`), unless they are there (outside any transaction: a
    /// temporary trigger is part of the temp schema).
    func install(on table: String, key: String, _ db: Database) throws {
        guard try !isInstalled(on: table, db) else { return }
        db.add(function: function)
        let old = key == "rowid" ? "OLD.rowid" : "OLD.\(key.quotedDatabaseIdentifier)"
        let new = key == "rowid" ? "NEW.rowid" : "NEW.\(key.quotedDatabaseIdentifier)"
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS temp.\(name.quotedDatabaseIdentifier);
            DROP TRIGGER IF EXISTS temp.\(deleteName.quotedDatabaseIdentifier);
            CREATE TEMP TRIGGER \(name.quotedDatabaseIdentifier) AFTER UPDATE ON main.\(table.quotedDatabaseIdentifier)
            WHEN OLD.rowid IS NOT NEW.rowid OR \(old) IS NOT \(new) COLLATE BINARY OR typeof(\(old)) IS NOT typeof(\(new))
            BEGIN SELECT \(name)(OLD.rowid, \(old)); END;
            CREATE TEMP TRIGGER \(deleteName.quotedDatabaseIdentifier) AFTER DELETE ON main.\(table.quotedDatabaseIdentifier)
            BEGIN SELECT \(name)(OLD.rowid, \(old)); END;
            """)
    }

    /// Drops the triggers, then their function (nothing on a closed
    /// connection: all went with it).
    func remove(_ db: Database) {
        guard db.sqliteConnection != nil else { return }
        try? db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(name.quotedDatabaseIdentifier)")
        try? db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(deleteName.quotedDatabaseIdentifier)")
        db.remove(function: function)
    }
}
