import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The scenario files that ship with the package, and the contract's
/// example files with their valid logs.
@Suite("Scenario files")
struct ScenarioFileTests {
    static let examplesFolder = ScenarioTestSupport.packageRoot.appendingPathComponent("Examples/Scenarios")
    static let sharedFolder = ScenarioTestSupport.packageRoot.appendingPathComponent("../shared/scenarios").standardized

    static func jsonFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static let requiredExamples = [
        "companies-refresh.json", "api-refresh-merge-prune.json", "paginated-loading.json",
        "live-search.json", "contacts-sectioned.json", "bad-input-refused.json",
    ]

    @Test func theRequiredExamplesExist() {
        let names = Set(Self.jsonFiles(in: Self.examplesFolder).map(\.lastPathComponent))
        for name in Self.requiredExamples { #expect(names.contains(name), "missing Examples/Scenarios/\(name)") }
    }

    @Test(arguments: requiredExamples)
    func everyExamplePassesWithExpectations(_ name: String) throws {
        let result = try ScenarioRunner().run(contentsOf: Self.examplesFolder.appendingPathComponent(name))
        #expect(result.exitStatus == 0, "\(result.failureSummary)")
        #expect(result.scenario.steps.contains { $0.isExpectation }, "\(name) has no expect step")
        ScenarioTestSupport.expectContractShape(result)
    }

    @Test func theBadInputExampleProvokesEveryErrorCode() throws {
        let result = try ScenarioRunner().run(contentsOf: Self.examplesFolder.appendingPathComponent("bad-input-refused.json"))
        #expect(Set(result.errors.map(\.code)) == [
            "indexPathOutOfRange", "sectionOutOfRange", "duplicateKey", "duplicateSection",
            "missingPrimaryKey", "invalidPredicate", "unbalancedEndUpdates", "invalidOperation",
        ])
    }

    @Test func theContractsExampleFilesRunAndGiveEquivalentLogs() throws {
        let files = Self.jsonFiles(in: Self.sharedFolder)
        guard !files.isEmpty else {
            // The contract's examples live beside the package in ../shared; a
            // checkout without them has nothing to compare.
            print("skipped: no example scenarios at \(Self.sharedFolder.path)")
            return
        }
        for file in files {
            let result = try ScenarioRunner().run(contentsOf: file)
            #expect(result.exitStatus == 0, "\(file.lastPathComponent): \(result.failureSummary)")
            let logURL = file.deletingPathExtension().appendingPathExtension("log.jsonl")
            guard let logText = try? String(contentsOf: logURL, encoding: .utf8) else { continue }
            let expected = try ScenarioTestSupport.parseLines(logText)
            let problem = ScenarioTestSupport.equivalenceProblem(actual: result.log.map(\.json), expected: expected)
            #expect(problem == nil, "\(file.lastPathComponent): \(problem ?? "")")
        }
    }

    @Test func theTranscriptShowsOperationsEventsAndTables() throws {
        let result = try ScenarioRunner().run(contentsOf: Self.examplesFolder.appendingPathComponent("companies-refresh.json"))
        let transcript = result.transcript
        #expect(transcript.hasPrefix("== companies refresh  ("), "\(transcript)")
        #expect(transcript.contains("step 3    setData 4 sections, 14 objects\n"))
        #expect(transcript.contains(#"delete  section  2                   "Blackberry RIM""#))
        #expect(transcript.contains("update  row      [3, 0]  ->  [2, 0]  key 10"))
        #expect(transcript.contains(#"section 3  "Microsoft""#))
        #expect(transcript.contains("step 4    expect visible, events\n          ok\n"))
        #expect(transcript.hasSuffix("PASS  \(result.scenario.file)  companies refresh  (8 steps)\n"))
    }

    @Test func aFailingTranscriptNamesTheFailures() throws {
        let result = try ScenarioTestSupport.run(#"{"steps": [{"add": 1}, {"expect": {"visible": [[2]]}}, {"removeAt": [4, 4]}]}"#)
        let transcript = result.transcript
        #expect(transcript.contains("FAILED: visible after step 1: expected [[2]], got [[1]]"))
        #expect(transcript.contains("refused: indexPathOutOfRange: raw index path [4, 4] is out of range: there is 1 section"))
        #expect(transcript.contains("FAIL  test.json  test  (3 steps, 1 failure)\n      step 2: visible after step 1"))
    }

    @Test func stepsInsideABatchAreShownAndTheBatchReportsAtItsEnd() throws {
        let result = try ScenarioTestSupport.run(#"{"primaryKey": "id", "steps": [{"beginUpdates": true}, {"add": {"id": 1}}, {"endUpdates": true}]}"#)
        let transcript = result.transcript
        #expect(transcript.contains("step 1    beginUpdates\n          (inside a batch: the changes are reported when it ends)\n"))
        #expect(transcript.contains("step 2    add {\"id\": 1}\n          (inside a batch: the changes are reported when it ends)\n"))
        #expect(transcript.contains("step 3    endUpdates\n            insert  row      [0, 0]  key 1\n"))
    }
}
