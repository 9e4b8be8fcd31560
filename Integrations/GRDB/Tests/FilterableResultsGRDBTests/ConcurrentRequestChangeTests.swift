@_spi(Integrations) import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Request changes asked for before the earlier ones are applied: each
/// starts from the latest asked for, and a keystroke narrows only the
/// rows of the request it was typed over.
@MainActor
@Suite struct ConcurrentRequestChangeTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")], sectionedBy: "team")

    func populate(_ database: TemporaryDatabase) throws {
        try database.pool.write { db in
            for id in 1...300 {
                try Player(id: Int64(id), name: "P\(id)", team: ["Red", "Blue", nil][id % 3], score: id).insert(db)
            }
        }
    }

    /// The players `text` finds among those of `team` (every team when nil).
    func expected(_ database: TemporaryDatabase, team: String?, text: String) throws -> Int {
        try database.pool.read { db in
            try Player.fetchAll(db).filter { player in
                (team == nil || player.team == team) && (text.isEmpty || ResultsSearchFolding.fold(player.name).contains(ResultsSearchFolding.fold(text)))
            }.count
        }
    }

    /// A filter and a keystroke asked for together: both apply.
    @Test func aFilterAndAKeystrokeInFlightTogetherBothApply() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        let filter = Task { try await results.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Red"])) }
        let search = Task { try await results.search(for: "p1", in: ["name"]) }
        try await filter.value
        try await search.value
        await results.synchronize()
        #expect(results.request.filters.map(\.title) == ["team", "search"])
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
        #expect(results.reportedSnapshot.count == (try expected(database, team: "Red", text: "p1")))
    }

    /// "p1", then "p12", then a deletion back to "p1", each typed before the
    /// last is applied: the table is the last keystroke's.
    @Test func keystrokesTypedBeforeTheLastIsAppliedEndAtTheLast() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        for texts in [["p1", "p12", "p1"], ["p12", "p1"], ["p1", "p12", "p123", ""], ["p", "p1", "p"]] {
            let tasks = texts.map { text in Task { try await results.search(for: text, in: ["name"]) } }
            for task in tasks { try await task.value }
            await results.synchronize()
            #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)), "\(texts)")
            #expect(results.reportedSnapshot.count == (try expected(database, team: nil, text: texts.last!)), "\(texts)")
        }
    }

    /// Two filters set together: neither is lost.
    @Test func twoFiltersSetTogetherBothApply() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        let first = Task { try await results.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Blue"])) }
        let second = Task { try await results.addFilter(.init(title: "high", group: "score", sql: "score > ?", arguments: [150])) }
        try await first.value
        try await second.value
        await results.synchronize()
        #expect(Set(results.request.filters.map(\.title)) == ["team", "high"])
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
        #expect(results.reportedSnapshot.count == 50)
    }

    /// A request change that reaches the writer after a newer one (made
    /// from it) is skipped: the newer, which holds its changes, stays.
    @Test func anOlderRequestReachingTheWriterLastChangesNothing() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        let screen = Screen(results) { "\($0.id):\($0.name)" }
        var teamOnly = results.request
        teamOnly.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Blue"]))
        var both = teamOnly
        both.addFilter(.init(title: "high", group: "score", sql: "score > ?", arguments: [150]))
        try await results.changingRequest(to: teamOnly) { older async throws(ResultsError) in
            try await results.changingRequest(to: both) { newer async throws(ResultsError) in try await results.refetch(newer, reorganize: false) }
            try await results.refetch(older, reorganize: false)
        }
        await results.synchronize()
        #expect(Set(results.request.filters.map(\.title)) == ["team", "high"])
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
        #expect(results.reportedSnapshot.count == 50)
    }
}
