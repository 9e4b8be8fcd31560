import GRDB

/// Reads records by rowid.
enum RecordQuery {
    /// The records of the rows among `rowIDs` in `table`, by rowid.
    static func fetch<Record: FetchableRecord>(_ rowIDs: [Int64], table: String, _ db: Database) throws -> [Int64: Record] {
        var result: [Int64: Record] = [:]
        var start = 0
        while start < rowIDs.count {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchCursor(
                db, sql: "SELECT *, rowid AS filterable_results_rowid FROM \(table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))",
                arguments: StatementArguments(chunk))
            while let row = try rows.next() {
                result[row["filterable_results_rowid"]] = try Record(row: row)
            }
            start += 500
        }
        return result
    }

    /// The rows among `rowIDs` in `table`, every column, by rowid.
    static func rows(_ rowIDs: [Int64], table: String, _ db: Database) throws -> [Int64: Row] {
        var result: [Int64: Row] = [:]
        var start = 0
        while start < rowIDs.count {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            for row in try Row.fetchAll(
                db, sql: "SELECT *, rowid AS filterable_results_rowid FROM \(table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))",
                arguments: StatementArguments(chunk)) {
                result[row["filterable_results_rowid"]] = row
            }
            start += 500
        }
        return result
    }
}
