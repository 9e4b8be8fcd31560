import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The `results-scenario` executable, run as a process when the build put
/// it beside the test bundle (it does for `swift test`); skipped otherwise.
@Suite("results-scenario command")
struct ScenarioCommandTests {
    /// The built executable, if there is one beside the test bundle.
    static let executable: URL? = {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for case let folder? in candidates {
            let url = folder.appendingPathComponent("results-scenario")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String]) throws -> Output? {
        guard let executable else {
            print("skipped: results-scenario was not built beside the tests")
            return nil
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = ScenarioTestSupport.packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Writes a temporary scenario file; returns its path.
    static func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-command-\(UInt64.random(in: 0...UInt64.max)).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func jsonModePrintsTheLibrarysLogAndExitsZero() throws {
        let file = "Examples/Scenarios/live-search.json"
        guard let output = try Self.run(["--json", file]) else { return }
        let expected = try ScenarioRunner().run(contentsOf: ScenarioTestSupport.packageRoot.appendingPathComponent(file))
        #expect(output.status == 0)
        #expect(output.stdout == expected.jsonLog)
        #expect(output.stderr.isEmpty)
    }

    @Test func jsonModeStreamsALogLargerThanItsBufferUnchanged() throws {
        // 2,000 objects of about 140 bytes: each state line is over 500 KB,
        // written in pieces of 64 KB.
        let objects = (0..<2_000).map { #"{"id": \#($0), "name": "\#(String(repeating: "ab\u{e9}", count: 30))"}"# }
        let text = #"{"primaryKey": "id", "steps": [{"setData": [\#(objects.joined(separator: ", "))]}, "#
            + #"{"expect": {"events": []}}, {"removeKey": 7}]}"#
        let file = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let output = try Self.run(["--json", file]) else { return }
        let expected = try ScenarioRunner().run(contentsOf: URL(fileURLWithPath: file))
        #expect(expected.jsonLog.utf8.count > 1_000_000)
        #expect(output.stdout == expected.jsonLog)
        // The expectation of no events after a setData of 2,000 rows fails.
        #expect(output.status == 1)
        #expect(expected.exitStatus == 1)
    }

    @Test func exitStatusesForPassingFailingAndMalformedFiles() throws {
        let failing = try Self.temporaryFile(#"{"steps": [{"add": 1}, {"expect": {"data": [[2]]}}]}"#)
        let malformed = try Self.temporaryFile(#"{"steps": [{"removeAt": [0]}]}"#)
        defer {
            try? FileManager.default.removeItem(atPath: failing)
            try? FileManager.default.removeItem(atPath: malformed)
        }
        guard let failed = try Self.run(["--json", failing]) else { return }
        #expect(failed.status == 1)
        #expect(failed.stdout.contains(#""event": "expectationFailed""#))

        let refused = try #require(try Self.run(["--json", malformed]))
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("\(malformed): step 1: \"removeAt\" must be an index path"))

        let human = try #require(try Self.run(["Examples/Scenarios/companies-refresh.json", failing]))
        #expect(human.status == 1)
        #expect(human.stdout.contains("PASS  Examples/Scenarios/companies-refresh.json"))
        #expect(human.stdout.contains("FAIL  \(failing)"))
        #expect(human.stdout.hasSuffix("2 files: 1 passed, 1 failed\n"))

        let mixed = try #require(try Self.run([failing, malformed, "Examples/Scenarios/live-search.json"]))
        #expect(mixed.status == 2)
        #expect(mixed.stdout.contains("MALFORMED  \(malformed): step 1"))
        #expect(mixed.stdout.hasSuffix("3 files: 1 passed, 1 failed, 1 malformed\n"))

        let missing = try #require(try Self.run(["no/such/file.json"]))
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("MALFORMED  no/such/file.json: cannot read the file"))
    }

    @Test func usageErrorsExitTwo() throws {
        guard let none = try Self.run([]) else { return }
        #expect(none.status == 2)
        #expect(none.stderr.contains("usage: results-scenario [--json] FILE..."))
        let two = try #require(try Self.run(["--json", "a.json", "b.json"]))
        #expect(two.status == 2)
        #expect(two.stdout.isEmpty)
        let unknown = try #require(try Self.run(["--jsn", "a.json"]))
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option --jsn"))
        let help = try #require(try Self.run(["--help"]))
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: results-scenario [--json] FILE..."))
    }
}
