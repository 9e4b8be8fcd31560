import FilterableResultsTesting
import GRDB

/// The differential test's schema: items with a local id (the rowid), a
/// remote `code` unique without case (`REPLACE` deletes through it), a
/// team they cascade from, an app trigger that touches an item whose score
/// is written, and an inbox whose trigger saves items with `INSERT OR
/// REPLACE`.
enum ItemSchema {
    static let teams = ["Red", "Blue", "Green", "Émeraude"]

    static let create = """
        CREATE TABLE team (name TEXT PRIMARY KEY);
        INSERT INTO team VALUES ('Red'), ('Blue'), ('Green'), ('Émeraude');
        CREATE TABLE item (
            id INTEGER PRIMARY KEY,
            code TEXT COLLATE NOCASE UNIQUE,
            name TEXT NOT NULL,
            team TEXT REFERENCES team(name) ON DELETE CASCADE ON UPDATE CASCADE,
            score INTEGER NOT NULL,
            touched INTEGER NOT NULL DEFAULT 0);
        \(triggers)
        CREATE TABLE inbox (code TEXT, name TEXT, score INTEGER);
        \(inboxTrigger)
        CREATE TABLE other (id INTEGER PRIMARY KEY, value TEXT);
        """

    /// The inbox's trigger, which saves items (dropped while the item
    /// table is made again: SQLite checks triggers when a table is renamed).
    static let inboxTrigger = """
        CREATE TRIGGER inbox_deliver AFTER INSERT ON inbox BEGIN
            INSERT OR REPLACE INTO item (code, name, team, score) VALUES (NEW.code, NEW.name, NULL, NEW.score);
            DELETE FROM inbox;
        END;
        """

    /// The app's trigger on `item` (made again with the table).
    static let triggers = """
        CREATE TRIGGER item_touch AFTER UPDATE OF score ON item BEGIN
            UPDATE item SET touched = touched + 1 WHERE id = NEW.id;
        END;
        """
}

/// What a transaction of the differential test does, counted per run so
/// that each kind is known to have been exercised.
enum ItemCommitKind: String, CaseIterable, Sendable {
    case insert, update, delete, bulkUpdate, bulkDelete
    /// `INSERT OR REPLACE` with another row's code (another case): deletes it unseen.
    case replaceThroughUnique
    /// `INSERT OR REPLACE` with an existing rowid.
    case replaceOverRowid
    /// `UPDATE OR REPLACE` of a code to another row's.
    case updateOrReplace
    /// `UPDATE … SET id = ?` to a free rowid.
    case rowidChange
    /// `UPDATE OR REPLACE … SET id = ?` to another row's rowid.
    case rowidChangeOverRow
    /// A score written: the app's trigger touches the row.
    case appTrigger
    /// An inbox row whose trigger saves an item with `INSERT OR REPLACE`.
    case triggerReplace
    /// A team deleted (its items cascade) and made again, or renamed (its items follow).
    case cascadeDelete, cascadeUpdate
    case savepointRolledBack, savepointReleased
    case otherTable
    /// A transaction that writes the values rows had, and nothing else.
    case unchangedWrite
    /// A transaction rolled back.
    case rollback
    case addColumn, dropColumn, renameColumn
    /// The table dropped and made again, with its columns in another order
    /// and other extra columns (GRDB's and SQLite's way to change a table).
    case recreateTable
    /// A unique index over an expression made or dropped: `REPLACE` through
    /// it cannot be looked up.
    case expressionIndex
    /// The section column renamed: a typed error; then renamed back and
    /// the request set again.
    case breakingRename
    /// Writes through another connection, then `notifyChanges(in:)`.
    case otherConnection
    /// Transactions from several tasks at once.
    case burst
}

/// One statement (or savepoint) of a transaction.
struct ItemOperation: Sendable {
    let kind: ItemCommitKind
    let sql: String
    let arguments: [DatabaseValue]
    /// Run in a savepoint: released, or rolled back.
    var savepoint: (operations: [ItemOperation], rollsBack: Bool)?

    init(_ kind: ItemCommitKind, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) {
        self.kind = kind
        self.sql = sql
        self.arguments = arguments.map { $0?.databaseValue ?? .null }
    }

    func execute(_ db: Database) throws {
        if let savepoint {
            try db.inSavepoint {
                for operation in savepoint.operations { try operation.execute(db) }
                return savepoint.rollsBack ? .rollback : .commit
            }
        } else {
            try db.execute(sql: sql, arguments: StatementArguments(arguments))
        }
    }
}

/// The table's state a transaction is drawn from.
struct ItemState {
    var ids: [Int64] = []
    var codes: [String] = []
    var teams: [String] = []
    /// The columns added by the test, in table order.
    var extras: [String] = []
    var hasExpressionIndex = false

