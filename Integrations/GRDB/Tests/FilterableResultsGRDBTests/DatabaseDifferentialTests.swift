import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Random transactions of every kind SQLite can commit to a table a source
/// follows (see ``ItemCommitKind``: `REPLACE` over a unique column and over
/// rowids, rowid changes, writes that change nothing, savepoints, app
/// triggers and cascades, bursts from several tasks, another connection's
/// writes followed by `notifyChanges(in:)`, and schema changes), through a
/// pool, a file queue and an in-memory queue. After every commit the rows
/// shown are a fresh `SELECT`'s through a new connection, every batch
/// passes the validator and applies to a simulated view whose cells are the
/// rows' records as the database has them, and every record an update
/// carries is its row's (as before the commit for a delete, after it for
/// the others). Each run counts the kinds it committed and checks that
/// every kind happened.
@MainActor
@Suite struct DatabaseDifferentialTests {
    static let request = DatabaseResultsRequest(
        table: "item", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team",
        filters: [.init(title: "not a multiple of 3", sql: "score % 3 != 0")])

    struct Run: Sendable, CustomTestStringConvertible {
        var writer: WriterKind
        var seed: UInt64
        var transactions: Int
        /// Small: most records are not cached (deletes of rows never read,
        /// batches past half the cache reload).
        var cacheCapacity: Int

        var testDescription: String { "\(writer) seed \(seed): \(transactions) transactions, cache \(cacheCapacity)" }
    }

    /// 2,600 transactions in all.
    nonisolated static let runs = [
        Run(writer: .pool, seed: 1, transactions: 700, cacheCapacity: 1_000),
        Run(writer: .queue, seed: 2, transactions: 700, cacheCapacity: 1_000),
        Run(writer: .pool, seed: 3, transactions: 450, cacheCapacity: 24),
        Run(writer: .queue, seed: 4, transactions: 450, cacheCapacity: 24),
        Run(writer: .memory, seed: 5, transactions: 300, cacheCapacity: 1_000),
    ]

