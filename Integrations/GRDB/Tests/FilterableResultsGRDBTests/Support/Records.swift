import GRDB
@testable import FilterableResultsGRDB

/// A row of the defect tests' table `t (id INTEGER PRIMARY KEY, code TEXT UNIQUE, name TEXT)`.
struct Coded: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "t"
    var id: Int64
    var code: String?
    var name: String?

    static let createTable = "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT UNIQUE, name TEXT)"
}

/// Every column of a row, by name, in the table's order: a record that
/// iterates its row, as `for (name, value) in row` does.
struct Fields: Hashable, Sendable, FetchableRecord, CustomStringConvertible {
    var columns: [String]
    var values: [DatabaseValue]

    init(row: Row) {
        columns = []
        values = []
        for (name, value) in row where name != RecordQuery.rowIDAlias && name != RecordQuery.keyAlias {
            columns.append(name)
            values.append(value)
        }
    }

    subscript(_ column: String) -> DatabaseValue? { columns.firstIndex(of: column).map { values[$0] } }

    var description: String { zip(columns, values).map { "\($0)=\($1)" }.joined(separator: " ") }
}
