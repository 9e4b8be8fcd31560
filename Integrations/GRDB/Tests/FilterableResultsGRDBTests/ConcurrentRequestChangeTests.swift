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

    static let red = DatabaseResultsRequest.Filter(title: "team", group: "team", sql: "team = ?", arguments: ["Red"])
    static let high = DatabaseResultsRequest.Filter(title: "high", group: "score", sql: "score > ?", arguments: [150])
    static let bad = DatabaseResultsRequest.Filter(title: "bad", group: "bad", sql: "no_such_column = 1")

    /// A source with the players, shown in a simulated view.
    func open() async throws -> (TemporaryDatabase, DatabaseResults<Player, Int64>, Screen<Player, Int64>) {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        return (database, results, Screen(results) { "\($0.id):\($0.name):\($0.score)" })
    }

    /// A request change that reaches the writer after a newer one (made
    /// from it) is skipped: the newer, which holds its changes, stays.
    @Test func anOlderRequestReachingTheWriterLastChangesNothing() async throws {
        let (database, results, screen) = try await open()
        try await results.changingRequest { $0.addFilter(.init(title: "team", group: "team", sql: "team = ?", arguments: ["Blue"])) } apply: {
            older async throws(ResultsError) in
            try await results.changingRequest { $0.addFilter(Self.high) } apply: { newer async throws(ResultsError) in try await results.refetch(newer) }
            try await results.refetch(older)
        }
        await results.synchronize()
        #expect(Set(results.request.filters.map(\.title)) == ["team", "high"])
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
        #expect(results.reportedSnapshot.count == 50)
    }

    /// A change on its way that the request shown already holds, with a
    /// newer change made on top of it (a search, then the filters
    /// cleared), is not made again over the newer: a change asked for then
    /// does not bring the search back.
    @Test func aChangeTheRequestShownHoldsIsNotMadeAgainOverANewerOne() async throws {
        let (database, results, screen) = try await open()
        let search = DatabaseResultsRequest.Filter(title: "search", group: "search", sql: "filterable_results_contains(\"name\", ?)", arguments: ["p1"])
        try await results.changingRequest { $0.addFilter(search) } apply: { older async throws(ResultsError) in
            try await results.clearFilters()
            try await results.addFilter(Self.red)
            try await results.refetch(older)
        }
        await results.synchronize()
        #expect(results.request.filters.map(\.title) == ["team"])
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
    }

    /// A source opened with another source's request numbers its own
    /// changes: none is taken for an older one and skipped.
    @Test func aSourceOpenedWithAnotherSourcesRequestAppliesEachChange() async throws {
        let (database, first, _) = try await open()
        try await first.addFilter(Self.red)
        try await first.addFilter(Self.high)
        let second = try await DatabaseResults<Player, Int64>(database.pool, request: first.request)
        let screen = Screen(second) { "\($0.id):\($0.name)" }
        try await second.removeFilter(title: "high", group: "score")
        try await second.search(for: "p2", in: ["name"])
        await second.synchronize()
        #expect(second.request.filters.map(\.title) == ["team", "search"])
        #expect(second.reportedSnapshot.count == (try expected(database, team: "Red", text: "p2")))
        #expect(screen.problems(expected: try freshSelect(second.request, database.pool)) == [])
    }

    /// A search call that asks for nothing (clearing a search not shown),
    /// or that is refused (an unknown column, no column), does not
    /// supersede the keystroke on its way.
    @Test func aSearchCallThatAsksForNothingLeavesTheKeystrokeOnItsWay() async throws {
        for other in [("", ["team"]), ("x", ["no_such_column"]), ("x", [])] {
            let (database, results, screen) = try await open()
            let search = Task { try await results.search(for: "p1", in: ["name"]) }
            let call = Task { try await results.search(for: other.0, in: other.1, group: "other") }
            try await search.value
            _ = await call.result
            await results.synchronize()
            #expect(results.request.filters.map(\.title) == ["search"], "\(other)")
            #expect(results.reportedSnapshot.count == (try expected(database, team: nil, text: "p1")), "\(other)")
            #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [], "\(other)")
        }
    }

    /// A change asked for while an invalid one is on its way is not made
    /// on top of it: the invalid one fails, the valid one applies.
    @Test func aChangeAskedForWhileAnInvalidOneIsOnItsWayApplies() async throws {
        for keystroke in [false, true] {
            let (database, results, screen) = try await open()
            let bad = Task { try await results.addFilter(Self.bad) }
            let good = Task {
                if keystroke { try await results.search(for: "p1", in: ["name"]) } else { try await results.addFilter(Self.red) }
            }
            let badResult = await bad.result
            let goodResult = await good.result
            await results.synchronize()
            #expect(throws: ResultsError.self) { try badResult.get() }
            #expect(throws: Never.self) { try goodResult.get() }
            #expect(results.request.filters.map(\.title) == [keystroke ? "search" : "team"])
            #expect(results.reportedSnapshot.count == (try expected(database, team: keystroke ? nil : "Red", text: keystroke ? "p1" : "")))
            #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
        }
    }

    /// An earlier valid change is not lost when a later invalid one fails.
    @Test func aChangeOnItsWayAppliesWhenALaterOneIsInvalid() async throws {
        let (database, results, screen) = try await open()
        let good = Task { try await results.addFilter(Self.red) }
        let bad = Task { try await results.addFilter(Self.bad) }
        _ = await good.result
        _ = await bad.result
        await results.synchronize()
        #expect(results.request.filters.map(\.title) == ["team"])
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
    }

    /// A new order and sections asked for, then a filter made on top of
    /// them that reaches the writer first (the order's change is then
    /// skipped as older): the rows are sorted and sectioned anew all the
    /// same, and stay so through later changes and commits.
    @Test func aFilterMadeOnANewOrderThatReachesTheWriterFirstShowsTheNewOrder() async throws {
        let (database, results, screen) = try await open()
        let organization = results.nextOrganization()
        try await results.changingRequest { latest in
            latest.sectionColumn = nil
            latest.ordering = [.descending("score")]
            latest.organization = organization
        } apply: { older async throws(ResultsError) in
            try await results.changingRequest { $0.addFilter(Self.high) } apply: { newer async throws(ResultsError) in try await results.refetch(newer) }
            try await results.refetch(older)
        }
        await results.synchronize()
        #expect(results.request.sectionColumn == nil && results.request.ordering.map(\.column) == ["score"])
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
        try await results.addFilter(.init(title: "high", group: "score", sql: "score > ?", arguments: [100]))
        try await database.pool.write { db in try db.execute(sql: "UPDATE player SET score = 400 - score WHERE id % 10 = 0") }
        try await results.removeFilter(title: "high", group: "score")
        await results.synchronize()
        #expect(screen.problems(expected: try freshSelect(results.request, database.pool)) == [])
    }
}
