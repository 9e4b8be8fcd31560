import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Changes SQLite makes without calling the update hook for each row (the
/// rows `REPLACE` deletes, a rowid an `UPDATE` changes) and writes that
/// change nothing, through each kind of writer: the rows shown are a fresh
/// `SELECT`'s, every batch valid, no row reported changed that did not.
@MainActor
@Suite struct SilentChangeTests {
    static let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("id")])

    func open(_ kind: WriterKind, rows: Int = 2) async throws -> (TemporaryDatabase, Screen<Coded, Int64>) {
        let database = try TemporaryDatabase(Coded.createTable, kind: kind)
        try await database.writer.write { db in
            for id in 1...Int64(rows) { try Coded(id: id, code: String(UnicodeScalar(UInt8(96 + id))), name: "n\(id)").insert(db) }
        }
        let results = try await DatabaseResults<Coded, Int64>(database.writer, request: Self.request)
        return (database, Screen(results) { "\($0.id):\($0.code ?? "-"):\($0.name ?? "-")" })
    }

    /// The sync pattern: a local id, a remote id `UNIQUE`, records saved
    /// with `INSERT OR REPLACE`: the row it replaces leaves.
    @Test(arguments: WriterKind.allCases)
    func aReplaceThroughAUniqueColumnRemovesTheRowItDeletes(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO t (id, code, name) VALUES (3, 'a', 'three')")
        }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try database.freshSelect(Self.request)) == [])
        #expect(screen.results.reportedSnapshot.keysBySection == [[2, 3]])
        // Later commits keep it gone, also once its record left the cache.
        screen.results.cache.invalidateAll()
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = 'x' WHERE id = 2") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: [[2, 3]]) == [])
        #expect(screen.reloads == 0 || kind == .memory, "a pool's and a file queue's are animated")
    }

    /// GRDB's `.replace` conflict policy over a UNIQUE column, the rows
    /// replaced far down a long list (never read), several in one commit,
    /// through an `UPDATE OR REPLACE` too, and NULLs (which never conflict).
    @Test(arguments: WriterKind.allCases)
    func replacesOfManyRowsNeverReadLeaveAsOneBatch(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind, rows: 20)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO t (id, code, name) VALUES (30, 'q', 'q'), (31, 's', 's'), (32, NULL, 'null')")
            try db.execute(sql: "UPDATE OR REPLACE t SET code = 'r' WHERE id = 1")
            try db.execute(sql: "INSERT INTO t (id, code, name) VALUES (33, NULL, 'null too')")
        }
        await screen.results.synchronize()
        let fresh = try database.freshSelect(Self.request)
        #expect(!fresh.joined().contains(17) && !fresh.joined().contains(18) && !fresh.joined().contains(19))
        #expect(screen.problems(expected: fresh) == [])
    }

    /// `UPDATE t SET id = 10 WHERE id = 1`: the row keyed 1 leaves, 10 comes.
    @Test(arguments: WriterKind.allCases)
    func anUpdateThatChangesARowidMovesTheRowToItsNewKey(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind, rows: 5)
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET id = 10 WHERE id = 1") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: [[2, 3, 4, 5, 10]]) == [])
        // Over a row that exists: `UPDATE OR REPLACE` deletes it.
        try await database.writer.write { db in try db.execute(sql: "UPDATE OR REPLACE t SET id = 3 WHERE id = 2") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try database.freshSelect(Self.request)) == [])
        #expect(screen.results.reportedSnapshot.keysBySection == [[3, 4, 5, 10]])
    }

    /// An UPDATE that writes the values a row had is no update, through a
    /// pool and a file queue (an in-memory database keeps no state before
    /// a transaction to compare with); one that changes a value is.
    @Test(arguments: [WriterKind.pool, .queue])
    func anUpdateThatWritesTheSameValuesIsNoUpdate(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind, rows: 5)
        var kinds: [RowChange.Kind] = []
        let observation = screen.results.observe { update in kinds += update.changeset.elementChanges.map(\.kind) }
        defer { observation.cancel() }
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = name, code = code") }
        await screen.results.synchronize()
        #expect(kinds == [])
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = 'changed' WHERE id = 4") }
        await screen.results.synchronize()
        #expect(kinds == [.update])
        #expect(screen.problems(expected: [[1, 2, 3, 4, 5]]) == [])
    }

    /// After a schema change (which the connection reading the state
    /// before must follow), an UPDATE of the same values is still no update.
    @Test(arguments: [WriterKind.pool, .queue])
    func anUpdateOfTheSameValuesAfterAddColumnIsNoUpdate(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind, rows: 5)
        try await database.writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN extra TEXT") }
        await screen.results.synchronize()
        var kinds: [RowChange.Kind] = []
        let observation = screen.results.observe { update in kinds += update.changeset.elementChanges.map(\.kind) }
        defer { observation.cancel() }
        try await database.writer.write { db in try db.execute(sql: "UPDATE t SET name = name") }
        await screen.results.synchronize()
        #expect(kinds == [])
        #expect(screen.problems(expected: [[1, 2, 3, 4, 5]]) == [])
    }

    /// A delete of a row whose record was never read (far down a long
    /// list) is animated through a file queue as through a pool.
    @Test(arguments: [WriterKind.pool, .queue])
    func aDeleteOfARowNeverReadIsAnimated(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind, rows: 26)
        let results = try await DatabaseResults<Coded, Int64>(database.writer, request: Self.request, batchSize: 5, cacheCapacity: 10)
        var updates: [DatabaseResults<Coded, Int64>.Update] = []
        let observation = results.observe { updates.append($0) }
        defer { observation.cancel() }
        _ = results.reportedSnapshot.element(at: ResultsIndexPath(row: 0, section: 0))
        try await database.writer.write { db in _ = try Coded.deleteOne(db, key: 25) }
        await results.synchronize()
        #expect(updates.count == 1)
        #expect(updates.first?.isReload == false)
        #expect(updates.first?.changeset.elementChanges.map(\.element.name) == ["n25"])
        #expect(screen.problems(expected: try database.freshSelect(Self.request)) == [])
    }

    /// `REPLACE` through unique indexes of every shape: several columns, a
    /// column compared without case, a partial index, an index over an
    /// expression, a collation the app registers on its connections only;
    /// and a row written twice in the transaction that replaced one (its
    /// values now are not those it conflicted with).
    @Test(arguments: WriterKind.allCases)
    func replacesThroughEveryShapeOfUniqueIndexRemoveTheRows(kind: WriterKind) async throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(collation: DatabaseCollation("reversed") { lhs, rhs in rhs < lhs ? .orderedAscending : rhs == lhs ? .orderedSame : .orderedDescending })
        }
        let database = try TemporaryDatabase("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER, c TEXT COLLATE NOCASE UNIQUE, d TEXT, e TEXT, f TEXT);
            CREATE UNIQUE INDEX t_ab ON t(a, b);
            CREATE UNIQUE INDEX t_d ON t(d) WHERE d LIKE 'p%';
            CREATE UNIQUE INDEX t_e ON t(lower(e));
            CREATE UNIQUE INDEX t_f ON t(f COLLATE reversed);
            """, kind: kind, configuration: configuration)
        try await database.writer.write { db in
            for id in 1...12 {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", arguments: [id, "a\(id % 3)", id, "c\(id)", "p\(id)", "e\(id)", "f\(id)"])
            }
        }
        let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("id")])
        let results = try await DatabaseResults<Fields, Int64>(database.writer, request: request)
        let screen = Screen(results) { $0.description }
        let commits = [
            "INSERT OR REPLACE INTO t (id, a, b) VALUES (20, 'a1', 1)",                 // (a, b) of row 1
            "INSERT OR REPLACE INTO t (id, c) VALUES (21, 'C2')",                       // c of row 2, in capitals
            "INSERT OR REPLACE INTO t (id, d) VALUES (22, 'p3')",                       // d of row 3, in the partial index
            "INSERT OR REPLACE INTO t (id, e) VALUES (23, 'E4')",                       // lower(e) of row 4
            "INSERT OR REPLACE INTO t (id, f) VALUES (24, 'f5')",                       // f of row 5, by the app's collation
            "INSERT OR REPLACE INTO t (id, c) VALUES (25, 'c6'); UPDATE t SET c = 'x' WHERE id = 25",   // written twice
            "UPDATE OR REPLACE t SET a = 'a1', b = 7 WHERE id = 8",                     // (a, b) of row 7
        ]
        for sql in commits {
            try await database.writer.write { db in try db.execute(sql: sql) }
            await results.synchronize()
            #expect(screen.problems(expected: try database.freshSelect(request)) == [], "\(sql)")
        }
        #expect(results.reportedSnapshot.keysBySection == [[8, 9, 10, 11, 12, 20, 21, 22, 23, 24, 25]])
    }
}
