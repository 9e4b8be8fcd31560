import FilterableResults
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Integers and reals in one order column, compared as SQLite compares
/// them, whatever their magnitude.
@Suite struct SQLiteOrderTests {
    @Test func realsPastInt64CompareWithEveryInteger() {
        #expect(SQLiteOrder.compare(int: .max, double: 0x1p63) == .orderedAscending)
        #expect(SQLiteOrder.compare(int: .max, double: 9.25e18) == .orderedAscending)
        #expect(SQLiteOrder.compare(int: .min, double: -9.25e18) == .orderedDescending)
        #expect(SQLiteOrder.compare(int: .min, double: -0x1p63) == .orderedSame)
        #expect(SQLiteOrder.compare(int: 5, double: 5.5) == .orderedAscending)
        #expect(SQLiteOrder.compare(int: 6, double: 5.5) == .orderedDescending)
        #expect(SQLiteOrder.compare(int: 1 << 62, double: 0x1p62) == .orderedSame)
        #expect(SQLiteOrder.compare(int: 0, double: .nan) == .orderedDescending)
    }

    /// A row placed among reals past Int64's range, by a commit: the
    /// source's order is SQLite's, and nothing traps.
    @MainActor
    @Test func aCommitPlacesRowsAmongRealsPastInt64() async throws {
        let database = try TemporaryDatabase()
        try await database.pool.write { db in
            for (id, score) in [(1, 5.0), (2, 9.25e18), (3, 0x1p63), (4, -9.25e18)] as [(Int64, Double)] {
                try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (?, 'p', ?)", arguments: [id, score])
            }
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (5, 'p', ?), (6, 'p', ?)", arguments: [Int64.max, Int64.min])
        }
        let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")])
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: request)
        try await database.pool.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (7, 'p', ?), (8, 'p', ?)", arguments: [Int64.max - 1, 7])
            try db.execute(sql: "UPDATE player SET score = ? WHERE id = 1", arguments: [9.3e18])
        }
        await results.synchronize()
        #expect(results.reportedSnapshot.keysBySection == (try freshSelect(request, database.pool)))
        #expect(results.reportedSnapshot.count == 8)
    }
}
