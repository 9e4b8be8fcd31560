import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The examples of the scenario runner's and the random operations'
/// documentation comments, line for line as they are shown
/// (`.ci/snippets/check` finds each here), with what their documentation
/// says they do.
@Suite("Documentation examples: scenarios and random operations")
struct ScenarioExamplesTests {
    struct Item: Equatable, Sendable {
        var id: Int
        var rank = 0
        var group = "x"
    }

    static let url = ScenarioTestSupport.packageRoot.appendingPathComponent("Examples/Scenarios/companies-refresh.json")

    @Test func aScenarioFileIsParsedAndRun() throws {
        let url = Self.url
        let scenario = try Scenario(contentsOf: url)
        let result = ScenarioRunner().run(scenario)
        #expect(result.passed, "\(result.failureSummary)")
        let log = result.jsonLog   // one JSON line per event
        #expect(!log.isEmpty && log.hasSuffix("\n"))

    }

    @Test func aScenarioRunsFromItsFile() throws {
        let url = Self.url
        let result = ScenarioRunner().run(try Scenario(contentsOf: url))
        #expect(result.exitStatus == 0, "\(result.failureSummary)")
        let read = try readAndRun(url)
        #expect(read.jsonLog == result.jsonLog)
    }

    /// Reads, checks and runs the scenario file at `url`.
    func readAndRun(_ url: URL) throws -> ScenarioResult {
        let result = try ScenarioRunner().run(contentsOf: url)
        return result
    }

    @Test func aScenarioTextIsParsed() throws {
        let scenario = try Scenario(parsing: #"{"steps": [{"add": 1}]}"#)
        #expect(scenario.steps.count == 1)
        var events = 0
        let failures = ScenarioRunner().run(scenario) { _ in events += 1 }
        #expect(failures.isEmpty && events > 0)
    }

    @Test func aScenarioLogIsWrittenAsJSONLines() throws {
        let scenario = try Scenario(contentsOf: Self.url)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FileHandle(forWritingTo: file)
        let failures = try ScenarioRunner().run(scenario, writingJSONLinesTo: output)
        let exitStatus: Int32 = failures.isEmpty ? 0 : 1
        try output.close()
        #expect(exitStatus == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == ScenarioRunner().run(scenario).jsonLog)
    }

    @Test func aJSONTextIsParsedExactly() throws {
        let value = try FieldValue(parsingJSON: "[1, 2.5, \"three\"]")
        #expect(value == [.integer(1), .double(2.5), "three"])
    }

    @Test func randomOperationsReplayFromTheirSeed() {
        let evenFilter = ResultsFilter<Item>(title: "even", group: "parity") { $0.id % 2 == 0 }
        let vocabulary = RandomOperationVocabulary<Item, Int>(
            key: \.id, sectionNames: ["x", "y"], filters: [evenFilter], mergeSortKeys: [.descending(\.rank)]
        ) { random in Item(id: Int.random(in: 0..<12, using: &random), rank: Int.random(in: 0..<5, using: &random)) }
        let model = ReferenceModel<Item, Int>(key: { $0.id })
        var again = RandomOperationGenerator(seed: 7, vocabulary: vocabulary)
        var generator = RandomOperationGenerator(seed: 7, vocabulary: vocabulary)
        let operation = generator.next(for: model)
        #expect("\(operation)" == "\(again.next(for: model))")

        let configuration = RandomStoreConfiguration<Item>(
            name: "sectioned, filtered", sectioning: .by(\.group), filtered: true, updates: .batched)
        let runner = RandomOperationRunner(configuration: configuration, vocabulary: vocabulary, seed: 7)
        let failure = runner.run(operations: 300)
        #expect(failure == nil, "\(String(describing: failure))")
    }
}
