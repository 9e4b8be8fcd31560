import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Writes from several tasks while the main actor reads: updates arrive on
/// the main actor in commit order, none missed, none twice.
@MainActor
@Suite struct ConcurrencyTests {
    static let request = DatabaseResultsRequest(table: "player", orderedBy: [.ascending("score")], sectionedBy: "team")

    @Test func writersInOtherTasks() async throws {
        let database = try TemporaryDatabase()
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 8, cacheCapacity: 64)
        let checker = UpdateChecker(results)
        let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
        let dataSource = ResultsDataSource(source: results, view: view) { _, player in "\(player.id)" }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        var shownElementsMatchKeys = true

        let pool = database.pool
        let writers = 4, perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<perWriter {
                        let id = Int64(writer * 10_000 + index)
                        try await pool.write { db in
                            try Player(id: id, name: "w\(writer)", team: ["A", "B", "C"][index % 3], score: index % 13).insert(db)
                            if index % 4 == 3 { try db.execute(sql: "UPDATE player SET score = score + 1 WHERE id = ?", arguments: [id - 1]) }
                            if index % 10 == 9 { try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [id - 5]) }
                        }
                    }
                }
            }
            // Meanwhile the main actor reads rows of what it shows.
            for _ in 0..<200 {
                let snapshot = dataSource.snapshot
                for section in 0..<snapshot.numberOfSections {
                    let rows = snapshot.numberOfElements(inSection: section) ?? 0
                    if rows > 0 {
                        let path = ResultsIndexPath(row: rows / 2, section: section)
                        if let player = snapshot.element(at: path), player.id != snapshot.key(at: path) { shownElementsMatchKeys = false }
                    }
                }
                await Task.yield()
            }
            try await group.waitForAll()
        }
        await results.synchronize()
        #expect(shownElementsMatchKeys)
        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(3))")
        #expect(view.exception == nil, "\(view.exception.map(\.description) ?? "")")
        let fresh = try freshSelect(Self.request, database.pool)
        #expect(results.reportedSnapshot.keysBySection == fresh)
        #expect(view.cells == fresh.map { $0.map { "\($0)" } })
        // Every row inserted was reported inserted exactly once (none was
        // deleted in the commit that inserted it).
        let inserted = checker.insertedKeys
        #expect(inserted.count == Set(inserted).count)
        #expect(inserted.count == writers * perWriter)
        #expect(results.cache.count <= 64)
    }
}
