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

    // Found by a hunt for defects.

    /// Filter titles and groups compare by their Unicode scalars, as
    /// section names do: "café" with a precomposed é and with a combining
    /// accent are two titles (and two groups), where `String ==` took them
    /// for one.
    @Test func filterTitlesAndGroupsCompareByUnicodeScalars() throws {
        let result = try ScenarioTestSupport.run(#"""
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1, "v": 1}, {"id": 2, "v": 2}]},
              {"addFilter": {"title": "caf\u00e9", "predicate": "v == 1"}},
              {"removeFilter": {"title": "cafe\u0301"}},
              {"expect": {"visible": [[1]]}},
              {"clearFilters": true},
              {"addFilter": {"title": "x", "group": "caf\u00e9", "predicate": "v == 1"}},
              {"addFilter": {"title": "y", "group": "cafe\u0301", "predicate": "v == 2"}},
              {"expect": {"visible": [[]]}}
            ]}
            """#)
        #expect(result.passed, "\(result.failureSummary)")
    }

    /// `add` into a store with no sections names section 0, not -1 (a
    /// value the script never wrote).
    @Test func addIntoAStoreWithNoSectionsNamesSectionZero() throws {
        let result = try ScenarioTestSupport.run(#"""
            {"primaryKey": "id", "steps": [
              {"removeSectionAt": 0},
              {"add": {"id": 1}},
              {"expect": {"error": "sectionOutOfRange", "data": []}}
            ]}
            """#)
        #expect(result.passed, "\(result.failureSummary)")
        #expect(result.errors.map(\.message) == ["section 0 is out of range: there are 0 sections"])
    }

    /// An integer literal beyond 64 bits in a filter is refused, as in the
    /// file's JSON, instead of being rounded to a double (it equalled
    /// 9223372036854775808.0).
    @Test func anIntegerLiteralBeyond64BitsIsRefused() throws {
        let result = try ScenarioTestSupport.run(#"""
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1, "v": 9223372036854775808.0}]},
              {"addFilter": {"title": "t", "predicate": "v == 9223372036854775809"}},
              {"expect": {"error": "invalidPredicate", "visible": [[1]]}}
            ]}
            """#)
        #expect(result.passed, "\(result.failureSummary)")
    }
}
