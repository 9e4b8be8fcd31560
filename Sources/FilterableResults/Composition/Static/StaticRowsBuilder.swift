/// Declares the rows of a ``StaticSection``: one ``StaticRow`` per line,
/// with `if`, `if`-`else`, `switch` and `for` as in any Swift code.
@resultBuilder
public enum StaticRowsBuilder<Element> {
    /// One row.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ row: StaticRow<Element>) -> [StaticRow<Element>] { [row] }
    /// Rows made elsewhere.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
    /// The rows of a block, in order.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public static func buildBlock(_ parts: [StaticRow<Element>]...) -> [StaticRow<Element>] { parts.flatMap { $0 } }
    /// The rows of an `if` without `else`: none when its condition is false.
    ///
    /// - Complexity: O(1).
    public static func buildOptional(_ rows: [StaticRow<Element>]?) -> [StaticRow<Element>] { rows ?? [] }
    /// The rows of the first branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(first rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
    /// The rows of the second branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(second rows: [StaticRow<Element>]) -> [StaticRow<Element>] { rows }
    /// The rows of every pass of a `for` loop, in order.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public static func buildArray(_ parts: [[StaticRow<Element>]]) -> [StaticRow<Element>] { parts.flatMap { $0 } }
}