    static func read(_ db: Database) throws -> ItemState {
        var state = ItemState()
        state.ids = try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY id")
        state.codes = try String.fetchAll(db, sql: "SELECT code FROM item WHERE code IS NOT NULL ORDER BY code")
        state.teams = try String.fetchAll(db, sql: "SELECT name FROM team ORDER BY name")
        state.extras = try db.columns(in: "item").map(\.name).filter { $0.hasPrefix("extra") }
        state.hasExpressionIndex = try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE name = 'item_code_lower'") ?? false
        return state
    }
}

/// Draws the differential test's transactions.
struct ItemTransactionGenerator {
    var random: SeededRandomNumberGenerator
    var nextID: Int64 = 1_000
    var nextCode = 0
    var nextColumn = 0
    var nextTeam = 0
    static let names = ["Ana", "Émile", "zoë", "Zed", "Ümit", "bob", "Bob", "ÅSA", "Łukasz", "eve", "Éva", "Ola"]

    init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func name() -> String { Self.names.randomElement(using: &random)! }
    mutating func score() -> Int { Int.random(in: 0...12, using: &random) }
    mutating func freshID() -> Int64 { defer { nextID += 1 }; return nextID }
    mutating func freshCode() -> String? {
        guard chance(80) else { return nil }
        defer { nextCode += 1 }
        return "c\(nextCode)"
    }

    /// A code of another row, in another case (the index ignores case).
    mutating func existingCode(_ state: ItemState) -> String? {
        guard let code = state.codes.randomElement(using: &random) else { return nil }
        return chance(50) ? code.uppercased() : code
    }

    mutating func team(_ state: ItemState) -> String? {
        chance(15) ? nil : state.teams.randomElement(using: &random)
    }

    /// What the transaction after `state` is: a kind, and its operations
    /// (none for the kinds the test drives itself).
    mutating func transaction(_ state: ItemState, allowsOtherConnections: Bool) -> (kind: ItemCommitKind?, operations: [ItemOperation]) {
        let roll = Int.random(in: 0..<1_000, using: &random)
        switch roll {
        case 0..<40: return (.unchangedWrite, [unchangedWrite(state)])
        case 40..<80: return (.rollback, rowOperations(state))
        case 80..<105: return (.burst, [])
        case 105..<120 where allowsOtherConnections: return (.otherConnection, [])
        case 120..<133:
            nextColumn += 1
            return (.addColumn, [ItemOperation(.addColumn, "ALTER TABLE item ADD COLUMN extra\(nextColumn) TEXT DEFAULT 'x\(nextColumn)'")])
        case 133..<146:
            guard let column = state.extras.randomElement(using: &random) else { return (nil, rowOperations(state)) }
            return (.dropColumn, [ItemOperation(.dropColumn, "ALTER TABLE item DROP COLUMN \(column.quotedDatabaseIdentifier)")])
        case 146..<159:
            guard let column = state.extras.randomElement(using: &random) else { return (nil, rowOperations(state)) }
            nextColumn += 1
            return (.renameColumn, [ItemOperation(.renameColumn, "ALTER TABLE item RENAME COLUMN \(column.quotedDatabaseIdentifier) TO extra\(nextColumn)")])
        case 159..<172: return (.recreateTable, [recreateTable(state)])
        case 172..<185:
            let sql = state.hasExpressionIndex
                ? "DROP INDEX item_code_lower"
                : "CREATE UNIQUE INDEX item_code_lower ON item(lower(code))"
            return (.expressionIndex, [ItemOperation(.expressionIndex, sql)])
        case 185..<195: return (.breakingRename, [])
        default: return (nil, rowOperations(state))
        }
    }

