/// How a store derives each element's section from the element, as a
/// fetched-results controller's `sectionNameKeyPath` does.
///
/// Sections are named by the value, ordered by ``areInIncreasingOrder``,
/// created when their first element arrives and removed when their last
/// leaves. A sectioning by id (``by(_:title:)``,
/// ``init(sectionID:title:areInIncreasingOrder:)``) identifies each
/// section by a value of its own and names it with a title made from it.
public struct ResultsSectioning<Element>: Sendable {
    /// The name of the section an element belongs in; in a sectioning by
    /// id, the title of its section.
    public let sectionName: @Sendable (Element) -> String
    /// The order of section names; by default Unicode scalar order. A
    /// sectioning by id orders its sections by their ids instead.
    public let areInIncreasingOrder: @Sendable (String, String) -> Bool
    /// How a sectioning by id identifies, titles and orders sections;
    /// `nil` for a sectioning by name.
    @usableFromInline let identified: Identified?

    /// A sectioning by id: each element's section id, a section's title
    /// from its id, and the order of ids.
    @usableFromInline struct Identified: Sendable {
        @usableFromInline let sectionID: @Sendable (Element) -> SectionID
        @usableFromInline let title: @Sendable (SectionID) -> String
        @usableFromInline let areInIncreasingOrder: @Sendable (SectionID, SectionID) -> Bool
    }

    /// Creates a sectioning from a function naming each element's section.
    ///
    /// - Complexity: O(1).
    public init(
        sectionName: @escaping @Sendable (Element) -> String,
        areInIncreasingOrder: @escaping @Sendable (String, String) -> Bool = ResultsSectioning.unicodeScalarOrder
    ) {
        self.sectionName = sectionName
        self.areInIncreasingOrder = areInIncreasingOrder
        self.identified = nil
    }

    /// Creates a sectioning by id: each element's section is identified by
    /// `sectionID` (two elements with equal ids share a section, whatever
    /// their titles), named by `title` of its id, and the sections are in
    /// the order of their ids.
    ///
    ///     let byTeam = ResultsSectioning<Player>(sectionID: \.team, title: { teams[$0] ?? "" }, areInIncreasingOrder: { $0 < $1 })
    ///
    /// Titles may repeat; they are derived when a section is created, and
    /// again by ``ResultsStore/refreshSectionTitles()``.
    ///
    /// - Complexity: O(1).
    public init<ID: Hashable & Sendable>(
        sectionID: @escaping @Sendable (Element) -> ID,
        title: @escaping @Sendable (ID) -> String,
        areInIncreasingOrder: @escaping @Sendable (ID, ID) -> Bool
    ) {
        self.sectionName = { title(sectionID($0)) }
        self.areInIncreasingOrder = ResultsSectioning.unicodeScalarOrder
        self.identified = Identified(
            sectionID: { SectionID(sectionID($0)) },
            title: { title($0.value as! ID) },
            areInIncreasingOrder: { areInIncreasingOrder($0.value as! ID, $1.value as! ID) })
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

extension ResultsSectioning where Element: SendableMetatype {
    /// Sections elements by a value that is their section's identity (a
    /// day, an enum case, a group's id), titled by `title` of the value,
    /// the sections in the values' order.
    ///
    ///     var events = ResultsStore<Event, Int>(key: \.id, sectionedBy: .by(\.day, title: { dayTitle($0) }))
    ///
    /// Two values are two sections even when their titles (or their
    /// descriptions) are equal. A title that depends on more than the
    /// value ("Today") is derived again by
    /// ``ResultsStore/refreshSectionTitles()``: a section whose title
    /// changes keeps its identity and its cells, and an update refreshes
    /// its header.
    ///
    /// - Complexity: O(1).
    public static func by<ID: Hashable & Comparable & Sendable>(
        _ keyPath: KeyPath<Element, ID> & Sendable, title: @escaping @Sendable (ID) -> String
    ) -> Self {
        Self(sectionID: { $0[keyPath: keyPath] }, title: title, areInIncreasingOrder: { $0 < $1 })
    }
}

/// A sectioning by id as the testing library's reference model reads it:
/// the ids as the app gave them, not boxed.
extension ResultsSectioning {
    /// Whether this is a sectioning by id.
    ///
    /// - Complexity: O(1).
    package var identifiesSections: Bool { identified != nil }

    /// The id of the section `element` belongs in, or `nil` in a sectioning by name.
    ///
    /// - Complexity: O(1), plus the app's function.
    package func sectionIDValue(of element: Element) -> (any Hashable & Sendable)? {
        identified?.sectionID(element).value
    }

    /// The title of the section with id `id`, in a sectioning by id.
    ///
    /// - Complexity: O(1), plus the app's function.
    package func title(ofSectionID id: any Hashable & Sendable) -> String {
        identified!.title(SectionID(id))
    }

    /// Whether the section with id `lhs` comes before the one with id `rhs`,
    /// in a sectioning by id.
    ///
    /// - Complexity: O(1), plus the app's order.
    package func sectionID(_ lhs: any Hashable & Sendable, precedes rhs: any Hashable & Sendable) -> Bool {
        identified!.areInIncreasingOrder(SectionID(lhs), SectionID(rhs))
    }
}
