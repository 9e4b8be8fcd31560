import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

@MainActor
@Suite struct DatabaseResultsTests {
    static let request = DatabaseResultsRequest(
        table: "player", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team")

    func populate(_ database: TemporaryDatabase, count: Int) throws {
        try database.pool.write { db in
            for id in 1...count {
                try Player(id: Int64(id), name: "P\(id % 17)", team: ["Red", "Blue", "Green", nil][id % 4], score: id % 11).insert(db)
            }
        }
    }

    @Test func initialSnapshotIsTheRequest() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 300)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 20, cacheCapacity: 60)
        let snapshot = results.reportedSnapshot
        #expect(snapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
        #expect(snapshot.count == 300)
        #expect((0..<snapshot.numberOfSections).map(snapshot.name(ofSection:)) == ["", "Blue", "Green", "Red"])
        // Every row's record is the one with the row's key; the cache stays bounded.
        for section in 0..<snapshot.numberOfSections {
            for row in 0..<snapshot.numberOfElements(inSection: section)! {
                let path = ResultsIndexPath(row: row, section: section)
                #expect(snapshot.element(at: path)?.id == snapshot.key(at: path))
                #expect(results.cache.count <= 60)
            }
        }
        #expect(results.cache.fetchCount < 40)
        #expect(snapshot.element(at: ResultsIndexPath(row: 0, section: 9)) == nil)
    }

    @Test func missingTableColumnAndInvalidFilterAreTypedErrors() async throws {
        let database = try TemporaryDatabase()
        await #expect(throws: ResultsError.missingTable("nope")) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(table: "nope"))
        }
        await #expect(throws: ResultsError.missingColumn("rank", table: "player")) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("rank")]))
        }
        let bad = DatabaseResultsRequest.Filter(title: "bad", sql: "score >")
        await #expect(throws: ResultsError.self) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(table: "player", filters: [bad]))
        }
        await #expect(throws: ResultsError.invalidArgument("batchSize 0 must be positive")) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 0)
        }
        try await database.pool.write { db in try db.execute(sql: "CREATE TABLE pairs (a, b, PRIMARY KEY (a, b)) WITHOUT ROWID") }
        await #expect(throws: ResultsError.unfollowableTable("pairs", reason: "it has no rowid (WITHOUT ROWID)")) {
            _ = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(table: "pairs"))
        }
    }

    /// A column named `rowid` stands for the rowid in every statement the
    /// source makes: refused, in the table and in a joined one, rather
    /// than followed wrongly.
    @Test func aColumnNamedRowidIsRefused() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            try db.execute(sql: "CREATE TABLE tag (RowID TEXT, id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE plain (id INTEGER PRIMARY KEY, tagID INTEGER)")
        }
        let reason = "its column rowid hides SQLite's rowid, by which the source follows rows: rename the column"
        await #expect(throws: ResultsError.unfollowableTable("tag", reason: reason)) {
            _ = try await DatabaseResults<Fields, Int64>(database.pool, request: DatabaseResultsRequest(table: "tag"))
        }
        let join = DatabaseResultsRequest.Join(table: "tag", on: "tagID", selecting: ["tag.name AS tagName"])
        await #expect(throws: ResultsError.unfollowableTable("tag", reason: reason)) {
            _ = try await DatabaseResults<Fields, Int64>(database.pool, request: DatabaseResultsRequest(table: "plain", joining: [join]))
        }
    }

    @Test func commitsAreReportedAsBatches() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 20)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        try await database.pool.write { db in
            try Player(id: 100, name: "New", team: "Red", score: 50).insert(db)
            try db.execute(sql: "UPDATE player SET score = 99, team = 'Blue' WHERE id = 3")
            try db.execute(sql: "DELETE FROM player WHERE id = 4")
        }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
        let kinds = updates.first.map { $0.changeset.elementChanges.map(\.kind) } ?? []
        #expect(kinds.filter { $0 == .insert }.count == 1)
        #expect(kinds.filter { $0 == .delete }.count == 1)   // id 4, reported with its record as it was
        #expect(kinds.filter { $0 == .move }.count == 1)     // id 3, to another section, updated
        #expect(updates.first?.changeset.elementChanges.first { $0.kind == .delete }?.element.id == 4)
        #expect(results.reportedSnapshot.element(at: results.reportedSnapshot.indexPath(forKey: 3)!)?.score == 99)
        // Other tables, rolled-back transactions: nothing.
        try await database.pool.write { db in try db.execute(sql: "INSERT INTO other (value) VALUES ('x')") }
        try? await database.pool.write { db in
            try db.execute(sql: "DELETE FROM player")
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: "roll back")
        }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(results.reportedSnapshot.count == 20)
        observation.cancel()
    }
}

extension DatabaseResultsTests {
    /// The connection that keeps deleted rows' records readable lets
    /// checkpoints catch up, so the WAL restarts instead of growing.
    @Test func walStaysBounded() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 50)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        for step in 0..<1_200 {
            try await database.pool.write { db in
                try db.execute(sql: "UPDATE player SET score = ? WHERE id = ?", arguments: [step % 11, step % 50 + 1])
                try db.execute(sql: "INSERT INTO other (value) VALUES (?)", arguments: [String(repeating: "x", count: 2_000)])
            }
        }
        await results.synchronize()
        let size = try FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int ?? 0
        #expect(size < 8_000_000, "the WAL grew to \(size) bytes")
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
    }
}

extension DatabaseResultsTests {
    /// An UPDATE that writes the values a row had is no change; a row
    /// deleted and inserted again with other content in one transaction is.
    @Test func onlyChangedContentIsAnUpdate() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 10)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        var kinds: [RowChange.Kind] = []
        let observation = results.observe { update in kinds += update.changeset.elementChanges.map(\.kind) }
        try await database.pool.write { db in
            try db.execute(sql: "UPDATE player SET name = name, score = score")
        }
        await results.synchronize()
        #expect(kinds.isEmpty)
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM player WHERE id = 2")
            try Player(id: 2, name: "P2", team: "Green", score: 2).insert(db)   // was "Green", score 2, name P2: same
            try db.execute(sql: "DELETE FROM player WHERE id = 3")
            try Player(id: 3, name: "Renamed", team: "Blue", score: 3).insert(db)   // was team nil: moves
            try db.execute(sql: "UPDATE player SET name = 'X' WHERE id = 5")
        }
        await results.synchronize()
        #expect(kinds.filter { $0 == .update }.count == 2)   // ids 2 (deleted and inserted) and 5
        #expect(kinds.filter { $0 == .move }.count == 1)     // id 3
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
        observation.cancel()
    }
}
