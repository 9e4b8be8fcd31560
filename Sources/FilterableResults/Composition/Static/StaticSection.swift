/// A fixed section of ``StaticSections``: a title (its header and its
/// identity), rows, and an optional footer, declared as the screen reads.
///
///     StaticSection("Account") {
///         StaticRow(.profile)
///         if isSignedIn { StaticRow(.signOut) }
///     }
///
/// Named `StaticSection` and ``StaticRow`` so as not to clash with
/// SwiftUI's `Section` in files that import both.
public struct StaticSection<Element> {
    /// The section's title: its header, and its identity when the
    /// declaration is replaced. Titles are unique in a declaration;
    /// untitled sections are matched by position.
    public var title: String?
    /// The section's rows, in order.
    public var rows: [StaticRow<Element>]
    /// The section's footer title, if any: a change of it refreshes the
    /// footer in place.
    public var footer: String?

    /// A section with a title, the rows `rows` declares, and a footer.
    ///
    /// - Complexity: that of `rows`.
    public init(_ title: String? = nil, footer: String? = nil, @StaticSections<Element>.Builder rows: () -> [StaticRow<Element>]) {
        self.title = title
        self.rows = rows()
        self.footer = footer
    }

    /// A section with a title, rows, and a footer.
    ///
    /// - Complexity: O(1).
    public init(_ title: String? = nil, footer: String? = nil, rows: [StaticRow<Element>]) {
        self.title = title
        self.rows = rows
        self.footer = footer
    }
}
