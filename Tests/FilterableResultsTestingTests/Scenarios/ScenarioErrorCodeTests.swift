import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Every error code of the log, each provoked by a scenario: the step is
/// refused (an `error` line before its state line), changes nothing, emits
/// nothing, and the run goes on and passes.
@Suite("Scenario error codes")
struct ScenarioErrorCodeTests {
    /// A code and a scenario whose last step provokes it.
    struct Case: CustomTestStringConvertible, Sendable {
        var code: String
        var header: String
        var setup: String
        var step: String
        var testDescription: String { "\(code): \(step)" }
    }

    static let cases: [Case] = [
        Case(code: "indexPathOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"removeAt": [0, 1]}"#),
        Case(code: "indexPathOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"insert": {"id": 2}, "at": [0, 2]}"#),
        Case(code: "indexPathOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"replaceAt": [1, 0], "with": {"id": 2}}"#),
        Case(code: "sectionOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"add": {"id": 2}, "section": 1}"#),
        Case(code: "sectionOutOfRange", header: #""primaryKey": "id""#, setup: #"{"removeSectionAt": 0}"#, step: #"{"add": {"id": 2}}"#),
        Case(code: "sectionOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"insertSection": [], "at": 2}"#),
        Case(code: "sectionOutOfRange", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"replaceSectionAt": 1, "with": []}"#),
        Case(code: "duplicateKey", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"add": {"id": 1, "other": true}}"#),
        Case(code: "duplicateKey", header: #""primaryKey": "id""#, setup: #"{"setData": [{"id": 1}, {"id": 2}]}"#, step: #"{"replaceObject": {"id": 1}, "with": {"id": 2}}"#),
        Case(code: "duplicateKey", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"addSection": [{"id": 5}, {"id": 5}]}"#),
        Case(code: "duplicateSection", header: #""primaryKey": "id""#, setup: #"{"addSection": {"name": "A", "objects": [{"id": 1}]}}"#, step: #"{"insertSection": {"name": "A", "objects": []}, "at": 0}"#),
        Case(code: "duplicateSection", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"setData": [{"name": "A", "objects": []}, {"name": "A", "objects": []}]}"#),
        Case(code: "missingPrimaryKey", header: #""primaryKey": "owner.id""#, setup: #"{"add": {"owner": {"id": 1}}}"#, step: #"{"add": {"owner": {"name": "x"}}}"#),
        Case(code: "missingPrimaryKey", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"merge": [{"id": 2}, {"id": null}]}"#),
        Case(code: "missingPrimaryKey", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1, "tags": [1]}}"#, step: #"{"add": {"ID": 2, "tags": [2]}}"#),
        Case(code: "duplicateKey", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1, "tags": [1]}}"#, step: #"{"add": {"id": 1}}"#),
        Case(code: "invalidPredicate", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"addFilter": {"title": "t", "predicate": "id >"}}"#),
        Case(code: "invalidPredicate", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"replaceFilters": [{"title": "ok", "predicate": "id == 2"}, {"title": "bad", "predicate": "(id == 1"}]}"#),
        Case(code: "unbalancedEndUpdates", header: #""primaryKey": "id""#, setup: #"{"add": {"id": 1}}"#, step: #"{"endUpdates": true}"#),
        Case(code: "invalidOperation", header: #""primaryKey": "id", "sortBy": ["id"]"#, setup: #"{"add": {"id": 1}}"#, step: #"{"insert": {"id": 2}, "at": [0, 0]}"#),
        Case(code: "invalidOperation", header: #""primaryKey": "id", "sortBy": ["id"]"#, setup: #"{"add": {"id": 1}}"#, step: #"{"merge": [{"id": 2}], "sortBy": ["-id"]}"#),
        Case(code: "invalidOperation", header: #""primaryKey": "id", "sectionBy": "g""#, setup: #"{"add": {"id": 1}}"#, step: #"{"addSection": []}"#),
        Case(code: "invalidOperation", header: #""primaryKey": "id""#, setup: #"{"beginUpdates": true}"#, step: #"{"setUpdatesEnabled": false}"#),
    ]

    @Test(arguments: cases)
    func theStepIsRefusedWithItsCode(_ test: Case) throws {
        let text = """
            {\(test.header), "steps": [\(test.setup), \(test.step), {"expect": {"error": "\(test.code)", "events": []}}]}
            """
        let result = try ScenarioTestSupport.run(text)
        let errors = result.errors
        #expect(errors.count == 1)
        #expect(errors.first?.step == 2)
        #expect(errors.first?.code == test.code)
        #expect(errors.first?.message.isEmpty == false)
        // Nothing changed: the data after the refused step is the data before it.
        let states = result.log.compactMap { line -> (Int, FieldValue)? in
            if case .state = line.event { (line.step, line.json["data"]!) } else { nil }
        }
        if let before = states.first(where: { $0.0 == 1 }), let after = states.first(where: { $0.0 == 2 }) {
            #expect(before.1 == after.1)
        }
        let errorIndex = result.log.firstIndex { if case .error = $0.event { true } else { false } }
        let stateIndex = result.log.firstIndex { $0.step == 2 && $0.event.name == "state" }
        if let errorIndex, let stateIndex { #expect(errorIndex < stateIndex) }
        let openBatch = test.setup.contains("beginUpdates")
        #expect(result.failures.filter { $0.kind != .openBatch }.isEmpty, "\(result.failureSummary)")
        #expect(result.exitStatus == (openBatch ? 1 : 0))
    }

    @Test func everyCodeOfTheContractIsProvoked() {
        let codes = Set(Self.cases.map(\.code))
        #expect(codes == [
            "indexPathOutOfRange", "sectionOutOfRange", "duplicateKey", "duplicateSection",
            "missingPrimaryKey", "invalidPredicate", "unbalancedEndUpdates", "invalidOperation",
        ])
    }

    @Test func anErrorInsideABatchRefusesOnlyThatOperation() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"batch": [{"add": {"id": 1}}, {"removeAt": [3, 3]}, {"add": {"id": 2}}]},
              {"expect": {"error": "indexPathOutOfRange", "data": [[1, 2]]}}
            ]}
            """)
        #expect(result.errors.map(\.step) == [1])
        #expect(result.passed, "\(result.failureSummary)")
    }

    @Test func aMalformedPredicateChangesNothingEvenAmongGoodOnes() throws {
        let result = try ScenarioTestSupport.run(
            """
            {"primaryKey": "id", "steps": [
              {"setData": [{"id": 1, "t": "a"}, {"id": 2, "t": "b"}]},
              {"addFilters": [{"title": "a", "group": "g", "predicate": "t == 'a'"}, {"title": "b", "predicate": "t LIKE"}]},
              {"expect": {"visible": [[1, 2]], "events": [], "error": "invalidPredicate"}}
            ]}
            """)
        #expect(result.passed, "\(result.failureSummary)")
        #expect(result.errors.first?.message.contains("character") == true)
    }
}
