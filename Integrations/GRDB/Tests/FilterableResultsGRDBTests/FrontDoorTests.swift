import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The package's consumers take a `DatabaseResults` unchanged: a
/// composition's part, `updates()`, `ObservableResults`.
@MainActor
@Suite struct FrontDoorTests {
    enum Row: Hashable { case header(String), player(Player) }

    @Test func compositionUpdatesAndObservation() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...5 { try Player(id: Int64(id), name: "P\(id)", team: nil, score: id).insert(db) }
        }
        let players = try await DatabaseResults<Player, Int64>(
            database.pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")]))
        let header = try StaticSections<Row> { StaticSection("Top") { StaticRow(.header("Players")) } }
        let screen = ResultsComposition<Row>([.part(header), .part(players, as: Row.player)])
        var composed: [ResultsComposition<Row>.Update] = []
        let observation = screen.observe { composed.append($0) }
        let updates = players.updates()
        let observable = ObservableResults(players)

        try await database.pool.write { db in try Player(id: 6, name: "P6", team: nil, score: 0).insert(db) }
        await players.synchronize()

        #expect(composed.count == 1)
        #expect(screen.reportedSnapshot.count == 7)
        if case let .player(first)? = screen.reportedSnapshot.element(at: ResultsIndexPath(row: 0, section: 1)) {
            #expect(first.id == 6)
        } else {
            Issue.record("the composition's second section starts with player 6")
        }
        var iterator = updates.makeAsyncIterator()
        let streamed = await iterator.next()
        #expect(streamed?.snapshot.count == 6)
        #expect(observable.snapshot.count == 6)
        observation.cancel()
    }

    /// The batch and pause words of every source: commits delivered inside
    /// the app's batch are one update at its end; commits delivered while
    /// paused are one reload on resuming, and a schema change's own reload
    /// does not resume updates the app paused.
    @Test func batchesAndPausesSpanCommits() async throws {
        let database = try TemporaryDatabase()
        let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")])
        try await database.pool.write { db in
            for id in 1...5 { try Player(id: Int64(id), name: "P\(id)", team: nil, score: id).insert(db) }
        }
        let players = try await DatabaseResults<Player, Int64>(database.pool, request: request)
        let checker = UpdateChecker(players)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = players.observe { updates.append($0) }

        try players.beginUpdates()
        #expect(players.isBatching)
        try await database.pool.write { db in try Player(id: 6, name: "P6", team: nil, score: 0).insert(db) }
        await players.synchronize()
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id = 1") }
        await players.synchronize()
        #expect(updates.isEmpty)
        try players.endUpdates()
        #expect(updates.count == 1)
        #expect(players.reportedSnapshot.keysBySection == (try freshSelect(request, database.pool)))

        try players.setUpdatesEnabled(false)
        try await database.pool.write { db in try db.execute(sql: "ALTER TABLE player ADD COLUMN extra TEXT") }
        await players.synchronize()
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM player WHERE id = 2") }
        await players.synchronize()
        #expect(!players.updatesEnabled)
        #expect(updates.count == 1)
        try players.setUpdatesEnabled(true)
        #expect(updates.count == 2)
        #expect(updates.last?.isReload == true)
        #expect(players.reportedSnapshot.keysBySection == (try freshSelect(request, database.pool)))
        #expect(checker.violations.isEmpty)
        #expect(throws: ResultsError.unbalancedEndUpdates) { try players.endUpdates() }
        observation.cancel()
    }
}
