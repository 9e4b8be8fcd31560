import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Golden tests of the `--json` event log: small scenarios and their whole
/// logs, compared line by line and field by field (events inside a group in
/// any order, as the contract allows).
@Suite("Scenario golden logs")
struct ScenarioGoldenLogTests {
    /// Runs `scenario` and compares its log with `expected` (JSON Lines).
    private func expectLog(
        _ scenario: String, _ expected: String, exitStatus: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try ScenarioTestSupport.run(scenario)
        let actual = result.log.map(\.json)
        let wanted = try ScenarioTestSupport.parseLines(expected)
        if let problem = ScenarioTestSupport.equivalenceProblem(actual: actual, expected: wanted) {
            Issue.record("\(problem)\nwhole log:\n\(result.jsonLog)", sourceLocation: sourceLocation)
        }
        // Field by field: the same fields as the golden lines, no others.
        for (line, golden) in zip(actual, wanted) {
            #expect(
                Set(line.objectValue?.keys ?? []) == Set(golden.objectValue?.keys ?? []),
                "fields of \(line.jsonText)", sourceLocation: sourceLocation)
        }
        ScenarioTestSupport.expectContractShape(result, sourceLocation: sourceLocation)
        #expect(result.exitStatus == exitStatus, "\(result.failureSummary)", sourceLocation: sourceLocation)
    }

    @Test func anEmptyScriptPrintsTheInitialStateOnly() throws {
        let result = try ScenarioTestSupport.run(#"{"steps": []}"#)
        #expect(result.jsonLines == [
            #"{"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}"#,
        ])
        #expect(result.jsonLog.hasSuffix("}\n"))
        #expect(result.exitStatus == 0)
    }

    @Test func aLineIsCompactJSONWithEventAndStepFirst() throws {
        let result = try ScenarioTestSupport.run(#"{"primaryKey": "id", "steps": [{"add": {"id": 1}}]}"#)
        #expect(result.jsonLines[1] == #"{"event": "willChangeContent", "step": 1}"#)
        #expect(result.jsonLines[2] == #"{"event": "didChangeObject", "step": 1, "type": "insert", "key": 1, "newIndexPath": [0, 0]}"#)
        #expect(result.jsonLines[3] == #"{"event": "didChangeContent", "step": 1}"#)
    }

    @Test func addReplaceAndRemoveInOneSection() throws {
        try expectLog(
            """
            {"primaryKey": "id", "steps": [
              {"add": {"id": 1, "t": "a"}},
              {"add": {"id": 2, "t": "b"}},
              {"replace": {"id": 1, "t": "A"}},
              {"removeKey": 2},
              {"remove": {"id": 1}}
            ]}
            """,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 1, "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": [{"id": 1, "t": "a"}]}], "data": [{"name": null, "objects": [{"id": 1, "t": "a"}]}]}
            {"event": "willChangeContent", "step": 2}
            {"event": "didChangeObject", "step": 2, "type": "insert", "key": 2, "newIndexPath": [0, 1]}
            {"event": "didChangeContent", "step": 2}
            {"event": "state", "step": 2, "visible": [{"name": null, "objects": [{"id": 1, "t": "a"}, {"id": 2, "t": "b"}]}], "data": [{"name": null, "objects": [{"id": 1, "t": "a"}, {"id": 2, "t": "b"}]}]}
            {"event": "willChangeContent", "step": 3}
            {"event": "didChangeObject", "step": 3, "type": "update", "key": 1, "indexPath": [0, 0], "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 3}
            {"event": "state", "step": 3, "visible": [{"name": null, "objects": [{"id": 1, "t": "A"}, {"id": 2, "t": "b"}]}], "data": [{"name": null, "objects": [{"id": 1, "t": "A"}, {"id": 2, "t": "b"}]}]}
            {"event": "willChangeContent", "step": 4}
            {"event": "didChangeObject", "step": 4, "type": "delete", "key": 2, "indexPath": [0, 1]}
            {"event": "didChangeContent", "step": 4}
            {"event": "state", "step": 4, "visible": [{"name": null, "objects": [{"id": 1, "t": "A"}]}], "data": [{"name": null, "objects": [{"id": 1, "t": "A"}]}]}
            {"event": "willChangeContent", "step": 5}
            {"event": "didChangeObject", "step": 5, "type": "delete", "key": 1, "indexPath": [0, 0]}
            {"event": "didChangeContent", "step": 5}
            {"event": "state", "step": 5, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            """)
    }

    @Test func aSortedReplaceIsAnUpdatedMoveAndAReorderIsAPlainMove() throws {
        try expectLog(
            """
            {"primaryKey": "id", "sortBy": ["v"], "steps": [
              {"setData": [{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 3, "v": 3}]},
              {"replace": {"id": 1, "v": 4}}
            ]}
            """,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 1, "newIndexPath": [0, 0]}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 2, "newIndexPath": [0, 1]}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 3, "newIndexPath": [0, 2]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": [{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 3, "v": 3}]}], "data": [{"name": null, "objects": [{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 3, "v": 3}]}]}
            {"event": "willChangeContent", "step": 2}
            {"event": "didChangeObject", "step": 2, "type": "move", "key": 1, "indexPath": [0, 0], "newIndexPath": [0, 2], "updated": true}
            {"event": "didChangeContent", "step": 2}
            {"event": "state", "step": 2, "visible": [{"name": null, "objects": [{"id": 2, "v": 2}, {"id": 3, "v": 3}, {"id": 1, "v": 4}]}], "data": [{"name": null, "objects": [{"id": 2, "v": 2}, {"id": 3, "v": 3}, {"id": 1, "v": 4}]}]}
            """)
        try expectLog(
            """
            {"steps": [{"setData": [1, 2, 3]}, {"setData": [3, 1, 2]}]}
            """,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 1, "newIndexPath": [0, 0]}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 2, "newIndexPath": [0, 1]}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 3, "newIndexPath": [0, 2]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": [1, 2, 3]}], "data": [{"name": null, "objects": [1, 2, 3]}]}
            {"event": "willChangeContent", "step": 2}
            {"event": "didChangeObject", "step": 2, "type": "move", "key": 3, "indexPath": [0, 2], "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 2}
            {"event": "state", "step": 2, "visible": [{"name": null, "objects": [3, 1, 2]}], "data": [{"name": null, "objects": [3, 1, 2]}]}
            """)
    }

    @Test func namedSectionsFiltersAndHiddenEmptySections() throws {
        try expectLog(
            """
            {"primaryKey": "id", "hidesEmptySections": true, "steps": [
              {"setData": [{"name": "A", "objects": [{"id": 1, "k": "x"}]}, {"name": "B", "objects": [{"id": 2, "k": "y"}]}]},
              {"addFilter": {"title": "x only", "predicate": "k == 'x'"}},
              {"removeSection": "A"}
            ]}
            """,
            """
            {"event": "state", "step": 0, "visible": [], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeSection", "step": 1, "type": "insert", "newIndex": 0}
            {"event": "didChangeSection", "step": 1, "type": "insert", "newIndex": 1}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": "A", "objects": [{"id": 1, "k": "x"}]}, {"name": "B", "objects": [{"id": 2, "k": "y"}]}], "data": [{"name": "A", "objects": [{"id": 1, "k": "x"}]}, {"name": "B", "objects": [{"id": 2, "k": "y"}]}]}
            {"event": "willChangeContent", "step": 2}
            {"event": "didChangeSection", "step": 2, "type": "delete", "index": 1}
            {"event": "didChangeContent", "step": 2}
            {"event": "state", "step": 2, "visible": [{"name": "A", "objects": [{"id": 1, "k": "x"}]}], "data": [{"name": "A", "objects": [{"id": 1, "k": "x"}]}, {"name": "B", "objects": [{"id": 2, "k": "y"}]}]}
            {"event": "willChangeContent", "step": 3}
            {"event": "didChangeSection", "step": 3, "type": "delete", "index": 0}
            {"event": "didChangeContent", "step": 3}
            {"event": "state", "step": 3, "visible": [], "data": [{"name": "B", "objects": [{"id": 2, "k": "y"}]}]}
            """)
    }

    @Test func disabledUpdatesEmitNothingAndReEnablingReloadsOnlyOnChange() throws {
        let empty = #"[{"name": null, "objects": []}]"#
        let one = #"[{"name": null, "objects": [{"id": 1}]}]"#
        try expectLog(
            """
            {"primaryKey": "id", "steps": [
              {"setUpdatesEnabled": false},
              {"add": {"id": 1}},
              {"setUpdatesEnabled": true},
              {"setUpdatesEnabled": false},
              {"add": {"id": 2}},
              {"remove": {"id": 2}},
              {"setUpdatesEnabled": true},
              {"setUpdatesEnabled": true}
            ]}
            """,
            """
            {"event": "state", "step": 0, "visible": \(empty), "data": \(empty)}
            {"event": "state", "step": 1, "visible": \(empty), "data": \(empty)}
            {"event": "state", "step": 2, "visible": \(one), "data": \(one)}
            {"event": "shouldReload", "step": 3}
            {"event": "state", "step": 3, "visible": \(one), "data": \(one)}
            {"event": "state", "step": 4, "visible": \(one), "data": \(one)}
            {"event": "state", "step": 5, "visible": [{"name": null, "objects": [{"id": 1}, {"id": 2}]}], "data": [{"name": null, "objects": [{"id": 1}, {"id": 2}]}]}
            {"event": "state", "step": 6, "visible": \(one), "data": \(one)}
            {"event": "state", "step": 7, "visible": \(one), "data": \(one)}
            {"event": "state", "step": 8, "visible": \(one), "data": \(one)}
            """)
    }

    @Test func anErrorLineComesBeforeItsStepsStateLine() throws {
        let empty = #"[{"name": null, "objects": []}]"#
        try expectLog(
            #"{"steps": [{"removeAt": [0, 0]}, {"expect": {"error": "indexPathOutOfRange"}}]}"#,
            """
            {"event": "state", "step": 0, "visible": \(empty), "data": \(empty)}
            {"event": "error", "step": 1, "code": "indexPathOutOfRange", "message": "any text"}
            {"event": "state", "step": 1, "visible": \(empty), "data": \(empty)}
            {"event": "state", "step": 2, "visible": \(empty), "data": \(empty)}
            """)
        let result = try ScenarioTestSupport.run(#"{"steps": [{"removeAt": [0, 0]}]}"#)
        #expect(result.log[1].event == .error(
            code: "indexPathOutOfRange",
            message: "raw index path [0, 0] is out of range: section 0 has 0 rows"))
    }

    @Test func aFailedExpectationIsALineOfTheExpectStep() throws {
        try expectLog(
            #"{"steps": [{"add": 1}, {"expect": {"visible": [[2]]}}]}"#,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 1, "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": [1]}], "data": [{"name": null, "objects": [1]}]}
            {"event": "expectationFailed", "step": 2, "message": "visible"}
            {"event": "state", "step": 2, "visible": [{"name": null, "objects": [1]}], "data": [{"name": null, "objects": [1]}]}
            """,
            exitStatus: 1)
        let result = try ScenarioTestSupport.run(#"{"steps": [{"add": 1}, {"expect": {"visible": [[2]]}}]}"#)
        #expect(result.expectationFailures.map(\.message) == ["visible after step 1: expected [[2]], got [[1]]"])
    }

    @Test func batchOperationsShareTheBatchsStepAndStateLinesWaitForTheOutermostEnd() throws {
        try expectLog(
            """
            {"primaryKey": "id", "steps": [
              {"batch": [{"add": {"id": 1}}, {"add": {"id": 2}}, {"removeKey": 1}]},
              {"beginUpdates": true},
              {"batch": [{"add": {"id": 3}}]},
              {"add": {"id": 1}},
              {"endUpdates": true}
            ]}
            """,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": 2, "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": [{"id": 2}]}], "data": [{"name": null, "objects": [{"id": 2}]}]}
            {"event": "willChangeContent", "step": 5}
            {"event": "didChangeObject", "step": 5, "type": "insert", "key": 3, "newIndexPath": [0, 1]}
            {"event": "didChangeObject", "step": 5, "type": "insert", "key": 1, "newIndexPath": [0, 2]}
            {"event": "didChangeContent", "step": 5}
            {"event": "state", "step": 5, "visible": [{"name": null, "objects": [{"id": 2}, {"id": 3}, {"id": 1}]}], "data": [{"name": null, "objects": [{"id": 2}, {"id": 3}, {"id": 1}]}]}
            """)
    }

    @Test func withoutPrimaryKeyTheKeyIsTheWholeObject() throws {
        try expectLog(
            #"{"steps": [{"add": "x"}, {"add": {"a": [1, 2]}}, {"removeKey": "x"}]}"#,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "willChangeContent", "step": 1}
            {"event": "didChangeObject", "step": 1, "type": "insert", "key": "x", "newIndexPath": [0, 0]}
            {"event": "didChangeContent", "step": 1}
            {"event": "state", "step": 1, "visible": [{"name": null, "objects": ["x"]}], "data": [{"name": null, "objects": ["x"]}]}
            {"event": "willChangeContent", "step": 2}
            {"event": "didChangeObject", "step": 2, "type": "insert", "key": {"a": [1, 2]}, "newIndexPath": [0, 1]}
            {"event": "didChangeContent", "step": 2}
            {"event": "state", "step": 2, "visible": [{"name": null, "objects": ["x", {"a": [1, 2]}]}], "data": [{"name": null, "objects": ["x", {"a": [1, 2]}]}]}
            {"event": "willChangeContent", "step": 3}
            {"event": "didChangeObject", "step": 3, "type": "delete", "key": "x", "indexPath": [0, 0]}
            {"event": "didChangeContent", "step": 3}
            {"event": "state", "step": 3, "visible": [{"name": null, "objects": [{"a": [1, 2]}]}], "data": [{"name": null, "objects": [{"a": [1, 2]}]}]}
            """)
    }

    @Test func aFileEndingWithABatchOpenFails() throws {
        try expectLog(
            #"{"steps": [{"beginUpdates": true}, {"add": 1}]}"#,
            """
            {"event": "state", "step": 0, "visible": [{"name": null, "objects": []}], "data": [{"name": null, "objects": []}]}
            {"event": "expectationFailed", "step": 2, "message": "open batch"}
            """,
            exitStatus: 1)
        let result = try ScenarioTestSupport.run(#"{"steps": [{"beginUpdates": true}, {"beginUpdates": true}, {"endUpdates": true}]}"#)
        #expect(result.endedWithOpenBatch)
        #expect(result.failures.map(\.kind) == [.openBatch])
        #expect(result.exitStatus == 1)
    }

    @Test func sectionByNamesSectionsByValue() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "sectionBy": "s", "steps": [
              {"setData": [{"id": 1, "s": 2}, {"id": 2, "s": "b"}, {"id": 3}, {"id": 4, "s": null},
                           {"id": 5, "s": true}, {"id": 6, "s": "10"}, {"id": 7, "s": [1]}]}
            ]}
            """)
        let names = result.finalState?.data.map(\.name)
        #expect(names == ["", "10", "2", "[1]", "b", "true"])
        #expect(result.finalState?.data.first?.elements == [["id": 3], ["id": 4, "s": .null]])
        #expect(result.exitStatus == 0)
    }
}
