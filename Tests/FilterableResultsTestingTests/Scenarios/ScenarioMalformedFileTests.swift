import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Malformed files are refused whole, before anything runs, with a message
/// naming the file, the step and the problem; exit status 2.
@Suite("Scenario malformed files")
struct ScenarioMalformedFileTests {
    /// A malformed text, the step (and batch item) at fault, and words the
    /// problem must contain.
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var step: Int?
        var batchItem: Int? = nil
        var problem: String
        var testDescription: String { problem }
    }

    static let cases: [Case] = [
        Case(text: #"{"steps": [{"add": 1}"#, step: nil, problem: "not valid JSON: line 1, column 22"),
        Case(text: #"[{"add": 1}]"#, step: nil, problem: "a scenario must be a JSON object"),
        Case(text: #"{"steps": [], "steps": [{"add": 1}]}"#, step: nil,
             problem: #"not valid JSON: line 1, column 15 (offset 14): expected each key at most once in an object, found the key "steps" a second time"#),
        Case(text: #"{"primaryKey": "id", "steps": [{"add": {"id": 1, "id": 2}}]}"#, step: nil,
             problem: #"(offset 49): expected each key at most once in an object, found the key "id" a second time"#),
        Case(text: #"{"primaryKey": "id", "steps": [{"setData": [{"id": 123456789012345678901234567890}, {"id": 123456789012345678901234567891}]}]}"#, step: nil,
             problem: "not valid JSON: line 1, column 52 (offset 51): expected an integer from -9223372036854775808 to 9223372036854775807 (64 bits; write larger ones as strings), found 123456789012345678901234567890"),
        Case(text: #"{"name": "x"}"#, step: nil, problem: #"missing field "steps""#),
        Case(text: #"{"steps": {"add": 1}}"#, step: nil, problem: #""steps" must be an array"#),
        Case(text: #"{"primarykey": "id", "steps": []}"#, step: nil, problem: #"unknown field "primarykey""#),
        Case(text: #"{"primaryKey": 7, "steps": []}"#, step: nil, problem: #""primaryKey" must be a string, found 7"#),
        Case(text: #"{"primaryKey": "owner..id", "steps": []}"#, step: nil, problem: #""primaryKey" must be a field name"#),
        Case(text: #"{"sortBy": "name", "steps": []}"#, step: nil, problem: #""sortBy" must be an array of field names"#),
        Case(text: #"{"hidesEmptySections": "yes", "steps": []}"#, step: nil, problem: #""hidesEmptySections" must be true or false"#),
        Case(text: #"{"steps": [{"add": 1}, {"removeAll": true}]}"#, step: 2, problem: #"unknown operation "removeAll""#),
        Case(text: #"{"steps": [{"removeAt": [0]}]}"#, step: 1, problem: #""removeAt" must be an index path [section, row] of two integers, found [0]"#),
        Case(text: #"{"steps": [{"removeAt": [0, 1.5]}]}"#, step: 1, problem: #""removeAt" must be an index path"#),
        Case(text: #"{"primaryKey": "id", "steps": [{"add": 5}]}"#, step: 1, problem: #""add" must be an object (the file has a primaryKey), found 5"#),
        Case(text: #"{"primaryKey": "id", "steps": [{"merge": [{"id": 1}, "two"]}]}"#, step: 1, problem: #"found "two" at index 1"#),
        Case(text: #"{"steps": [{"insert": 1}]}"#, step: 1, problem: #""insert" needs "at""#),
        Case(text: #"{"steps": [{"replaceAt": [0, 0]}]}"#, step: 1, problem: #""replaceAt" needs "with""#),
        Case(text: #"{"steps": [{"add": 1, "at": [0, 0]}]}"#, step: 1, problem: #""add" does not take "at""#),
        Case(text: #"{"steps": [{"add": 1, "remove": 1}]}"#, step: 1, problem: "more than one operation"),
        Case(text: #"{"steps": [{}]}"#, step: 1, problem: "an empty step"),
        Case(text: #"{"steps": [{"section": 1}]}"#, step: 1, problem: "no operation in the step"),
        Case(text: #"{"steps": [3]}"#, step: 1, problem: "a step must be an object"),
        Case(text: #"{"steps": [{"add": 1}, {"batch": [{"add": 2}, {"beginUpdates": true}]}]}"#, step: 2, batchItem: 2, problem: #""beginUpdates" is not allowed inside a batch"#),
        Case(text: #"{"steps": [{"batch": [{"batch": []}]}]}"#, step: 1, batchItem: 1, problem: #""batch" is not allowed inside a batch"#),
        Case(text: #"{"steps": [{"batch": [{"setUpdatesEnabled": true}]}]}"#, step: 1, batchItem: 1, problem: #""setUpdatesEnabled" is not allowed inside a batch"#),
        Case(text: #"{"steps": [{"batch": [{"add": 1}, {"removeAt": 0}]}]}"#, step: 1, batchItem: 2, problem: #""removeAt" must be an index path"#),
        Case(text: #"{"steps": [{"clearFilters": false}]}"#, step: 1, problem: #""clearFilters" must be true"#),
        Case(text: #"{"steps": [{"setUpdatesEnabled": "no"}]}"#, step: 1, problem: #""setUpdatesEnabled" must be true or false"#),
        Case(text: #"{"primaryKey": "id", "steps": [{"setData": [[{"id": 1}], {"id": 2}]}]}"#, step: 1, problem: #""setData" mixes sections and objects"#),
        Case(text: #"{"steps": [{"setData": {"objects": []}}]}"#, step: 1, problem: #""setData" must be an array"#),
        Case(text: #"{"steps": [{"addSection": {"name": 3, "objects": []}}]}"#, step: 1, problem: #"a section's "name" must be a string or null"#),
        Case(text: #"{"steps": [{"addSection": 1}]}"#, step: 1, problem: #""addSection" must be a section"#),
        Case(text: #"{"steps": [{"removeSection": 1}]}"#, step: 1, problem: #""removeSection" must be a section name"#),
        Case(text: #"{"steps": [{"addFilter": {"title": "t"}}]}"#, step: 1, problem: #"a filter needs a "predicate" string"#),
        Case(text: #"{"steps": [{"addFilter": {"title": "t", "predicate": "x", "grop": "g"}}]}"#, step: 1, problem: #"found "grop""#),
        Case(text: #"{"steps": [{"removeFilter": {"group": "g"}}]}"#, step: 1, problem: #""removeFilter" must be {"title""#),
        Case(text: #"{"steps": [{"merge": [], "prune": "yes"}]}"#, step: 1, problem: #""prune" must be true or false"#),
        Case(text: #"{"steps": [{"merge": [], "sortBy": [1]}]}"#, step: 1, problem: #""sortBy" must be an array of field names"#),
        Case(text: #"{"steps": [{"expect": {"visibel": []}}]}"#, step: 1, problem: #""expect" takes only"#),
        Case(text: #"{"steps": [{"expect": {"visible": [1, 2]}}]}"#, step: 1, problem: #""visible" must be an array of sections of keys"#),
        Case(text: #"{"steps": [{"expect": {"error": "outOfRange"}}]}"#, step: 1, problem: #""error" must be an error code"#),
        Case(text: #"{"steps": [{"expect": {"events": [{"event": "didChange"}]}}]}"#, step: 1, problem: "an expected event is one of"),
        Case(text: #"{"steps": [{"expect": {"events": [{"event": "didChangeObject", "type": "insert", "key": 1}]}}]}"#, step: 1, problem: #"a didChangeObject event needs "newIndexPath""#),
        Case(text: #"{"steps": [{"expect": {"events": [{"event": "didChangeSection", "type": "insert", "index": 1, "newIndex": 1}]}}]}"#, step: 1, problem: #"has no field "index""#),
        Case(text: #"{"steps": [{"expect": {"events": [{"event": "willChangeContent", "step": 1}]}}]}"#, step: 1, problem: #"without "step""#),
        Case(text: #"{"steps": [{"expect": {"events": [{"event": "didChangeObject", "type": "update", "key": 1, "indexPath": [0, 0], "newIndexPath": [0, 0], "updated": true}]}}]}"#, step: 1, problem: #"only a move carries "updated": true"#),
    ]

    @Test(arguments: cases)
    func theFileIsRefusedNamingFileStepAndProblem(_ test: Case) {
        #expect(throws: ScenarioError.self) { try Scenario(parsing: test.text, file: "bad.json") }
        do {
            _ = try Scenario(parsing: test.text, file: "bad.json")
        } catch {
            #expect(error.file == "bad.json")
            #expect(error.step == test.step)
            #expect(error.batchItem == test.batchItem)
            #expect(error.problem.contains(test.problem), "\(error.problem)")
            #expect(error.description.hasPrefix("bad.json: "))
            if let step = test.step { #expect(error.description.contains("step \(step)")) }
            #expect(error.exitStatus == 2)
        }
    }

    @Test func theMessageReadsFileStepProblem() {
        do {
            _ = try Scenario(parsing: #"{"steps": [{"add": 1}, {"batch": [{"add": 2}, {"removeAt": [0]}]}]}"#, file: "x/y.json")
            Issue.record("expected a ScenarioError")
        } catch {
            #expect(error.description == #"x/y.json: step 2, batch item 2: "removeAt" must be an index path [section, row] of two integers, found [0]"#)
        }
    }

    @Test func wellFormedButOddStepsAreNotMalformed() throws {
        // A bad predicate is a run-time error line, an object without a
        // primary key is missingPrimaryKey, any value is an object without
        // primaryKey, and negative indexes are out of range at run time.
        let text = """
            {"name": "odd", "description": "fine", "steps": [
              {"add": 5}, {"add": null}, {"add": [1, 2]},
              {"addFilter": {"title": "bad", "group": null, "predicate": "((("}},
              {"removeAt": [-1, 0]}, {"removeSectionAt": -3}, {"expect": {}},
              {"batch": []}, {"removeFilter": {"title": "bad", "group": null, "predicate": "ignored"}}
            ]}
            """
        let scenario = try Scenario(parsing: text)
        #expect(scenario.steps.count == 9)
        let result = ScenarioRunner().run(scenario)
        #expect(result.errors.map(\.code) == ["invalidPredicate", "indexPathOutOfRange", "sectionOutOfRange"])
        #expect(result.exitStatus == 0, "\(result.failureSummary)")
    }

    @Test func arraysOfArraysAreSectionsAndAnEmptyArrayIsObjects() throws {
        let scenario = try Scenario(parsing: #"{"steps": [{"setData": [[1, 2], [3]]}, {"setData": []}, {"setData": [[]]}]}"#)
        #expect(scenario.steps == [
            .setData(.sections([ResultsSection(elements: [1, 2]), ResultsSection(elements: [3])])),
            .setData(.objects([])),
            .setData(.sections([ResultsSection(elements: [])])),
        ])
        let named = try Scenario(parsing: #"{"steps": [{"setData": [{"name": "A", "objects": [1]}, {"objects": []}, [2]]}]}"#)
        #expect(named.steps == [.setData(.sections([
            ResultsSection(name: "A", elements: [1]), ResultsSection(elements: []), ResultsSection(elements: [2]),
        ]))])
    }

    @Test func anUnreadableFileIsAnError() {
        let url = URL(fileURLWithPath: "/nonexistent/folder/missing.json")
        do {
            _ = try ScenarioRunner().run(contentsOf: url)
            Issue.record("expected a ScenarioError")
        } catch {
            #expect(error.file == "/nonexistent/folder/missing.json")
            #expect(error.problem.hasPrefix("cannot read the file"))
            #expect(error.exitStatus == 2)
        }
    }

    @Test func aFileThatIsNotUTF8IsNotJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UInt64.random(in: 0...UInt64.max)).json")
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ScenarioError.self) { try Scenario(contentsOf: url) }
    }

    @Test func deeplyNestedInputIsRefusedNotACrash() {
        let text = #"{"steps": [{"add": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}]}"
        #expect(throws: ScenarioError.self) { try Scenario(parsing: text) }
    }
}
