import FilterableResults
import FilterableResultsTesting
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Joins through a text column the joined table holds `UNIQUE` (not its
/// rowid), and filters over joined columns.
@MainActor
@Suite struct JoinByTextTests {
    static let schema = """
        CREATE TABLE writer (id INTEGER PRIMARY KEY, handle TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
        CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, writer TEXT);
        CREATE INDEX note_writer ON note(writer);
        INSERT INTO writer VALUES (1, 'ana', 'Ana'), (2, 'bob', 'Bob'), (3, 'cy', 'Cy');
        INSERT INTO note (text, writer) VALUES ('n1', 'ana'), ('n2', 'bob'), ('n3', 'cy'), ('n4', 'bob'), ('n5', 'zed'), ('n6', NULL);
        """
    static let request = DatabaseResultsRequest(
        table: "note", joining: [.init(table: "writer", on: "writer", referencing: "handle", selecting: ["writer.name AS writerName"])],
        orderedBy: [.ascending("writerName"), .ascending("text")])

    func check(_ screen: Screen<Fields, Int64>, _ database: TemporaryDatabase, _ request: DatabaseResultsRequest) async throws -> [String] {
        await screen.results.synchronize()
        let expected: [[Int64]] = try await database.writer.read { db in
            var sql = "SELECT note.id FROM note LEFT JOIN writer ON writer.handle = note.writer"
            if !request.filters.isEmpty { sql += " WHERE " + request.filters.map { "(\($0.sql.replacingOccurrences(of: "writerName", with: "writer.name")))" }.joined(separator: " AND ") }
            return [try Int64.fetchAll(db, sql: sql + " ORDER BY writer.name, note.text, note.id")]
        }
        return screen.problems(expected: expected)
    }

    @Test(arguments: WriterKind.allCases)
    func everyKindOfJoinedChangeIsFollowed(kind: WriterKind) async throws {
        let database = try TemporaryDatabase(Self.schema, kind: kind)
        let results = try await DatabaseResults<Fields, Int64>(database.writer, request: Self.request, batchSize: 4, cacheCapacity: 20)
        let screen = Screen(results) { $0.description }
        let statements = [
            "UPDATE writer SET name = 'Zoë' WHERE handle = 'bob'",          // renamed: n2, n4 move
            "UPDATE writer SET handle = 'bobby' WHERE handle = 'bob'",      // renumbered: n2, n4 lose their writer
            "INSERT INTO writer (handle, name) VALUES ('zed', 'Zed')",     // n5 gains one
            "DELETE FROM writer WHERE handle = 'ana'",                      // n1 loses hers
            "UPDATE note SET writer = 'bobby' WHERE text = 'n6'",           // a note moved to a writer
            "INSERT OR REPLACE INTO writer (id, handle, name) VALUES (9, 'cy', 'Cyrus')",   // REPLACE through handle
            "UPDATE writer SET id = 20 WHERE handle = 'zed'",                // a rowid change: nothing shown changes
        ]
        for sql in statements {
            try await database.writer.write { db in try db.execute(sql: sql) }
            #expect(try await check(screen, database, Self.request) == [], "\(sql)")
        }
        // A filter over a joined column, then renames in and out of it.
        try await results.addFilter(.init(title: "Z", sql: "writerName LIKE 'Z%'"))
        #expect(try await check(screen, database, results.request) == [])
        for sql in ["UPDATE writer SET name = 'Bo' WHERE handle = 'bobby'", "UPDATE writer SET name = 'Zack' WHERE handle = 'cy'"] {
            try await database.writer.write { db in try db.execute(sql: sql) }
            #expect(try await check(screen, database, results.request) == [], "\(sql)")
        }
        #expect(results.reportedSnapshot.count == 2)
        #expect(results.error == nil)
    }
}
