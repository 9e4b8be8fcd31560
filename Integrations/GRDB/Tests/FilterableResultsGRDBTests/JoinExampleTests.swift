import FilterableResults
import FilterableResultsTesting
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The lines of Examples/UIKit/PostsByAuthorViewController.swift's comment
/// and of Integrations/GRDB/README.md's join block (README's join block:
/// ReadmeJoinExampleTests.swift), run: posts keyed by their slug, a
/// section per author, an author renamed.
@MainActor
@Suite struct JoinExampleTests {
    static let schema = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE post (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, title TEXT NOT NULL, authorId INTEGER REFERENCES author(id));
        CREATE INDEX post_authorId ON post(authorId);
        INSERT INTO author VALUES (1, 'Ana'), (2, 'Bob');
        INSERT INTO post (slug, title, authorId) VALUES ('hello-world', 'Hello, world', 1), ('joins', 'Joins', 2), ('views', 'Views', 2);
        """

    @Test func postsByAuthorFollowARename() async throws {
        let database = try TemporaryDatabase(Self.schema)
        let pool = database.pool

        // Examples/UIKit/PostsByAuthorViewController.swift
        let posts = try await DatabaseResults<PostWithAuthor, String>(pool, request: DatabaseResultsRequest(
            table: "post", keyedBy: "slug",
            joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
            orderedBy: [.ascending("title")], sectionedBy: "authorId", sectionTitle: "authorName"))

        let screen = Screen(posts) { "\($0.title) by \($0.authorName ?? "No author")" }
        #expect(screen.view.cells == [["Hello, world by Ana"], ["Joins by Bob", "Views by Bob"]])
        #expect(screen.view.headerTitles == ["Ana", "Bob"])
        // A rename refreshes the author's header; the posts stay where they are.
        try await pool.write { db in try db.execute(sql: "UPDATE author SET name = 'Aaron' WHERE id = 2") }
        await posts.synchronize()
        #expect(screen.problems(expected: [["hello-world"], ["joins", "views"]], titles: ["Ana", "Aaron"]) == [])
        #expect(screen.view.cells == [["Hello, world by Ana"], ["Joins by Aaron", "Views by Aaron"]])
        #expect(screen.reloads == 0)
        #expect(screen.sectionUpdates == 1)
        #expect(posts.indexPath(forKey: "views") == ResultsIndexPath(row: 1, section: 1))
    }

    /// Integrations/GRDB/README.md's "Sections with an identity of their
    /// own": two authors of one name are two sections.
    @Test func twoAuthorsOfOneNameAreTwoSections() async throws {
        let database = try TemporaryDatabase(Self.schema + "INSERT INTO author VALUES (3, 'Ana'); INSERT INTO post (slug, title, authorId) VALUES ('ids', 'Ids', 3);")
        let byAuthor = DatabaseResultsRequest(
            table: "post", keyedBy: "slug",
            joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
            orderedBy: [.ascending("title")], sectionedBy: "authorId", sectionTitle: "authorName")
        let posts = try await DatabaseResults<PostWithAuthor, String>(database.pool, request: byAuthor)
        let screen = Screen(posts) { $0.title }
        #expect(screen.view.headerTitles == ["Ana", "Bob", "Ana"])
        #expect(screen.view.cells == [["Hello, world"], ["Joins", "Views"], ["Ids"]])
        #expect(posts.snapshot.index(ofSectionWithID: 3.databaseValue) == 2)
    }
}
