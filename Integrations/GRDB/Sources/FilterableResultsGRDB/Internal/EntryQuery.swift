import FilterableResults
@_spi(Integrations) import FilterableResults
import GRDB

/// A request checked against the schema, as the SQL that reads its
/// entries: the rowid, the order's columns and the section column of the
/// rows that match every filter.
struct EntryQuery: Sendable {
    let request: DatabaseResultsRequest
    let sql: String
    let arguments: [DatabaseValue]
    /// The table's unique indexes other than its rowid, through which
    /// `REPLACE` may delete rows without SQLite reporting it.
    let uniqueIndexes: [UniqueIndex]

    /// The SQL function live search folds text with, as the core's search folds it.
    static let foldFunction = DatabaseFunction("filterable_results_fold", argumentCount: 1, pure: true) { values in
        switch values[0].storage {
        case .null, .blob: nil
        case let .string(text): ResultsSearchFolding.fold(text)
        case let .int64(value): String(value)
        case let .double(value): String(value)
        }
    }

    /// Checks `request` against `db`'s schema and builds its SQL.
    ///
    /// - Throws: ``ResultsError`` naming the missing table or
    ///   column, or the invalid filter.
    init(_ request: DatabaseResultsRequest, in db: Database) throws(ResultsError) {
        let table = request.table
        guard !table.isEmpty else { throw .invalidArgument("empty table name") }
        do {
            guard try db.tableExists(table) else { throw ResultsError.missingTable(table) }
            let columns = Set(try db.columns(in: table).map { $0.name.lowercased() })
            for column in request.ordering.map(\.column) + (request.sectionColumn.map { [$0] } ?? [])
            where !columns.contains(column.lowercased()) {
                throw ResultsError.missingColumn(column, table: table)
            }
            do {
                _ = try db.makeStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier)")
            } catch {
                throw ResultsError.unfollowableTable(table, reason: "it has no rowid (WITHOUT ROWID)")
            }
            db.add(function: Self.foldFunction)
            db.add(function: SearchMatch.function)
            for filter in request.filters {
                do {
                    let statement = try db.makeStatement(sql: "SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE (\(filter.sql))")
                    try statement.setArguments(StatementArguments(filter.arguments))
                } catch let error as DatabaseError {
                    throw Self.filterError(filter.sql, message: error.message ?? "\(error)", table: table)
                } catch {
                    throw ResultsError.invalidExpression(filter.sql, message: "\(error)")
                }
            }
            uniqueIndexes = try UniqueIndex.all(on: table, db)
        } catch let error as ResultsError {
            throw error
        } catch {
            throw Self.typed(error)
        }
        var selected = ["rowid"] + request.ordering.map { $0.column.quotedDatabaseIdentifier }
        if let section = request.sectionColumn { selected.append(section.quotedDatabaseIdentifier) }
        var sql = "SELECT \(selected.joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier)"
        if !request.filters.isEmpty {
            sql += " WHERE " + request.filters.map { "(\($0.sql))" }.joined(separator: " AND ")
        }
        self.request = request
        self.sql = sql
        self.arguments = request.filters.flatMap(\.arguments)
    }

    /// The error of a filter SQLite refused: a missing column when it
    /// names one (`no such column: rank`, or `other.rank` for another
    /// table's), else an invalid expression.
    static func filterError(_ sql: String, message: String, table: String) -> ResultsError {
        let prefix = "no such column: "
        guard message.hasPrefix(prefix) else { return .invalidExpression(sql, message: message) }
        let name = message.dropFirst(prefix.count)
        if let dot = name.lastIndex(of: ".") {
            return .missingColumn(String(name[name.index(after: dot)...]), table: String(name[..<dot]))
        }
        return .missingColumn(String(name), table: table)
    }

    /// A database error as the source's typed error.
    static func typed(_ error: any Error) -> ResultsError {
        if let error = error as? ResultsError { return error }
        if let error = error as? DatabaseError {
            return .database(code: error.extendedResultCode.rawValue, message: error.message ?? "\(error)")
        }
        return .database(code: 1, message: "\(error)")
    }

    /// Every matching row's entry, stamped `stamp`, in the request's order
    /// (SQLite sorts in C, and the engine's sort then finds sorted runs).
    func fetchAll(_ db: Database, stamp: UInt32 = 0) throws -> [IndexEntry] {
        var orderBy = request.sectionColumn.map { [$0.quotedDatabaseIdentifier] } ?? []
        orderBy += request.ordering.map { "\($0.column.quotedDatabaseIdentifier) \($0.isDescending ? "DESC" : "ASC")" }
        orderBy.append("rowid")
        return try fetch(sql: sql + " ORDER BY " + orderBy.joined(separator: ", "), arguments: arguments, db, stamp: stamp)
    }

    /// The rowids of the rows that match, among `candidates` when given
    /// (read by rowid, through cached statements), else all.
    func matchingRowIDs(among candidates: [Int64]?, _ db: Database) throws -> Set<Int64> {
        let table = request.table.quotedDatabaseIdentifier
        let conditions = request.filters.map { "(\($0.sql))" }
        var matched = Set<Int64>()
        guard let candidates else {
            let sql = "SELECT rowid FROM \(table)" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            let cursor = try Int64.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
            while let rowID = try cursor.next() { matched.insert(rowID) }
            return matched
        }
        var start = 0
        while start < candidates.count {
            let end = min(start + RecordQuery.chunkSize, candidates.count)
            var size = 8
            while size < end - start { size *= 2 }
            let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
            let statement = try db.cachedStatement(
                sql: "SELECT rowid FROM \(table) WHERE " + (conditions + ["rowid IN (\(placeholders))"]).joined(separator: " AND "))
            var chunk = candidates[start..<end].map(\.databaseValue)
            chunk += repeatElement(candidates[end - 1].databaseValue, count: size - chunk.count)
            statement.setUncheckedArguments(StatementArguments(arguments + chunk))
            let cursor = try Int64.fetchCursor(statement)
            while let rowID = try cursor.next() { matched.insert(rowID) }
            start = end
        }
        return matched
    }

    /// The entries of the rows among `rowIDs` that exist and match, stamped `stamp`.
    func fetch(rowIDs: [Int64], _ db: Database, stamp: UInt32) throws -> [IndexEntry] {
        var entries: [IndexEntry] = []
        let glue = request.filters.isEmpty ? " WHERE " : " AND "
        var start = 0
        while start < rowIDs.count {
            let chunk = rowIDs[start..<min(start + 500, rowIDs.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            entries += try fetch(
                sql: sql + glue + "rowid IN (\(placeholders))",
                arguments: arguments + chunk.map(\.databaseValue), db, stamp: stamp)
            start += 500
        }
        return entries
    }

    private func fetch(sql: String, arguments: [DatabaseValue], _ db: Database, stamp: UInt32) throws -> [IndexEntry] {
        let orderCount = request.ordering.count
        let hasSection = request.sectionColumn != nil
        var entries: [IndexEntry] = []
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
        while let row = try cursor.next() {
            let values = OrderValues(row, count: orderCount)
            let section = hasSection ? OrderValue(row, at: orderCount + 1).sectionName : ""
            entries.append(IndexEntry(rowID: row[0], section: section, values: values, stamp: stamp))
        }
        return entries
    }
}
