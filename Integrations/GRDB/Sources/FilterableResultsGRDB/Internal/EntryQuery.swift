import FilterableResults
@_spi(Integrations) import FilterableResults
import GRDB

/// A request checked against the schema, as the SQL that reads its
/// entries: the rowid, the key, the order's columns and the section column
/// of the rows that match every filter.
struct EntryQuery: Sendable {
    let request: DatabaseResultsRequest
    /// The key column resolved: the request's, the table's primary key, or
    /// `rowid` for a table with no primary key.
    let keyColumn: String
    let sql: String
    let arguments: [DatabaseValue]
    /// The table's unique indexes other than its rowid, through which
    /// `REPLACE` may delete rows without SQLite reporting it.
    let uniqueIndexes: [UniqueIndex]
    /// Whether the request's table is a view: its rows are read again
    /// after each commit that touches a table under it.
    let isView: Bool
    /// What the request reads from: the table, the table with its joins
    /// (as a subquery named as the table, whose `rowid` column is the
    /// table's rowid), or the view (whose `rowid` column is 0).
    let source: String
    /// The tables joined, checked.
    let joins: [JoinedTable]
    /// What a commit must touch to change the rows (GRDB's region of the
    /// source): the table, the joined tables' columns the join reads, or
    /// the tables under the view.
    let observedRegion: DatabaseRegion

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
    ///   column, the invalid filter, join or key.
    init(_ request: DatabaseResultsRequest, in db: Database) throws(ResultsError) {
        let table = request.table
        guard !table.isEmpty else { throw .invalidArgument("empty table name") }
        do {
            let isTable = try db.tableExists(table)
            let isView = try !isTable && db.viewExists(table)
            guard isTable || isView else { throw ResultsError.missingTable(table) }
            if isView {
                guard request.joins.isEmpty else {
                    throw ResultsError.invalidArgument("joins on view \(table): join the tables in the view instead")
                }
                source = "(SELECT *, 0 AS rowid FROM \(table.quotedDatabaseIdentifier)) AS \(table.quotedDatabaseIdentifier)"
                joins = []
            } else {
                try Self.requireRowID(table, db)
                joins = try JoinedTable.all(request.joins, of: table, db)
                source = JoinedTable.source(of: table, joins, request.joins)
            }
            self.isView = isView
            let tableColumns = Set(try db.columns(in: table).map { $0.name.lowercased() })
            let columns: Set<String>
            if joins.isEmpty {
                columns = tableColumns
            } else {
                do {
                    columns = Set(try db.makeStatement(sql: "SELECT * FROM \(source)").columnNames.map { $0.lowercased() })
                } catch let error as DatabaseError {
                    let selected = request.joins.flatMap(\.selecting).joined(separator: ", ")
                    throw Self.filterError(selected, message: error.message ?? "\(error)", table: table)
                }
            }
            if let title = request.sectionTitleColumn, request.sectionColumn == nil {
                throw ResultsError.invalidArgument(
                    "section title column \(title) without a section column: name the column whose value identifies each section")
            }
            for column in request.ordering.map(\.column) + [request.sectionColumn, request.sectionTitleColumn].compactMap({ $0 })
            where !columns.contains(column.lowercased()) {
                throw ResultsError.missingColumn(column, table: table)
            }
            if isView {
                guard let requested = request.keyColumn else {
                    throw ResultsError.invalidKey(
                        "view \(table)", reason: "a view has no primary key: name the column whose values are unique as the request's key column")
                }
                guard columns.contains(requested.lowercased()) else { throw ResultsError.missingColumn(requested, table: table) }
                keyColumn = requested
            } else {
                if let requested = request.keyColumn, !tableColumns.contains(requested.lowercased()), columns.contains(requested.lowercased()) {
                    throw ResultsError.invalidKey(
                        "column \(requested)",
                        reason: "it comes from a table joined to \(table): a row's key is a column of \(table), the primary key or UNIQUE")
                }
                keyColumn = try Self.keyColumn(request.keyColumn, table: table, columns: tableColumns, db)
            }
            db.add(function: Self.foldFunction)
            db.add(function: SearchMatch.function)
            for filter in request.filters {
                do {
                    let statement = try db.makeStatement(sql: "SELECT 1 FROM \(source) WHERE (\(filter.sql))")
                    try statement.setArguments(StatementArguments(filter.arguments))
                } catch let error as DatabaseError {
                    throw Self.filterError(filter.sql, message: error.message ?? "\(error)", table: table)
                } catch {
                    throw ResultsError.invalidExpression(filter.sql, message: "\(error)")
                }
            }
            uniqueIndexes = isView ? [] : try UniqueIndex.all(on: table, db)
            observedRegion = try db.makeStatement(sql: "SELECT * FROM \(source)").databaseRegion
        } catch let error as ResultsError {
            throw error
        } catch {
            throw Self.typed(error)
        }
        var selected = ["rowid", Self.quoted(keyColumn)] + request.ordering.map { $0.column.quotedDatabaseIdentifier }
        if let section = request.sectionColumn { selected.append(section.quotedDatabaseIdentifier) }
        if let title = request.sectionTitleColumn { selected.append(title.quotedDatabaseIdentifier) }
        var sql = "SELECT \(selected.joined(separator: ", ")) FROM \(source)"
        if !request.filters.isEmpty {
            sql += " WHERE " + request.filters.map { "(\($0.sql))" }.joined(separator: " AND ")
        }
        self.request = request
        self.sql = sql
        self.arguments = request.filters.flatMap(\.arguments)
    }

