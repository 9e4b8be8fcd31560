import GRDB

/// Reads whole rows of the observed table by key or by rowid, with one
/// cached prepared statement per batch size (a batch is padded with its
/// last value to the statement's size).
///
/// The observer reads by rowid (what SQLite reports in a transaction); the
/// cache and the snapshots read by key (what the rows shown are), through
/// the index the key column has (the rowid, the primary key or a `UNIQUE`
/// index), so a rowid that changes under the source (`VACUUM`) never makes
/// a row show another's record.
///
/// Every row read ends with two more columns: its rowid, then its key.
struct RecordQuery: Sendable {
    /// The most values one statement binds.
    static let chunkSize = 500
    /// The names of the two columns each row read ends with.
    static let rowIDAlias = "filterable_results_rowid"
    static let keyAlias = "filterable_results_key"

    /// The observed table.
    let table: String
    /// What rows are read from: the table, or the table with its joins, or
    /// a view (`EntryQuery.source`), with a `rowid` column.
    let source: String
    /// The key column (`rowid` for a table keyed by its rowid).
    let keyColumn: String

    /// The records of the rows with `keys`, by key.
    func records<Record: FetchableRecord, Key: DatabaseValueConvertible & Hashable>(
        keys: [Key], _ db: Database
    ) throws -> [Key: Record] {
        var result: [Key: Record] = [:]
        result.reserveCapacity(keys.count)
        try forEachRow(keys.map(\.databaseValue), by: keyColumn, db) { row in
            if let key = Key.fromDatabaseValue(row[row.count - 1]) { result[key] = try Record(row: row) }
        }
        return result
    }

    /// The rows with `rowIDs`, every column (and the rowid and key last), by rowid.
    func rows(rowIDs: [Int64], _ db: Database) throws -> [Int64: Row] {
        var result: [Int64: Row] = [:]
        result.reserveCapacity(rowIDs.count)
        try forEachRow(rowIDs.map(\.databaseValue), by: "rowid", db) { row in
            if let rowID = row[row.count - 2] as Int64? { result[rowID] = row.copy() }
        }
        return result
    }

    /// The rowids among `rowIDs` that the table has.
    func existing(rowIDs: some Collection<Int64>, _ db: Database) throws -> Set<Int64> {
        var found = Set<Int64>()
        let rowIDs = Array(rowIDs)
        var start = 0
        while start < rowIDs.count {
            let end = min(start + Self.chunkSize, rowIDs.count)
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

    /// The key of a row read by this query (`nil` when it is `NULL` or is
    /// not a `Key`).
    static func key<Key: DatabaseValueConvertible>(of row: Row) -> Key? { Key.fromDatabaseValue(row[row.count - 1]) }

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

    /// The rows with `rowIDs`, every column, by rowid, and the records of
    /// those among `decoding` (read from the statement's rows, which name
    /// their columns faster than copies do; a record that fails to decode
    /// is left out).
    func rows<Record: FetchableRecord>(
        rowIDs: [Int64], decoding: Set<Int64>, _ db: Database
    ) throws -> (rows: [Int64: Row], records: [Int64: Record]) {
        var rows: [Int64: Row] = [:]
        var records: [Int64: Record] = [:]
        rows.reserveCapacity(rowIDs.count)
        try forEachRow(rowIDs.map(\.databaseValue), by: "rowid", db) { row in
            guard let rowID = row[row.count - 2] as Int64? else { return }
            if decoding.contains(rowID) { records[rowID] = try? Record(row: row) }
            rows[rowID] = row.copy()
        }
        return (rows, records)
    }

    /// Calls `body` with each row whose `column` is among `values` (every
    /// column, then the rowid and the key), reading them in chunks through
    /// cached statements.
    private func forEachRow(_ values: [DatabaseValue], by column: String, _ db: Database, _ body: (Row) throws -> Void) throws {
        try Self.loadSchema(db)
        let quotedColumn = column == "rowid" ? "rowid" : column.quotedDatabaseIdentifier
        let quotedKey = keyColumn == "rowid" ? "rowid" : keyColumn.quotedDatabaseIdentifier
        var start = 0
        while start < values.count {
            let end = min(start + Self.chunkSize, values.count)
            // Statement sizes are powers of two, so a few statements serve every batch.
            var size = 8
            while size < end - start { size *= 2 }
            let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
            let statement = try db.cachedStatement(sql: """
                SELECT *, rowid AS \(Self.rowIDAlias), \(quotedKey) AS \(Self.keyAlias) \
                FROM \(source) WHERE \(quotedColumn) IN (\(placeholders))
                """)
            var arguments = Array(values[start..<end])
            arguments += repeatElement(values[end - 1], count: size - arguments.count)
            statement.setUncheckedArguments(StatementArguments(arguments))
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() { try body(row) }
            start = end
        }
    }
}
