/// A field a live search looks into: a string property of the element,
/// optional or not.
///
///     try controller.search(for: query, in: [.field(\.name), .field(\.nickname)])
public struct ResultsSearchField<Element>: Sendable {
    /// The field's text in an object; `nil` when it has none.
    @usableFromInline let text: @Sendable (Element) -> String?

    @inlinable init(text: @escaping @Sendable (Element) -> String?) { self.text = text }
}

extension ResultsSearchField where Element: SendableMetatype {
    /// A string property.
    ///
    /// - Complexity: O(1).
    @inlinable public static func field(_ keyPath: KeyPath<Element, String> & Sendable) -> Self {
        Self { $0[keyPath: keyPath] }
    }

    /// An optional string property; `nil` contains nothing.
    ///
    /// - Complexity: O(1).
    @inlinable public static func field(_ keyPath: KeyPath<Element, String?> & Sendable) -> Self {
        Self { $0[keyPath: keyPath] }
    }
}
