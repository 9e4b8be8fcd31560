import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The records of deleted rows: held only while the view may still show
/// them, and never in place of a row's record after the commit.
@MainActor
@Suite struct HeldRecordTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")])

    /// "Delete all, then insert" in one transaction: a row deleted and
    /// inserted again shows its new record, also once the cache forgot it.
    @Test func aRowDeletedAndInsertedAgainShowsItsNewRecord() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...5 { try Player(id: Int64(id), name: "old \(id)", score: id).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        try await database.pool.write { db in
            try Player.deleteAll(db)
            for id in 1...5 { try Player(id: Int64(id), name: "new \(id)", score: id).insert(db) }
        }
        await results.synchronize()
        results.cache.invalidateAll()
        let snapshot = results.reportedSnapshot
        let names = (0..<snapshot.count).compactMap { snapshot.element(at: ResultsIndexPath(row: $0, section: 0))?.name }
        #expect(names == (1...5).map { "new \($0)" })
    }

    /// A commit reported as a reload (a schema change) lets go of the
    /// records it held for the rows it deleted.
    @Test func aReloadLetsGoOfTheRecordsItHeld() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...5 { try Player(id: Int64(id), name: "p\(id)", score: id).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        try await database.pool.write { db in
            try Player.deleteOne(db, key: 2)
            try db.execute(sql: "CREATE INDEX player_score ON player(score)")
        }
        await results.synchronize()
        #expect(results.reportedSnapshot.count == 4)
        #expect(results.cache.heldCount == 0)
    }

    /// Without a reader pinned before the commit (a `DatabaseQueue`), a
    /// deleted row is still animated as a delete, with its record.
    @Test func aQueueReportsADeleteAsADelete() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FilterableResultsGRDB-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("db.sqlite").path)
        try await queue.write { db in
            try db.execute(sql: Player.createTable)
            for id in 1...5 { try Player(id: Int64(id), name: "p\(id)", score: id).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(queue, request: Self.request)
        _ = (0..<5).map { results.reportedSnapshot.element(at: ResultsIndexPath(row: $0, section: 0)) }   // as a view reads them
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await queue.write { db in _ = try Player.deleteOne(db, key: 3) }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.isReload == false)
        #expect(updates.first?.changeset.elementChanges.map(\.element.name) == ["p3"])
    }
}
