import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The Swift blocks of Integrations/GRDB/README.md ("Results from a database"), verbatim.
@MainActor
@Suite struct ReadmeTests {
    @Test func resultsFromADatabase() async throws {
        let database = try TemporaryDatabase()
        let pool = database.pool
        try await pool.write { db in
            for id in 1...9 { try Player(id: Int64(id), name: "P\(id)", team: ["Red", "Blue", "Green"][id % 3], score: id).insert(db) }
            try db.execute(sql: """
                CREATE VIRTUAL TABLE player_fts USING fts5(name, content='player', content_rowid='id');
                INSERT INTO player_fts(player_fts) VALUES ('rebuild');
                """)
        }
        var updates = 0

        // README block 1
        let players = try await DatabaseResults<Player, Int64>(
            pool,
            request: DatabaseResultsRequest(
                table: "player", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team"))
        let observation = players.observe { update in
            print(update.changeset)   // or: a data source applies it, as for any source
            updates += 1
        }

        // README block 2
        try await pool.write { db in
            try Player(id: 7, name: "Zoë", team: "Green", score: 15).upsert(db)
            try Player.filter(Column("score") < 3).deleteAll(db)
        }   // one update on the main actor, after the commit
        await players.synchronize()   // reportedSnapshot now shows the commit

        #expect(updates == 1)
        #expect(players.reportedSnapshot.keysBySection == (try freshSelect(players.request, pool)))

        // README block 3
        let searchText = "é"
        try await players.addFilter(.init(title: "stars", group: "score", sql: "score >= ?", arguments: [5]))
        try await players.search(for: searchText, in: ["name", "team"])   // one line per keystroke
        try await players.setRequest(DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")]))

        #expect(players.reportedSnapshot.count == 7)   // a new request: its own filters (none)

        // README block 4
        try await players.addFilter(.init(
            title: "search", group: "search",
            sql: "rowid IN (SELECT rowid FROM player_fts WHERE player_fts MATCH ?)", arguments: ["P*"]))

        #expect(players.reportedSnapshot.keysBySection == (try freshSelect(players.request, pool)))
        #expect(players.reportedSnapshot.count == 7)

        // README block 5
        let view = ListViewSimulator<String>()
        let dataSource = ResultsDataSource(source: players, view: view) { _, player in player.name }

        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(view.cells.joined().count == 7)
        observation.cancel()
    }
}
