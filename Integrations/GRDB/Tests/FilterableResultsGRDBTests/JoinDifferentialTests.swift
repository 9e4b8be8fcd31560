import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Random transactions over posts and their authors (``PostCommitKind``:
/// posts inserted, updated, moved to another author, deleted, given
/// another id or code, `REPLACE`d over their `UNIQUE` code; authors
/// inserted, renamed one or several at once, deleted, given another id,
/// `REPLACE`d over their `UNIQUE` email or their id; savepoints rolled
/// back; transactions rolled back), shown by requests over a join (its
/// sections by the author's name, or by the author's id titled by the
/// name) and over a view, keyed by an integer and by a text column, through a pool,
/// a file queue and an in-memory queue. After every commit the rows shown
/// are a fresh `SELECT`'s (the join written out, or the view), every batch
/// passes the validator and applies to a simulated view whose cells are
/// the rows' records as the database has them.
@MainActor
@Suite struct JoinDifferentialTests {
    /// Posts with their author's name: sectioned by it (a rename moves
    /// the author's posts to another section), ordered by score, filtered.
    static func joined(keyedBy key: String?) -> DatabaseResultsRequest {
        DatabaseResultsRequest(
            table: "post", keyedBy: key, joining: [PostSchema.author], orderedBy: [.descending("score"), .ascending("title")],
            sectionedBy: "authorName", filters: [.init(title: "not a multiple of 4", sql: "score % 4 != 0")])
    }

    /// Posts sectioned by their author's id, titled by the author's name: a
    /// rename refreshes the section's header, its rows stay; two authors
    /// of one name (or a post whose author is gone, and one with none,
    /// both untitled) are two sections.
    static func byAuthor(keyedBy key: String?) -> DatabaseResultsRequest {
        DatabaseResultsRequest(
            table: "post", keyedBy: key, joining: [PostSchema.author], orderedBy: [.descending("score"), .ascending("title")],
            sectionedBy: "authorId", sectionTitle: "authorName", filters: [.init(title: "not a multiple of 4", sql: "score % 4 != 0")])
    }

    /// The same rows through the view, ordered by the author's name.
    static func view(keyedBy key: String) -> DatabaseResultsRequest {
        DatabaseResultsRequest(
            table: "postWithAuthor", keyedBy: key, orderedBy: [.ascending("authorName"), .descending("score")],
            filters: [.init(title: "not a multiple of 4", sql: "score % 4 != 0")])
    }

    struct Run: Sendable, CustomTestStringConvertible {
        var writer: WriterKind
        var seed: UInt64
        var transactions: Int
        var textKeys: Bool
        var testDescription: String { "\(writer) seed \(seed), \(textKeys ? "text" : "integer") keys: \(transactions) transactions" }
    }

    /// 1,500 transactions in all, each shown by two sources.
    nonisolated static let runs = [
        Run(writer: .pool, seed: 11, transactions: 300, textKeys: false),
        Run(writer: .pool, seed: 12, transactions: 300, textKeys: true),
        Run(writer: .queue, seed: 13, transactions: 300, textKeys: true),
        Run(writer: .queue, seed: 14, transactions: 300, textKeys: false),
        Run(writer: .memory, seed: 15, transactions: 300, textKeys: true),
    ]

    @Test(arguments: runs)
    func randomTransactionsMatchAFreshSelect(_ run: Run) async throws {
        if run.textKeys {
            try await check(run, key: "code", as: String.self)
        } else {
            try await check(run, key: "id", as: Int64.self)
        }
    }

    func check<Key: DatabaseValueConvertible & Hashable & Sendable>(_ run: Run, key: String, as _: Key.Type) async throws {
        let database = try TemporaryDatabase(PostSchema.create, kind: run.writer)
        var generator = PostTransactionGenerator(seed: run.seed)
        try await database.writer.write { db in
            for id in 1...6 { try db.execute(sql: "INSERT INTO author (id, name, email) VALUES (?, ?, ?)", arguments: [id, PostTransactionGenerator.names[id], "e\(id)"]) }
        }
        for _ in 0..<40 {
            let state = try await database.writer.read { db in try PostState.read(db) }
            var drawn = generator.statement(state)
            while drawn.kind != .insertPost { drawn = generator.statement(state) }
            let statement = drawn
            try await database.writer.write { db in try statement.execute(db) }
        }
        let requests = [Self.joined(keyedBy: key == "id" ? nil : key), Self.view(keyedBy: key), Self.byAuthor(keyedBy: key == "id" ? nil : key)]
        let names = ["join", "view", "join by author id"]
        var screens: [Screen<PostRow, Key>] = []
        for request in requests {
            let results = try await DatabaseResults<PostRow, Key>(database.writer, request: request, batchSize: 8, cacheCapacity: 64)
            screens.append(Screen(results, flavor: screens.isEmpty ? .tableView : .collectionView) { $0.cell })
        }
        var counts: [PostCommitKind: Int] = [:]
        var problems: [String] = []
        for step in 0..<run.transactions {
            let state = try await database.writer.read { db in try PostState.read(db) }
            let (statements, rollsBack) = generator.transaction(state)
            let written: Void? = try? await database.writer.write { db in
                for statement in statements { try statement.execute(db) }
                if rollsBack { throw DatabaseError(resultCode: .SQLITE_ABORT, message: "rolled back on purpose") }
            }
            for screen in screens { await screen.results.synchronize() }
            let (fresh, titles, cells) = try await database.writer.read { db in
                (
                    try requests.map { try PostSchema.freshKeys($0, key: key, db) as [[Key]] },
                    try (PostSchema.freshSections(requests[2], key: key, db) as [(title: String, keys: [Key])]).map(\.title),
                    try PostSchema.freshCells(db)
                )
            }
            var stepProblems: [String] = []
            for (index, screen) in screens.enumerated() {
                stepProblems += screen.problems(expected: fresh[index], titles: index == 2 ? titles : nil).map { "\(names[index]): \($0)" }
                let expectedCells = fresh[index].map { section in section.map { cells[$0.databaseValue] ?? "no row \($0)" } }
                if screen.view.cells != expectedCells { stepProblems.append("\(names[index]): the view shows \(screen.view.cells), expected \(expectedCells)") }
                if let error = screen.results.error { stepProblems.append("\(names[index]): error \(error)") }
            }
            if !stepProblems.isEmpty {
                problems += stepProblems.map { "step \(step) (\(statements.map { "\($0.kind): \($0.sql) \($0.arguments)" })): \($0)" }
                break
            }
            if written != nil { for statement in statements { counts[statement.kind, default: 0] += 1 } }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        let missing = PostCommitKind.allCases.filter { counts[$0, default: 0] == 0 }
        #expect(missing.isEmpty, "kinds never committed: \(missing); counts: \(counts)")
        // The joins animated most commits; the view reloaded. Renames
        // refreshed the headers of the sections by author id.
        #expect(screens[0].updates > screens[0].reloads, "join: \(screens[0].updates) updates, \(screens[0].reloads) reloads")
        #expect(screens[2].updates > screens[2].reloads, "by author: \(screens[2].updates) updates, \(screens[2].reloads) reloads")
        #expect(screens[2].sectionUpdates > 0)
        #expect(screens[1].reloads > 0)
    }
}
