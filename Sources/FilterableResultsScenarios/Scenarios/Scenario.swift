import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// A scenario file, parsed and checked whole: a configuration for one
/// results controller of the file's objects and the script of operations to run
/// on it (the format of SCENARIOS.md).
///
/// Parse a file with ``init(contentsOf:)`` or a text with
/// ``init(parsing:file:)``; either refuses a malformed file with a
/// ``ScenarioError`` naming the file, the step and the problem, before any
/// step runs. Run it with ``ScenarioRunner``:
///
///     let scenario = try Scenario(contentsOf: url)
///     let result = ScenarioRunner().run(scenario)
///     #expect(result.passed, "\(result.failureSummary)")
///
/// Objects are ``/FilterableResultsPredicates/FieldValue``s. With a ``primaryKey``, an object is
/// identified by the value at that field path; without one, by its whole
/// value.
public struct Scenario: Hashable, Sendable {
    /// The scenario's name: the file's `name`, or the file name without one.
    public var name: String
    /// Where the scenario came from, as messages name it (a path, or
    /// `"<input>"` for a text).
    public var file: String
    /// The field path (`"id"`, `"owner.id"`) whose value identifies an
    /// object; `nil` when an object is identified by its whole value.
    public var primaryKey: String?
    /// The fields every section is kept sorted by; empty for none.
    public var sortBy: [ScenarioSortField]
    /// The field path whose value names each object's section; `nil` when
    /// the operations place objects in sections.
    public var sectionBy: String?
    /// Whether sections with no visible rows are left out of the visible table.
    public var hidesEmptySections: Bool
    /// The script, run in order; step *n* of the log is `steps[n - 1]`.
    public var steps: [ScenarioStep]

    /// Creates a scenario from its parts, without the checks a parsed file
    /// gets: the runner runs any scenario, and what the store refuses shows
    /// up as `error` lines.
    ///
    /// - Complexity: O(1).
    public init(
        name: String,
        file: String = "<input>",
        primaryKey: String? = nil,
        sortBy: [ScenarioSortField] = [],
        sectionBy: String? = nil,
        hidesEmptySections: Bool = false,
        steps: [ScenarioStep]
    ) {
        self.name = name
        self.file = file
        self.primaryKey = primaryKey
        self.sortBy = sortBy
        self.sectionBy = sectionBy
        self.hidesEmptySections = hidesEmptySections
        self.steps = steps
    }
}
