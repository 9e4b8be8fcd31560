import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The code examples of the integration's documentation comments, line for
/// line (`.ci/snippets/check --doc-comments Integrations/GRDB/Sources`
/// finds each here), each run and checked.
@MainActor
@Suite struct DocumentationExamplesTests {
    @Test func aSourceIsMadeAndObserved() async throws {
        let database = try TemporaryDatabase()
        let pool = database.pool
        try await pool.write { db in try Player(id: 1, name: "Ada", team: "Red", score: 3).insert(db) }
        var rendered: [Int] = []
        func render(_ update: DatabaseResults<Player, Int64>.Update) { rendered.append(update.snapshot.count) }

        let players = try await DatabaseResults<Player, Int64>(
            pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")]))
        let observation = players.observe { update in render(update) }   // keep it

        let player = Player(id: 2, name: "Bo", team: "Blue", score: 5)
        try await pool.write { db in try player.insert(db) }
        await players.synchronize()   // players.reportedSnapshot has the row
        #expect(players.reportedSnapshot.count == 2 && rendered == [2])
        observation.cancel()
    }

    @Test func aJoinSelectsTheJoinedColumns() async throws {
        let database = try TemporaryDatabase(PostSchema.create)
        try await database.pool.write { db in
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Ana'); INSERT INTO post VALUES (1, 'p1', 'Hi', 1, 1)")
        }
        let join: DatabaseResultsRequest.Join =
            .init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])
        let posts = try await DatabaseResults<PostRow, Int64>(
            database.pool, request: DatabaseResultsRequest(table: "post", joining: [join], orderedBy: [.ascending("authorName")]))
        #expect(posts.element(forKey: 1)?.authorName == "Ana")
    }

    @Test func aRequestNamesItsOrderSectionsAndFilters() {
        let request = DatabaseResultsRequest(
            table: "player",
            orderedBy: [.descending("score"), .ascending("name")],
            sectionedBy: "team",
            filters: [.init(title: "active", sql: "active = 1")])
        #expect(request.ordering == [.descending("score"), .ascending("name")] && request.sectionColumn == "team")
        #expect(request.filters.map(\.sql) == ["active = 1"])

        let filters: [DatabaseResultsRequest.Filter] = [
            .init(title: "cheap", group: "price", sql: "price < ?", arguments: [10])
        ]
        #expect(filters[0].arguments == [10.databaseValue])
    }

    @Test func filtersAndSearchesChangeWhatIsShown() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for (id, team) in ["Red", "Blue", "Red"].enumerated() {
                try Player(id: Int64(id + 1), name: "P\(id + 1)", team: team, score: id).insert(db)
            }
        }
        let players = try await DatabaseResults<Player, Int64>(database.pool, request: DatabaseResultsRequest(table: "player"))
        try await players.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Red"]))
        #expect(players.reportedSnapshot.keysBySection == [[1, 3]])

        let query = "p3"
        try await players.search(for: query, in: ["name", "team"])   // one line per keystroke
        #expect(players.reportedSnapshot.keysBySection == [[3]])
    }
}
