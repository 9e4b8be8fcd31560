import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
import Foundation

/// Runs scenarios: drives a ``/FilterableResults/ResultsController`` of ``/FilterableResults/JSONValue`` objects
/// through a scenario's steps, records the event log, checks every batch of
/// events with ``BatchUpdateValidator`` and every `expect` step.
///
///     let result = ScenarioRunner().run(try Scenario(contentsOf: url))
///     #expect(result.exitStatus == 0, "\(result.failureSummary)")
///
/// A step the store refuses is an `error` line, not a failure; the run goes on.
public struct ScenarioRunner: Sendable {
    /// Creates a runner.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Runs a scenario from a fresh store and returns its log and failures.
    ///
    /// - Complexity: The steps' own costs, plus O(*n* log *n*) per batch of
    ///   events to validate it and O(*n*) per `state` line, for *n* objects.
    public func run(_ scenario: Scenario) -> ScenarioResult {
        let execution = ScenarioExecution(scenario: scenario)
        execution.run()
        return ScenarioResult(scenario: scenario, log: execution.log, failures: execution.failures)
    }

    /// Reads, checks and runs a scenario file.
    ///
    ///     let result = try ScenarioRunner().run(contentsOf: url)
    ///
    /// - Throws: ``ScenarioError`` when the file cannot be read or is
    ///   malformed; nothing of it runs then.
    /// - Complexity: As ``Scenario/init(contentsOf:)`` and ``run(_:)``.
    public func run(contentsOf url: URL) throws(ScenarioError) -> ScenarioResult {
        run(try Scenario(contentsOf: url))
    }
}
