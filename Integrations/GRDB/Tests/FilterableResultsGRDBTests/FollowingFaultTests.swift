import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// A database file damaged while a source follows it: every failure is a
/// typed error (thrown, or in `error` and `onError`), the last table stays,
/// and nothing traps.
@MainActor
@Suite struct FollowingFaultTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")])

    func open(_ database: TemporaryDatabase) async throws -> DatabaseResults<Player, Int64> {
        try await database.pool.write { db in
            for id in 1...2_000 { try Player(id: Int64(id), name: String(repeating: "n", count: 50), team: "A", score: id).insert(db) }
        }
        // Every page in the file (a checkpoint needs no reader: the source holds one).
        _ = try await database.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        return try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 10, cacheCapacity: 20)
    }

    static func isCorruption(_ error: ResultsError) -> Bool {
        guard case let .database(code, _) = error else { return false }
        return code & 0xff == 11 || code & 0xff == 26   // SQLITE_CORRUPT, SQLITE_NOTADB
    }

    @Test func fileCorruptedWhileFollowing() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        var reported: [ResultsError] = []
        results.onError = { reported.append($0) }
        let before = results.reportedSnapshot.keysBySection
        // Garbage over every page but the first (the schema), under the open connections.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database.path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4_096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4_096))
        try handle.close()
        database.pool.releaseMemory()
        // A commit may fail, or succeed and leave the source unable to read its rows.
        _ = try? await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id > 1000") }
        await results.synchronize()
        // A request change reads the table: a typed error, the table kept.
        let shown = results.reportedSnapshot.keysBySection
        do {
            try await results.addFilter(.init(title: "low", sql: "score < ?", arguments: [500]))
            Issue.record("expected SQLITE_CORRUPT")
        } catch {
            #expect(Self.isCorruption(error), "\(error)")
        }
        #expect(results.reportedSnapshot.keysBySection == shown)
        #expect(shown == before || reported.allSatisfy(Self.isCorruption))
        for error in reported { #expect(Self.isCorruption(error), "\(error)") }
        if let error = results.error { #expect(Self.isCorruption(error), "\(error)") }
        // Reading rows that are not cached finds nothing, or the record: never a trap.
        let snapshot = results.reportedSnapshot
        for row in stride(from: 0, to: snapshot.count, by: 97) {
            let path = ResultsIndexPath(row: row, section: 0)
            if let record = snapshot.element(at: path) { #expect(record.id == snapshot.key(at: path)) }
        }
    }

    @Test func fileReplacedWhileFollowing() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let before = results.reportedSnapshot.keysBySection
        // Another file takes the path: the open connections keep the old one.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: database.path))
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id <= 10") }
        await results.synchronize()
        #expect(results.error == nil)
        #expect(results.reportedSnapshot.count == before.joined().count - 10)
        // A pool opened at the path finds no database: a typed error.
        do {
            let other = try DatabasePool(path: database.path)
            _ = try await DatabaseResults<Player, Int64>(other, request: Self.request)
            Issue.record("expected SQLITE_NOTADB")
        } catch let error as ResultsError {
            #expect(Self.isCorruption(error), "\(error)")
        } catch {
            // GRDB's own error opening the pool: not the source's.
            #expect(error is DatabaseError, "\(error)")
        }
    }
}
