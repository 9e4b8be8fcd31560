@_spi(Integrations) import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Live search: the SQL function folds as the core, and a narrowing
/// keystroke removes rows as a batch.
@MainActor
@Suite struct SearchTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")], sectionedBy: "team")

    @Test func asciiFoldsToItsLowercase() {
        for byte in UInt8(0)..<0x80 {
            let text = String(UnicodeScalar(byte))
            let lower = String(UnicodeScalar(byte &- 0x41 < 26 ? byte | 0x20 : byte))
            #expect(ResultsSearchFolding.fold(text) == lower, "\(byte)")
        }
    }

    @Test func containsAgreesWithTheCoreFolding() {
        let pieces = ["a", "B", "é", "É", "e\u{301}", "ß", "İ", "ﬁ", "Ω", "😀", "x", "Y", " ", "1"]
        var random = SeededRandomNumberGenerator(seed: 7)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let needle = ResultsSearchFolding.fold((0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
            let folded = ResultsSearchFolding.fold(text)
            let expected = needle.isEmpty || Array(folded.utf8).indices.contains { start in
                Array(folded.utf8)[start...].starts(with: needle.utf8)
            }
            #expect(SearchMatch.contains(text, folded: needle) == expected, "\(text) \(needle)")
        }
    }

    func populate(_ database: TemporaryDatabase) throws {
        try database.pool.write { db in
            for id in 1...400 {
                try Player(id: Int64(id), name: "P\(id)É", team: ["Red", "Blue", nil][id % 3], score: id).insert(db)
            }
        }
    }

    @Test func narrowingKeystrokesRemoveRowsAsOneBatch() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        // Removals are reported with their records: at most half the cache (else a reload).
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 20, cacheCapacity: 1_000)
        var updates: [DatabaseResults<Player, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        for text in ["p", "P1", "p12", "p12é", "p1", ""] {
            updates.removeAll()
            try await results.search(for: text, in: ["name"])
            #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)), "\(text)")
            let expected = try await database.pool.read { db in
                try Player.fetchAll(db).filter { text.isEmpty || ResultsSearchFolding.fold($0.name).contains(ResultsSearchFolding.fold(text)) }.count
            }
            #expect(results.reportedSnapshot.count == expected, "\(text)")
            if ["P1", "p12", "p12é"].contains(text) {
                // Narrowing: rows only leave, in one batch.
                #expect(updates.count == 1 && updates.allSatisfy { !$0.isReload }, "\(text)")
                #expect(updates.flatMap(\.changeset.elementChanges).allSatisfy { $0.kind == .delete }, "\(text)")
            }
        }
    }

    /// A search over ordering columns tests the values the source holds,
    /// as the SQL function tests the column: text folded, integers and
    /// reals by their description, `NULL` and blobs never, in two columns.
    @Test func aSearchOverOrderingColumnsTestsTheHeldValuesAsSQLDoes() async throws {
        let database = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, a, b)")
        let values: [DatabaseValue] = [
            "Émile".databaseValue, "e\u{301}mile".databaseValue, 12.databaseValue, 1.5.databaseValue, .null,
            Data([0x31]).databaseValue, "x1y".databaseValue, "ÉMI".databaseValue, 112.databaseValue,
        ]
        try await database.pool.write { db in
            for (index, value) in values.enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [index + 1, value, values[(index * 4) % values.count]])
            }
        }
        let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("a"), .descending("b")])
        for texts in [["1", "12", "112"], ["e", "em", "emi", "emil"], ["5"], [".", ".5"]] {
            let results = try await DatabaseResults<Fields, Int64>(database.pool, request: request)
            let screen = Screen(results) { $0.description }
            for text in texts {
                try await results.search(for: text, in: ["a", "b"])
                #expect(screen.problems(expected: try database.freshSelect(results.request)) == [], "\(text)")
                #expect(screen.reloads == 0)
            }
        }
    }

    @Test func narrowingKeystrokeWithCommitsInFlight() async throws {
        let database = try TemporaryDatabase()
        try populate(database)
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request)
        try await results.search(for: "p1", in: ["name"])
        for step in 0..<20 {
            // Commits not yet reported when the keystroke reads its candidates.
            try await database.pool.write { db in
                try Player(id: Int64(1_000 + step), name: "p1\(step)", team: "Red", score: step).insert(db)
                try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [100 + step])
            }
            try await results.search(for: step % 2 == 0 ? "p1" : "p", in: ["name"])
            try await results.search(for: "p1", in: ["name"])
            await results.synchronize()
            #expect(results.reportedSnapshot.keysBySection == (try freshSelect(results.request, database.pool)), "\(step)")
        }
    }

    @Test func sequentialReadsAreAmortised() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for id in 1...1_000 { try Player(id: Int64(id), name: "n\(1_000 - id)", team: nil, score: id).insert(db) }
        }
        let results = try await DatabaseResults<Player, Int64>(
            database.pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")]), batchSize: 40, cacheCapacity: 80)
        let snapshot = results.reportedSnapshot
        for row in 0..<1_000 { #expect(snapshot.element(at: ResultsIndexPath(row: row, section: 0))?.id == snapshot.key(at: ResultsIndexPath(row: row, section: 0))) }
        // One batch per 35 rows (a batch keeps 5 rows behind).
        #expect(results.cache.fetchCount <= 1_000 / 35 + 1)
        let forward = results.cache.fetchCount
        for row in (0..<1_000).reversed() { _ = snapshot.element(at: ResultsIndexPath(row: row, section: 0)) }
        #expect(results.cache.fetchCount - forward <= 1_000 / 35 + 2)
    }
}
