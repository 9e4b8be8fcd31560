import FilterableResults

/// A field name or a dotted path into nested objects (`"owner.id"`), split
/// once so lookups need no string work.
///
/// The first component names a field of the element (through
/// ``FieldValueProviding/fieldValue(named:)``); each further component is a
/// key of the object value reached so far.
///
///     let path: FieldPath = "owner.id"
///     let components = path.components   // ["owner", "id"]
public struct FieldPath: Hashable, Sendable {
    /// The first component: the element's own field.
    ///
    /// - Complexity: O(1).
    public let head: String
    /// The components after the first, looked up in nested objects.
    ///
    /// - Complexity: O(1).
    public let tail: [String]

    /// Creates a path by splitting `path` at every dot (`"a..b"` has an empty
    /// middle component; a path without dots is a single field).
    ///
    /// - Complexity: O(*n*) in the length of `path`.
    public init(_ path: String) {
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        head = components[0]
        tail = Array(components.dropFirst())
    }

    /// Creates a path from its components.
    ///
    /// - Precondition: `components` is not empty.
    /// - Complexity: O(*n*) in the number of components.
    public init(components: [String]) {
        precondition(!components.isEmpty, "a field path needs at least one component")
        head = components[0]
        tail = Array(components.dropFirst())
    }

    /// All components, the element's field first.
    ///
    /// - Complexity: O(*n*) in the number of components.
    public var components: [String] { [head] + tail }
}

extension FieldPath: ExpressibleByStringLiteral {
    /// Creates a path from a dotted string literal.
    ///
    /// - Complexity: O(*n*) in the length of the literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension FieldPath: CustomStringConvertible {
    /// The components joined by dots.
    ///
    /// - Complexity: O(*n*) in the length of the path.
    public var description: String { components.joined(separator: ".") }
}
