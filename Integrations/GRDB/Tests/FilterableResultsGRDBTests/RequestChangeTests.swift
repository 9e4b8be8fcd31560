import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Filters, live search, sort and section changes at run time: each is one
/// animated, valid batch showing what a fresh `SELECT` shows.
@MainActor
@Suite struct RequestChangeTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")], sectionedBy: "team")

    func open(_ database: TemporaryDatabase) async throws -> DatabaseResults<Player, Int64> {
        var generator = RandomTransactionGenerator(random: SeededRandomNumberGenerator(seed: 7))
        let players = (1...400).map { generator.player(id: Int64($0)) }
        try await database.pool.write { db in
            for player in players { try player.insert(db) }
        }
        return try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 10, cacheCapacity: 40)
    }

    @Test func filtersAnimateWithoutUpdates() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let checker = UpdateChecker(results)
        var kinds: [RowChange.Kind] = []
        let observation = results.observe { update in kinds += update.changeset.elementChanges.map(\.kind) }
        try await results.addFilter(.init(title: "high", group: "score", sql: "score >= ?", arguments: [6]))
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
        try await results.addFilter(.init(title: "low", group: "score", sql: "score < ?", arguments: [3]))   // replaces "high"
        #expect(results.request.filters.map(\.title) == ["low"])
        try await results.addFilter(.init(title: "red", group: "team", sql: "team = 'Red'"))
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
        try await results.removeFilter(title: "low", group: "score")
        try await results.clearFilters()
        #expect(results.request.filters.isEmpty)
        try await results.clearFilters()   // none left: nothing to report
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(Self.request, database.pool)))
        #expect(checker.updates == 5 && checker.reloads == 0)
        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(3))")
        #expect(!kinds.contains(.update) && !kinds.contains(.move))   // rows come and go, none changes
        observation.cancel()
    }

    /// The SQL search finds what the core's `search(for:in:)` finds.
    @Test func liveSearchMatchesTheCoresSearch() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let checker = UpdateChecker(results)
        let players = try await database.pool.read { db in try Player.fetchAll(db) }
        let model = ResultsController(store: ResultsStore<Player, Int64>(key: \.id))
        try model.setData(players)
        for query in ["e", "É", "eva", "ÜMIT", "ola", "zo", "Émeraude", "green", "łu", "xyz", "", "a"] {
            try await results.search(for: query, in: ["name", "team"])
            try model.search(for: query, in: [.field(\.name), .field(\.team)])
            let expected = Set(model.snapshot.elements.map(\.id))
            #expect(Set(results.reportedSnapshot.keysBySection.joined()) == expected, "search \(query)")
        }
        #expect(checker.violations.isEmpty && checker.reloads == 0)
    }

    /// Keystrokes typed faster than the writer serves them: the last wins,
    /// the ones it overtook are skipped.
    @Test func supersededKeystrokesAreSkipped() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        async let first: Void = results.search(for: "e", in: ["name"])
        async let second: Void = results.search(for: "ev", in: ["name"])
        async let third: Void = results.search(for: "eva", in: ["name"])
        _ = try await (first, second, third)
        try await results.search(for: "eva", in: ["name"])
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
    }

    @Test func sortAndSectionChangesAnimate() async throws {
        let database = try TemporaryDatabase()
        let results = try await open(database)
        let checker = UpdateChecker(results)
        let requests = [
            DatabaseResultsRequest(table: "player", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team"),
            DatabaseResultsRequest(table: "player", orderedBy: [.descending("score")]),
            DatabaseResultsRequest(table: "player", orderedBy: [.ascending("team"), .ascending("score")], sectionedBy: "score",
                                   sectionOrder: ResultsSectioning<Player>.Order.localizedStandard.areInIncreasingOrder),
            DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")], sectionedBy: "name",
                                   filters: [.init(title: "odd", sql: "id % 2 = 1")]),
            Self.request,
        ]
        for request in requests {
            try await results.setRequest(request)
            #expect(results.reportedSnapshot.keysBySection == (try freshSelect(request, database.pool)))
            // Commits keep following the new request.
            try await database.pool.write { db in
                try db.execute(sql: "UPDATE player SET score = (score + 5) % 13 WHERE id % 7 = 0")
                try db.execute(sql: "DELETE FROM player WHERE id % 37 = 0")
            }
            await results.synchronize()
            #expect(results.reportedSnapshot.keysBySection == (try freshSelect(request, database.pool)))
        }
        #expect(checker.reloads == 0)
        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(3))")
        await #expect(throws: ResultsError.self) {
            try await results.setRequest(DatabaseResultsRequest(table: "other"))
        }
    }
}

extension RequestChangeTests {
    /// A request change that swaps more than 10,000 rows is a reload.
    @Test func largeRequestChangesReload() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...12_000 { try Player(id: Int64(id), name: id % 50 == 0 ? "Éva" : "Bob", team: "Red", score: id % 13).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        var reloads = 0
        let observation = results.observe { update in if update.isReload { reloads += 1 } }
        try await results.search(for: "eva", in: ["name"])
        #expect(reloads == 1)
        #expect(results.reportedSnapshot.count == 240)
        try await results.setRequest(DatabaseResultsRequest(table: "player", orderedBy: [.descending("score")], sectionedBy: "score"))
        #expect(reloads == 2)
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)))
        observation.cancel()
    }
}
