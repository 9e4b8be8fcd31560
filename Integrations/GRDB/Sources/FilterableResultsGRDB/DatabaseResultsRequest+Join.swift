extension DatabaseResultsRequest {
    /// A table joined to the request's table through a column of it that
    /// holds a joined row's key (a foreign key): each row shown is still
    /// one row of the request's table, with the joined row's columns the
    /// join selects (`NULL`s when no joined row has the value: a `LEFT JOIN`).
    ///
    ///     .init(table: "author", on: "authorId", selecting: ["author.name AS authorName"])
    ///
    /// The order, section column and filters may name the selected columns.
    /// A commit that changes joined rows reports the rows that name them
    /// as updated (or moved, when their order or section changes), found
    /// through `column`: O(*k* log *n*) for the *k* rows they lead to.
    public struct Join: Sendable, Hashable {
        /// The joined table (a rowid table, not a view).
        public var table: String
        /// The column of the request's table that holds the joined row's key.
        public var column: String
        /// The joined table's column `column` holds: its primary key by
        /// default; it must be the primary key or `UNIQUE`, so a row shown
        /// meets at most one joined row.
        public var referencedColumn: String?
        /// The result columns the join adds, as SQL over the joined table
        /// qualified by its name (`"author.name AS authorName"`).
        public var selecting: [String]

        /// Creates a join of `table` on the request table's `column`.
        ///
        /// - Complexity: O(1).
        public init(table: String, on column: String, referencing referencedColumn: String? = nil, selecting: [String]) {
            self.table = table
            self.column = column
            self.referencedColumn = referencedColumn
            self.selecting = selecting
        }
    }
}
