import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// A view reads its cells from the table it was last told about, which
/// may still show rows that a commit not yet reported deleted: every such
/// row still has its record, however many rows the commit deleted and
/// however few records the cache holds, until the update that deletes it
/// is reported.
@MainActor
@Suite struct PendingDeleteTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")])

    /// Deletes the players with ids in `ids` in one transaction, on the
    /// calling thread: the main actor does not run the source's delivery
    /// until the caller suspends.
    static func deleteNow(_ ids: ClosedRange<Int64>, _ writer: any DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM player WHERE id BETWEEN ? AND ?", arguments: [ids.lowerBound, ids.upperBound])
        }
    }

    /// Players 1 through `count` (named `p01`…, by `nameFormat`), shown
    /// by a source that reads 4 records at a time and caches 8, on a
    /// simulated screen.
    static func makeScreen(
        _ count: Int, nameFormat: String = "p%02d", kind: WriterKind = .pool
    ) async throws -> (TemporaryDatabase, DatabaseResults<Player, Int64>, Screen<Player, Int64>) {
        let database = try TemporaryDatabase(kind: kind)
        try await database.writer.write { db in
            for id in 1...count { try Player(id: Int64(id), name: String(format: nameFormat, id), score: id).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(database.writer, request: Self.request, batchSize: 4, cacheCapacity: 8)
        return (database, results, Screen(results) { "\($0.id) \($0.name)" })
    }

    /// The rows of the table `results` last reported whose record it
    /// cannot give (none, while every pending delete's record is held).
    static func rowsWithoutARecord(in results: DatabaseResults<Player, Int64>) -> [Int] {
        let snapshot = results.reportedSnapshot
        return (0..<snapshot.count).filter { snapshot.element(at: ResultsIndexPath(row: $0, section: 0)) == nil }
    }

    /// 40 rows shown; a cache of 8 records (it holds records for at most
    /// 4 deleted rows in one commit); a commit that deletes 30 rows,
    /// evicted from the cache; before its update is delivered, the view
    /// reloads and reads every cell of the table it shows.
    @Test(arguments: [WriterKind.pool, .queue])
    func aViewReadsEveryRowACommitDeletedBeforeItsUpdate(_ kind: WriterKind) async throws {
        let (database, results, screen) = try await Self.makeScreen(40, kind: kind)
        let shown = screen.view.cells

        try Self.deleteNow(5...34, database.writer)
        results.cache.invalidateAll()
        // The table the view was told about still shows the 40 rows.
        let missing = Self.rowsWithoutARecord(in: results)
        try #require(missing.isEmpty, "rows without a record: \(missing)")
        screen.view.reloadData()
        #expect(screen.view.cells == shown)

        await results.synchronize()
        let fresh = try database.freshSelect(Self.request)
        #expect(screen.problems(expected: fresh).isEmpty, "\(screen.problems(expected: fresh))")
        #expect(screen.view.cells == [(Array(1...4) + Array(35...40)).map { String(format: "\($0) p%02d", $0) }])
        #expect(results.cache.heldCount == 0)
    }

    /// While the app pauses updates, the view shows the table from before:
    /// the records of the rows commits deleted meanwhile stay until the
    /// update that reports them (the reload when updates resume).
    @Test(arguments: [WriterKind.pool, .queue])
    func pausedUpdatesKeepTheRecordsOfRowsDeletedMeanwhile(_ kind: WriterKind) async throws {
        let (database, results, screen) = try await Self.makeScreen(20, kind: kind)
        let shown = screen.view.cells
        try results.setUpdatesEnabled(false)
        // Two small commits (each within what the cache holds for deletes), delivered.
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM player WHERE id BETWEEN 3 AND 5") }
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM player WHERE id BETWEEN 11 AND 13") }
        await results.synchronize()
        results.cache.invalidateAll()
        let missing = Self.rowsWithoutARecord(in: results)
        try #require(missing.isEmpty, "rows without a record: \(missing)")
        screen.view.reloadData()
        #expect(screen.view.cells == shown)
        #expect(screen.view.exception == nil)

        try results.setUpdatesEnabled(true)
        let fresh = try database.freshSelect(Self.request)
        #expect(screen.problems(expected: fresh).isEmpty, "\(screen.problems(expected: fresh))")
        #expect(results.cache.heldCount == 0)
    }

    /// A commit deleting more rows than the observer reads before a
    /// commit to compare (1,000): the records of the rows it deletes are
    /// still held (a rollback journal reads each as it is deleted).
    @Test(arguments: [WriterKind.pool, .queue])
    func aCommitDeletingMoreRowsThanItComparesHoldsEveryRecord(_ kind: WriterKind) async throws {
        let (database, results, screen) = try await Self.makeScreen(1_200, nameFormat: "p%04d", kind: kind)
        let shown = screen.view.cells

        try Self.deleteNow(51...1_150, database.writer)
        results.cache.invalidateAll()
        #expect(results.cache.heldCount == 1_100)
        screen.view.reloadData()
        #expect(screen.view.cells == shown)
        #expect(screen.view.exception == nil)

        await results.synchronize()
        #expect(screen.problems(expected: try database.freshSelect(Self.request)).isEmpty)
        #expect(results.cache.heldCount == 0)
    }

    /// Inside the app's batch the view shows the table from before it:
    /// the records of rows deleted meanwhile stay until the batch ends.
    @Test func theAppsBatchKeepsTheRecordsOfRowsDeletedMeanwhile() async throws {
        let (database, results, screen) = try await Self.makeScreen(20)
        let shown = screen.view.cells
        try results.beginUpdates()
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM player WHERE id BETWEEN 3 AND 5") }
        await results.synchronize()
        results.cache.invalidateAll()
        #expect(results.cache.heldCount == 3)
        screen.view.reloadData()
        #expect(screen.view.cells == shown)

        try results.endUpdates()
        #expect(screen.problems(expected: try database.freshSelect(Self.request)).isEmpty)
        #expect(results.cache.heldCount == 0)
    }
}
