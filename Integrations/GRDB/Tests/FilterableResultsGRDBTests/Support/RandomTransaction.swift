import GRDB

/// One statement of a random transaction, with what it does to a mirror
/// of the table, so the same operations reach the database and an
/// in-memory controller.
enum RandomOperation: Sendable {
    case insert(Player)
    case update(Player)
    case delete(Int64)
    /// A multi-row update: every player of a team scores one more.
    case bump(team: String?)
    /// A multi-row delete: every player with this score.
    case deleteScore(Int)
    /// Statements run in a savepoint that is rolled back.
    case rolledBackSavepoint([RandomOperation])
    /// A write to another table.
    case other

    func execute(_ db: Database) throws {
        switch self {
        case let .insert(player): try player.insert(db)
        case let .update(player): try player.update(db)
        case let .delete(id): try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [id])
        case let .bump(team): try db.execute(sql: "UPDATE player SET score = score + 1 WHERE team IS ?", arguments: [team])
        case let .deleteScore(score): try db.execute(sql: "DELETE FROM player WHERE score = ?", arguments: [score])
        case let .rolledBackSavepoint(operations):
            try db.inSavepoint {
                for operation in operations { try operation.execute(db) }
                return .rollback
            }
        case .other: try db.execute(sql: "INSERT INTO other (value) VALUES ('x')")
        }
    }

    func apply(to mirror: inout [Int64: Player]) {
        switch self {
        case let .insert(player), let .update(player): mirror[player.id] = player
        case let .delete(id): mirror[id] = nil
        case let .bump(team):
            for (id, player) in mirror where player.team == team { mirror[id]!.score = player.score + 1 }
        case let .deleteScore(score): mirror = mirror.filter { $0.value.score != score }
        case .rolledBackSavepoint, .other: break
        }
    }
}

/// Draws random operations over a mirror of the table.
struct RandomTransactionGenerator<Generator: RandomNumberGenerator> {
    var random: Generator
    var nextID: Int64 = 1
    static var names: [String] { ["Ana", "Émile", "zoë", "Zed", "Ümit", "bob", "Bob", "ÅSA", "Łukasz", "eve", "Éva", "Ola"] }
    static var teams: [String?] { ["Red", "Blue", "Green", "Émeraude", nil] }

    mutating func player(id: Int64) -> Player {
        Player(
            id: id, name: Self.names.randomElement(using: &random)!, team: Self.teams.randomElement(using: &random)!,
            score: Int.random(in: 0...12, using: &random))
    }

    mutating func operation(_ mirror: [Int64: Player]) -> RandomOperation {
        let roll = Int.random(in: 0..<100, using: &random)
        let existing = mirror.keys.sorted().randomElement(using: &random)
        switch roll {
        case 0..<35 where mirror.count < 160, 0..<10:
            defer { nextID += 1 }
            return .insert(player(id: nextID))
        case 35..<65 where existing != nil:
            var player = mirror[existing!]!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: player.score = Int.random(in: 0...12, using: &random)
            case 1: player.team = Self.teams.randomElement(using: &random)!
            case 2: player.name = Self.names.randomElement(using: &random)!
            default: player = self.player(id: player.id)
            }
            return .update(player)
        case 65..<85 where existing != nil:
            return .delete(existing!)
        case 85..<89:
            return .bump(team: Self.teams.randomElement(using: &random)!)
        case 89..<91:
            return .deleteScore(Int.random(in: 0...14, using: &random))
        case 91..<95:
            var copy = mirror
            var operations: [RandomOperation] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let operation = self.operation(copy)
                if case .rolledBackSavepoint = operation { continue }
                operation.apply(to: &copy)
                operations.append(operation)
            }
            return .rolledBackSavepoint(operations)
        default:
            return .other
        }
    }

    /// A transaction of one to six operations, and whether it rolls back.
    mutating func transaction(_ mirror: [Int64: Player]) -> (operations: [RandomOperation], rollsBack: Bool) {
        var copy = mirror
        var operations: [RandomOperation] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let operation = operation(copy)
            operation.apply(to: &copy)
            operations.append(operation)
        }
        return (operations, Int.random(in: 0..<10, using: &random) == 0)
    }
}
