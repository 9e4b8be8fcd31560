/// How a store derives each element's section from the element, as a
/// fetched-results controller's `sectionNameKeyPath` does.
///
/// Sections are named by the value, ordered by ``areInIncreasingOrder``,
/// created when their first element arrives and removed when their last
/// leaves.
public struct ResultsSectioning<Element>: Sendable {
    /// The name of the section an element belongs in.
    public let sectionName: @Sendable (Element) -> String
    /// The order of section names; by default Unicode scalar order.
    public let areInIncreasingOrder: @Sendable (String, String) -> Bool

    /// Creates a sectioning from a function naming each element's section.
    ///
    /// - Complexity: O(1).
    public init(
        sectionName: @escaping @Sendable (Element) -> String,
        areInIncreasingOrder: @escaping @Sendable (String, String) -> Bool = ResultsSectioning.unicodeScalarOrder
    ) {
        self.sectionName = sectionName
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Orders names by their Unicode scalar values (so `"10"` before `"2"`,
    /// `"B"` before `"a"`), independent of locale and normalisation.
    ///
    /// - Complexity: O(*m*), where *m* is the length of the shorter name.
    @Sendable public static func unicodeScalarOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }
}

extension ResultsSectioning where Element: SendableMetatype {
    /// Sections elements by a string property.
    ///
    /// - Complexity: O(1).
    public static func by(_ keyPath: KeyPath<Element, String> & Sendable) -> Self {
        Self(sectionName: { $0[keyPath: keyPath] })
    }

    /// Sections elements by an optional string property; `nil` files an
    /// element under the section named `""`, as the scenario contract does.
    ///
    /// - Complexity: O(1).
    public static func by(_ keyPath: KeyPath<Element, String?> & Sendable) -> Self {
        Self(sectionName: { $0[keyPath: keyPath] ?? "" })
    }
}
