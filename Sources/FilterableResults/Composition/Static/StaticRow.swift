/// A fixed row of a ``StaticSection``: a row value and its identity, which
/// decides, when the declaration is replaced, whether a row moved, changed,
/// came or went.
///
///     StaticRow(.signOut)                        // a Hashable row is its own identity
///     StaticRow(.version("1.2"), id: "version")   // one whose content changes keeps its id
public struct StaticRow<Element> {
    /// The row's identity; unique among the rows of one declaration.
    public var id: AnyHashable
    /// The row.
    public var value: Element

    /// A row with an identity of its own.
    ///
    /// - Complexity: O(1).
    public init(_ value: Element, id: some Hashable) {
        self.value = value
        self.id = AnyHashable(id)
    }
}

extension StaticRow where Element: Hashable {
    /// A row that is its own identity.
    ///
    /// - Complexity: O(1).
    public init(_ value: Element) {
        self.init(value, id: value)
    }
}
