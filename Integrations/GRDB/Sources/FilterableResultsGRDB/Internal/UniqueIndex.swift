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
            return UniqueIndex(name: name, columns: columns, isPlain: isPlain && !columns.isEmpty)
        }
    }

    /// The rowids of the rows of `table` in `db` whose values in the index
    /// equal those of `row` (read from another state): none when one of
    /// them is `NULL` (`NULL`s never conflict).
    func rowIDs(sharingValuesOf row: Row, table: String, _ db: Database) throws -> [Int64] {
        var values: [DatabaseValue] = []
        for column in columns {
            guard let value = row[column.name] as DatabaseValue?, !value.isNull else { return [] }
            values.append(value)
        }
        let conditions = columns.map { "\($0.name.quotedDatabaseIdentifier) = ? COLLATE \($0.collation.quotedDatabaseIdentifier)" }
        let statement = try db.cachedStatement(
            sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier) WHERE \(conditions.joined(separator: " AND "))")
        statement.setUncheckedArguments(StatementArguments(values))
        return try Int64.fetchAll(statement)
    }
}
