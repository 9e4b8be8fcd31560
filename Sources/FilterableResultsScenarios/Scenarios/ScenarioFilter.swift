import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// A filter as a scenario file writes it: a title, an optional group and an
/// NSPredicate-format string.
///
/// The predicate is parsed when the step runs, so a malformed one is an
/// `invalidPredicate` error of that step, not a malformed file.
public struct ScenarioFilter: Hashable, Sendable {
    /// The filter's title.
    public var title: String
    /// The filter's group; `nil` for none.
    public var group: String?
    /// The predicate, in NSPredicate's format (see ``/FilterableResults/FormatPredicate``).
    public var predicate: String

    /// Creates a filter description.
    ///
    /// - Complexity: O(1).
    public init(title: String, group: String? = nil, predicate: String) {
        self.title = title
        self.group = group
        self.predicate = predicate
    }

    /// The filter, its predicate parsed.
    ///
    /// - Throws: ``/FilterableResults/ResultsError/invalidPredicate(_:position:expected:)``.
    /// - Complexity: O(*n*) in the length of the predicate.
    public func makeFilter() throws(ResultsError) -> ResultsFilter<FieldValue> {
        try ResultsFilter(title: title, group: group, format: predicate)
    }
}
