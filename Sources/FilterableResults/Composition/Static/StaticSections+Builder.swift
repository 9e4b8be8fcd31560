extension StaticSections {
    /// Builds the sections of ``StaticSections`` and the rows of a
    /// ``StaticSection`` from their declarations, with `if`, `switch` and
    /// `for` as in SwiftUI:
    ///
    ///     let declared = try StaticSections<Element> {
    ///         StaticSection("Account") {
    ///             StaticRow(.profile)
    ///             if isSignedIn { StaticRow(.signOut) }
    ///         }
    ///         …
    ///     }
    ///
    /// One builder serves both: a closure that returns rows builds rows,
    /// one that returns sections builds sections.
    @resultBuilder
    public enum Builder {
        /// One row.
        ///
        /// - Complexity: O(1).
        public static func buildExpression(_ row: StaticRow<Element>) -> [StaticRow<Element>] { [row] }
        /// Rows made elsewhere (a `map`).
        ///
        /// - Complexity: O(1).
        public static func buildExpression(_ rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
        /// The rows of a block, in order.
        ///
        /// - Complexity: O(*n*) for *n* rows.
        public static func buildBlock(_ parts: [StaticRow<Element>]...) -> [StaticRow<Element>] { parts.flatMap { $0 } }
        /// The rows of an `if` without `else`: none when it is false.
        ///
        /// - Complexity: O(1).
        public static func buildOptional(_ rows: [StaticRow<Element>]?) -> [StaticRow<Element>] { rows ?? [] }
        /// The rows of an `if`'s first branch.
        ///
        /// - Complexity: O(1).
        public static func buildEither(first rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
        /// The rows of an `else` branch.
        ///
        /// - Complexity: O(1).
        public static func buildEither(second rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
        /// The rows of a `for` loop's iterations, in order.
        ///
        /// - Complexity: O(*n*) for *n* rows.
        public static func buildArray(_ parts: [[StaticRow<Element>]]) -> [StaticRow<Element>] { parts.flatMap { $0 } }

        /// One section.
        ///
        /// - Complexity: O(1).
        public static func buildExpression(_ section: StaticSection<Element>) -> [StaticSection<Element>] { [section] }
        /// Sections made elsewhere (a `map`).
        ///
        /// - Complexity: O(1).
        public static func buildExpression(_ sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
        /// The sections of a block, in order.
        ///
        /// - Complexity: O(*n*) for *n* sections.
        public static func buildBlock(_ parts: [StaticSection<Element>]...) -> [StaticSection<Element>] { parts.flatMap { $0 } }
        /// The sections of an `if` without `else`: none when it is false.
        ///
        /// - Complexity: O(1).
        public static func buildOptional(_ sections: [StaticSection<Element>]?) -> [StaticSection<Element>] { sections ?? [] }
        /// The sections of an `if`'s first branch.
        ///
        /// - Complexity: O(1).
        public static func buildEither(first sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
        /// The sections of an `else` branch.
        ///
        /// - Complexity: O(1).
        public static func buildEither(second sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
        /// The sections of a `for` loop's iterations, in order.
        ///
        /// - Complexity: O(*n*) for *n* sections.
        public static func buildArray(_ parts: [[StaticSection<Element>]]) -> [StaticSection<Element>] { parts.flatMap { $0 } }
    }
}
