import FilterableResults
import FilterableResultsTesting
import Foundation
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// A post keyed by its own text id (a rowid table whose primary key is not its rowid).
struct Post: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var title: String
    var score: Int

    static let createTable = "CREATE TABLE post (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, score INTEGER NOT NULL)"
}

/// A ticket keyed by a UUID column with a `UNIQUE` index (the table has no primary key).
struct Ticket: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    var uuid: UUID
    var title: String

    static let createTable = "CREATE TABLE ticket (uuid BLOB NOT NULL UNIQUE, title TEXT NOT NULL)"
}

/// Rows keyed by the app's own key: the primary key by default, or a
/// `UNIQUE` column the request names. Lookups by key; a key changed by an
/// `UPDATE` is a delete and an insert; a rowid that changes under a row
/// changes nothing; bad keys are typed errors naming the value. Every
/// batch goes through the validator and a simulated view.
@MainActor
@Suite struct AppKeyTests {
    static let posts = DatabaseResultsRequest(table: "post", orderedBy: [.ascending("score")])

    /// The post ids in the request's order, read afresh.
    static func freshIDs(_ writer: any DatabaseWriter) async throws -> [[String]] {
        [try await writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM post ORDER BY score, id") }]
    }

    func open(_ kind: WriterKind) async throws -> (TemporaryDatabase, Screen<Post, String>) {
        let database = try TemporaryDatabase(Post.createTable, kind: kind)
        try await database.writer.write { db in
            for (index, id) in ["b", "d", "a", "c"].enumerated() { try Post(id: id, title: "post \(id)", score: index).insert(db) }
        }
        let results = try await DatabaseResults<Post, String>(database.writer, request: Self.posts)
        return (database, Screen(results) { "\($0.id):\($0.title):\($0.score)" })
    }

    @Test(arguments: WriterKind.allCases)
    func aTextPrimaryKeyKeysTheRowsAndFindsThem(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        let results = screen.results
        #expect(results.reportedSnapshot.keysBySection == [["b", "d", "a", "c"]])
        #expect(results.indexPath(forKey: "a") == ResultsIndexPath(row: 2, section: 0))
        #expect(results.element(forKey: "a")?.title == "post a")
        #expect(results.contains(key: "d") && !results.contains(key: "zz"))
        #expect(results.element(forKey: "zz") == nil && results.indexPath(forKey: "zz") == nil)
        try await database.writer.write { db in
            try Post(id: "e", title: "post e", score: -1).insert(db)
            try db.execute(sql: "DELETE FROM post WHERE id = 'd'")
            try db.execute(sql: "UPDATE post SET title = 'renamed', score = 10 WHERE id = 'b'")
        }
        await results.synchronize()
        #expect(screen.problems(expected: try await Self.freshIDs(database.writer)) == [])
        #expect(results.reportedSnapshot.keysBySection == [["e", "a", "c", "b"]])
        let snapshot = results.reportedSnapshot
        #expect(snapshot.indexPath(forKey: "b") == ResultsIndexPath(row: 3, section: 0))
        #expect(snapshot.element(forKey: "b")?.title == "renamed")
        #expect(snapshot.contains(key: "e") && !snapshot.contains(key: "d") && snapshot.element(forKey: "d") == nil)
    }

    @Test(arguments: WriterKind.allCases)
    func aKeyChangedByAnUpdateIsADeleteAndAnInsert(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        let results = screen.results
        var changes: [ResultsChangeset<Post, String>.ElementChange] = []
        let observation = results.observe { update in changes += update.changeset.elementChanges }
        try await database.writer.write { db in try db.execute(sql: "UPDATE post SET id = 'z' WHERE id = 'd'") }
        await results.synchronize()
        #expect(screen.problems(expected: try await Self.freshIDs(database.writer)) == [])
        #expect(results.reportedSnapshot.keysBySection == [["b", "z", "a", "c"]])
        #expect(changes.map(\.kind).sorted { "\($0)" < "\($1)" } == [.delete, .insert])
        #expect(changes.first { $0.kind == .delete }?.key == "d" && changes.first { $0.kind == .insert }?.key == "z")
        #expect(results.element(forKey: "z")?.title == "post d" && results.element(forKey: "d") == nil)
        // Keys swapped in one transaction, and a key moved onto one deleted.
        changes = []
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE post SET id = 'tmp' WHERE id = 'a'; UPDATE post SET id = 'a' WHERE id = 'c'; UPDATE post SET id = 'c' WHERE id = 'tmp'")
            try db.execute(sql: "DELETE FROM post WHERE id = 'b'; UPDATE post SET id = 'b' WHERE id = 'z'")
        }
        await results.synchronize()
        #expect(screen.problems(expected: try await Self.freshIDs(database.writer)) == [])
        #expect(results.reportedSnapshot.keysBySection == [["b", "c", "a"]])
        #expect(results.reportedSnapshot.element(forKey: "c")?.title == "post a")
        withExtendedLifetime(observation) {}
    }

