import FilterableResults
import GRDB

/// A ``DatabaseResultsRequest/Join`` checked against the schema: the
/// joined table, the request table's column that leads to it, and the
/// joined table's column that column holds (unique, so a row shown meets
/// at most one joined row).
///
/// A commit that changes joined rows changes the rows shown whose `column`
/// holds those rows' `referencedColumn` values, before or after the commit:
/// the observer reads those values (the old ones from a trigger), then the
/// rows shown through `column` (an index on it makes that O(*k* log *n*)).
struct JoinedTable: Sendable {
    /// The joined table.
    let table: String
    /// The request table's column holding a joined row's value.
    let column: String
    /// The joined table's unique column (`rowid` for an integer primary key).
    let referencedColumn: String
    /// The collation the join compares `column` with `referencedColumn`
    /// by: the referenced column's (it is the left operand of the join's
    /// `ON`), which its unique index has.
    let collation: String
    /// The joined table's unique indexes other than the referenced
    /// column's: an `INSERT OR REPLACE` may delete joined rows through
    /// them unseen, whose old values are then unknown (a reload).
    let otherUniqueIndexes: [UniqueIndex]

    /// The checked joins of `table`.
    ///
    /// - Throws: ``ResultsError`` naming a missing table or column, a joined
    ///   table joined twice, a view or a `WITHOUT ROWID` table, or a
    ///   referenced column that is not unique.
    static func all(_ joins: [DatabaseResultsRequest.Join], of table: String, _ db: Database) throws -> [JoinedTable] {
        var seen: Set<String> = [table.lowercased()]
        let columns = Set(try db.columns(in: table).map { $0.name.lowercased() })
        return try joins.map { join in
            guard seen.insert(join.table.lowercased()).inserted else {
                throw ResultsError.invalidArgument("table \(join.table) joined twice (or to itself): join each table once")
            }
            guard try db.tableExists(join.table) else {
                if try db.viewExists(join.table) {
                    throw ResultsError.unfollowableTable(join.table, reason: "it is a view: join the tables under it, or request the view")
                }
                throw ResultsError.missingTable(join.table)
            }
            // The source follows a joined table's changes through its rowid
            // (triggers read `OLD.rowid`).
            try EntryQuery.requireRowID(join.table, db)
            guard columns.contains(join.column.lowercased()) else { throw ResultsError.missingColumn(join.column, table: table) }
            let joinedColumns = Set(try db.columns(in: join.table).map { $0.name.lowercased() })
            let referenced: String
            let collation: String
            if let named = join.referencedColumn {
                guard joinedColumns.contains(named.lowercased()) else { throw ResultsError.missingColumn(named, table: join.table) }
                guard let found = try UniqueIndex.collation(identifyingRowsBy: named, of: join.table, db) else {
                    throw ResultsError.invalidKey(
                        "column \(join.table).\(named)",
                        reason: "it is neither the primary key of table \(join.table) nor UNIQUE (a partial index does not count), so a row of \(table) may meet several rows of it")
                }
                let primaryKey = try db.primaryKey(join.table)
                referenced = primaryKey.isRowID && primaryKey.rowIDColumn?.lowercased() == named.lowercased() ? "rowid" : named
                collation = referenced == "rowid" ? "BINARY" : found
            } else {
                let primaryKey = try db.primaryKey(join.table)
                if primaryKey.isRowID {
                    referenced = "rowid"
                    collation = "BINARY"
                } else if primaryKey.columns.count == 1 {
                    referenced = primaryKey.columns[0]
                    collation = try UniqueIndex.collation(identifyingRowsBy: referenced, of: join.table, db) ?? "BINARY"
                } else {
                    throw ResultsError.invalidKey(
                        "(\(primaryKey.columns.joined(separator: ", ")))",
                        reason: "it is the composite primary key of table \(join.table): name one UNIQUE column as the join's referenced column")
                }
            }
            let indexes = try UniqueIndex.all(on: join.table, db).filter { !$0.isOn(only: referenced) }
            return JoinedTable(table: join.table, column: join.column, referencedColumn: referenced, collation: collation, otherUniqueIndexes: indexes)
        }
    }

    /// What a request over `table` and `joined` reads from: the table, or a
    /// subquery named as it with the joined columns and a `rowid` column
    /// holding the table's rowid (SQLite flattens it: a lookup by rowid or
    /// key still uses the table's index).
    static func source(of table: String, _ joined: [JoinedTable], _ joins: [DatabaseResultsRequest.Join]) -> String {
        let quoted = table.quotedDatabaseIdentifier
        guard !joined.isEmpty else { return quoted }
        var columns = ["\(quoted).*", "\(quoted).rowid AS rowid"]
        var from = quoted
        for (join, request) in zip(joined, joins) {
            columns += request.selecting
            let referenced = join.referencedColumn == "rowid" ? "rowid" : join.referencedColumn.quotedDatabaseIdentifier
            from += " LEFT JOIN \(join.table.quotedDatabaseIdentifier) ON \(join.table.quotedDatabaseIdentifier).\(referenced)"
                + " = \(quoted).\(join.column.quotedDatabaseIdentifier)"
        }
        return "(SELECT \(columns.joined(separator: ", ")) FROM \(from)) AS \(quoted)"
    }
}
