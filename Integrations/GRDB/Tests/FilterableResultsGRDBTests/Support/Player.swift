import GRDB

/// The record of the tests' table.
struct Player: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    var team: String?
    var score: Int

    static let createTable = """
        CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT, score INTEGER NOT NULL);
        CREATE TABLE other (id INTEGER PRIMARY KEY, value TEXT);
        """
}
