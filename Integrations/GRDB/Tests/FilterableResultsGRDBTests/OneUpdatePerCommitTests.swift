import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Each commit is one update, from the engine's one diff: a row whose
/// order or section changed is one move, each observer gets the update
/// once, and every batch applies to a simulated view.
@MainActor
@Suite struct OneUpdatePerCommitTests {
    static let flat = DatabaseResultsRequest(table: "player", orderedBy: [.descending("score")])
    static let sectioned = DatabaseResultsRequest(table: "player", orderedBy: [.descending("score")], sectionedBy: "team")

    func populate(_ database: TemporaryDatabase, count: Int, team: (Int) -> String? = { _ in nil }) throws {
        try database.pool.write { db in
            for id in 1...count { try Player(id: Int64(id), name: "p\(id)", team: team(id), score: id * 10).insert(db) }
        }
    }

    func cell(_ player: Player) -> String { "\(player.id):\(player.name):\(player.score)" }

    /// A commit that sends the last row to the top is one move, updated,
    /// with the row's new record: no delete and insert, no other row moved.
    @Test func aRowThatChangesOrderIsOneMove() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 40)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.flat)
        let screen = Screen(results, cell: cell)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await database.pool.write { db in try db.execute(sql: "UPDATE player SET score = 1000 WHERE id = 1") }
        await results.synchronize()
        #expect(updates.count == 1)
        let changes = updates.first?.changeset.elementChanges ?? []
        #expect(updates.first?.isReload == false)
        #expect(changes.count == 1)
        #expect(changes.first?.change == .move(from: ResultsIndexPath(row: 39, section: 0), to: ResultsIndexPath(row: 0, section: 0), isUpdated: true))
        #expect(changes.first?.element.score == 1000)
        #expect(screen.updates == 1 && screen.reloads == 0 && screen.checker.reloads == 0)
        #expect(screen.problems(expected: try database.freshSelect(Self.flat)) == [])
    }

    /// Two rows that swap places are two moves, updated; rows the commit
    /// wrote with the values they had report nothing.
    @Test func rowsThatSwapPlacesMoveAndRowsRewrittenAsTheyWereStay() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 30)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.flat)
        let screen = Screen(results, cell: cell)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await database.pool.write { db in
            try db.execute(sql: "UPDATE player SET score = 100 WHERE id = 20")
            try db.execute(sql: "UPDATE player SET score = 200 WHERE id = 10")
            try db.execute(sql: "UPDATE player SET score = score WHERE id BETWEEN 11 AND 19")
        }
        await results.synchronize()
        #expect(updates.count == 1)
        let changes = updates.first?.changeset.elementChanges ?? []
        #expect(changes.map(\.key).sorted() == [10, 20])
        #expect(changes.allSatisfy { $0.kind == .move && $0.isUpdated })
        #expect(screen.problems(expected: try database.freshSelect(Self.flat)) == [])
    }

    /// A row alone in its section whose order values change is an update
    /// of that row: its section stays, as the same section.
    @Test func aRowAloneInItsSectionThatChangesOrderIsAnUpdate() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 9) { $0 == 5 ? "Solo" : "Red" }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.sectioned)
        let screen = Screen(results, cell: cell)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await database.pool.write { db in try db.execute(sql: "UPDATE player SET score = 7 WHERE id = 5") }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.changeset.sectionChanges == [])
        #expect(updates.first?.changeset.elementChanges.map(\.change) == [.update(at: ResultsIndexPath(row: 0, section: 1), newIndexPath: ResultsIndexPath(row: 0, section: 1))])
        #expect(updates.first?.changeset.elementChanges.first?.element.score == 7)
        #expect(screen.problems(expected: try database.freshSelect(Self.sectioned)) == [])
    }

    /// Many rows reordered in one commit: one update, not a reload, with
    /// each changed row once, applied to table and collection views.
    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func aCommitThatReordersManyRowsIsOneUpdate(flavor: ListViewFlavor) async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 200) { ["Red", "Blue", nil][$0 % 3] }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.sectioned, batchSize: 20, cacheCapacity: 400)
        let screen = Screen(results, flavor: flavor, cell: cell)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await database.pool.write { db in
            // 40 rows: reversed in score, and every fourth to another team.
            for id in stride(from: 1, through: 200, by: 5) {
                try db.execute(sql: "UPDATE player SET score = ?, team = CASE WHEN ? % 4 = 0 THEN 'Green' ELSE team END WHERE id = ?",
                               arguments: [3_000 - id * 10, id, id])
            }
        }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.isReload == false)
        let keys = updates.first?.changeset.elementChanges.map(\.key) ?? []
        #expect(Set(keys).count == keys.count)   // no row reported twice
        #expect(screen.updates == 1 && screen.reloads == 0)
        #expect(screen.problems(expected: try database.freshSelect(Self.sectioned)) == [])
    }

    /// A row that moves into a section the commit creates is reported
    /// deleted from its old place with its record as it was, and shown in
    /// the new section with its record as it is: no reload.
    @Test func aRowMovedIntoANewSectionIsDeletedWithItsOldRecord() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 12) { $0 % 2 == 0 ? "Red" : "Blue" }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.sectioned)
        let screen = Screen(results, cell: cell)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        try await database.pool.write { db in try db.execute(sql: "UPDATE player SET team = 'Purple', name = 'moved' WHERE id = 4") }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.isReload == false)
        let changes = updates.first?.changeset.elementChanges ?? []
        #expect(changes.map(\.kind) == [.delete])
        #expect(changes.first?.element.team == "Red")
        #expect(changes.first?.element.name == "p4")
        #expect(updates.first?.changeset.sectionChanges.count == 1)
        let snapshot = results.reportedSnapshot
        #expect(snapshot.element(at: snapshot.indexPath(forKey: 4)!)?.name == "moved")
        #expect(results.cache.heldCount == 0)
        #expect(screen.problems(expected: try database.freshSelect(Self.sectioned)) == [])
    }

    /// Every observer receives exactly one update per commit that changed
    /// the rows shown, the same update, and none for a commit that did not.
    @Test func everyObserverReceivesOneUpdatePerCommit() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 30) { $0 % 2 == 0 ? "Red" : nil }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.sectioned)
        let screen = Screen(results, cell: cell)
        var first: [DatabaseResults<Player, Int64>.Update] = []
        var second: [DatabaseResults<Player, Int64>.Update] = []
        let observations = [results.observe { first.append($0) }, results.observe { second.append($0) }]
        defer { observations.forEach { $0.cancel() } }
        let commits: [String] = [
            "UPDATE player SET score = 1 WHERE id = 30",
            "INSERT INTO player (id, name, team, score) VALUES (100, 'new', 'Blue', 55)",
            "UPDATE player SET team = 'Red', score = 999 WHERE id = 3",
            "DELETE FROM player WHERE id IN (4, 5, 6)",
            "UPDATE player SET score = score",
            "UPDATE player SET score = 2000 - score WHERE id % 3 = 0",
        ]
        // The fifth commit changes nothing: no update.
        for (sql, expected) in zip(commits, [1, 2, 3, 4, 4, 5]) {
            try await database.pool.write { db in try db.execute(sql: sql) }
            await results.synchronize()
            #expect(first.count == expected, "after \(sql)")
            #expect(second.count == expected, "after \(sql)")
            #expect(screen.problems(expected: try database.freshSelect(Self.sectioned)) == [], "after \(sql)")
        }
        #expect(first.map(\.changeset) == second.map(\.changeset))
        #expect(first.allSatisfy { !$0.isReload })
    }

    /// A cell that reads a row the cache lacks costs one read of at most
    /// a batch of rows around it, by rowid.
    @Test func aCacheMissReadsOneBatchAroundTheRow() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 500)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.flat, batchSize: 25, cacheCapacity: 100)
        let snapshot = results.reportedSnapshot
        for row in [250, 10, 499, 0] {
            results.cache.invalidateAll()
            let reads = results.cache.fetchCount
            #expect(snapshot.element(at: ResultsIndexPath(row: row, section: 0))?.id == snapshot.key(at: ResultsIndexPath(row: row, section: 0)))
            #expect(results.cache.fetchCount == reads + 1)
            #expect((1...25).contains(results.cache.count))
        }
    }

    /// The records of the rows a commit changed are sent with it: the
    /// update that reports them reads none from the database.
    @Test func anUpdateReadsNoRecordItsCommitSent() async throws {
        let database = try TemporaryDatabase()
        try populate(database, count: 2_000, team: { ["Red", "Blue"][$0 % 2] })
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.sectioned)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        let reads = results.cache.fetchCount
        try await database.pool.write { db in
            for id in stride(from: 7, through: 2_000, by: 20) { try db.execute(sql: "UPDATE player SET score = 20000 - score WHERE id = ?", arguments: [id]) }
        }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.isReload == false)
        #expect(results.cache.fetchCount == reads)
    }
}
