import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Random transactions go to a real database and the same operations to
/// an in-memory `ResultsController` with the same order, sections and
/// filter; after every commit the source's table equals the controller's
/// and a fresh `SELECT`, its batch passes the validator, and it applies to
/// simulated table and collection views.
@MainActor
@Suite struct DifferentialTests {
    typealias PlayerDataSource = ResultsDataSource<DatabaseResults<Player, Int64>, String>

    static let request = DatabaseResultsRequest(
        table: "player", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team",
        filters: [.init(title: "not a multiple of 3", sql: "score % 3 != 0")])

    /// The in-memory twin of `request`.
    static func model() throws -> ResultsController<Player, Int64> {
        let byName = ResultsSortKey<Player> { lhs, rhs in
            lhs.name.unicodeScalars.elementsEqual(rhs.name.unicodeScalars) ? .orderedSame
                : lhs.name.unicodeScalars.lexicographicallyPrecedes(rhs.name.unicodeScalars) ? .orderedAscending : .orderedDescending
        }
        let store = ResultsStore<Player, Int64>(
            key: \.id, sortedBy: [.descending(\.score), byName, .ascending(\.id)], sectionedBy: .by(\.team),
            hidesEmptySections: true)
        let controller = ResultsController(store: store)
        try controller.addFilter(ResultsFilter(title: "not a multiple of 3") { $0.score % 3 != 0 })
        return controller
    }

    static func keys(_ snapshot: ResultsSnapshot<Player, Int64>) -> [[Int64]] {
        (0..<snapshot.numberOfSections).map { snapshot.elements(inSection: $0).map(\.id) }
    }

    static func cell(_ player: Player) -> String { "\(player.id):\(player.name):\(player.score)" }

    /// 3,200 transactions in all (the database kinds of commits are
    /// `DatabaseDifferentialTests`'): 800 shown in four simulated views,
    /// 2,400 in one.
    @Test(arguments: [(1 as UInt64, 400, true), (2, 400, true), (3, 1_200, false), (4, 1_200, false)])
    func randomTransactions(seed: UInt64, count: Int, withViews: Bool) async throws {
        let database = try TemporaryDatabase()
        let results = try await DatabaseResults<Player, Int64>(database.pool, request: Self.request, batchSize: 16, cacheCapacity: 1_000)
        let model = try Self.model()
        var generator = RandomTransactionGenerator(random: SeededRandomNumberGenerator(seed: seed))
        var mirror: [Int64: Player] = [:]

        // Every engine batch, validated against the tables before and after.
        var shown = results.controller.reportedSnapshot
        var violations: [String] = []
        var engineUpdates = 0
        let engineObservation = results.controller.observe { update in
            engineUpdates += 1
            let old = shown.sections.map { ResultsSection($0) }
            let new = update.snapshot.sections.map { ResultsSection($0) }
            violations += BatchUpdateValidator.violations(
                of: update.changeset, from: old, to: new, key: \.key, isSameContent: { $0.stamp == $1.stamp }
            ).map(\.description)
            shown = update.snapshot
        }
        // Every record-level change carries the record of its own row, as committed.
        var before: [Int64: Player] = [:]
        var after: [Int64: Player] = [:]
        var recordMismatches: [String] = []
        let recordObservation = results.observe { update in
            for change in update.changeset.elementChanges {
                let expected = change.kind == .delete ? before[change.key] : after[change.key]
                if change.element != expected || change.element.id != change.key {
                    recordMismatches.append("\(change) expected \(String(describing: expected))")
                }
            }
        }
        var screens: [(ListViewSimulator<String>, PlayerDataSource)] = []
        do {
            let flavors: [(ListViewFlavor, ListViewCountMode)] = withViews
                ? [(.tableView, .cached), (.tableView, .readAtBatchStart), (.collectionView, .cached), (.collectionView, .readAtBatchStart)]
                : [(.collectionView, .readAtBatchStart)]
            for (flavor, mode) in flavors {
                let view = ListViewSimulator<String>(flavor: flavor, countMode: mode)
                let dataSource = PlayerDataSource(source: results, view: view) { _, player in Self.cell(player) }
                view.dataSource = dataSource
                view.layoutIfNeeded()
                screens.append((view, dataSource))
            }
        }

        var committed = 0
        for step in 0..<count {
            let (operations, rollsBack) = generator.transaction(mirror)
            before = mirror
            after = mirror
            for operation in operations { operation.apply(to: &after) }
            let written: Void? = try? await database.pool.write { db in
                for operation in operations { try operation.execute(db) }
                if rollsBack { throw DatabaseError(resultCode: .SQLITE_ABORT, message: "rolled back on purpose") }
            }
            if written != nil {
                committed += 1
                mirror = after
                var running = before
                try model.performBatchUpdates { () throws(ResultsError) in
                    for operation in operations {
                        defer { operation.apply(to: &running) }
                        switch operation {
                        case let .insert(player): try model.add(player)
                        case let .update(player): try model.replace(player)
                        case let .delete(id): try model.remove(key: id)
                        case let .bump(team):
                            for (id, player) in running where player.team == team { try model.update(id) { $0.score += 1 } }
                        case let .deleteScore(score): try model.removeAll { $0.score == score }
                        case .rolledBackSavepoint, .other: break
                        }
                    }
                }
            }
            await results.synchronize()
            let source = results.reportedSnapshot
            let expected = Self.keys(model.reportedSnapshot)
            #expect(source.keysBySection == expected, "step \(step): the source differs from the controller; fresh: \((try? freshSelect(Self.request, database.pool)) ?? []); operations \(operations); before \(before.values.sorted { $0.id < $1.id })")
            #expect((0..<source.numberOfSections).map(source.name(ofSection:)) == (0..<model.reportedSnapshot.numberOfSections).map(model.reportedSnapshot.name(ofSection:)))
            if step % 10 == 0 || withViews {
                #expect(source.keysBySection == (try freshSelect(Self.request, database.pool)), "step \(step): the source differs from a fresh SELECT")
            }
            for (view, _) in screens {
                #expect(view.exception == nil, "step \(step): \(view.exception.map(\.description) ?? "")")
                let cells = (0..<model.reportedSnapshot.numberOfSections).map { model.reportedSnapshot.elements(inSection: $0).map(Self.cell) }
                #expect(view.cells == cells, "step \(step): the view shows other cells")
            }
            if !violations.isEmpty || !recordMismatches.isEmpty || source.keysBySection != expected { break }
        }
        #expect(violations.isEmpty, "\(violations.prefix(3))")
        #expect(recordMismatches.isEmpty, "\(recordMismatches.prefix(3))")
        #expect(committed > count * 8 / 10)
        #expect(engineUpdates > 0 && engineUpdates <= committed)
        #expect(results.error == nil)
        engineObservation.cancel()
        recordObservation.cancel()
    }
}
