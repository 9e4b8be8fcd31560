import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths that cannot be read as scenario files: each says what is wrong in
/// plain words, from the library and from `results-scenario` (exit 2).
@Suite("Scenario file paths")
struct ScenarioPathTests {
    /// A fresh temporary directory holding the bad paths.
    final class Folder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("scenario-paths-\(UInt64.random(in: 0...UInt64.max))")
            let manager = FileManager.default
            try manager.createDirectory(at: url.appendingPathComponent("directory"), withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: path("loop-a"), withDestinationPath: "loop-b")
            try manager.createSymbolicLink(atPath: path("loop-b"), withDestinationPath: "loop-a")
            try manager.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "nowhere.json")
            try Data().write(to: url.appendingPathComponent("empty.json"))
            try Data(#"{"steps": []}"#.utf8).write(to: url.appendingPathComponent("unreadable.json"))
            try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: path("unreadable.json"))
            try Data(#"{"steps": []}"#.utf8).write(to: url.appendingPathComponent("good.json"))
            guard mkfifo(path("pipe"), 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// The problem `Scenario(contentsOf:)` reports for a path.
    static func problem(_ path: String) -> String {
        do {
            _ = try Scenario(contentsOf: URL(fileURLWithPath: path))
            return "read"
        } catch {
            return error.problem
        }
    }

    @Test("each unreadable path says what is wrong with it")
    func library() throws {
        let folder = try Folder()
        #expect(Self.problem(folder.path("missing.json")) == "cannot read the file: there is no such file")
        #expect(Self.problem(folder.path("no-directory/x.json"))
            == "cannot read the file: there is no such file: the directory '\(folder.path("no-directory"))' does not exist")
        #expect(Self.problem(folder.path("directory")) == "cannot read the file: it is a directory, not a file")
        #expect(Self.problem(folder.path("loop-a"))
            == "cannot read the file: it is a symbolic link that loops (it leads back to itself through other links)")
        #expect(Self.problem(folder.path("dangling"))
            == "cannot read the file: it is a symbolic link to 'nowhere.json', which does not exist")
        #expect(Self.problem(folder.path("empty.json")) == "not valid JSON: the file is empty")
        #expect(Self.problem("/dev/null") == "not valid JSON: the file is empty")
        #expect(Self.problem(folder.path("pipe"))
            == "cannot read the file: it is a named pipe (FIFO) and nothing was written to it")
        #expect(Self.problem(folder.path("good.json/x.json"))
            == "cannot read the file: a part of the path before the file name is a file, not a directory")
        #expect(Self.problem(folder.path("good.json")) == "read")
        if geteuid() != 0 {
            #expect(Self.problem(folder.path("unreadable.json"))
                == "cannot read the file: permission denied (it is not readable by this user)")
        }
    }

    @Test("a device that never ends is refused at the size limit")
    func endlessDevice() {
        #expect(Self.problem("/dev/zero")
            == "cannot read the file: it is larger than \(64) MiB, the most a scenario file may be")
    }

    @Test("a non-file URL is refused")
    func nonFileURL() throws {
        #expect(throws: ScenarioError.self) {
            try Scenario(contentsOf: try #require(URL(string: "https://example.com/s.json")))
        }
    }

    @Test("results-scenario exits 2 and names the problem, for each bad path")
    func command() throws {
        let folder = try Folder()
        let cases: [(String, String)] = [
            (folder.path("missing.json"), "cannot read the file: there is no such file"),
            (folder.path("directory"), "cannot read the file: it is a directory, not a file"),
            (folder.path("loop-a"), "cannot read the file: it is a symbolic link that loops"),
            (folder.path("dangling"), "cannot read the file: it is a symbolic link to 'nowhere.json', which does not exist"),
            ("/dev/null", "not valid JSON: the file is empty"),
            (folder.path("pipe"), "cannot read the file: it is a named pipe (FIFO) and nothing was written to it"),
        ]
        for (path, message) in cases {
            guard let json = try ScenarioCommandTests.run(["--json", path]) else { return }
            #expect(json.status == 2, "\(path)")
            #expect(json.stdout.isEmpty)
            #expect(json.stderr.contains("results-scenario: \(path): \(message)"), "\(json.stderr)")
            let human = try #require(try ScenarioCommandTests.run([path]))
            #expect(human.status == 2)
            #expect(human.stdout.contains("MALFORMED  \(path): \(message)"), "\(human.stdout)")
        }
    }

    /// A missing file named by one character, relative (`q`, `-`): Foundation's
    /// `deletingLastPathComponent` stopped the program on such a name
    /// (found by a hunt for defects).
    @Test("results-scenario names a missing file of a one-character name")
    func commandWithAOneCharacterName() throws {
        for name in ["q", "-"] {
            guard let json = try ScenarioCommandTests.run(["--json", name]) else { return }
            #expect(json.status == 2, "\(name)")
            #expect(json.stderr.contains("results-scenario: \(name): cannot read the file: there is no such file"), "\(json.stderr)")
            let human = try #require(try ScenarioCommandTests.run([name]))
            #expect(human.status == 2)
            #expect(human.stdout.contains("MALFORMED  \(name): cannot read the file: there is no such file"), "\(human.stdout)")
        }
    }

    @Test("results-scenario says so when the file is not readable by the user")
    func commandWithoutPermission() throws {
        let folder = try Folder()
        let path = folder.path("unreadable.json")
        var arguments = [path]
        if geteuid() == 0 {
            // The superuser reads anything: run the command as nobody.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                  let executable = ScenarioCommandTests.executable
            else {
                print("skipped: running as root without setpriv")
                return
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path, path]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = Pipe()
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(stdout.contains("MALFORMED  \(path): cannot read the file: permission denied (it is not readable by this user)"), "\(stdout)")
            return
        }
        guard let output = try ScenarioCommandTests.run(arguments) else { return }
        #expect(output.status == 2)
        #expect(output.stdout.contains("MALFORMED  \(path): cannot read the file: permission denied (it is not readable by this user)"))
    }
}
