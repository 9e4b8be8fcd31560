extension ResultsComposition {
    /// What a composition shows instead of a part (or of the whole table)
    /// while it has no rows: a section of its own, with an optional title and
    /// fixed rows, such as a single "No results" row.
    ///
    ///     .part(searchResults, as: Element.product, placeholder: .row(.noResults))
    ///
    /// The placeholder section comes right after the part's sections (a
    /// composition's own placeholder after every part), and is inserted and
    /// deleted, animated, in the batch where the part loses its last row or
    /// gets its first. Rows of sections the user folded still count: a
    /// folded part is not empty.
    public struct Placeholder {
        /// The placeholder section's title (its header), if any.
        public var title: String?
        /// The rows the placeholder section shows.
        public var rows: [Element]

        /// Creates a placeholder section with a title and rows.
        ///
        /// - Complexity: O(1).
        public init(title: String? = nil, rows: [Element]) {
            self.title = title
            self.rows = rows
        }

        /// A placeholder of one row in an untitled section.
        ///
        /// - Complexity: O(1).
        public static func row(_ row: Element) -> Self { Self(rows: [row]) }
    }
}

extension ResultsComposition.Placeholder: Sendable where Element: Sendable {}
