import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Schema changes while a source follows the table, through each kind of
/// writer: no trap, and every record shown is the row as a new connection
/// reads it (its columns, under their names), or a typed error.
@MainActor
@Suite struct SchemaChangeTests {
    static let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("score")])

    func open(_ kind: WriterKind) async throws -> (TemporaryDatabase, Screen<Fields, Int64>) {
        let database = try TemporaryDatabase(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, note TEXT)", kind: kind)
        try await database.writer.write { db in
            for (id, name) in ["uno", "dos", "tres", "cuatro", "cinco", "seis"].enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?, ?)", arguments: [id + 1, name, 10 * (id + 1), "note \(id + 1)"])
            }
        }
        let results = try await DatabaseResults<Fields, Int64>(database.writer, request: Self.request, batchSize: 2, cacheCapacity: 4)
        let screen = Screen(results) { $0.description }
        // Every connection reads rows once before the schema changes (its
        // statements are prepared for the old columns).
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = name WHERE id = 1; DELETE FROM t WHERE id = 6") }
        await results.synchronize()
        return (database, screen)
    }

    /// Every row's record, read through a new connection (the writer's own in memory).
    func freshRecords(_ database: TemporaryDatabase) throws -> [Int64: Fields] {
        let read = { (db: Database) throws -> [Int64: Fields] in
            let rowIDs = try Int64.fetchAll(db, sql: "SELECT rowid FROM t ORDER BY rowid")
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY rowid")
            return Dictionary(uniqueKeysWithValues: zip(rowIDs, rows.map(Fields.init(row:))))
        }
        if database.kind == .memory { return try database.writer.read(read) }
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: database.path, configuration: configuration).read(read)
    }

    /// Commits `sql` and checks what followed: each record an update
    /// carries is its row's as it was before the commit (a delete) or after
    /// it, and the screen shows the rows of a fresh `SELECT` with their
    /// records. Returns what is wrong.
    func commit(_ sql: String, _ screen: Screen<Fields, Int64>, _ database: TemporaryDatabase) async throws -> [String] {
        let before = try freshRecords(database)
        var changes: [ResultsChangeset<Fields, Int64>.ElementChange] = []
        let observation = screen.results.observe { update in changes += update.changeset.elementChanges }
        defer { observation.cancel() }
        try await database.writer.write { db in try db.execute(sql: sql) }
        await screen.results.synchronize()
        let after = try freshRecords(database)
        var wrong = try wrongRecords(screen, database)
        for change in changes {
            let expected = change.kind == .delete ? before[change.key] : after[change.key]
            if change.element != expected { wrong.append("\(change.kind) \(change.key): \(change.element) for \(expected.map(\.description) ?? "nil")") }
        }
        if screen.results.error == nil {
            wrong += screen.problems(expected: try database.freshSelect(screen.results.request))
        }
        return wrong
    }

    /// The records shown that differ from the database's.
    func wrongRecords(_ screen: Screen<Fields, Int64>, _ database: TemporaryDatabase) throws -> [String] {
        let fresh = try freshRecords(database)
        let snapshot = screen.results.reportedSnapshot
        var wrong: [String] = []
        for section in 0..<snapshot.numberOfSections {
            for row in 0..<(snapshot.numberOfElements(inSection: section) ?? 0) {
                let path = ResultsIndexPath(row: row, section: section)
                let key = snapshot.key(at: path)!
                let record = snapshot.element(at: path)
                if record != fresh[key] { wrong.append("\(key): \(record.map(\.description) ?? "nil") for \(fresh[key].map(\.description) ?? "nil")") }
            }
        }
        return wrong
    }

    @Test(arguments: WriterKind.allCases)
    func droppingAColumnTheRequestDoesNotUseShowsTheRowsWithoutIt(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        #expect(try await commit("ALTER TABLE t DROP COLUMN note", screen, database) == [])
        #expect(try await commit("UPDATE t SET name = 'ONE' WHERE id = 1; DELETE FROM t WHERE id = 2", screen, database) == [])
    }

    @Test(arguments: WriterKind.allCases)
    func addingAColumnThenDeletingShowsEveryRecordWithIt(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        var emptyInReload: [Int64] = []
        let observation = screen.results.observe { update in
            // Inside the reload: every row has its record.
            let snapshot = update.snapshot
            for row in 0..<snapshot.count where snapshot.element(at: ResultsIndexPath(row: row, section: 0)) == nil {
                emptyInReload.append(snapshot.key(at: ResultsIndexPath(row: row, section: 0))!)
            }
        }
        defer { observation.cancel() }
        #expect(try await commit("ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'x'", screen, database) == [])
        #expect(try await commit("DELETE FROM t WHERE id = 2; UPDATE t SET extra = 'y' WHERE id = 3", screen, database) == [])
        #expect(emptyInReload == [])
    }

    /// The table dropped and created again with fewer columns in one
    /// transaction: a reload, then commits animate with the new records.
    @Test(arguments: WriterKind.allCases)
    func aTableCreatedAgainWithFewerColumnsShowsItsNewRecords(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        #expect(try await commit("""
            DROP TABLE t;
            CREATE TABLE t (id INTEGER PRIMARY KEY, score INTEGER);
            INSERT INTO t VALUES (1, 10), (2, 20), (7, 35);
            """, screen, database) == [])
        // (Two rows a commit: a batch of more than half the cache's 4 records reloads.)
        #expect(try await commit("UPDATE t SET score = 5 WHERE id = 1; DELETE FROM t WHERE id = 2", screen, database) == [])
        #expect(screen.results.error == nil)
        #expect(screen.reloads == 1 || kind == .memory, "only the schema change reloads")
    }

    /// The table dropped and created again with its columns in another
    /// order: records carry each value under its own column's name.
    @Test(arguments: WriterKind.allCases)
    func aTableCreatedAgainWithColumnsInAnotherOrderShowsItsNewRecords(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        #expect(try await commit("""
            DROP TABLE t;
            CREATE TABLE t (score INTEGER, id INTEGER PRIMARY KEY, label TEXT, name TEXT);
            INSERT INTO t VALUES (10, 1, 'new', 'UNO'), (20, 2, 'new', 'dos'), (35, 7, 'new', 'siete');
            """, screen, database) == [])
        // (Two rows a commit: a batch of more than half the cache's 4 records reloads.)
        #expect(try await commit("UPDATE t SET name = 'DOS' WHERE id = 2; DELETE FROM t WHERE id = 7", screen, database) == [])
        #expect(try await commit("INSERT INTO t VALUES (5, 8, 'newer', 'ocho'); UPDATE t SET name = name WHERE id = 1", screen, database) == [])
        #expect(screen.results.error == nil)
        #expect(screen.reloads == 1 || kind == .memory, "only the schema change reloads")
    }

    /// Dropped, then created again in later transactions: an error, then a
    /// new request shows the new table's rows, each with its new content
    /// (rows with the same key and place are reconfigured).
    @Test(arguments: WriterKind.allCases)
    func aTableCreatedAgainLaterShowsItsNewContentAfterANewRequest(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        try await database.writer.write { db in try db.execute(sql: "DROP TABLE t") }
        await screen.results.synchronize()
        #expect(screen.results.error == .missingTable("t"))
        try await database.writer.write { db in
            try db.execute(sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, score INTEGER, name TEXT);
                INSERT INTO t VALUES (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'three');
                """)
        }
        try await screen.results.setRequest(Self.request)
        #expect(screen.results.error == nil)
        #expect(try wrongRecords(screen, database) == [])
        #expect(screen.problems(expected: [[1, 2, 3]]) == [])
    }

    /// The order's column dropped (an error), then a request ordered by
    /// another: the records are the rows without the dropped column.
    @Test(arguments: WriterKind.allCases)
    func aRequestAfterItsOrderColumnIsDroppedShowsRecordsWithoutIt(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        try await database.writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN score") }
        await screen.results.synchronize()
        #expect(screen.results.error == .missingColumn("score", table: "t"))
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = 'changed' WHERE id = 1") }
        let byName = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("name")])
        try await screen.results.setRequest(byName)
        #expect(try wrongRecords(screen, database) == [])
        #expect(screen.problems(expected: try database.freshSelect(byName)) == [])
    }

    /// A column renamed: a reload; its records have the new name.
    @Test(arguments: WriterKind.allCases)
    func aRenamedColumnShowsUnderItsNewName(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        #expect(try await commit("ALTER TABLE t RENAME COLUMN name TO title", screen, database) == [])
        #expect(try await commit("UPDATE t SET title = 'first' WHERE id = 1; DELETE FROM t WHERE id = 5", screen, database) == [])
    }
}
