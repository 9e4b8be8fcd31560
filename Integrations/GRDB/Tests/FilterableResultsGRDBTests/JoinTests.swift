import FilterableResults
import FilterableResultsTesting
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Requests over a join and a view: what a commit to a joined table
/// reports, and the typed errors of a join, a key or a view that cannot be.
@MainActor
@Suite struct JoinTests {
    static let posts = DatabaseResultsRequest(
        table: "post", keyedBy: "code", joining: [PostSchema.author], orderedBy: [.ascending("authorName"), .ascending("title")])

    func open(_ kind: WriterKind = .pool, _ request: DatabaseResultsRequest = Self.posts) async throws -> (TemporaryDatabase, Screen<PostRow, String>) {
        try await PostSchema.open(kind, request, authors: ["Ana", "Bob", "Cy"]) { "t\($0 % 7)" }
    }

    func fresh(_ database: TemporaryDatabase, _ request: DatabaseResultsRequest = Self.posts) async throws -> [[String]] {
        try await database.writer.read { db in try PostSchema.freshKeys(request, key: "code", db) }
    }

    /// An author renamed: the author's posts, and only they, are reported
    /// (moved, since the order is by the name, and updated), not a reload.
    @Test(arguments: WriterKind.allCases)
    func anAuthorRenamedReportsItsPostsOnly(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        var changed: Set<String> = []
        var updated: Set<String> = []
        var reloads = 0
        let observation = screen.results.observe { update in
            if update.isReload { reloads += 1 }
            changed.formUnion(update.changeset.elementChanges.map(\.key))
            updated.formUnion(update.changeset.elementChanges.filter { $0.kind == .update || $0.change.isUpdated }.map(\.key))
        }
        try await database.writer.write { db in try db.execute(sql: "UPDATE author SET name = 'Zoë' WHERE id = 2") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try await fresh(database)) == [])
        #expect(reloads == 0)
        let posts = try await database.writer.read { db in try String.fetchSet(db, sql: "SELECT code FROM post WHERE authorId = 2") }
        // Every post of the author is updated (moved or not); other posts may
        // only move (the fewest moves may be theirs), none is updated.
        #expect(updated == posts)
        #expect(changed.isSuperset(of: posts))
        #expect(screen.results.element(forKey: "p1")?.authorName == "Zoë")
        withExtendedLifetime(observation) {}
    }

    /// A joined column the join does not select changes nothing shown: a
    /// biography changed is no update where the state before can be read.
    @Test func aColumnTheJoinDoesNotSelectReportsNothing() async throws {
        let (database, screen) = try await open(.pool)
        let updates = screen.updates
        try await database.writer.write { db in try db.execute(sql: "UPDATE author SET bio = 'new' WHERE id = 2") }
        await screen.results.synchronize()
        #expect(screen.updates == updates)
        #expect(screen.problems(expected: try await fresh(database)) == [])
    }

    /// An author deleted, or given another id: the posts that named it
    /// show no author; those that name the new id, it.
    @Test(arguments: WriterKind.allCases)
    func anAuthorDeletedOrRenumberedLeavesItsPosts(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM author WHERE id = 1")
            try db.execute(sql: "UPDATE author SET id = 5 WHERE id = 3")
            try db.execute(sql: "UPDATE post SET authorId = 5 WHERE id = 2")
        }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try await fresh(database)) == [])
        #expect(screen.results.element(forKey: "p3")?.authorName == nil)
        #expect(screen.results.element(forKey: "p2")?.authorName == "Cy")
        #expect(screen.reloads == 0)
    }

    /// A view's commits reload: SQLite reports the tables' rows, and
    /// nothing leads from them to the view's.
    @Test func aViewReloadsOnEachCommitToItsTables() async throws {
        let request = DatabaseResultsRequest(table: "postWithAuthor", keyedBy: "code", orderedBy: [.ascending("authorName")])
        let (database, screen) = try await open(.pool, request)
        try await database.writer.write { db in try db.execute(sql: "UPDATE author SET name = 'Zoë' WHERE id = 2") }
        await screen.results.synchronize()
        #expect(screen.reloads == 1)
        #expect(screen.problems(expected: try await fresh(database, request)) == [])
        // Another table's commit reports nothing.
        try await database.writer.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
        await screen.results.synchronize()
        #expect(screen.reloads == 2)   // (a schema change reloads)
        try await database.writer.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
        await screen.results.synchronize()
        #expect(screen.reloads == 2)
    }

    /// A view dropped: a typed error naming it, the rows kept.
    @Test func aViewDroppedIsAnErrorAndChangesNothing() async throws {
        let request = DatabaseResultsRequest(table: "postWithAuthor", keyedBy: "code", orderedBy: [.ascending("authorName")])
        let (database, screen) = try await open(.pool, request)
        let shown = screen.results.reportedSnapshot.keysBySection
        try await database.writer.write { db in try db.execute(sql: "DROP VIEW postWithAuthor") }
        await screen.results.synchronize()
        #expect(screen.results.error == .missingTable("postWithAuthor"))
        #expect(screen.results.reportedSnapshot.keysBySection == shown)
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM post WHERE id = 1") }
        await screen.results.synchronize()
        #expect(screen.results.reportedSnapshot.keysBySection == shown)
        #expect(screen.view.exception == nil)
    }

    /// A join through a `NOCASE` column meets rows whose value differs in
    /// case: renaming or deleting the joined row reports every post that
    /// meets it, whatever the case of its value, in order.
    @Test(arguments: WriterKind.allCases)
    func aJoinThroughANocaseColumnReportsEveryRowItMeets(kind: WriterKind) async throws {
        let schema = """
            CREATE TABLE author (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT);
            CREATE TABLE post (id INTEGER PRIMARY KEY, authorEmail TEXT);
            INSERT INTO author VALUES (1, 'ana@x', 'Ana'), (2, 'bo@x', 'Bo');
            INSERT INTO post VALUES (1, 'ana@x'), (2, 'ANA@X'), (3, 'Bo@X');
            """
        let join = DatabaseResultsRequest.Join(table: "author", on: "authorEmail", referencing: "email", selecting: ["author.name AS authorName"])
        let request = DatabaseResultsRequest(table: "post", joining: [join], orderedBy: [.ascending("authorName")])
        let database = try TemporaryDatabase(schema, kind: kind)
        let results = try await DatabaseResults<Fields, Int64>(database.writer, request: request)
        let screen = Screen(results) { $0.description }
        func fresh() async throws -> [[Int64]] {
            try await database.writer.read { db in
                [try Int64.fetchAll(db, sql: "SELECT post.id FROM post LEFT JOIN author ON author.email = post.authorEmail ORDER BY author.name, post.id")]
            }
        }
        func names() async throws -> [DatabaseValue?] {
            screen.results.cache.invalidateAll()
            return (1...3).map { screen.results.element(forKey: Int64($0))?["authorName"] }
        }
        #expect(try await names() == ["Ana".databaseValue, "Ana".databaseValue, "Bo".databaseValue])
        try await database.writer.write { db in try db.execute(sql: "UPDATE author SET name = 'Zoë' WHERE id = 1") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try await fresh()) == [])
        #expect(try await names() == ["Zoë".databaseValue, "Zoë".databaseValue, "Bo".databaseValue])
        try await database.writer.write { db in try db.execute(sql: "DELETE FROM author WHERE id = 1") }
        await screen.results.synchronize()
        #expect(screen.problems(expected: try await fresh()) == [])
        #expect(try await names() == [DatabaseValue.null, .null, "Bo".databaseValue])
    }

    /// A joined table the source cannot follow, or that may meet a row
    /// several times: a typed error when the source is made, and the
    /// app's own writes to the tables unharmed.
    @Test func aJoinedWithoutRowidTableOrAPartiallyUniqueColumnIsRefused() async throws {
        let schema = """
            CREATE TABLE handle (name TEXT PRIMARY KEY, display TEXT) WITHOUT ROWID;
            CREATE TABLE author (id INTEGER PRIMARY KEY, handle TEXT, active INTEGER NOT NULL DEFAULT 1);
            CREATE UNIQUE INDEX author_handle ON author(handle) WHERE active = 1;
            CREATE TABLE post (id INTEGER PRIMARY KEY, handle TEXT);
            INSERT INTO handle VALUES ('ana', 'Ana'); INSERT INTO author (handle) VALUES ('ana'); INSERT INTO post VALUES (1, 'ana');
            """
        let database = try TemporaryDatabase(schema)
        func error(_ join: DatabaseResultsRequest.Join) async -> ResultsError? {
            do {
                _ = try await DatabaseResults<Fields, Int64>(database.writer, request: DatabaseResultsRequest(table: "post", joining: [join]))
                return nil
            } catch {
                return error
            }
        }
        #expect(await error(.init(table: "handle", on: "handle", selecting: ["handle.display AS display"]))
            == .unfollowableTable("handle", reason: "it has no rowid (WITHOUT ROWID)"))
        #expect(await error(.init(table: "author", on: "handle", referencing: "handle", selecting: ["author.id AS authorID"])) == .invalidKey(
            "column author.handle",
            reason: "it is neither the primary key of table author nor UNIQUE (a partial index does not count), so a row of post may meet several rows of it"))
        // No trigger was left behind: the app's writes to every table work.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE handle SET display = 'Zoë'; UPDATE author SET active = 0; INSERT INTO author (handle) VALUES ('ana'); DELETE FROM post")
        }
    }

    /// Bad joins, keys and views: a typed error naming the value.
    @Test func badRequestsAreTypedErrors() async throws {
        let database = try TemporaryDatabase(PostSchema.create)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO author (id, name, email) VALUES (1, 'Ana', 'a@x'), (2, 'Ana', 'b@x')")
            try db.execute(sql: "INSERT INTO post VALUES (1, 'p1', 't', 1, 1), (2, 'p2', 't', 2, 1)")
            try db.execute(sql: "CREATE VIEW codes AS SELECT code FROM post UNION ALL SELECT 'p1'")
        }
        func error(_ request: DatabaseResultsRequest) async -> ResultsError? {
            do {
                _ = try await DatabaseResults<PostRow, String>(database.writer, request: request)
                return nil
            } catch {
                return error
            }
        }
        let author = PostSchema.author
        // The key from the joined table.
        #expect(await error(DatabaseResultsRequest(table: "post", keyedBy: "authorName", joining: [author])) == .invalidKey(
            "column authorName", reason: "it comes from a table joined to post: a row's key is a column of post, the primary key or UNIQUE"))
        // A referenced column that is not unique: a post would meet several authors.
        let byName = DatabaseResultsRequest.Join(table: "author", on: "title", referencing: "name", selecting: ["author.email AS authorEmail"])
        #expect(await error(DatabaseResultsRequest(table: "post", keyedBy: "code", joining: [byName])) == .invalidKey(
            "column author.name", reason: "it is neither the primary key of table author nor UNIQUE (a partial index does not count), so a row of post may meet several rows of it"))
        #expect(await error(DatabaseResultsRequest(table: "post", joining: [.init(table: "writer", on: "authorId", selecting: [])])) == .missingTable("writer"))
        #expect(await error(DatabaseResultsRequest(table: "post", joining: [.init(table: "author", on: "writerId", selecting: [])]))
            == .missingColumn("writerId", table: "post"))
        #expect(await error(DatabaseResultsRequest(table: "post", joining: [.init(table: "author", on: "authorId", selecting: ["author.nam AS n"])]))
            == .missingColumn("nam", table: "author"))
        #expect(await error(DatabaseResultsRequest(table: "post", joining: [author, author]))
            == .invalidArgument("table author joined twice (or to itself): join each table once"))
        #expect(await error(DatabaseResultsRequest(table: "post", joining: [.init(table: "codes", on: "code", selecting: [])]))
            == .unfollowableTable("codes", reason: "it is a view: join the tables under it, or request the view"))
        // A view: its key must be named, and unique.
        #expect(await error(DatabaseResultsRequest(table: "postWithAuthor")) == .invalidKey(
            "view postWithAuthor", reason: "a view has no primary key: name the column whose values are unique as the request's key column"))
        #expect(await error(DatabaseResultsRequest(table: "postWithAuthor", keyedBy: "slug")) == .missingColumn("slug", table: "postWithAuthor"))
        #expect(await error(DatabaseResultsRequest(table: "codes", keyedBy: "code")) == .invalidKey(
            "p1", reason: "two rows of view codes have it in column code: the key column must be unique"))
        // Another source's joins: a typed error, the source unchanged.
        let results = try await DatabaseResults<PostRow, String>(database.writer, request: Self.posts)
        let shown = results.reportedSnapshot.keysBySection
        await #expect(throws: ResultsError.self) {
            try await results.setRequest(DatabaseResultsRequest(table: "post", keyedBy: "code"))
        }
        #expect(results.reportedSnapshot.keysBySection == shown && results.request.joins == [author])
    }
}

