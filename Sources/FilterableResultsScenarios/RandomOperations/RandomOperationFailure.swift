import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The first thing a ``RandomOperationRunner`` found wrong, with what it
/// takes to replay it: the configuration, the seed and the operation index.
public struct RandomOperationFailure: Error, CustomStringConvertible, Sendable {
    /// The configuration's name.
    public var configuration: String
    /// The seed the sequence was drawn from.
    public var seed: UInt64
    /// The index (from 0) of the last operation run before the failure was
    /// found: the runner checks after every outermost batch, so the
    /// culprit is this one or one of the few before it in the same batch.
    public var operationIndex: Int
    /// What was wrong.
    public var message: String
    /// The last operations run, oldest first, described.
    public var recentOperations: [String]

    /// Creates a failure report.
    ///
    /// - Complexity: O(1).
    public init(configuration: String, seed: UInt64, operationIndex: Int, message: String, recentOperations: [String]) {
        self.configuration = configuration
        self.seed = seed
        self.operationIndex = operationIndex
        self.message = message
        self.recentOperations = recentOperations
    }

    /// The failure on one line, then the recent operations one per line.
    ///
    /// - Complexity: O(*m*), where *m* is the length of the text.
    public var description: String {
        (["\(configuration), seed \(seed), operation \(operationIndex): \(message)"]
            + recentOperations.map { "  after: \($0)" }).joined(separator: "\n")
    }
}
