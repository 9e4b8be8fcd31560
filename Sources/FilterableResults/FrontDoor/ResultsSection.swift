/// A section of elements as the store hands it out: its identity (an id of
/// its own, or its name), its name, and its elements in order.
public struct ResultsSection<Element> {
    /// The section's name, shown as its header title by default; `nil` for
    /// an unnamed section. Without an ``id``, the name is the section's
    /// identity, and an unnamed section's identity is its index.
    public var name: String?
    /// The section's identity of its own, any `Hashable` value (a day, an
    /// enum case, a group's id), or `nil` for a section identified by its
    /// name. Sections with equal ids are the same section across updates,
    /// whatever their names, so a name (a title) can change in place.
    public var id: (any Hashable & Sendable)?
    /// The section's elements, in order.
    public var elements: [Element]

    /// Creates a section.
    ///
    /// - Complexity: O(1).
    public init(name: String? = nil, id: (any Hashable & Sendable)? = nil, elements: [Element]) {
        self.name = name
        self.id = id
        self.elements = elements
    }
}

extension ResultsSection: Sendable where Element: Sendable {}

extension ResultsSection: Equatable where Element: Equatable {
    /// Whether two sections have the same name, id and elements.
    ///
    /// - Complexity: O(*m*) for *m* elements.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.id.map { AnyHashable($0) } == rhs.id.map { AnyHashable($0) }
            && lhs.elements == rhs.elements
    }
}

extension ResultsSection: Hashable where Element: Hashable {
    /// Hashes the name, the id and the elements.
    ///
    /// - Complexity: O(*m*) for *m* elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(id.map { AnyHashable($0) })
        hasher.combine(elements)
    }
}

extension ResultsSection {
    /// The id of the section, boxed for the store.
    @inlinable var sectionID: SectionID? { id.map { SectionID($0) } }
}
