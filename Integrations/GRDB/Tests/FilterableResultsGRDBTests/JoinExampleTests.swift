import FilterableResults
import FilterableResultsTesting
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// The lines of Examples/UIKit/PostsByAuthorViewController.swift's comment
/// (README's join block: Examples/GRDB/ReadmeJoinExampleTests.swift), run: posts keyed by their slug, sectioned by
/// their author's name, an author renamed.
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
            orderedBy: [.ascending("title")], sectionedBy: "authorName"))

        let screen = Screen(posts) { "\($0.title) by \($0.authorName ?? "No author")" }
        #expect(screen.view.cells == [["Hello, world by Ana"], ["Joins by Bob", "Views by Bob"]])
        try await pool.write { db in try db.execute(sql: "UPDATE author SET name = 'Aaron' WHERE id = 2") }
        await posts.synchronize()
        #expect(screen.problems(expected: [["joins", "views"], ["hello-world"]]) == [])
        #expect(screen.view.cells == [["Joins by Aaron", "Views by Aaron"], ["Hello, world by Ana"]])
        #expect(screen.reloads == 0)
        #expect(posts.indexPath(forKey: "views") == ResultsIndexPath(row: 1, section: 0))
    }
}
