// Fuzzes whole scenarios through ScenarioRunner: no input traps, hangs or
// overflows the stack, no well-formed scenario makes the controller emit a
// batch of events the validator rejects (a batch-rule failure is a
// finding), and the event log is JSON Lines that parse.

import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import FuzzSupport

runFuzzer { bytes in
    let scenario: Scenario
    do {
        scenario = try Scenario(json: try FieldValue(parsingJSON: bytes), file: "fuzz.json")
    } catch {
        return
    }
    let result = ScenarioRunner().run(scenario)
    for failure in result.failures {
        if case .batchRule = failure.kind { finding("a batch broke the rules: \(failure)") }
    }
    for line in result.jsonLines where (try? FieldValue(parsingJSON: line)) == nil {
        finding("a log line is not JSON: \(line)")
    }
    _ = result.transcript
}
