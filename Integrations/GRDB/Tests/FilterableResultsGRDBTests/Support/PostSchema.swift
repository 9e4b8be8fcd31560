import GRDB
@testable import FilterableResultsGRDB

/// Posts and their authors: the tables of the tests over a join and a view.
/// A post is keyed by its integer `id` or its text `code` (`UNIQUE`); an
/// author's `email` is `UNIQUE` too, so `REPLACE` can delete rows of
/// either table through another index than the key.
enum PostSchema {
    static let create = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, bio TEXT);
        CREATE TABLE post (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, title TEXT NOT NULL, score INTEGER NOT NULL, authorId INTEGER);
        CREATE INDEX post_author ON post(authorId);
        CREATE VIEW postWithAuthor AS
            SELECT post.id, post.code, post.title, post.score, post.authorId, author.name AS authorName
            FROM post LEFT JOIN author ON author.id = post.authorId;
        """

    /// The join the view makes, as a request's join.
    static let author = DatabaseResultsRequest.Join(table: "author", on: "authorId", selecting: ["author.name AS authorName"])

    /// What a fresh query reads a request's rows from: the join written
    /// out (not the source's SQL), or the view.
    static func source(of request: DatabaseResultsRequest) -> String {
        request.joins.isEmpty ? request.table.quotedDatabaseIdentifier
            : "(SELECT post.*, author.name AS authorName FROM post LEFT JOIN author ON author.id = post.authorId)"
    }

    /// The keys `request` shows, by section, read with one fresh `SELECT`.
    static func freshKeys<Key: DatabaseValueConvertible & Hashable>(_ request: DatabaseResultsRequest, key: String, _ db: Database) throws -> [[Key]] {
        if request.sectionTitleColumn != nil { return try freshSections(request, key: key, db).map(\.keys) }
        let orderBy = request.ordering.map { "\($0.column.quotedDatabaseIdentifier) \($0.isDescending ? "DESC" : "ASC")" } + [key]
        var sql = "SELECT \(key), \(request.sectionColumn?.quotedDatabaseIdentifier ?? "NULL") FROM \(source(of: request))"
        if !request.filters.isEmpty { sql += " WHERE " + request.filters.map { "(\($0.sql))" }.joined(separator: " AND ") }
        sql += " ORDER BY " + orderBy.joined(separator: ", ")
        var sections: [String: [Key]] = [:]
        var names: [String] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(request.filters.flatMap(\.arguments))) {
            let name = IndexEntry<Int64>.sectionName(row[1])
            if sections[name] == nil { names.append(name) }
            sections[name, default: []].append(Key.fromDatabaseValue(row[0])!)
        }
        guard request.sectionColumn != nil else { return [sections[""] ?? []] }
        return names.sorted(by: request.sectionOrder).map { sections[$0]! }
    }

    /// The sections a request with a section title column shows, read with
    /// one fresh `SELECT`: each section column value's rows, in SQLite's
    /// order of the values, titled by the title column (its rows agree).
    static func freshSections<Key: DatabaseValueConvertible & Hashable>(
        _ request: DatabaseResultsRequest, key: String, _ db: Database
    ) throws -> [(title: String, keys: [Key])] {
        let id = request.sectionColumn!.quotedDatabaseIdentifier
        let orderBy = [id] + request.ordering.map { "\($0.column.quotedDatabaseIdentifier) \($0.isDescending ? "DESC" : "ASC")" } + [key]
        var sql = "SELECT \(key), \(id), \(request.sectionTitleColumn!.quotedDatabaseIdentifier) FROM \(source(of: request))"
        if !request.filters.isEmpty { sql += " WHERE " + request.filters.map { "(\($0.sql))" }.joined(separator: " AND ") }
        sql += " ORDER BY " + orderBy.joined(separator: ", ")
        var sections: [(id: DatabaseValue, title: String, keys: [Key])] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(request.filters.flatMap(\.arguments))) {
            let sectionID: DatabaseValue = row[1]
            if sections.last?.id != sectionID { sections.append((sectionID, IndexEntry<Int64>.sectionName(row[2]), [])) }
            sections[sections.count - 1].keys.append(Key.fromDatabaseValue(row[0])!)
        }
        return sections.map { ($0.title, $0.keys) }
    }

    /// A database of `authors` (ids from 1) and 30 posts (`p1`…, scored by
    /// their id, by author `id % 3 + 1`, titled `title(id)`), shown by
    /// `request` keyed by code in a simulated view.
    @MainActor
    static func open(
        _ kind: WriterKind, _ request: DatabaseResultsRequest, authors: [String], title: @escaping @Sendable (Int) -> String
    ) async throws -> (TemporaryDatabase, Screen<PostRow, String>) {
        let database = try TemporaryDatabase(create, kind: kind)
        try await database.writer.write { db in
            for (index, name) in authors.enumerated() {
                try db.execute(sql: "INSERT INTO author (id, name, email) VALUES (?, ?, ?)", arguments: [index + 1, name, "\(index + 1)@x"])
            }
            for id in 1...30 {
                try db.execute(sql: "INSERT INTO post VALUES (?, ?, ?, ?, ?)", arguments: [id, "p\(id)", title(id), id, id % 3 + 1])
            }
        }
        let results = try await DatabaseResults<PostRow, String>(database.writer, request: request, batchSize: 8, cacheCapacity: 100)
        return (database, Screen(results) { $0.cell })
    }

    /// Every post with its author's name, as cells, by key column value.
    static func freshCells(_ db: Database) throws -> [DatabaseValue: String] {
        var cells: [DatabaseValue: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM postWithAuthor") {
            let post = try PostRow(row: row)
            cells[post.id.databaseValue] = post.cell
            cells[post.code.databaseValue] = post.cell
        }
        return cells
    }
}

