import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Minimal scenarios for core bugs the scenario runner found (now fixed).
/// Each runs through the runner, whose batch checks would report the bug
/// as a failure.
@Suite("Scenario core regressions")
struct ScenarioCoreRegressionTests {
    /// addSection/insertSection of an empty section once emitted no events.
    @Test
    func addingAnEmptySectionIsReported() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"steps": [
              {"setData": [{"name": "A", "objects": [1]}]},
              {"addSection": {"name": "B", "objects": []}},
              {"expect": {"visible": [[1], []], "events": [
                {"event": "willChangeContent"},
                {"event": "didChangeSection", "type": "insert", "newIndex": 1},
                {"event": "didChangeContent"}
              ]}},
              {"insertSection": {"name": "C", "objects": []}, "at": 0},
              {"expect": {"visible": [[], [1], []], "events": [
                {"event": "willChangeContent"},
                {"event": "didChangeSection", "type": "insert", "newIndex": 0},
                {"event": "didChangeContent"}
              ]}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }

    /// With hidden empty sections, removing a hidden section before unnamed
    /// ones once emitted deletes and inserts although nothing visible changed.
    @Test
    func shiftingAnUnnamedSectionBehindAHiddenOneEmitsNothing() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "hidesEmptySections": true, "steps": [
              {"setData": [{"id": 1}]},
              {"addSection": [{"id": 2}]},
              {"insertSection": {"name": "A", "objects": []}, "at": 0},
              {"removeSectionAt": 0},
              {"expect": {"visible": [[1], [2]], "events": []}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }
}
