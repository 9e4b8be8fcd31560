/// What a section shows besides its rows: its header title, its footer
/// title, and anything else the app draws there (a count, a date range,
/// an icon), apart from the section's name, which is its identity.
///
/// A controller derives each section's value from the section as shown
/// (see ``ResultsController/setSectionValues(_:)``); when a batch changes
/// a section's value, its update carries a section update
/// (``ResultsChangeset/sectionUpdates``) and the data sources refresh the
/// header and footer in place after the batch, keeping its cells.
///
///     try controller.setSectionValues { section in
///         ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))")
///     }
public struct ResultsSectionValue: Hashable, Sendable {
    /// The header's title; `nil` shows no title.
    public var title: String?
    /// The footer's title; `nil` shows no footer.
    public var footerTitle: String?
    /// Anything else the header or footer shows, compared with `==`: a
    /// change of it is a change of the value.
    public var content: (any Hashable & Sendable)?

    /// Creates a section value.
    ///
    /// - Complexity: O(1).
    public init(title: String? = nil, footerTitle: String? = nil, content: (any Hashable & Sendable)? = nil) {
        self.title = title
        self.footerTitle = footerTitle
        self.content = content
    }

    /// Whether two values show the same: equal titles, footer titles and content.
    ///
    /// - Complexity: O(*m*) for titles of length *m*, plus the content's `==`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.title == rhs.title && lhs.footerTitle == rhs.footerTitle
            && lhs.content.map { AnyHashable($0) } == rhs.content.map { AnyHashable($0) }
    }

    /// Hashes the titles and the content.
    ///
    /// - Complexity: O(*m*) for titles of length *m*, plus the content's hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(footerTitle)
        hasher.combine(content.map { AnyHashable($0) })
    }
}
