import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
import Foundation

/// Runs scenarios: drives a ``/FilterableResults/ResultsController`` of ``/FilterableResultsPredicates/FieldValue`` objects
/// through a scenario's steps, logs its events (kept in the result, or
/// handed over line by line), checks every batch of events with
/// ``BatchUpdateValidator`` and every `expect` step.
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
        var log: [ScenarioLogLine] = []
        let failures = run(scenario) { log.append($0) }
        return ScenarioResult(scenario: scenario, log: log, failures: failures)
    }

    /// Runs a scenario from a fresh store, handing each log line to `body`
    /// as it happens and keeping none, and returns the failures.
    ///
    ///     var events = 0
    ///     let failures = ScenarioRunner().run(scenario) { _ in events += 1 }
    ///
    /// A million-row scenario's log is millions of lines; this runs it in
    /// the memory of its store.
    ///
    /// - Complexity: As ``run(_:)``.
    public func run(_ scenario: Scenario, forEachLine body: (ScenarioLogLine) -> Void) -> [ScenarioFailure] {
        // The execution holds `body` only while it runs: nothing it makes
        // (its controller's observations included) outlives this call.
        withoutActuallyEscaping(body) { body in
            let execution = ScenarioExecution(scenario: scenario, sink: body)
            execution.run()
            return execution.failures
        }
    }

    /// Runs a scenario from a fresh store, writing its log as JSON Lines
    /// (`results-scenario --json`) to `output` as it happens, and returns
    /// the failures.
    ///
    ///     let failures = try ScenarioRunner().run(scenario, writingJSONLinesTo: output)
    ///     let exitStatus: Int32 = failures.isEmpty ? 0 : 1
    ///
    /// - Throws: The first error writing to `output` (a full disk, a closed
    ///   pipe), after the run; nothing is written after it.
    /// - Complexity: As ``run(_:)``; the text is written in pieces of about
    ///   64 KB, so no line is held whole.
    public func run(_ scenario: Scenario, writingJSONLinesTo output: FileHandle) throws -> [ScenarioFailure] {
        var writer = FileHandleWriter(output)
        let failures = run(scenario) { line in
            line.writeJSONText(to: &writer)
            writer.write("\n")
        }
        writer.flush()
        if let error = writer.error { throw error }
        return failures
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
