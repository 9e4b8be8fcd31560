import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The run as a person reads it: per step, the operation, the events as a
/// table view would animate them, and the visible table after it.
extension ScenarioResult {
    /// The run as readable text, ending with a `PASS` or `FAIL` line.
    ///
    /// ```text
    /// step 2  merge 3 objects, prune
    ///           delete  row      [0, 1]            key 2
    ///           insert  row                [0, 2]  key 4
    ///           update  row      [0, 2] -> [0, 1]  key 3
    ///         visible: 1 section, 3 rows
    ///           section 0  (unnamed)
    ///             0  1  {"id": 1, "title": "a"}
    /// ```
    ///
    /// - Complexity: O(*n*) in the size of the log.
    public var transcript: String {
        var writer = ScenarioTranscriptWriter(scenario: scenario)
        writer.writeHeader()
        // Every step, including those inside an open batch, which log
        // nothing of their own until the batch ends.
        var index = 0
        for step in 0...scenario.steps.count {
            var end = index
            while end < log.count && log[end].step == step { end += 1 }
            writer.writeStep(step, lines: log[index..<end])
            index = end
        }
        writer.writeVerdict(verdictLine, failures: failures)
        return writer.text
    }

    /// The `PASS` or `FAIL` line of the run, with the number of steps and
    /// failures.
    ///
    /// - Complexity: O(1).
    public var verdictLine: String {
        let steps = scenario.steps.count == 1 ? "1 step" : "\(scenario.steps.count) steps"
        if passed { return "PASS  \(scenario.file)  \(scenario.name)  (\(steps))" }
        let count = failures.count == 1 ? "1 failure" : "\(failures.count) failures"
        return "FAIL  \(scenario.file)  \(scenario.name)  (\(steps), \(count))"
    }
}
