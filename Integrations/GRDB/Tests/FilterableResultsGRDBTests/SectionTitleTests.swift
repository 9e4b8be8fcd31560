import FilterableResults
import FilterableResultsTesting
import GRDB
import Testing
@testable import FilterableResultsGRDB

/// Sections identified by a column's value and titled by another
/// (`sectionedBy:sectionTitle:`): posts by their author's id, titled by
/// the author's name through a join.
@MainActor
@Suite struct SectionTitleTests {
    static let byAuthor = DatabaseResultsRequest(
        table: "post", keyedBy: "code", joining: [PostSchema.author], orderedBy: [.ascending("title")],
        sectionedBy: "authorId", sectionTitle: "authorName")

    /// Three authors (two named Ana), ten posts each.
    func open(_ kind: WriterKind = .pool, _ request: DatabaseResultsRequest = Self.byAuthor) async throws -> (TemporaryDatabase, Screen<PostRow, String>) {
        try await PostSchema.open(kind, request, authors: ["Ana", "Bob", "Ana"]) { "t\($0)" }
    }

    func fresh(_ database: TemporaryDatabase, _ request: DatabaseResultsRequest = Self.byAuthor) async throws -> [(title: String, keys: [String])] {
        try await database.writer.read { db in try PostSchema.freshSections(request, key: "code", db) }
    }

    @Test func sectionsAreInTheOrderOfTheirIdsAndTwoAuthorsOfOneNameAreTwoSections() async throws {
        let (database, screen) = try await open()
        let sections = try await fresh(database)
        #expect(sections.map(\.title) == ["Ana", "Bob", "Ana"])
        #expect(screen.problems(expected: sections.map(\.keys), titles: sections.map(\.title)) == [])
        let snapshot = screen.results.snapshot
        #expect((0..<3).map { snapshot.id(ofSection: $0) as? DatabaseValue } == [1.databaseValue, 2.databaseValue, 3.databaseValue])
        #expect(snapshot.index(ofSectionWithID: 3.databaseValue) == 2)
        #expect(snapshot.name(ofSection: 2) == "Ana")
    }

    /// The midnight case of a database: a section's title changes with no
    /// change to its rows' section. Its header is refreshed in place; its
    /// rows are updated (their joined name changed), never deleted and
    /// inserted, and no section is.
    @Test(arguments: WriterKind.allCases)
    func anAuthorRenamedRefreshesItsSectionsHeaderAndKeepsItsRows(kind: WriterKind) async throws {
        let (database, screen) = try await open(kind)
        var changesets: [ResultsChangeset<PostRow, String>] = []
        let observation = screen.results.observe { update in
            #expect(!update.isReload)
            changesets.append(update.changeset)
        }
        try await database.writer.write { db in try db.execute(sql: "UPDATE author SET name = 'Yann' WHERE id = 2") }
        await screen.results.synchronize()
        let sections = try await fresh(database)
        #expect(sections.map(\.title) == ["Ana", "Yann", "Ana"])
        #expect(screen.problems(expected: sections.map(\.keys), titles: sections.map(\.title)) == [])
        #expect(changesets.count == 1)
        let changeset = try #require(changesets.first)
        #expect(changeset.sectionChanges.isEmpty)
        #expect(changeset.sectionUpdates.map(\.newIndex) == [1])
        #expect(Set(changeset.elementChanges.map(\.kind)) == [.update])
        withExtendedLifetime(observation) {}
    }

