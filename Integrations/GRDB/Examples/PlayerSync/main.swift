// A screen's model over a database: repeated API pages are merged into the
// `player` table with upserts, and a full refresh prunes the rows it no
// longer names, each in one transaction. A `DatabaseResults` follows the
// table and reports each commit as one batch, as a table view would animate it.
//
//     swift run --package-path Integrations/GRDB PlayerSync

import FilterableResults
import FilterableResultsGRDB
import Foundation
import GRDB

struct Player: Codable, Sendable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    var team: String
    var score: Int
}

/// What the API returns: two pages, then a refresh that returns every
/// player at once (so it prunes the players it no longer names).
let responses: [(label: String, players: [Player], isFullRefresh: Bool)] = [
    ("page 1", [Player(id: 1, name: "Ana", team: "Red", score: 12), Player(id: 2, name: "Bob", team: "Blue", score: 7),
         Player(id: 3, name: "Émile", team: "Red", score: 9)], false),
    ("page 2", [Player(id: 4, name: "Zoë", team: "Green", score: 15), Player(id: 5, name: "Łukasz", team: "Blue", score: 3)], false),
    // A refresh: Bob scored, Émile moved to Green, Łukasz is gone (pruned), Eve is new.
    ("refresh", [Player(id: 1, name: "Ana", team: "Red", score: 12), Player(id: 2, name: "Bob", team: "Blue", score: 11),
         Player(id: 3, name: "Émile", team: "Green", score: 9), Player(id: 4, name: "Zoë", team: "Green", score: 15),
         Player(id: 6, name: "Eve", team: "Red", score: 4)], true),
]

/// Merges one response in one transaction: upserts its players; a full
/// refresh also prunes those it does not name.
func merge(_ players: [Player], prune: Bool, into pool: DatabasePool) async throws {
    try await pool.write { db in
        for player in players { try player.upsert(db) }
        if prune {
            try Player.filter(!players.map(\.id).contains(Column("id"))).deleteAll(db)
        }
    }
}

func describe(_ update: DatabaseResults<Player, Int64>.Update) -> String {
    if update.isReload { return "reload" }
    let changes = update.changeset.elementChanges.map { change in
        "\(change.kind) \(change.element.name)"
    }
    let sections = update.changeset.sectionChanges.map { "\($0.kind) section \($0.name ?? "")" }
    return (sections + changes).joined(separator: ", ")
}

func show(_ snapshot: DatabaseResultsSnapshot<Player, Int64>) {
    for section in 0..<snapshot.numberOfSections {
        let rows = (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).compactMap {
            snapshot.element(at: ResultsIndexPath(row: $0, section: section))
        }
        print("  \(snapshot.name(ofSection: section) ?? ""): " + rows.map { "\($0.name) \($0.score)" }.joined(separator: ", "))
    }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PlayerSync-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let pool = try DatabasePool(path: folder.appendingPathComponent("players.sqlite").path)
try pool.write { db in
    try db.create(table: "player") { table in
        table.column("id", .integer).primaryKey()
        table.column("name", .text).notNull()
        table.column("team", .text).notNull()
        table.column("score", .integer).notNull()
    }
}

let players = try await DatabaseResults<Player, Int64>(
    pool,
    request: DatabaseResultsRequest(table: "player", orderedBy: [.descending("score"), .ascending("name")], sectionedBy: "team"))
let observation = players.observe { update in print("update: \(describe(update))") }

for response in responses {
    print("\(response.label): \(response.players.count) players")
    try await merge(response.players, prune: response.isFullRefresh, into: pool)
    await players.synchronize()
    show(players.reportedSnapshot)
}

print("search \"e\":")
try await players.search(for: "e", in: ["name"])
show(players.reportedSnapshot)
print("filter score >= 10:")
try await players.addFilter(.init(title: "stars", group: "score", sql: "score >= ?", arguments: [10]))
show(players.reportedSnapshot)
observation.cancel()
