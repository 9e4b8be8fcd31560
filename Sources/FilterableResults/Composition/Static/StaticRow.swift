/// A fixed row of a ``StaticSection``: a row value and its identity, which
/// decides, when the declaration is replaced, whether a row moved, changed,
/// came or went.
///
///     StaticSection("About") {
///         StaticRow(.signOut)                        // a Hashable row is its own identity
///         StaticRow(.version("1.2"), id: "version")   // one whose content changes keeps its id
///     }
public struct StaticRow<Element> {
    /// The row's identity; unique among the rows of one declaration.
    public var id: AnyHashable
    /// The row.
    public var value: Element
    /// What selecting the row does, if anything (a data source runs it
    /// when the user taps the row). The declaration keeps it: capture
    /// `self` weakly (`{ [weak self] in self?.signOut() }`).
    public var action: (@MainActor () -> Void)?

    /// A row with an identity of its own, and what selecting it does.
    ///
    /// - Complexity: O(1).
    public init(_ value: Element, id: some Hashable, action: (@MainActor () -> Void)? = nil) {
        self.value = value
        self.id = AnyHashable(id)
        self.action = action
    }
}

extension StaticRow where Element: Hashable {
    /// A row that is its own identity, and what selecting it does.
    ///
    /// - Complexity: O(1).
    public init(_ value: Element, action: (@MainActor () -> Void)? = nil) {
        self.init(value, id: value, action: action)
    }
}
