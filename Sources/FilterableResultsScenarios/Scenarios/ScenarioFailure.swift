import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Something that makes a scenario run fail (exit status 1); each is also
/// an `expectationFailed` line of the log.
public struct ScenarioFailure: Hashable, Sendable {
    /// What failed.
    public enum Kind: Hashable, Sendable {
        /// An `expect` step did not hold.
        case expectation
        /// A batch of events broke rule `rule` of "What a batch of events
        /// must satisfy" (0: the tables themselves could not be checked).
        case batchRule(Int)
        /// The file ended with a batch still open.
        case openBatch
    }

    /// The step of the failure (the `expect` step, the step whose events
    /// broke the rule, or the last step).
    public var step: Int
    /// What failed.
    public var kind: Kind
    /// What is wrong, as the log's `expectationFailed` line says it.
    public var message: String

    /// Creates a failure.
    ///
    /// - Complexity: O(1).
    public init(step: Int, kind: Kind, message: String) {
        self.step = step
        self.kind = kind
        self.message = message
    }
}

extension ScenarioFailure: CustomStringConvertible {
    /// `step N: MESSAGE`.
    public var description: String { "step \(step): \(message)" }
}