    /// A rowid that changes under a row (`UPDATE … SET rowid`, or `VACUUM`
    /// on a table without an `INTEGER PRIMARY KEY`) renames nothing: the
    /// row keeps its key and shows its own record.
    @Test(arguments: WriterKind.allCases)
    func aRowidChangedUnderARowRenamesNothing(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        let results = screen.results
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE post SET rowid = rowid + 100")
            try db.execute(sql: "UPDATE post SET rowid = 1 WHERE id = 'c'")
        }
        try await database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "DELETE FROM post WHERE id = 'b'")
            try db.execute(sql: "VACUUM")
        }
        await results.synchronize()
        results.cache.invalidateAll()
        #expect(screen.problems(expected: try await Self.freshIDs(database.writer)) == [])
        #expect(results.reportedSnapshot.keysBySection == [["d", "a", "c"]])
        for id in ["d", "a", "c"] { #expect(results.element(forKey: id)?.title == "post \(id)") }
    }

    @Test(arguments: WriterKind.allCases)
    func aUUIDColumnWithAUniqueIndexKeysTheRows(kind: WriterKind) async throws {
        let database = try TemporaryDatabase(Ticket.createTable, kind: kind)
        let ids = (0..<4).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
        try await database.writer.write { db in for (index, id) in ids.enumerated() { try Ticket(uuid: id, title: "t\(index)").insert(db) } }
        let request = DatabaseResultsRequest(table: "ticket", keyedBy: "uuid", orderedBy: [.descending("title")])
        let results = try await DatabaseResults<Ticket, UUID>(database.writer, request: request)
        let screen = Screen(results) { "\($0.uuid):\($0.title)" }
        #expect(results.reportedSnapshot.keysBySection == [ids.reversed()])
        #expect(results.element(forKey: ids[1])?.title == "t1")
        let fresh = UUID(uuidString: "00000000-0000-0000-0000-0000000000ff")!
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM ticket WHERE uuid = ?", arguments: [ids[0]])
            try db.execute(sql: "UPDATE ticket SET uuid = ? WHERE uuid = ?", arguments: [fresh, ids[2]])
            try Ticket(uuid: ids[0], title: "t9").insert(db)
        }
        await results.synchronize()
        #expect(screen.problems(expected: [[ids[0], ids[3], fresh, ids[1]]]) == [])
        #expect(results.element(forKey: fresh)?.title == "t2" && results.element(forKey: ids[2]) == nil)
        #expect(results.element(forKey: ids[0])?.title == "t9")
    }

    /// README's lines on keys.
    /// A source that fails to open after it started following (keys equal
    /// as `Key`s though not in SQLite) leaves nothing on the writer: no
    /// trigger calling a function of its own on every delete.
    @Test func aSourceThatFailsToOpenLeavesNoTrigger() async throws {
        let database = try TemporaryDatabase(Post.createTable + "; INSERT INTO post VALUES ('\u{E9}', 'composed', 1), ('e\u{301}', 'decomposed', 2)")
        await #expect(throws: ResultsError.self) { _ = try await DatabaseResults<Post, String>(database.writer, request: Self.posts) }
        // What the failed open queued on the writer has run by now.
        let triggers = try await database.writer.writeWithoutTransaction { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_temp_master WHERE type = 'trigger'")
        }
        #expect(triggers == [])
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM post") }
    }

    @Test func readmeKeysAPostByItsTextId() async throws {
        let database = try TemporaryDatabase(Post.createTable)
        let pool = database.pool
        try await pool.write { db in try Post(id: "hello-world", title: "Hello", score: 1).insert(db) }
        let posts = try await DatabaseResults<Post, String>(
            pool, request: DatabaseResultsRequest(table: "post", keyedBy: "id", orderedBy: [.ascending("score")]))
        let path = posts.indexPath(forKey: "hello-world")   // nil when not shown
        let post = posts.element(forKey: "hello-world")     // the record, read by key
        #expect(path == ResultsIndexPath(row: 0, section: 0) && post?.title == "Hello")
    }

    // MARK: - Errors

    func openError<Key>(
        _ schema: String, _ request: DatabaseResultsRequest, as key: Key.Type
    ) async throws -> ResultsError? where Key: DatabaseValueConvertible & Hashable & Sendable {
        let database = try TemporaryDatabase(schema)
        do {
            _ = try await DatabaseResults<Fields, Key>(database.writer, request: request)
            return nil
        } catch {
            return error
        }
    }

    @Test func aKeyColumnTheTableLacksIsMissing() async throws {
        let error = try await openError(Post.createTable, DatabaseResultsRequest(table: "post", keyedBy: "slug"), as: String.self)
        #expect(error == .missingColumn("slug", table: "post"))
    }

    @Test func aKeyColumnWhoseValuesMayRepeatIsRefused() async throws {
        let error = try await openError(Post.createTable, DatabaseResultsRequest(table: "post", keyedBy: "title"), as: String.self)
        guard case let .invalidKey(value, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value == "column title" && reason.contains("UNIQUE"))
    }

    /// A `UNIQUE` index with a `WHERE` (the soft-delete pattern) leaves
    /// the rows it skips free to repeat its values: not a key.
    @Test func aColumnUniqueOnlyThroughAPartialIndexIsRefused() async throws {
        let schema = """
            CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);
            CREATE UNIQUE INDEX item_code ON item(code) WHERE deleted = 0;
            INSERT INTO item (code, deleted) VALUES ('a', 1), ('a', 0)
            """
        let error = try await openError(schema, DatabaseResultsRequest(table: "item", keyedBy: "code"), as: String.self)
        guard case let .invalidKey(value, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value == "column code" && reason.contains("partial index"))
        // The same column with a whole UNIQUE index is a key.
        let whole = "CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT NOT NULL); CREATE UNIQUE INDEX item_code ON item(code)"
        #expect(try await openError(whole, DatabaseResultsRequest(table: "item", keyedBy: "code"), as: String.self) == nil)
    }

    @Test func aCompositePrimaryKeyIsRefused() async throws {
        let error = try await openError("CREATE TABLE pair (a TEXT, b TEXT, PRIMARY KEY (a, b))", DatabaseResultsRequest(table: "pair"), as: String.self)
        guard case let .invalidKey(value, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value == "(a, b)" && reason.contains("composite"))
    }

    @Test func aNullKeyIsNamed() async throws {
        let schema = "CREATE TABLE loose (id TEXT PRIMARY KEY, title TEXT); INSERT INTO loose VALUES ('a', 'x'), (NULL, 'y')"
        let error = try await openError(schema, DatabaseResultsRequest(table: "loose"), as: String.self)
        guard case let .invalidKey(value, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value == "NULL" && reason.contains("column id of table loose"))
    }

    @Test func aKeyOfAnotherTypeIsNamed() async throws {
        let schema = Post.createTable + "; INSERT INTO post VALUES ('not-a-uuid', 'x', 1)"
        let error = try await openError(schema, Self.posts, as: UUID.self)
        guard case let .invalidKey(value, reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value.contains("not-a-uuid") && reason.contains("UUID"))
    }

    /// Text SQLite holds apart (bytes) that Swift's `String` equates
    /// (canonical equivalence): two rows, one key.
    @Test func keysEqualOnlyAsSwiftValuesAreDuplicates() async throws {
        let schema = Post.createTable + "; INSERT INTO post VALUES ('\u{E9}', 'composed', 1), ('e\u{301}', 'decomposed', 2)"
        let error = try await openError(schema, Self.posts, as: String.self)
        guard case let .duplicateKey(value) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(value.contains("\u{E9}") && value.contains("post"))
    }

    /// The same keys arriving later, by a commit or by a request read
    /// again: the error names the key, and the row shown is not replaced
    /// by the other (no row vanishes under its twin).
    @Test(arguments: WriterKind.allCases)
    func keysEqualOnlyAsSwiftValuesArrivingLaterAreAnError(kind: WriterKind) async throws {
        let database = try TemporaryDatabase(Post.createTable + "; INSERT INTO post VALUES ('\u{E9}', 'composed', 1), ('b', 'other', 3)", kind: kind)
        let results = try await DatabaseResults<Fields, String>(database.writer, request: Self.posts)
        let screen = Screen(results) { $0.description }
        try await database.writer.write { db in try db.execute(sql: "INSERT INTO post VALUES ('e\u{301}', 'decomposed', 2)") }
        await results.synchronize()
        guard case let .duplicateKey(value) = results.error else { Issue.record("\(String(describing: results.error))"); return }
        #expect(value.contains("post"))
        #expect(screen.problems(expected: [["\u{E9}", "b"]]) == [])
        results.cache.invalidateAll()
        #expect(results.element(forKey: "\u{E9}")?["title"] == "composed".databaseValue)
        // The next commit is followed.
        try await database.writer.write { db in try db.execute(sql: "UPDATE post SET score = 0 WHERE id = 'b'") }
        await results.synchronize()
        #expect(screen.problems(expected: [["b", "\u{E9}"]]) == [])
        // The request read again (a filter) folds the two rows into one: an error again.
        try await results.setRequest(DatabaseResultsRequest(table: "post", orderedBy: [.ascending("score")], filters: [.init(title: "all", sql: "score >= 0")]))
        guard case .duplicateKey? = results.error else { Issue.record("after the request: \(String(describing: results.error))"); return }
    }

    /// A key rewritten to one equal as a `Key` (another normalisation of
    /// the same text) is the same row: no error, the row in its new place
    /// with its new record.
    @Test func aKeyRewrittenToAnEqualKeyIsTheSameRow() async throws {
        let database = try TemporaryDatabase(Post.createTable + "; INSERT INTO post VALUES ('\u{E9}', 'composed', 1), ('b', 'other', 3)")
        let results = try await DatabaseResults<Fields, String>(database.writer, request: Self.posts)
        let screen = Screen(results) { $0.description }
        try await database.writer.write { db in try db.execute(sql: "UPDATE post SET id = 'e\u{301}', score = 5 WHERE id = '\u{E9}'") }
        await results.synchronize()
        #expect(results.error == nil)
        #expect(screen.problems(expected: [["b", "e\u{301}"]]) == [])
        results.cache.invalidateAll()
        #expect(results.element(forKey: "e\u{301}")?["score"] == 5.databaseValue)
        #expect(!screen.view.cells.joined().contains(Screen<Fields, String>.missingCell))
    }

    /// A row committed with a bad key: the error names it, the rows shown stay.
    @Test(arguments: WriterKind.allCases)
    func aNullKeyCommittedLaterIsAnErrorAndTheRowsStay(kind: WriterKind) async throws {
        let database = try TemporaryDatabase("CREATE TABLE loose (id TEXT PRIMARY KEY, title TEXT); INSERT INTO loose VALUES ('a', 'x')", kind: kind)
        let results = try await DatabaseResults<Fields, String>(database.writer, request: DatabaseResultsRequest(table: "loose"))
        let screen = Screen(results) { $0.description }
        try await database.writer.write { db in try db.execute(sql: "INSERT INTO loose VALUES (NULL, 'y')") }
        await results.synchronize()
        guard case let .invalidKey(value, _) = results.error else { Issue.record("\(String(describing: results.error))"); return }
        #expect(value == "NULL")
        #expect(screen.problems(expected: [["a"]]) == [])
    }

    /// Another key column is another source: refused, nothing changes.
    @Test func aRequestWithAnotherKeyColumnIsRefused() async throws {
        let (_, screen) = try await open(.pool)
        await #expect(throws: ResultsError.self) {
            try await screen.results.setRequest(DatabaseResultsRequest(table: "post", keyedBy: "rowid", orderedBy: [.ascending("score")]))
        }
        #expect(screen.results.request.keyColumn == nil)
        #expect(screen.problems(expected: [["b", "d", "a", "c"]]) == [])
    }
}
