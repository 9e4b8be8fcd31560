import GRDB

extension DatabaseResultsRequest {
    /// A filter: an SQL boolean expression over the table's columns, with
    /// its arguments, a title, and an optional group (one filter per group;
    /// all applied filters must match, as the core's filters).
    ///
    ///     .init(title: "cheap", group: "price", sql: "price < ?", arguments: [10])
    ///
    /// An FTS5 index serves as a filter too:
    /// `.init(title: "search", group: "search", sql: "rowid IN (SELECT rowid FROM player_fts WHERE player_fts MATCH ?)", arguments: ["jo*"])`.
    public struct Filter: Sendable {
        /// The filter's title.
        public var title: String
        /// The filter's group, or `nil`.
        public var group: String?
        /// The SQL expression, evaluated in the context of one row of the table.
        public var sql: String
        /// The values of the expression's `?` placeholders.
        public var arguments: [DatabaseValue]

        /// Creates a filter; `arguments` fill its `?` placeholders (`nil` is `NULL`).
        ///
        /// - Complexity: O(*a*) for *a* arguments.
        public init(title: String, group: String? = nil, sql: String, arguments: [(any DatabaseValueConvertible)?] = []) {
            self.title = title
            self.group = group
            self.sql = sql
            self.arguments = arguments.map { $0?.databaseValue ?? .null }
        }

        /// What a new filter replaces: the filter of its group, or without a
        /// group the one with its title.
        var slot: String { group.map { "group:\($0)" } ?? "title:\(title)" }
    }
}
