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
    /// Sections elements by a string property, the sections in `order`
    /// (by default Unicode scalar order).
    ///
    ///     var products = ResultsStore<Product, Int>(key: \.id, sectionedBy: .by(\.company, order: .localizedStandard))
    ///
    /// - Complexity: O(1).
    public static func by(_ keyPath: KeyPath<Element, String> & Sendable, order: Order = .unicodeScalars) -> Self {
        Self(sectionName: { $0[keyPath: keyPath] }, areInIncreasingOrder: order.areInIncreasingOrder)
    }

    /// Sections elements by an optional string property; `nil` files an
    /// element under the section named `""`, as the scenario contract does.
    ///
    /// - Complexity: O(1).
    public static func by(_ keyPath: KeyPath<Element, String?> & Sendable, order: Order = .unicodeScalars) -> Self {
        Self(sectionName: { $0[keyPath: keyPath] ?? "" }, areInIncreasingOrder: order.areInIncreasingOrder)
    }

    /// Sections elements by a value that is not a string, such as a
    /// number: each section is named by its value's description and the
    /// sections are in the values' order (`2` before `10`).
    ///
    ///     var players = ResultsStore<Player, Int>(key: \.id, sectionedBy: .by(\.score))
    ///
    /// A section's header shows its name; set the data source's
    /// `headerTitle` to show another title (`"Score 10"`).
    ///
    /// - Complexity: O(1).
    public static func by<Value: LosslessStringConvertible & Comparable & SendableMetatype>(_ keyPath: KeyPath<Element, Value> & Sendable) -> Self {
        Self(sectionName: { String($0[keyPath: keyPath]) }) { lhs, rhs in
            // A value not equal to itself (NaN) orders like a name that is no value.
            let value = { (name: String) in Value(name).flatMap { $0 == $0 ? $0 : nil } }
            return switch (value(lhs), value(rhs)) {
            case let (left?, right?): left < right
            case (nil, _?): false        // not a value's name (set by hand): after the values
            case (_?, nil): true
            case (nil, nil): unicodeScalarOrder(lhs, rhs)
            }
        }
    }
}
