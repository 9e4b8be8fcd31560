/// Why a ``DatabaseResults`` could not be made, or could not follow the
/// database: each names the bad value. The last reported snapshot stays
/// intact.
public enum DatabaseResultsError: Error, Sendable, Equatable {
    /// The observed table does not exist (any more).
    case missingTable(String)
    /// The table has no column with this name.
    case missingColumn(String, table: String)
    /// The table has no rowid (`WITHOUT ROWID`), so its changes cannot be followed.
    case tableWithoutRowID(String)
    /// A filter's SQL expression is invalid: the expression and SQLite's message.
    case invalidExpression(String, message: String)
    /// The database refused an access (locked, corrupt, gone): SQLite's
    /// result code and message.
    case database(code: Int32, message: String)
    /// A request's value is invalid (an empty table name, a batch size of 0).
    case invalidArgument(String)
}

extension DatabaseResultsError: CustomStringConvertible {
    /// A message naming the bad value.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case let .missingTable(table): "no such table: \(table)"
        case let .missingColumn(column, table): "no such column: \(table).\(column)"
        case let .tableWithoutRowID(table): "table \(table) has no rowid (WITHOUT ROWID): its changes cannot be followed"
        case let .invalidExpression(sql, message): "invalid filter expression \(sql): \(message)"
        case let .database(code, message): "database error \(code): \(message)"
        case let .invalidArgument(message): "invalid argument: \(message)"
        }
    }
}
