// README's join block ("Results from a database"), run. It needs GRDB, so
// the root package does not build it: the GRDB integration's test target
// compiles it through a link (Integrations/GRDB/Tests/FilterableResultsGRDBTests/
// ReadmeJoinExampleTests.swift), and CI runs it with the integration's tests.
import FilterableResults
import GRDB
import Testing
@testable import FilterableResultsGRDB

extension JoinExampleTests {
    /// README's join block: the same request ordered by the author's name.
    @Test func readmeJoin() async throws {
        let database = try TemporaryDatabase(Self.schema)
        let pool = database.pool
        let searchText = "o"

        // README.md, "Results from a database"
        let posts = try await DatabaseResults<PostWithAuthor, String>(pool, request: DatabaseResultsRequest(
            table: "post", keyedBy: "slug",
            joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
            orderedBy: [.ascending("authorName")]))
        let post = posts.element(forKey: "joins")   // a rename of Bob updates it
        try await posts.search(for: searchText, in: ["title", "authorName"])   // one line per keystroke

        #expect(post?.authorName == "Bob")
        // "Hello, world" and "Joins" by their titles, "Views" by Bob.
        #expect(posts.reportedSnapshot.keysBySection == [["hello-world", "joins", "views"]])
        try await posts.search(for: "jo", in: ["title", "authorName"])
        #expect(posts.reportedSnapshot.keysBySection == [["joins"]])
        try await posts.search(for: "bob", in: ["title", "authorName"])
        #expect(posts.reportedSnapshot.keysBySection == [["joins", "views"]])
    }
}
