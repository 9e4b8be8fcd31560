import FilterableResultsTesting
import GRDB

/// The kinds of statements the join tests commit, counted so a run can
/// show it committed each.
enum PostCommitKind: String, CaseIterable, Sendable {
    case insertPost, updatePost, movePost, deletePost, changePostID, changePostCode, replacePostOverCode
    case insertAuthor, renameAuthor, renameAuthors, deleteAuthor, changeAuthorID, replaceAuthorOverEmail, replaceAuthorByID
    case rolledBackSavepoint
}

/// One random statement over posts and authors, as SQL.
struct PostStatement: Sendable {
    var kind: PostCommitKind
    var sql: String
    var arguments: [DatabaseValue] = []
    /// Statements of a savepoint rolled back.
    var savepoint: [PostStatement] = []

    func execute(_ db: Database) throws {
        guard kind != .rolledBackSavepoint else {
            try db.inSavepoint {
                for statement in savepoint { try statement.execute(db) }
                return .rollback
            }
            return
        }
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
    }
}

/// The ids and codes the tables hold, read before each transaction.
struct PostState: Sendable {
    var postIDs: [Int64]
    var codes: [String]
    var authorIDs: [Int64]
    var emails: [String]

    static func read(_ db: Database) throws -> PostState {
        PostState(
            postIDs: try Int64.fetchAll(db, sql: "SELECT id FROM post ORDER BY id"),
            codes: try String.fetchAll(db, sql: "SELECT code FROM post ORDER BY code"),
            authorIDs: try Int64.fetchAll(db, sql: "SELECT id FROM author ORDER BY id"),
            emails: try String.fetchAll(db, sql: "SELECT email FROM author WHERE email IS NOT NULL ORDER BY email"))
    }
}

/// Draws random transactions over posts and authors from a seed.
struct PostTransactionGenerator {
    var random: SeededRandomNumberGenerator
    var next: Int64 = 1_000
    static let names = ["Ana", "Émile", "zoë", "Zed", "Ümit", "bob", "Bob", "ÅSA", "eve"]
    static let titles = ["a", "b", "c", "d", "é", "Z"]

    init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

    mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ values: [T]) -> T? { values.randomElement(using: &random) }
    mutating func fresh() -> Int64 {
        next += 1
        return next
    }

    /// An author id: mostly one that exists, sometimes one that does not, or `NULL`.
    mutating func authorID(_ state: PostState) -> DatabaseValue {
        switch number(0...9) {
        case 0: .null
        case 1: Int64(number(1...40)).databaseValue
        default: (pick(state.authorIDs) ?? 1).databaseValue
        }
    }

    mutating func statement(_ state: PostState) -> PostStatement {
        let name = pick(Self.names)!
        switch number(0...99) {
        case 0..<14 where state.postIDs.count < 60, 0..<3:
            let id = fresh()
            return PostStatement(kind: .insertPost, sql: "INSERT INTO post (id, code, title, score, authorId) VALUES (?, ?, ?, ?, ?)",
                                 arguments: [id.databaseValue, "c\(id)".databaseValue, pick(Self.titles)!.databaseValue, number(0...9).databaseValue, authorID(state)])
        case 14..<24 where !state.postIDs.isEmpty:
            return PostStatement(kind: .updatePost, sql: "UPDATE post SET title = ?, score = ? WHERE id = ?",
                                 arguments: [pick(Self.titles)!.databaseValue, number(0...9).databaseValue, pick(state.postIDs)!.databaseValue])
        case 24..<31 where !state.postIDs.isEmpty:
            return PostStatement(kind: .movePost, sql: "UPDATE post SET authorId = ? WHERE id = ?", arguments: [authorID(state), pick(state.postIDs)!.databaseValue])
        case 31..<37 where !state.postIDs.isEmpty:
            return PostStatement(kind: .deletePost, sql: "DELETE FROM post WHERE id = ?", arguments: [pick(state.postIDs)!.databaseValue])
        case 37..<41 where !state.postIDs.isEmpty:
            return PostStatement(kind: .changePostID, sql: "UPDATE OR IGNORE post SET id = ? WHERE id = ?", arguments: [fresh().databaseValue, pick(state.postIDs)!.databaseValue])
        case 41..<45 where !state.codes.isEmpty:
            return PostStatement(kind: .changePostCode, sql: "UPDATE OR IGNORE post SET code = ? WHERE code = ?", arguments: ["k\(fresh())".databaseValue, pick(state.codes)!.databaseValue])
        case 45..<50 where !state.codes.isEmpty:
            // A new id with another post's code: REPLACE deletes that post.
            let id = fresh()
            return PostStatement(kind: .replacePostOverCode, sql: "INSERT OR REPLACE INTO post (id, code, title, score, authorId) VALUES (?, ?, ?, ?, ?)",
                                 arguments: [id.databaseValue, pick(state.codes)!.databaseValue, pick(Self.titles)!.databaseValue, number(0...9).databaseValue, authorID(state)])
        case 50..<57 where state.authorIDs.count < 12, 50..<52:
            let id = fresh()
            return PostStatement(kind: .insertAuthor, sql: "INSERT INTO author (id, name, email) VALUES (?, ?, ?)",
                                 arguments: [id.databaseValue, name.databaseValue, "e\(id)".databaseValue])
        case 57..<70 where !state.authorIDs.isEmpty:
            return PostStatement(kind: .renameAuthor, sql: "UPDATE author SET name = ? WHERE id = ?", arguments: [name.databaseValue, pick(state.authorIDs)!.databaseValue])
        case 70..<74:
            return PostStatement(kind: .renameAuthors, sql: "UPDATE author SET name = name || '!' WHERE id % 2 = ?", arguments: [number(0...1).databaseValue])
        case 74..<79 where !state.authorIDs.isEmpty:
            return PostStatement(kind: .deleteAuthor, sql: "DELETE FROM author WHERE id = ?", arguments: [pick(state.authorIDs)!.databaseValue])
        case 79..<83 where !state.authorIDs.isEmpty:
            // The posts that named the old id now name no author; those that name the new one, it.
            return PostStatement(kind: .changeAuthorID, sql: "UPDATE OR IGNORE author SET id = ? WHERE id = ?",
                                 arguments: [Int64(number(1...40)).databaseValue, pick(state.authorIDs)!.databaseValue])
        case 83..<88 where !state.emails.isEmpty:
            // A new author with another's email: REPLACE deletes that author unseen.
            let id = fresh()
            return PostStatement(kind: .replaceAuthorOverEmail, sql: "INSERT OR REPLACE INTO author (id, name, email) VALUES (?, ?, ?)",
                                 arguments: [id.databaseValue, name.databaseValue, pick(state.emails)!.databaseValue])
        case 88..<93 where !state.authorIDs.isEmpty:
            return PostStatement(kind: .replaceAuthorByID, sql: "INSERT OR REPLACE INTO author (id, name, email) VALUES (?, ?, ?)",
                                 arguments: [pick(state.authorIDs)!.databaseValue, name.databaseValue, "r\(fresh())".databaseValue])
        case 93..<97:
            var statements: [PostStatement] = []
            for _ in 0..<number(1...3) {
                let statement = self.statement(state)
                if statement.kind != .rolledBackSavepoint { statements.append(statement) }
            }
            return PostStatement(kind: .rolledBackSavepoint, sql: "", savepoint: statements)
        default:
            return PostStatement(kind: .renameAuthor, sql: "UPDATE author SET name = ? WHERE id = ?", arguments: [name.databaseValue, (pick(state.authorIDs) ?? 1).databaseValue])
        }
    }

    /// One to four statements, and whether the transaction rolls back.
    mutating func transaction(_ state: PostState) -> (statements: [PostStatement], rollsBack: Bool) {
        ((0..<number(1...4)).map { _ in statement(state) }, number(0...11) == 0)
    }
}
