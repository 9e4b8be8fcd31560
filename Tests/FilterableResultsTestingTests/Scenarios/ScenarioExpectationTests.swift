import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// What an `expect` step checks, and against which step.
@Suite("Scenario expectations")
struct ScenarioExpectationTests {
    @Test func eventsCompareInAnyOrderAndUpdatedFalseEqualsAbsent() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1}, {"id": 2}, {"id": 3}]},
              {"expect": {"events": [
                {"event": "didChangeContent"},
                {"event": "didChangeObject", "type": "insert", "key": 3, "newIndexPath": [0, 2], "updated": false},
                {"event": "didChangeObject", "type": "insert", "key": 1.0, "newIndexPath": [0, 0]},
                {"event": "didChangeObject", "newIndexPath": [0, 1], "key": 2, "type": "insert"},
                {"event": "willChangeContent"}
              ]}},
              {"setData": [{"id": 1}, {"id": 2}, {"id": 3}]},
              {"expect": {"events": []}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }

    @Test func aMissingOrUnexpectedEventFailsWithBothNamed() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"add": {"id": 1}},
              {"expect": {"events": [
                {"event": "willChangeContent"},
                {"event": "didChangeObject", "type": "insert", "key": 2, "newIndexPath": [0, 0]},
                {"event": "didChangeContent"}
              ]}}
            ]}
            """)
        #expect(result.exitStatus == 1)
        let message = try #require(result.expectationFailures.first?.message)
        #expect(message.hasPrefix("events after step 1: expected 3 events, got 3"))
        #expect(message.contains(#"missing {"event": "didChangeObject", "type": "insert", "key": 2, "newIndexPath": [0, 0]}"#))
        #expect(message.contains(#"unexpected {"event": "didChangeObject", "type": "insert", "key": 1, "newIndexPath": [0, 0]}"#))
        #expect(result.expectationFailures.first?.step == 2)
    }

    @Test func anExpectationChecksTheNearestEarlierStepThatIsNotAnExpect() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"add": {"id": 1}, "section": 4},
              {"expect": {"error": "sectionOutOfRange"}},
              {"expect": {"error": "sectionOutOfRange", "events": [], "data": [[]]}},
              {"add": {"id": 1}},
              {"expect": {"error": null}},
              {"expect": {"events": [{"event": "willChangeContent"}, {"event": "didChangeObject", "type": "insert", "key": 1, "newIndexPath": [0, 0]}, {"event": "didChangeContent"}]}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }

    @Test func aFirstStepExpectationChecksTheNewStore() throws {
        let plain = try ScenarioTestSupport.run(#"{"steps": [{"expect": {"visible": [[]], "data": [[]], "events": [], "error": null}}]}"#)
        #expect(plain.passed, "\(plain.failureSummary)")
        let sectioned = try ScenarioTestSupport.run(#"{"sectionBy": "g", "steps": [{"expect": {"visible": [], "data": []}}]}"#)
        #expect(sectioned.passed, "\(sectioned.failureSummary)")
    }

    @Test func anExpectationInsideABatchSeesTheEditsSoFarAndNoEvents() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"add": {"id": 1}},
              {"batch": [
                {"expect": {"data": [[1]], "events": [], "error": null}},
                {"add": {"id": 2}},
                {"expect": {"data": [[1, 2]], "visible": [[1, 2]], "events": []}},
                {"add": {"id": 2}},
                {"expect": {"error": "duplicateKey"}},
                {"removeKey": 1},
                {"expect": {"data": [[2]], "error": null}}
              ]},
              {"expect": {"error": "duplicateKey", "events": [
                {"event": "willChangeContent"},
                {"event": "didChangeObject", "type": "delete", "key": 1, "indexPath": [0, 0]},
                {"event": "didChangeObject", "type": "insert", "key": 2, "newIndexPath": [0, 0]},
                {"event": "didChangeContent"}
              ]}},
              {"beginUpdates": true},
              {"removeKey": 2},
              {"expect": {"data": [[]], "visible": [[]], "events": []}},
              {"endUpdates": true},
              {"expect": {"events": [
                {"event": "willChangeContent"},
                {"event": "didChangeObject", "type": "delete", "key": 2, "indexPath": [0, 0]},
                {"event": "didChangeContent"}
              ]}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }

    @Test func visibleAndDataFailuresSayWhatWasExpectedAndWhatWasFound() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"setData": [[{"id": 1, "v": 1}, {"id": 2, "v": 2}], [{"id": 3, "v": 1}]]},
              {"addFilter": {"title": "ones", "predicate": "v == 1"}},
              {"expect": {"visible": [[1], [3]], "data": [[1, 2], [3]]}},
              {"expect": {"visible": [[1, 2], [3]], "data": [[1], [3]], "error": "duplicateKey"}}
            ]}
            """)
        #expect(result.failures.map(\.step) == [4, 4, 4])
        #expect(result.expectationFailures.map(\.message) == [
            "visible after step 2: expected [[1, 2], [3]], got [[1], [3]]",
            "data after step 2: expected [[1], [3]], got [[1, 2], [3]]",
            "error after step 2: expected duplicateKey, got no error",
        ])
        #expect(result.exitStatus == 1)
        // Each failure is an expectationFailed line before the step's state line.
        let lines = result.log.filter { $0.step == 4 }.map(\.event.name)
        #expect(lines == ["expectationFailed", "expectationFailed", "expectationFailed", "state"])
    }

    @Test func anErrorExpectationOfABatchMatchesAnyOfItsErrors() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"batch": [{"removeAt": [0, 0]}, {"add": {"x": 1}}]},
              {"expect": {"error": "missingPrimaryKey"}},
              {"expect": {"error": "indexPathOutOfRange"}},
              {"expect": {"error": null}}
            ]}
            """)
        #expect(result.failures.map(\.message) == [
            "error after step 1: expected no error, got indexPathOutOfRange, missingPrimaryKey",
        ])
    }

    @Test func theResultCarriesTheLogAsValuesAndText() throws {
        let result = try ScenarioTestSupport.run(#"{"primaryKey": "id", "steps": [{"add": {"id": 1}}, {"removeKey": 1}]}"#)
        #expect(result.log.map(\.event.name) == [
            "state", "willChangeContent", "didChangeObject", "didChangeContent", "state",
            "willChangeContent", "didChangeObject", "didChangeContent", "state",
        ])
        #expect(result.log.map(\.step) == [0, 1, 1, 1, 1, 2, 2, 2, 2])
        guard case let .didChangeObject(change) = result.log[6].event else {
            Issue.record("not an object change: \(result.log[6])")
            return
        }
        #expect(change.kind == .delete)
        #expect(change.key == 1)
        #expect(change.element == ["id": 1])
        #expect(change.indexPath == ResultsIndexPath(row: 0, section: 0))
        #expect(result.jsonLog.split(separator: "\n").count == 9)
        #expect(try ScenarioTestSupport.parseLines(result.jsonLog) == result.log.map(\.json))
        #expect(result.finalState?.data == [ResultsSection(elements: [])])
    }

    @Test func runningLineByLineHandsOverTheWholeLogAndTheSameFailures() throws {
        let scenario = try Scenario(
            parsing: """
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1}, {"id": 2}]},
              {"expect": {"data": [[2]]}},
              {"batch": [{"removeKey": 1}, {"expect": {"events": []}}, {"add": {"id": 3}}]},
              {"expect": {"events": [{"event": "willChangeContent"}, {"event": "didChangeContent"}]}}
            ]}
            """)
        let whole = ScenarioRunner().run(scenario)
        var lines: [ScenarioLogLine] = []
        let failures = ScenarioRunner().run(scenario) { lines.append($0) }
        #expect(lines == whole.log)
        #expect(failures.map(\.message) == whole.failures.map(\.message))
        // The data expectation and the batch's events expectation fail.
        #expect(failures.map(\.step) == [2, 4])
    }

    @Test func anEventsExpectationAfterAnotherExpectationStillSeesTheEvents() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1}]},
              {"expect": {"data": [[1]]}},
              {"expect": {"error": null}},
              {"expect": {"events": [
                {"event": "willChangeContent"},
                {"event": "didChangeObject", "type": "insert", "key": 1, "newIndexPath": [0, 0]},
                {"event": "didChangeContent"}
              ]}},
              {"setUpdatesEnabled": false},
              {"add": {"id": 2}},
              {"setUpdatesEnabled": true},
              {"expect": {"visible": [[1, 2]]}},
              {"expect": {"events": [{"event": "shouldReload"}]}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
    }

    @Test func writingTheLogToAFileGivesTheSameLinesAndFailures() throws {
        let scenario = try Scenario(
            parsing: #"{"primaryKey": "id", "steps": [{"add": {"id": 1}}, {"expect": {"data": [[2]]}}, {"removeKey": 1}]}"#)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-log-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url)
        else {
            Issue.record("cannot create \(url.path)")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let failures = try ScenarioRunner().run(scenario, writingJSONLinesTo: handle)
        try handle.close()
        let whole = ScenarioRunner().run(scenario)
        #expect(try String(contentsOf: url, encoding: .utf8) == whole.jsonLog)
        #expect(failures.map(\.message) == whole.failures.map(\.message) && failures.count == 1)
    }

    @Test func aScenarioBuiltInSwiftRunsLikeAFile() throws {
        let scenario = Scenario(
            name: "built", primaryKey: "id", sortBy: [ScenarioSortField("-rank")],
            steps: [
                .setData(.objects([["id": 1, "rank": 1], ["id": 2, "rank": 2]])),
                .batch([.add(["id": 3, "rank": 3], section: nil), .removeKey(1), .add(["rank": 9], section: nil)]),
                .expect(ScenarioExpectation(visible: [[3, 2]], error: .code("missingPrimaryKey"))),
                .addFilter(ScenarioFilter(title: "top", predicate: "rank >= 3")),
                .expect(ScenarioExpectation(visible: [[3]], data: [[3, 2]], error: .noError)),
            ])
        let result = ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureSummary)")
        let parsed = try Scenario(parsing: """
            {"name": "built", "primaryKey": "id", "sortBy": ["-rank"], "steps": [
              {"setData": [{"id": 1, "rank": 1}, {"id": 2, "rank": 2}]},
              {"batch": [{"add": {"id": 3, "rank": 3}}, {"removeKey": 1}, {"add": {"rank": 9}}]},
              {"expect": {"visible": [[3, 2]], "error": "missingPrimaryKey"}},
              {"addFilter": {"title": "top", "predicate": "rank >= 3"}},
              {"expect": {"visible": [[3]], "data": [[3, 2]], "error": null}}
            ]}
            """)
        #expect(parsed == scenario)
        #expect(scenario.key(of: ["id": 7]) == 7)
        #expect(scenario.key(of: ["id": .null]) == nil)
        #expect(Scenario.sectionName(for: nil) == "")
        #expect(Scenario.sectionName(for: 2.0) == "2")
        #expect(Scenario.sectionName(for: "A") == "A")
    }
}