    /// Every row's record, read through a new connection (the writer's own in memory).
    static func freshRecords(_ database: TemporaryDatabase) throws -> [Int64: Fields] {
        let read = { (db: Database) throws -> [Int64: Fields] in
            let rows = try Row.fetchAll(db, sql: "SELECT rowid AS filterable_results_rowid, * FROM item")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["filterable_results_rowid"] as Int64, Fields(row: $0)) })
        }
        if database.kind == .memory { return try database.writer.read(read) }
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: database.path, configuration: configuration).read(read)
    }

    @Test(arguments: runs)
    func randomTransactionsMatchAFreshSelect(_ run: Run) async throws {
        let database = try TemporaryDatabase(ItemSchema.create, kind: run.writer)
        var generator = ItemTransactionGenerator(seed: run.seed)
        var state = ItemState(teams: ItemSchema.teams)
        let seedRows = (0..<60).map { _ in generator.insert(&state) }
        try await database.writer.write { db in for operation in seedRows { try operation.execute(db) } }
        let results = try await DatabaseResults<Fields, Int64>(database.writer, request: Self.request, batchSize: 8, cacheCapacity: run.cacheCapacity)
        let screen = Screen(results) { $0.description }
        var counts: [ItemCommitKind: Int] = [:]
        var problems: [String] = []

        for step in 0..<run.transactions {
            let state = try await database.writer.read { db in try ItemState.read(db) }
            let (kind, operations) = generator.transaction(state, allowsOtherConnections: run.writer != .memory)
            let before = try Self.freshRecords(database)
            var changes: [ResultsChangeset<Fields, Int64>.ElementChange] = []
            var reloads = 0
            let observation = results.observe { update in
                changes += update.changeset.elementChanges
                if update.isReload { reloads += 1 }
            }
            var committed: [ItemCommitKind] = []
            var stepProblems: [String] = []
            switch kind {
            case .burst:
                var bursts: [[ItemOperation]] = []
                for _ in 0..<3 { bursts.append(generator.rowOperations(state)) }
                let writer = database.writer
                committed = await withTaskGroup(of: [ItemCommitKind].self) { group in
                    for burst in bursts {
                        group.addTask {
                            let written: Void? = try? await writer.write { db in for operation in burst { try operation.execute(db) } }
                            return written == nil ? [] : burst.flatMap(Self.kinds)
                        }
                    }
                    var kinds: [ItemCommitKind] = [.burst]
                    for await committed in group { kinds += committed }
                    return kinds
                }
            case .otherConnection:
                let other = try DatabaseQueue(path: database.path)
                let operations = generator.rowOperations(state)
                let written: Void? = try? await other.write { db in for operation in operations { try operation.execute(db) } }
                if written != nil { committed = [.otherConnection] }
                try other.close()
                // Not seen until the writer is told.
                try await database.writer.write { db in try db.notifyChanges(in: Table("item")) }
            case .breakingRename:
                stepProblems = try await breakingRename(results, screen, database, state)
                committed = [.breakingRename]
            case .rollback:
                do {
                    try await database.writer.write { db in
                        for operation in operations { try operation.execute(db) }
                        throw DatabaseError(resultCode: .SQLITE_ABORT, message: "rolled back on purpose")
                    }
                } catch {
                    // (Or a statement failed: the transaction rolled back all the same.)
                    committed = [.rollback]
                }
            default:
                let written: Void? = try? await database.writer.write { db in for operation in operations { try operation.execute(db) } }
                if written != nil { committed = operations.flatMap(Self.kinds) }
            }
            await results.synchronize()
            observation.cancel()

            // The rows shown, their records in the view, every batch.
            let fresh = try database.freshSelect(Self.request)
            let after = try Self.freshRecords(database)
            stepProblems += screen.problems(expected: fresh)
            let cells = fresh.map { section in section.map { key in after[key]?.description ?? "no row \(key)" } }
            if screen.view.cells != cells { stepProblems.append("the view shows \(screen.view.cells), expected \(cells)") }
            if let error = results.error { stepProblems.append("error \(error)") }
            // The records updates carry (a burst's commits are not told apart).
            if kind != .burst {
                for change in changes {
                    let expected = change.kind == .delete ? before[change.key] : after[change.key]
                    if change.element != expected {
                        stepProblems.append("\(change.kind) \(change.key) carried \(change.element), expected \(expected.map(\.description) ?? "nil")")
                    }
                }
            }
            // A write of the values rows had reports nothing (where a state
            // before the transaction can be read).
            if kind == .unchangedWrite, run.writer != .memory, !changes.isEmpty || reloads > 0 {
                stepProblems.append("a write that changed nothing reported \(changes.map(\.kind)), \(reloads) reloads")
            }
            if !stepProblems.isEmpty {
                problems += stepProblems.map { "step \(step) (\(kind.map(\.rawValue) ?? "rows"): \(operations.map(\.sql))): \($0)" }
                break
            }
            for committedKind in committed { counts[committedKind, default: 0] += 1 }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let missing = ItemCommitKind.allCases.filter { counts[$0, default: 0] == 0 && (run.writer != .memory || $0 != .otherConnection) }
        #expect(missing.isEmpty, "kinds never committed: \(missing); counts: \(counts)")
        // Every way of finding the rows `REPLACE` deleted unseen was taken.
        let checks = await results.silentDeletionChecks
        switch run.writer {
        case .pool: #expect(checks.lookUps > 0 && checks.rowidComparisons > 0, "\(checks)")
        case .queue: #expect(checks.counts > 0 && checks.rereads > 0, "\(checks)")
        case .memory: #expect(checks.rereads > 0, "\(checks)")
        }
    }

    /// The kinds a committed operation exercised (a released savepoint's too).
    nonisolated static func kinds(_ operation: ItemOperation) -> [ItemCommitKind] {
        guard let savepoint = operation.savepoint, !savepoint.rollsBack else { return [operation.kind] }
        return [operation.kind] + savepoint.operations.flatMap(kinds)
    }

    /// The section column renamed: a typed error, the rows kept (the rows
    /// deleted meanwhile leave); renamed back and the request set again:
    /// the rows and records as the database has them.
    func breakingRename(
        _ results: DatabaseResults<Fields, Int64>, _ screen: Screen<Fields, Int64>, _ database: TemporaryDatabase, _ state: ItemState
    ) async throws -> [String] {
        var problems: [String] = []
        let shown = results.reportedSnapshot.keysBySection
        try await database.writer.write { db in try db.execute(sql: "ALTER TABLE item RENAME COLUMN team TO squad") }
        await results.synchronize()
        if results.error != .missingColumn("team", table: "item") { problems.append("error \(String(describing: results.error))") }
        if results.reportedSnapshot.keysBySection != shown { problems.append("the rows changed on an error") }
        if let id = state.ids.first {
            try await database.writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id]) }
            await results.synchronize()
            let left = shown.map { $0.filter { $0 != id } }.filter { !$0.isEmpty }
            if results.reportedSnapshot.keysBySection != left { problems.append("a row deleted while failing stayed: \(id)") }
            if let exception = screen.view.exception { problems.append("the view raised \(exception)") }
        }
        try await database.writer.write { db in try db.execute(sql: "ALTER TABLE item RENAME COLUMN squad TO team") }
        try await results.setRequest(Self.request)
        return problems
    }
}
