/// Declares the rows of a ``StaticSection``: one ``StaticRow`` per line,
/// with `if`, `if`-`else`, `switch` and `for` as in any Swift code.
@resultBuilder
public enum StaticRowsBuilder<Row> {
    /// One row.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ row: StaticRow<Row>) -> [StaticRow<Row>] { [row] }
    /// Rows made elsewhere.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ rows: [StaticRow<Row>]) -> [StaticRow<Row>] { rows }
    /// The rows of a block, in order.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public static func buildBlock(_ parts: [StaticRow<Row>]...) -> [StaticRow<Row>] { parts.flatMap { $0 } }
    /// The rows of an `if` without `else`: none when its condition is false.
    ///
    /// - Complexity: O(1).
    public static func buildOptional(_ rows: [StaticRow<Row>]?) -> [StaticRow<Row>] { rows ?? [] }
    /// The rows of the first branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(first rows: [StaticRow<Row>]) -> [StaticRow<Row>] { rows }
    /// The rows of the second branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(second rows: [StaticRow<Row>]) -> [StaticRow<Row>] { rows }
    /// The rows of every pass of a `for` loop, in order.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public static func buildArray(_ parts: [[StaticRow<Row>]]) -> [StaticRow<Row>] { parts.flatMap { $0 } }
}