    /// Checks that the source can follow `table`'s rows by their rowid:
    /// the table has one (it is not `WITHOUT ROWID`), and no column of its
    /// own is named `rowid`, which would stand for it in every statement.
    ///
    /// - Throws: ``ResultsError/unfollowableTable(_:reason:)``.
    static func requireRowID(_ table: String, _ db: Database) throws {
        if try db.columns(in: table).contains(where: { $0.name.caseInsensitiveCompare("rowid") == .orderedSame }) {
            throw ResultsError.unfollowableTable(table, reason: "its column rowid hides SQLite's rowid, by which the source follows rows: rename the column")
        }
        do {
            _ = try db.makeStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier)")
        } catch {
            throw ResultsError.unfollowableTable(table, reason: "it has no rowid (WITHOUT ROWID)")
        }
    }

    /// The key column of `table`: `requested` when it is the rowid, the
    /// primary key or a column with a `UNIQUE` index of its own; without
    /// one, the primary key of one column, or the rowid of a table with no
    /// primary key.
    ///
    /// - Throws: ``ResultsError/missingColumn(_:table:)`` for a column the
    ///   table does not have, ``ResultsError/invalidKey(_:reason:)`` for a
    ///   column whose values may repeat, or a composite primary key.
    static func keyColumn(_ requested: String?, table: String, columns: Set<String>, _ db: Database) throws -> String {
        guard let requested else {
            let primaryKey = try db.primaryKey(table)
            if primaryKey.isRowID { return primaryKey.rowIDColumn ?? "rowid" }
            guard primaryKey.columns.count == 1 else {
                throw ResultsError.invalidKey(
                    "(\(primaryKey.columns.joined(separator: ", ")))",
                    reason: "it is the composite primary key of table \(table): name one column with a UNIQUE index as the request's key column")
            }
            return primaryKey.columns[0]
        }
        let lowercased = requested.lowercased()
        if ["rowid", "_rowid_", "oid"].contains(lowercased), !columns.contains(lowercased) { return "rowid" }
        guard columns.contains(lowercased) else { throw ResultsError.missingColumn(requested, table: table) }
        guard try UniqueIndex.collation(identifyingRowsBy: requested, of: table, db) != nil else {
            throw ResultsError.invalidKey(
                "column \(requested)",
                reason: "it is neither the primary key of table \(table) nor UNIQUE (a partial index does not count), so two rows may share a value: add a UNIQUE index on it")
        }
        return requested
    }

    /// `column` quoted for SQL (`rowid` as is).
    static func quoted(_ column: String) -> String { column == "rowid" ? "rowid" : column.quotedDatabaseIdentifier }

    /// The reader of the table's records by key and by rowid.
    var records: RecordQuery { RecordQuery(table: request.table, source: source, keyColumn: keyColumn) }

    /// The key a row's key value decodes to.
    ///
    /// - Throws: ``ResultsError/invalidKey(_:reason:)`` naming a `NULL`
    ///   or a value that is not a `Key`.
    func key<Key: DatabaseValueConvertible>(_ value: DatabaseValue, rowID: Int64) throws(ResultsError) -> Key {
        if let key = Key.fromDatabaseValue(value) { return key }
        let place = isView ? "column \(keyColumn) of view \(request.table)" : "column \(keyColumn) of table \(request.table), row of rowid \(rowID)"
        if value.isNull { throw .invalidKey("NULL", reason: "\(place) has no key") }
        throw .invalidKey("\(value)", reason: "\(place) holds it, which is not a \(Key.self)")
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
    ///
    /// - Throws: for a view, ``ResultsError/invalidKey(_:reason:)`` naming
    ///   a key two rows share (a table's key column is unique by its index).
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    func fetchAll<Key>(_ db: Database, stamp: UInt32 = 0) throws -> FetchedEntries<Key> {
        var orderBy = request.sectionColumn.map { [$0.quotedDatabaseIdentifier] } ?? []
        orderBy += request.ordering.map { "\($0.column.quotedDatabaseIdentifier) \($0.isDescending ? "DESC" : "ASC")" }
        orderBy.append(Self.quoted(keyColumn))
        var entries = FetchedEntries<Key>()
        try fetch(sql: sql + " ORDER BY " + orderBy.joined(separator: ", "), arguments: arguments, db, stamp: stamp, titles: &entries.titles) {
            entries.entries.append($1)
        }
        if isView {
            var seen = Set<Key>()
            seen.reserveCapacity(entries.entries.count)
            for entry in entries.entries where !seen.insert(entry.key).inserted {
                throw ResultsError.invalidKey(
                    "\(entry.key)", reason: "two rows of view \(request.table) have it in column \(keyColumn): the key column must be unique")
            }
        }
        return entries
    }

    /// Every key the table has (all rows, matching or not).
    func allKeys<Key: DatabaseValueConvertible & Hashable>(_ db: Database) throws -> Set<Key> {
        var keys = Set<Key>()
        let cursor = try Row.fetchCursor(db, sql: "SELECT rowid, \(Self.quoted(keyColumn)) FROM \(request.table.quotedDatabaseIdentifier)")
        while let row = try cursor.next() { keys.insert(try key(row[1], rowID: row[0])) }
        return keys
    }

    /// The keys of the rows with `rowIDs` that exist (matching or not), by rowid.
    func keys<Key: DatabaseValueConvertible>(ofRowIDs rowIDs: [Int64], _ db: Database) throws -> [Int64: Key] {
        var keys: [Int64: Key] = [:]
        var start = 0
        while start < rowIDs.count {
            let chunk = rowIDs[start..<min(start + 500, rowIDs.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT rowid, \(Self.quoted(keyColumn)) FROM \(request.table.quotedDatabaseIdentifier) WHERE rowid IN (\(placeholders))",
                arguments: StatementArguments(chunk.map(\.databaseValue)))
            while let row = try cursor.next() {
                let rowID: Int64 = row[0]
                keys[rowID] = try key(row[1], rowID: rowID)
            }
            start += 500
        }
        return keys
    }

    /// The keys of the rows that match, among `candidates` when given
    /// (read by key, through the key's index and cached statements), else all.
    func matchingKeys<Key: DatabaseValueConvertible & Hashable>(among candidates: [Key]?, _ db: Database) throws -> Set<Key> {
        let table = source
        let keyColumn = Self.quoted(self.keyColumn)
        let conditions = request.filters.map { "(\($0.sql))" }
        var matched = Set<Key>()
        guard let candidates else {
            let sql = "SELECT rowid, \(keyColumn) FROM \(table)" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
            while let row = try cursor.next() { matched.insert(try key(row[1], rowID: row[0])) }
            return matched
        }
        var start = 0
        while start < candidates.count {
            let end = min(start + RecordQuery.chunkSize, candidates.count)
            var size = 8
            while size < end - start { size *= 2 }
            let placeholders = Array(repeating: "?", count: size).joined(separator: ",")
            let statement = try db.cachedStatement(
                sql: "SELECT \(keyColumn) FROM \(table) WHERE " + (conditions + ["\(keyColumn) IN (\(placeholders))"]).joined(separator: " AND "))
            var chunk = candidates[start..<end].map(\.databaseValue)
            chunk += repeatElement(candidates[end - 1].databaseValue, count: size - chunk.count)
            statement.setUncheckedArguments(StatementArguments(arguments + chunk))
            let cursor = try DatabaseValue.fetchCursor(statement)
            while let value = try cursor.next() {
                if let key = Key.fromDatabaseValue(value) { matched.insert(key) }
            }
            start = end
        }
        return matched
    }

    /// The entries of the rows among `rowIDs` that exist and match, stamped
    /// `stamp`, with their rowids; the titles of their sections go into
    /// `titles` (with a section title column).
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    func fetch<Key>(
        rowIDs: [Int64], _ db: Database, stamp: UInt32, titles: inout [DatabaseValue: String]
    ) throws -> [(rowID: Int64, entry: IndexEntry<Key>)] {
        var entries: [(rowID: Int64, entry: IndexEntry<Key>)] = []
        let glue = request.filters.isEmpty ? " WHERE " : " AND "
        var start = 0
        while start < rowIDs.count {
            let chunk = rowIDs[start..<min(start + 500, rowIDs.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            try fetch(
                sql: sql + glue + "rowid IN (\(placeholders))",
                arguments: arguments + chunk.map(\.databaseValue), db, stamp: stamp, titles: &titles) { entries.append(($0, $1)) }
            start += 500
        }
        return entries
    }

    /// Calls `body` with the rowid and entry of each row `sql` reads; with
    /// a section title column, sets each row's section's title in `titles`.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    private func fetch<Key>(
        sql: String, arguments: [DatabaseValue], _ db: Database, stamp: UInt32, titles: inout [DatabaseValue: String],
        _ body: (Int64, IndexEntry<Key>) -> Void
    ) throws {
        let orderCount = request.ordering.count
        let hasSection = request.sectionColumn != nil
        let hasTitle = request.sectionTitleColumn != nil
        // The last section titled: rows read in order come section by
        // section, so most need no title lookup.
        var titled: DatabaseValue?
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        // Each row's columns are read from the statement the cursor steps.
        let columns = statement.sqliteStatement
        let sectionIndex = CInt(orderCount + 2)
        while try cursor.next() != nil {
            let rowID = Int64(sqliteStatement: columns, index: 0)
            let key: Key = try key(DatabaseValue(sqliteStatement: columns, index: 1), rowID: rowID)
            let values = OrderValues(columns, count: orderCount)
            var section = DatabaseValue.null
            if hasTitle {
                section = DatabaseValue(sqliteStatement: columns, index: sectionIndex)
                if titled.map({ !IndexEntry<Key>.isSame($0, section) }) ?? true {
                    titles[section] = IndexEntry<Key>.sectionName(DatabaseValue(sqliteStatement: columns, index: sectionIndex + 1))
                    titled = section
                }
            } else if hasSection {
                // Sections by name: the name made once, here.
                section = IndexEntry<Key>.sectionName(DatabaseValue(sqliteStatement: columns, index: sectionIndex)).databaseValue
            }
            body(rowID, IndexEntry(key: key, section: section, stamp: stamp, values: values))
        }
    }
}
