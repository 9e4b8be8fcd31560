import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// One field of a scenario's sort order: a field path, ascending or
/// descending (`"-field"` in a file).
public struct ScenarioSortField: Hashable, Sendable {
    /// The field path whose values are compared (dots reach into nested
    /// objects).
    public var keyPath: String
    /// Whether larger values come first.
    public var isDescending: Bool

    /// Creates a sort field.
    ///
    /// - Complexity: O(1).
    public init(keyPath: String, isDescending: Bool = false) {
        self.keyPath = keyPath
        self.isDescending = isDescending
    }

    /// Reads a sort field as a file writes it: `"name"` ascending,
    /// `"-name"` descending.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public init(_ text: String) {
        if text.hasPrefix("-") {
            self.init(keyPath: String(text.dropFirst()), isDescending: true)
        } else {
            self.init(keyPath: text)
        }
    }

    /// The sort key that compares objects by this field in the order of
    /// values (``/FilterableResultsPredicates/FieldValue/compare(_:_:caseInsensitive:)``), a missing field
    /// as null.
    ///
    /// - Complexity: O(*n*) in the length of the key path.
    public var sortKey: ResultsSortKey<FieldValue> {
        let path = FieldPath(keyPath)
        let ascending = ResultsSortKey<FieldValue> { FieldValue.compare($0.value(at: path), $1.value(at: path)) }
        return isDescending ? ascending.reversed : ascending
    }
}

extension ScenarioSortField: CustomStringConvertible {
    /// The field as a file writes it: `name` or `-name`.
    public var description: String { isDescending ? "-\(keyPath)" : keyPath }
}
