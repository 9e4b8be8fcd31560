extension DatabaseResultsRequest {
    /// One column of a request's order.
    public struct Ordering: Sendable, Hashable {
        /// The column's name.
        public var column: String
        /// Whether larger values come first.
        public var isDescending: Bool

        /// Creates an ordering.
        ///
        /// - Complexity: O(1).
        public init(column: String, isDescending: Bool = false) {
            self.column = column
            self.isDescending = isDescending
        }

        /// Smaller values first (`NULL` first, as in SQLite).
        ///
        /// - Complexity: O(1).
        public static func ascending(_ column: String) -> Self { Self(column: column) }

        /// Larger values first (`NULL` last, as in SQLite).
        ///
        /// - Complexity: O(1).
        public static func descending(_ column: String) -> Self { Self(column: column, isDescending: true) }
    }
}
