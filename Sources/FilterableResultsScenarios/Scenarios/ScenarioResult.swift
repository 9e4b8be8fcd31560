import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// What running a scenario produced: the event log, the refused
/// operations, and everything that failed.
///
///     let result = ScenarioRunner().run(scenario)
///     #expect(result.passed, "\(result.failureSummary)")
///     let log = result.jsonLog   // one JSON line per event
public struct ScenarioResult: Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// The event log, line by line, in order.
    public var log: [ScenarioLogLine]
    /// Failed expectations, broken batch rules, and an open batch at the
    /// end, in log order.
    public var failures: [ScenarioFailure]

    /// Creates a result.
    ///
    /// - Complexity: O(1).
    public init(scenario: Scenario, log: [ScenarioLogLine], failures: [ScenarioFailure]) {
        self.scenario = scenario
        self.log = log
        self.failures = failures
    }
}

extension ScenarioResult {
    /// Whether every expectation held, every batch of events obeyed the
    /// rules, and no batch was left open.
    ///
    /// - Complexity: O(1).
    public var passed: Bool { failures.isEmpty }

    /// The exit status `results-scenario` gives this run: 0 when it
    /// passed, 1 when it failed. (A malformed file, status 2, never runs.)
    ///
    /// - Complexity: O(1).
    public var exitStatus: Int32 { passed ? 0 : 1 }

    /// The failed `expect` steps.
    ///
    /// - Complexity: O(*f*) for *f* failures.
    public var expectationFailures: [ScenarioFailure] { failures.filter { $0.kind == .expectation } }

    /// The broken batch-update rules.
    ///
    /// - Complexity: O(*f*) for *f* failures.
    public var batchViolations: [ScenarioFailure] {
        failures.filter { if case .batchRule = $0.kind { true } else { false } }
    }

    /// Whether the file ended with a batch still open.
    ///
    /// - Complexity: O(*f*) for *f* failures.
    public var endedWithOpenBatch: Bool { failures.contains { $0.kind == .openBatch } }

    /// The operations the store refused, as `(step, code, message)`.
    ///
    /// - Complexity: O(*n*) for *n* log lines.
    public var errors: [(step: Int, code: String, message: String)] {
        log.compactMap { line in
            if case let .error(code, message) = line.event { (line.step, code, message) } else { nil }
        }
    }

    /// The log as JSON Lines: one line of JSON text per log line, as
    /// `results-scenario --json` prints them.
    ///
    /// - Complexity: O(*n*) in the size of the log.
    public var jsonLines: [String] { log.map(\.jsonText) }

    /// The log as one text: every JSON line followed by a newline.
    ///
    /// - Complexity: O(*n*) in the size of the log.
    public var jsonLog: String { jsonLines.map { $0 + "\n" }.joined() }

    /// The final `state` line's visible table and data.
    ///
    /// - Complexity: O(*n*) for *n* log lines.
    public var finalState: (visible: [ResultsSection<FieldValue>], data: [ResultsSection<FieldValue>])? {
        for line in log.reversed() {
            if case let .state(visible, data) = line.event { return (visible, data) }
        }
        return nil
    }

    /// One line per failure, for a test's failure message; empty when it passed.
    ///
    /// - Complexity: O(*f*) for *f* failures.
    public var failureSummary: String {
        failures.map { "\(scenario.file): \($0)" }.joined(separator: "\n")
    }
}
