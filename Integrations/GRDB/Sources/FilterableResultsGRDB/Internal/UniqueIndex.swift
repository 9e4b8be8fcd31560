import GRDB

/// A `UNIQUE` index of the observed table other than its rowid (a
/// `UNIQUE` column or constraint, a primary key that is not the rowid, a
/// unique index): an `INSERT OR REPLACE` or `UPDATE OR REPLACE` may delete
/// rows through it, and SQLite reports no such delete to the update hook.
///
/// Such a delete follows from a row written with the values another row
/// had in the index: the deleted rows are found by looking the written
/// rows' values up in the state before the commit.
struct UniqueIndex: Sendable {
    /// The index's name.
    let name: String
    /// Its key columns, each with the collation the index compares it by.
    let columns: [(name: String, collation: String)]
    /// Whether a lookup by the columns alone finds every row the index
    /// could conflict on (no expression, no rowid column: a partial index's
    /// lookup finds more, which is harmless).
    let isPlain: Bool
    /// Whether the index has a `WHERE` (`CREATE UNIQUE INDEX … WHERE …`):
    /// the rows it leaves out may repeat its values.
    let isPartial: Bool

    /// Whether the index is on `column` alone (the column itself, no
    /// expression).
    func isOn(only column: String) -> Bool {
        isPlain && columns.count == 1 && columns[0].name.caseInsensitiveCompare(column) == .orderedSame
    }

    /// The collation under which `column` alone identifies a row of
    /// `table`, or `nil` when it does not: a `UNIQUE` index has it as its
    /// one column (the collation is the index's: a primary key or a
    /// `UNIQUE` constraint has one too, with the column's), or it is the
    /// table's integer primary key (`BINARY`). A partial index
    /// (`CREATE UNIQUE INDEX … WHERE …`) does not count: the rows its
    /// `WHERE` leaves out may repeat its values (the soft-delete pattern).
    /// The rowid is the caller's case.
    static func collation(identifyingRowsBy column: String, of table: String, _ db: Database) throws -> String? {
        if let index = try all(on: table, db).first(where: { !$0.isPartial && $0.isOn(only: column) }) { return index.columns[0].collation }
        let primaryKey = try db.primaryKey(table)
        if primaryKey.columns.count == 1, primaryKey.columns[0].caseInsensitiveCompare(column) == .orderedSame { return "BINARY" }
        return nil
    }

    /// The unique indexes of `table` other than its rowid.
    static func all(on table: String, _ db: Database) throws -> [UniqueIndex] {
        // [seq, name, unique, origin, partial]
        try Row.fetchAll(db, sql: "PRAGMA index_list(\(table.quotedDatabaseIdentifier))").compactMap { index in
            guard index[2] as Bool else { return nil }
            let name: String = index[1]
            var columns: [(name: String, collation: String)] = []
            var isPlain = true
            // [seqno, cid, name, desc, coll, key]
            for column in try Row.fetchAll(db, sql: "PRAGMA index_xinfo(\(name.quotedDatabaseIdentifier))") where column[5] as Bool {
                if let columnName = column[2] as String?, let collation = column[4] as String? {
                    columns.append((columnName, collation))
                } else {
                    isPlain = false   // an expression (cid -2) or the rowid (cid -1)
                }
            }
            return UniqueIndex(name: name, columns: columns, isPlain: isPlain && !columns.isEmpty, isPartial: index[4] as Bool)
        }
    }

    /// Whether `a` and `b` have the same values in the index's columns (as
    /// stored: a change of case under `NOCASE` counts as a change).
    func hasSameValues(_ a: Row, _ b: Row) -> Bool {
        columns.allSatisfy { a[$0.name] as DatabaseValue? == b[$0.name] as DatabaseValue? }
    }

    /// The rowids of the rows of `table` in `db` whose values in the index
    /// equal those of one of `rows` (read from another state); a row with
    /// a `NULL` among them is skipped (`NULL`s never conflict). One
    /// statement for up to 500 rows when the index has one column, one a
    /// row otherwise.
    func rowIDs(sharingValuesOf rows: [Row], table: String, _ db: Database) throws -> Set<Int64> {
        var found = Set<Int64>()
        let keys: [[DatabaseValue]] = rows.compactMap { row in
            let values = columns.map { row[$0.name] as DatabaseValue? ?? .null }
            return values.contains(where: \.isNull) ? nil : values
        }
        let quotedTable = table.quotedDatabaseIdentifier
        if columns.count == 1 {
            let column = "\(columns[0].name.quotedDatabaseIdentifier) COLLATE \(columns[0].collation.quotedDatabaseIdentifier)"
            var start = 0
            while start < keys.count {
                let end = min(start + RecordQuery.chunkSize, keys.count)
                var size = 8
                while size < end - start { size *= 2 }
                let statement = try db.cachedStatement(
                    sql: "SELECT rowid FROM \(quotedTable) WHERE \(column) IN (\(Array(repeating: "?", count: size).joined(separator: ",")))")
                var values = keys[start..<end].map { $0[0] }
                values += repeatElement(keys[end - 1][0], count: size - values.count)
                statement.setUncheckedArguments(StatementArguments(values))
                found.formUnion(try Int64.fetchAll(statement))
                start = end
            }
            return found
        }
        let conditions = columns.map { "\($0.name.quotedDatabaseIdentifier) = ? COLLATE \($0.collation.quotedDatabaseIdentifier)" }
        let statement = try db.cachedStatement(sql: "SELECT rowid FROM \(quotedTable) WHERE \(conditions.joined(separator: " AND "))")
        for key in keys {
            statement.setUncheckedArguments(StatementArguments(key))
            found.formUnion(try Int64.fetchAll(statement))
        }
        return found
    }
}
