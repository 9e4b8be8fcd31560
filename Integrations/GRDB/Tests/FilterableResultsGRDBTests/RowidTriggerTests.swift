import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The temporary trigger that reports rowid changes stays out of the app's
/// way: its migrations still drop columns and indexes, its `UPDATE`s
/// still run once the source is gone, and a table made again gets a new
/// trigger.
@MainActor
@Suite struct RowidTriggerTests {
    static let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("id")])

    func open(_ kind: WriterKind) async throws -> (TemporaryDatabase, DatabaseResults<Coded, Int64>) {
        let database = try TemporaryDatabase(Coded.createTable + "; CREATE INDEX t_name ON t(name)", kind: kind)
        try await database.writer.write { db in
            for id in 1...5 { try Coded(id: Int64(id), code: "c\(id)", name: "n\(id)").insert(db) }
        }
        return (database, try await DatabaseResults<Coded, Int64>(database.writer, request: Self.request))
    }

    /// A migration that drops a unique column (and its index) and another
    /// index in one transaction succeeds while a source follows the table.
    @Test(arguments: WriterKind.allCases)
    func aMigrationDropsColumnsAndIndexes(kind: WriterKind) async throws {
        let (database, results) = try await open(kind)
        try await database.writer.write { db in
            try db.execute(sql: "DROP INDEX t_name")
            // A UNIQUE column cannot be dropped: the table is made again.
            try db.execute(sql: """
                CREATE TABLE t_new (id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO t_new SELECT id, name FROM t;
                DROP TABLE t;
                ALTER TABLE t_new RENAME TO t;
                ALTER TABLE t ADD COLUMN note TEXT;
                ALTER TABLE t DROP COLUMN note;
                """)
        }
        await results.synchronize()
        #expect(results.error == nil)
        #expect(results.reportedSnapshot.keysBySection == [[1, 2, 3, 4, 5]])
        // The table made again gets the trigger again: a rowid change is followed.
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET id = 9 WHERE id = 2") }
        await results.synchronize()
        #expect(results.reportedSnapshot.keysBySection == (try database.freshSelect(Self.request)))
        #expect(results.reportedSnapshot.keysBySection == [[1, 3, 4, 5, 9]])
    }

    /// Once a source is released, its triggers and function go: the app's
    /// `UPDATE`s that change rowids still run.
    @Test(arguments: WriterKind.allCases)
    func aReleasedSourceLeavesNoTrigger(kind: WriterKind) async throws {
        let database = try TemporaryDatabase(Coded.createTable, kind: kind)
        try await database.writer.write { db in
            for id in 1...5 { try Coded(id: Int64(id), code: "c\(id)", name: "n\(id)").insert(db) }
        }
        var results: DatabaseResults<Coded, Int64>? = try await DatabaseResults<Coded, Int64>(database.writer, request: Self.request)
        // Temporary triggers live on the writer's connection.
        let triggers = {
            try await database.writer.write { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_temp_master WHERE type = 'trigger'")! }
        }
        // One for updates that change a rowid or key, one for deletes.
        #expect(try await triggers() == 2)
        results = nil
        // The triggers are dropped on the writer's next turn.
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET id = 10 WHERE id = 1") }
        #expect(try await triggers() == 0)
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET id = 11 WHERE id = 2; DELETE FROM t WHERE id = 99") }
        #expect(try await database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM t ORDER BY id") } == [3, 4, 5, 10, 11])
        _ = results
    }

    /// Two sources over one table each have their trigger; each follows.
    @Test(arguments: WriterKind.allCases)
    func twoSourcesFollowRowidChanges(kind: WriterKind) async throws {
        let (database, first) = try await open(kind)
        let second = try await DatabaseResults<Coded, Int64>(database.writer, request: DatabaseResultsRequest(table: "t", orderedBy: [.descending("name")]))
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET id = id + 100 WHERE id > 3") }
        await first.synchronize()
        await second.synchronize()
        #expect(first.reportedSnapshot.keysBySection == [[1, 2, 3, 104, 105]])
        #expect(second.reportedSnapshot.keysBySection == [[105, 104, 3, 2, 1]])
    }

    /// A source released after its writer was closed traps nothing.
    @Test(arguments: [WriterKind.pool, .queue])
    func aSourceReleasedAfterItsWriterClosedTrapsNothing(kind: WriterKind) async throws {
        let database = try TemporaryDatabase(Coded.createTable, kind: kind)
        var results: DatabaseResults<Coded, Int64>? = try await DatabaseResults<Coded, Int64>(database.writer, request: Self.request)
        #expect(results?.reportedSnapshot.count == 0)
        if let queue = database.writer as? DatabaseQueue { try queue.close() }
        if let pool = database.writer as? DatabasePool { try pool.close() }
        results = nil
        // The writer's queue runs the source's last work.
        try? await database.writer.writeWithoutTransaction { _ in }
        #expect(results == nil)
    }
}
