import GRDB

/// Reads records by rowid, with one cached prepared statement per batch
/// size (a batch is padded with its last rowid to the statement's size).
enum RecordQuery {
    /// The most rowids one statement binds.
    static let chunkSize = 500

    /// The records of the rows among `rowIDs` in `table`, by rowid.
    static func fetch<Record: FetchableRecord>(_ rowIDs: [Int64], table: String, _ db: Database) throws -> [Int64: Record] {
        var result: [Int64: Record] = [:]
        result.reserveCapacity(rowIDs.count)
        try forEachRow(rowIDs, table: table, db) { rowID, row in result[rowID] = try Record(row: row) }
        return result
    }

    /// The rows among `rowIDs` in `table`, every column, by rowid.
    static func rows(_ rowIDs: [Int64], table: String, _ db: Database) throws -> [Int64: Row] {
        var result: [Int64: Row] = [:]
        try forEachRow(rowIDs, table: table, db) { rowID, row in result[rowID] = row.copy() }
        return result
    }

    /// Makes the connection load the schema another connection changed,
    /// before a `SELECT *` is prepared.
    ///
    /// A connection learns of another's schema change only when a statement
    /// it runs checks the schema's version (`PRAGMA schema_version` does
    /// not): until then it prepares statements for the old schema, and
    /// SQLite prepares such a statement again at its first step, after the
    /// columns of its rows were read (GRDB reads them once), so a `SELECT *`
    /// would read fewer or more columns than its rows have, or values
    /// under other columns' names.
    static func loadSchema(_ db: Database) throws {
        try db.cachedStatement(sql: "SELECT 1 FROM sqlite_master LIMIT 0").execute()
    }

    /// The rows among `rowIDs` in `table`, every column, by rowid, and the
    /// records of those among `decoding` (read from the statement's rows,
    /// which name their columns faster than copies do; a record that fails
    /// to decode is left out).
    static func rows<Record: FetchableRecord>(
        _ rowIDs: [Int64], decoding: Set<Int64>, table: String, _ db: Database
    ) throws -> (rows: [Int64: Row], records: [Int64: Record]) {
        var rows: [Int64: Row] = [:]
        var records: [Int64: Record] = [:]
        rows.reserveCapacity(rowIDs.count)
        try forEachRow(rowIDs, table: table, db) { rowID, row in
            if decoding.contains(rowID) { records[rowID] = try? Record(row: row) }
            rows[rowID] = row.copy()
        }
        return (rows, records)
    }

    /// The rowids among `rowIDs` that `table` has.
    static func existing(_ rowIDs: some Collection<Int64>, table: String, _ db: Database) throws -> Set<Int64> {
        var found = Set<Int64>()
        let rowIDs = Array(rowIDs)
        var start = 0
        while start < rowIDs.count {
            let end = min(start + chunkSize, rowIDs.count)
            var size = 8
            while size < end - start { size *= 2 }
            let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
            let statement = try db.cachedStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))")
            var arguments = Array(rowIDs[start..<end])
            arguments += repeatElement(rowIDs[end - 1], count: size - arguments.count)
            statement.setUncheckedArguments(StatementArguments(arguments))
            found.formUnion(try Int64.fetchAll(statement))
            start = end
        }
        return found
    }

    /// Calls `body` with each row among `rowIDs` (every column, and the
    /// rowid last), reading them in chunks through cached statements.
    private static func forEachRow(
        _ rowIDs: [Int64], table: String, _ db: Database, _ body: (Int64, Row) throws -> Void
    ) throws {
        try loadSchema(db)
        var start = 0
        while start < rowIDs.count {
            let end = min(start + chunkSize, rowIDs.count)
            // Statement sizes are powers of two, so a few statements serve every batch.
            var size = 8
            while size < end - start { size *= 2 }
            let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
            let statement = try db.cachedStatement(
                sql: "SELECT *, rowid AS filterable_results_rowid FROM \(table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))")
            var arguments = Array(rowIDs[start..<end])
            arguments += repeatElement(rowIDs[end - 1], count: size - arguments.count)
            statement.setUncheckedArguments(StatementArguments(arguments))
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                guard let rowID = row[row.count - 1] as Int64? else { continue }
                try body(rowID, row)
            }
            start = end
        }
    }
}