    /// A post given to another author moves to that author's section; a
    /// new author's first post brings a section titled by the new name.
    @Test func aPostMovesBetweenSectionsByIdAndANewAuthorBringsATitledSection() async throws {
        let (database, screen) = try await open()
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO author (id, name, email) VALUES (4, 'Bob', 'd@x')")
            try db.execute(sql: "UPDATE post SET authorId = 4 WHERE id IN (1, 2)")
            try db.execute(sql: "UPDATE post SET authorId = 3 WHERE id = 3")
        }
        await screen.results.synchronize()
        let sections = try await fresh(database)
        #expect(sections.map(\.title) == ["Ana", "Bob", "Ana", "Bob"])
        #expect(sections[3].keys == ["p1", "p2"])
        #expect(screen.problems(expected: sections.map(\.keys), titles: sections.map(\.title)) == [])
    }

    /// A reload (a commit that changes the schema) reads the titles again
    /// with the rows.
    @Test func aReloadReadsTheTitlesAgain() async throws {
        let (database, screen) = try await open()
        try await database.writer.write { db in
            try db.execute(sql: "CREATE TABLE unrelated (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "UPDATE author SET name = 'Cleo' WHERE id = 1")
        }
        await screen.results.synchronize()
        #expect(screen.reloads == 1)
        let sections = try await fresh(database)
        #expect(sections.map(\.title) == ["Cleo", "Bob", "Ana"])
        #expect(screen.problems(expected: sections.map(\.keys), titles: sections.map(\.title)) == [])
    }

    /// A request that changes from sections by name to sections by id (and
    /// back) shows the new sections, titled.
    @Test func aRequestChangesBetweenSectionsByNameAndById() async throws {
        var byName = Self.byAuthor
        byName.sectionColumn = "authorName"
        byName.sectionTitleColumn = nil
        let (database, screen) = try await open(.pool, byName)
        #expect(screen.view.headerTitles == ["Ana", "Bob"])
        try await screen.results.setRequest(Self.byAuthor)
        let sections = try await fresh(database)
        #expect(screen.problems(expected: sections.map(\.keys), titles: sections.map(\.title)) == [])
        #expect(screen.view.headerTitles == ["Ana", "Bob", "Ana"])
        try await screen.results.setRequest(byName)
        let shownByName = byName
        let byNameKeys: [[String]] = try await database.writer.read { db in try PostSchema.freshKeys(shownByName, key: "code", db) }
        #expect(byNameKeys.count == 2)
        #expect(screen.problems(expected: byNameKeys, titles: ["Ana", "Bob"]) == [])
    }

    /// Text ids that differ only in Unicode normalisation are one id, as
    /// `DatabaseValue`s compare them (and a diffable data source would):
    /// a row with the composed "é" joins the section of the decomposed
    /// one, though "f" falls between them in SQLite's byte order. Ids are
    /// in Swift's order of text: "é" after "f".
    @Test func textIdsInTwoNormalisationsAreOneSection() async throws {
        let database = try TemporaryDatabase(Coded.createTable)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO t (id, code, name) VALUES (1, 'a', ?), (2, 'b', 'f')", arguments: ["e\u{301}"])
        }
        let request = DatabaseResultsRequest(table: "t", orderedBy: [.ascending("code")], sectionedBy: "name", sectionTitle: "name")
        let results = try await DatabaseResults<Coded, Int64>(database.writer, request: request)
        let screen = Screen(results) { $0.code ?? "" }
        try await database.writer.write { db in try db.execute(sql: "INSERT INTO t (id, code, name) VALUES (3, 'c', ?)", arguments: ["\u{e9}"]) }
        await results.synchronize()
        #expect(screen.problems(expected: [[2], [1, 3]]) == [])
        #expect(screen.view.headerTitles.count == 2)
        #expect(results.snapshot.index(ofSectionWithID: "\u{e9}".databaseValue) == 1)
    }

    @Test func aTitleColumnWithoutASectionColumnIsATypedErrorNamingIt() async throws {
        let database = try TemporaryDatabase(PostSchema.create, kind: .pool)
        let request = DatabaseResultsRequest(table: "post", joining: [PostSchema.author], sectionTitle: "authorName")
        await #expect(throws: ResultsError.invalidArgument(
            "section title column authorName without a section column: name the column whose value identifies each section")
        ) {
            _ = try await DatabaseResults<PostRow, Int64>(database.writer, request: request)
        }
    }

    @Test func aMissingTitleColumnIsATypedErrorNamingIt() async throws {
        let database = try TemporaryDatabase(PostSchema.create, kind: .pool)
        let request = DatabaseResultsRequest(table: "post", sectionedBy: "authorId", sectionTitle: "authorName")
        await #expect(throws: ResultsError.missingColumn("authorName", table: "post")) {
            _ = try await DatabaseResults<PostRow, Int64>(database.writer, request: request)
        }
    }

    /// The request's documentation example, compiled.
    @Test func theDocumentationExampleShowsPostsByAuthor() async throws {
        let database = try TemporaryDatabase(PostSchema.create, kind: .pool)
        try await database.writer.write { db in
            try db.execute(sql: "ALTER TABLE post ADD COLUMN date TEXT")
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Ana')")
            try db.execute(sql: "INSERT INTO post VALUES (1, 'p1', 't', 1, 1, '2026-11-30')")
        }
        let posts = DatabaseResultsRequest(
            table: "post",
            joining: [.init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])],
            orderedBy: [.descending("date")],
            sectionedBy: "authorId", sectionTitle: "authorName")
        let results = try await DatabaseResults<PostRow, Int64>(database.writer, request: posts)
        #expect(results.snapshot.name(ofSection: 0) == "Ana")
    }
}
