import Foundation
import GRDB

/// A temporary trigger on the writer connection that reports the old rowid
/// of each row an `UPDATE` gives another rowid (SQLite's update hook tells
/// only the new one), through an SQL function of its own.
///
/// It names no column but the rowid, so an app's `ALTER TABLE … DROP
/// COLUMN` still succeeds. It dies with its table (a `DROP TABLE`):
/// ``isInstalled(on:_:)`` tells, and ``install(on:_:)`` makes it again.
/// The function stays registered as long as the trigger may exist (an
/// `UPDATE` would fail on a missing function): ``remove(_:)`` drops the
/// trigger, then the function.
///
/// Used only on the writer's queue.
final class RowidChangeTrigger: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var lastNumber = 0

    /// The trigger's name, and its function's.
    let name: String
    private let function: DatabaseFunction

    /// A trigger that calls `report` with each old rowid; nothing is
    /// installed yet.
    init(report: @escaping @Sendable (Int64) -> Void) {
        let number = Self.lock.withLock { Self.lastNumber += 1; return Self.lastNumber }
        name = "filterable_results_rowid_change_\(number)"
        function = DatabaseFunction(name, argumentCount: 1, pure: false) { values in
            if let rowID = Int64.fromDatabaseValue(values[0]) { report(rowID) }
            return nil
        }
    }

    /// Whether the trigger exists on `table`.
    func isInstalled(on table: String, _ db: Database) throws -> Bool {
        let installedOn = try String.fetchOne(
            db, sql: "SELECT tbl_name FROM sqlite_temp_master WHERE type = 'trigger' AND name = ?", arguments: [name])
        return installedOn?.caseInsensitiveCompare(table) == .orderedSame
    }

    /// Makes the trigger on `table` unless it is there (outside any
    /// transaction: a temporary trigger is part of the temp schema).
    func install(on table: String, _ db: Database) throws {
        guard try !isInstalled(on: table, db) else { return }
        db.add(function: function)
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS temp.\(name.quotedDatabaseIdentifier);
            CREATE TEMP TRIGGER \(name.quotedDatabaseIdentifier) AFTER UPDATE ON main.\(table.quotedDatabaseIdentifier)
            WHEN OLD.rowid IS NOT NEW.rowid BEGIN SELECT \(name)(OLD.rowid); END
            """)
    }

    /// Drops the trigger, then its function (nothing on a closed
    /// connection: both went with it).
    func remove(_ db: Database) {
        guard db.sqliteConnection != nil else { return }
        try? db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(name.quotedDatabaseIdentifier)")
        db.remove(function: function)
    }
}
