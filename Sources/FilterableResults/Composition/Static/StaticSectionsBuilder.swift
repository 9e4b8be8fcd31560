/// Declares the sections of ``StaticSections``: one ``StaticSection`` per
/// line, with `if`, `if`-`else`, `switch` and `for` as in any Swift code.
@resultBuilder
public enum StaticSectionsBuilder<Element> {
    /// One section.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ section: StaticSection<Element>) -> [StaticSection<Element>] { [section] }
    /// Sections made elsewhere.
    ///
    /// - Complexity: O(1).
    public static func buildExpression(_ sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
    /// The sections of a block, in order.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public static func buildBlock(_ parts: [StaticSection<Element>]...) -> [StaticSection<Element>] { parts.flatMap { $0 } }
    /// The sections of an `if` without `else`: none when its condition is false.
    ///
    /// - Complexity: O(1).
    public static func buildOptional(_ sections: [StaticSection<Element>]?) -> [StaticSection<Element>] { sections ?? [] }
    /// The sections of the first branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(first sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
    /// The sections of the second branch of an `if`-`else` or `switch`.
    ///
    /// - Complexity: O(1).
    public static func buildEither(second sections: [StaticSection<Element>]) -> [StaticSection<Element>] { sections }
    /// The sections of every pass of a `for` loop, in order.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public static func buildArray(_ parts: [[StaticSection<Element>]]) -> [StaticSection<Element>] { parts.flatMap { $0 } }
}