    /// One to four statements that change rows.
    mutating func rowOperations(_ state: ItemState) -> [ItemOperation] {
        var state = state
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in rowOperation(&state, nested: false) }
    }

    /// A transaction of writes that change nothing.
    mutating func unchangedWrite(_ state: ItemState) -> ItemOperation {
        if chance(50), let id = state.ids.randomElement(using: &random) {
            return ItemOperation(.unchangedWrite, "UPDATE item SET name = name, code = code, team = team WHERE id = ?", [id])
        }
        return ItemOperation(.unchangedWrite, "UPDATE item SET name = name WHERE score % 2 = ?", [Int.random(in: 0...1, using: &random)])
    }

    /// A new row, with a new rowid and a new code (or none).
    mutating func insert(_ state: inout ItemState) -> ItemOperation {
        let newID = freshID()
        let code = freshCode()
        state.ids.append(newID)
        if let code { state.codes.append(code) }
        return ItemOperation(.insert, "INSERT INTO item (id, code, name, team, score) VALUES (?, ?, ?, ?, ?)",
                             [newID, code, name(), team(state), score()])
    }

    mutating func rowOperation(_ state: inout ItemState, nested: Bool) -> ItemOperation {
        let id = state.ids.randomElement(using: &random)
        let other = state.ids.randomElement(using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22 where state.ids.count < 150, 0..<6:
            return insert(&state)
        case 22..<36 where id != nil:
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return ItemOperation(.update, "UPDATE item SET name = ? WHERE id = ?", [name(), id])
            case 1: return ItemOperation(.update, "UPDATE item SET team = ? WHERE id = ?", [team(state), id])
            default:
                let code = freshCode()
                if let code { state.codes.append(code) }
                return ItemOperation(.update, "UPDATE item SET code = ? WHERE id = ?", [code, id])
            }
        case 36..<44 where id != nil:
            return ItemOperation(.appTrigger, "UPDATE item SET score = ? WHERE id = ?", [score(), id])
        case 44..<52 where id != nil:
            state.ids.removeAll { $0 == id }
            return ItemOperation(.delete, "DELETE FROM item WHERE id = ?", [id])
        case 52..<55:
            return ItemOperation(.bulkUpdate, "UPDATE item SET score = score + 1 WHERE team IS ?", [team(state)])
        case 55..<57:
            return ItemOperation(.bulkDelete, "DELETE FROM item WHERE score = ?", [Int.random(in: 0...14, using: &random)])
        case 57..<65:
            let newID = freshID()
            state.ids.append(newID)
            return ItemOperation(.replaceThroughUnique, "INSERT OR REPLACE INTO item (id, code, name, team, score) VALUES (?, ?, ?, ?, ?)",
                                 [newID, existingCode(state), name(), team(state), score()])
        case 65..<70 where id != nil:
            let code = chance(50) ? existingCode(state) : freshCode()
            return ItemOperation(.replaceOverRowid, "INSERT OR REPLACE INTO item (id, code, name, team, score) VALUES (?, ?, ?, ?, ?)",
                                 [id, code, name(), team(state), score()])
        case 70..<74 where id != nil:
            return ItemOperation(.updateOrReplace, "UPDATE OR REPLACE item SET code = ? WHERE id = ?", [existingCode(state), id])
        case 74..<79 where id != nil:
            let newID = freshID()
            state.ids.removeAll { $0 == id }
            state.ids.append(newID)
            return ItemOperation(.rowidChange, "UPDATE item SET id = ? WHERE id = ?", [newID, id])
        case 79..<82 where id != nil && other != nil:
            state.ids.removeAll { $0 == id }
            return ItemOperation(.rowidChangeOverRow, "UPDATE OR REPLACE item SET id = ? WHERE id = ?", [other, id])
        case 82..<86:
            let code = chance(60) ? existingCode(state) : freshCode()
            return ItemOperation(.triggerReplace, "INSERT INTO inbox VALUES (?, ?, ?)", [code, name(), score()])
        case 86..<88 where !state.teams.isEmpty:
            let team = state.teams.randomElement(using: &random)!
            return ItemOperation(.cascadeDelete, "DELETE FROM team WHERE name = ?; INSERT INTO team VALUES (?)", [team, team])
        case 88..<90 where !state.teams.isEmpty:
            let index = Int.random(in: 0..<state.teams.count, using: &random)
            nextTeam += 1
            let renamed = "\(ItemSchema.teams[nextTeam % ItemSchema.teams.count]) \(nextTeam)"
            defer { state.teams[index] = renamed }
            return ItemOperation(.cascadeUpdate, "UPDATE team SET name = ? WHERE name = ?", [renamed, state.teams[index]])
        case 90..<95 where !nested:
            var operation = ItemOperation(chance(50) ? .savepointRolledBack : .savepointReleased, "")
            var inner = state
            let operations = (0..<Int.random(in: 1...3, using: &random)).map { _ in rowOperation(&inner, nested: true) }
            if operation.kind == .savepointReleased { state = inner }
            operation.savepoint = (operations, operation.kind == .savepointRolledBack)
            return operation
        default:
            return ItemOperation(.otherTable, "INSERT INTO other (value) VALUES ('x')")
        }
    }

    /// The table made again (GRDB's and SQLite's way to change a table): a
    /// new table with the columns in another order and another extra
    /// column, the rows copied, the old dropped, the new renamed, its
    /// trigger and indexes made again.
    mutating func recreateTable(_ state: ItemState) -> ItemOperation {
        nextColumn += 1
        var columns = [
            "id INTEGER PRIMARY KEY", "code TEXT COLLATE NOCASE UNIQUE", "name TEXT NOT NULL",
            "team TEXT REFERENCES team(name) ON DELETE CASCADE ON UPDATE CASCADE", "score INTEGER NOT NULL",
            "touched INTEGER NOT NULL DEFAULT 0", "extra\(nextColumn) TEXT DEFAULT 'new'",
        ]
        columns.shuffle(using: &random)
        let kept = ["id", "code", "name", "team", "score", "touched"].joined(separator: ", ")
        var sql = """
            DROP TRIGGER inbox_deliver;
            CREATE TABLE item_new (\(columns.joined(separator: ", ")));
            INSERT INTO item_new (\(kept)) SELECT \(kept) FROM item;
            DROP TABLE item;
            ALTER TABLE item_new RENAME TO item;
            \(ItemSchema.triggers)
            \(ItemSchema.inboxTrigger)
            """
        if state.hasExpressionIndex { sql += "CREATE UNIQUE INDEX item_code_lower ON item(lower(code));" }
        return ItemOperation(.recreateTable, sql)
    }
}
