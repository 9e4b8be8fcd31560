/// A section of elements as the store hands it out: an optional name (a named
/// section's identity) and its elements in order.
public struct ResultsSection<Element> {
    /// The section's name; `nil` for an unnamed section, whose identity is
    /// its index.
    public var name: String?
    /// The section's elements, in order.
    public var elements: [Element]

    /// Creates a section.
    ///
    /// - Complexity: O(1).
    public init(name: String? = nil, elements: [Element]) {
        self.name = name
        self.elements = elements
    }
}

extension ResultsSection: Sendable where Element: Sendable {}
extension ResultsSection: Equatable where Element: Equatable {}
extension ResultsSection: Hashable where Element: Hashable {}
