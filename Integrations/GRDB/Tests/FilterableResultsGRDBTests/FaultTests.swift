import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Faults: each is a typed error naming the bad value, and the last
/// reported table stays intact.
@MainActor
@Suite struct FaultTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")], sectionedBy: "team")

    func open(_ database: TemporaryDatabase, rows: Int = 30) async throws -> DatabaseResults<Player, Int64> {
        try await database.pool.write { db in
            for id in 1...rows { try Player(id: Int64(id), name: "P\(id)", team: ["A", "B", nil][id % 3], score: id % 7).insert(db) }
        }
        return try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
    }

    /// A dropped table is a typed error, and its rows leave (a view never
    /// asks for a record that is gone); nothing traps.
    @Test func droppedTableIsATypedErrorAndItsRowsLeave() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let screen = Screen(results) { "\($0.id):\($0.name)" }
        var reported: [ResultsError] = []
        results.onError = { reported.append($0) }
        try await database.pool.write { db in try db.execute(sql: "DROP TABLE player") }
        await results.synchronize()
        #expect(results.error == .missingTable("player"))
        #expect(reported == [.missingTable("player")])
        #expect(screen.problems(expected: []) == [])
        // Later commits trap nothing, and show nothing until a new request.
        try await database.pool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT, score INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'x', 'A', 1)")
        }
        await results.synchronize()
        #expect(results.reportedSnapshot.count == 0)
        // A new request starts following again.
        try await results.setRequest(Self.request)
        #expect(results.error == nil)
        #expect(results.reportedSnapshot.keysBySection == [[1]])
    }

    /// A dropped column the request needs is a typed error: the rows stay,
    /// but those the database deletes meanwhile leave.
    @Test func droppedColumnIsATypedError() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let screen = Screen(results, countMode: .cached) { "\($0.id):\($0.name)" }
        let before = results.reportedSnapshot.keysBySection
        try await database.pool.write { db in try db.execute(sql: "ALTER TABLE player DROP COLUMN team") }
        await results.synchronize()
        #expect(results.error == .missingColumn("team", table: "player"))
        #expect(results.reportedSnapshot.keysBySection == before)
        results.cache.invalidateAll()
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id IN (3, 4); UPDATE player SET score = 99 WHERE id = 5") }
        await results.synchronize()
        #expect(screen.problems(expected: before.map { $0.filter { $0 != 3 && $0 != 4 } }) == [])
    }

    @Test func schemaChangeWhileObservingReloads() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let checker = UpdateChecker(results)
        try await database.pool.write { db in
            try db.execute(sql: "ALTER TABLE player ADD COLUMN nickname TEXT")
            try db.execute(sql: "UPDATE player SET score = 100 WHERE id = 5")
        }
        await results.synchronize()
        #expect(results.error == nil)
        #expect(checker.reloads == 1)
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
        #expect(results.reportedSnapshot.element(at: results.reportedSnapshot.indexPath(forKey: 5)!)?.score == 100)
    }

    @Test func untrackedChangesReload() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let checker = UpdateChecker(results)
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM player")   // GRDB keeps the row events: no truncate optimisation
        }
        await results.synchronize()
        #expect(results.reportedSnapshot.count == 0)
        #expect(checker.reloads == 0 && checker.violations.isEmpty)
        try await database.pool.write { db in
            try db.execute(sql: "INSERT INTO player VALUES (7, 'x', 'A', 1)")
            try db.notifyChanges(in: Table("player"))   // a change GRDB could not see row by row
        }
        await results.synchronize()
        #expect(checker.reloads == 1)
        #expect(results.reportedSnapshot.keysBySection == [[7]])
    }

    @Test func invalidFilterAtRunTimeChangesNothing() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let before = results.reportedSnapshot.keysBySection
        await #expect(throws: ResultsError.self) {
            try await results.addFilter(.init(title: "bad", sql: "scor > 1"))
        }
        do {
            try await results.addFilter(.init(title: "bad", sql: "score > ?"))   // an argument missing
            Issue.record("expected an error")
        } catch {
            guard case let .invalidExpression(sql, _) = error else { Issue.record("\(error)"); return }
            #expect(sql == "score > ?")
        }
        await #expect(throws: ResultsError.missingColumn("nope", table: "player")) {
            try await results.search(for: "x", in: ["nope"])
        }
        await #expect(throws: ResultsError.missingColumn("rank", table: "player")) {
            try await results.setRequest(DatabaseResultsRequest(table: "player", orderedBy: [.ascending("rank")]))
        }
        #expect(results.reportedSnapshot.keysBySection == before)
        #expect(results.request.filters.isEmpty)
    }

    /// A filter that names a column the table does not have is a missing
    /// column, not an invalid expression.
    @Test func aFilterOverAMissingColumnNamesTheColumn() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        await #expect(throws: ResultsError.missingColumn("rank", table: "player")) {
            try await results.addFilter(.init(title: "top", sql: "rank < ?", arguments: [3]))
        }
        await #expect(throws: ResultsError.missingColumn("rank", table: "player")) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(
                table: "player", filters: [.init(title: "top", sql: "score > 1 AND rank < 3")]))
        }
        #expect(results.request.filters.isEmpty)
    }

    @Test func deletedDatabaseFileGivesTypedErrorsNotTraps() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let before = results.reportedSnapshot.keysBySection
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        // The open connections keep the deleted file: the source follows on.
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id = 1") }
        await results.synchronize()
        #expect(results.reportedSnapshot.count == before.joined().count - 1)
        // A pool opened at the path finds an empty database: the table is gone.
        let reopened = try DatabasePool(path: database.path)
        await #expect(throws: ResultsError.missingTable("player")) {
            _ = try await DatabaseResults<Player, Int64>(reopened, request: Self.request)
        }
    }

    /// A rollback-journal database (a `DatabaseQueue`) of `rows` players in
    /// `database`'s folder, and a second connection to it that may open
    /// transactions by hand (another process, an app extension).
    static func journalDatabase(
        in database: TemporaryDatabase, rows: Int = 10, player: (Int) -> Player
    ) async throws -> (queue: DatabaseQueue, holder: DatabaseQueue) {
        let path = database.folder.appendingPathComponent("journal.sqlite").path
        let queue = try DatabaseQueue(path: path)
        let players = (1...rows).map(player)
        try await queue.write { db in
            try db.execute(sql: Player.createTable)
            for player in players { try player.insert(db) }
        }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        return (queue, try DatabaseQueue(path: path, configuration: configuration))
    }

    /// In WAL mode a writer never blocks reads; a rollback-journal
    /// database (a `DatabaseQueue`) locked by another connection is.
    @Test func lockedDatabaseIsATypedError() async throws {
        let database = try TemporaryDatabase()
        let (queue, holder) = try await Self.journalDatabase(in: database) { Player(id: Int64($0), name: "a", team: nil, score: $0) }
        let results = try await DatabaseResults<Player, Int64>(queue, request: Self.request)
        let before = results.reportedSnapshot.keysBySection
        // Another connection takes the file for itself.
        try holder.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        await #expect(throws: ResultsError.database(code: 5, message: "database is locked")) {
            try await results.addFilter(.init(title: "high", sql: "score > 5"))
        }
        await #expect(throws: ResultsError.database(code: 5, message: "database is locked")) {
            _ = try await DatabaseResults<Player, Int64>(queue, request: Self.request)
        }
        #expect(results.reportedSnapshot.keysBySection == before)
        try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        try await results.addFilter(.init(title: "high", sql: "score > 5"))
        #expect(results.reportedSnapshot.count == 5)
    }

    /// A record the view needs but cannot read (the file locked by another
    /// connection, its record not cached): the error is reported, the row
    /// shows the empty cell, nothing traps; once the lock goes, the row
    /// reads again.
    @Test func aRecordThatCannotBeReadIsAnErrorAndAnEmptyCell() async throws {
        let database = try TemporaryDatabase()
        let (queue, holder) = try await Self.journalDatabase(in: database, rows: 3) { Player(id: Int64($0), name: "P\($0)", team: "A", score: $0) }
        let results = try await DatabaseResults<Player, Int64>(queue, request: Self.request)
        let screen = Screen(results) { "\($0.id):\($0.name)" }
        var reported: [ResultsError] = []
        results.onError = { reported.append($0) }
        try holder.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE; UPDATE player SET name = 'x' WHERE id = 2") }
        results.cache.invalidateAll()   // (the records evicted, as scrolling does)
        screen.view.reloadData()
        await Task.yield()
        #expect(screen.view.cells == [Array(repeating: Screen<Player, Int64>.missingCell, count: 3)])
        #expect(results.error == .database(code: 5, message: "database is locked"))
        #expect(reported == [.database(code: 5, message: "database is locked")])
        try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        screen.view.reloadData()
        #expect(screen.view.cells == [["1:P1", "2:P2", "3:P3"]])
    }

    /// An in-memory database keeps no state before a commit to read a
    /// deleted row's record from: two deletes committed before the first
    /// is delivered leave a row the view is told of without its record.
    /// It shows the empty cell until its delete is reported; nothing traps.
    @Test func twoDeletesInMemoryBeforeTheFirstIsDeliveredTrapNothing() async throws {
        let schema = "CREATE TABLE p (id INTEGER PRIMARY KEY, score INTEGER); "
            + "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20) INSERT INTO p SELECT i, i FROM c"
        let database = try TemporaryDatabase(schema, kind: .memory)
        let results = try await DatabaseResults<Fields, Int64>(
            database.writer, request: DatabaseResultsRequest(table: "p", orderedBy: [.ascending("score")]), batchSize: 4, cacheCapacity: 8)
        let screen = Screen(results) { $0.description }
        // Written without suspending, so that no delivery comes between.
        func writeNow(_ sql: String) throws { try database.writer.write { db in try db.execute(sql: sql) } }
        try writeNow("DELETE FROM p WHERE id = 1")
        try writeNow("DELETE FROM p WHERE id = 4")
        await results.synchronize()
        #expect(screen.problems(expected: [[2, 3] + Array(5...20)]) == [])
    }

    @Test func corruptTablePagesAreATypedError() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...2_000 { try Player(id: Int64(id), name: String(repeating: "n", count: 50), team: "A", score: id).insert(db) }
        }
        _ = try await database.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        // Garbage over every page but the first (the schema).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database.path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4_096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4_096))
        try handle.close()
        let fresh = try DatabasePool(path: database.path)
        do {
            _ = try await DatabaseResults<Player, Int64>(fresh, request: Self.request)
            Issue.record("expected SQLITE_CORRUPT")
        } catch {
            guard case let .database(code, message) = error else { Issue.record("\(error)"); return }
            #expect(code & 0xff == 11 || code & 0xff == 26, "\(code) \(message)")   // SQLITE_CORRUPT, SQLITE_NOTADB
        }
    }
}
