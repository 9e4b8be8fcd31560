// results-scenario: runs scenario files (SCENARIOS.md) through a results
// controller and prints what happened.
//
//     results-scenario [--json] FILE...
//
// Exit status: 2 when a file is malformed or unreadable, the usage is
// wrong or the log cannot be written; else 1 when an expectation failed,
// a batch of events broke the rules, or a file ended with a batch open;
// else 0.

import FilterableResultsScenarios
import Foundation

let usage = "usage: results-scenario [--json] FILE..."

let help = """
    \(usage)

    Runs each scenario file through a results controller, prints every change
    event it emits, checks the events against UIKit's batch-update rules and
    checks the file's expectations.

      --json      print the event log as JSON Lines (exactly one FILE)
      -h, --help  print this help

    Exit status: 0 when every file passed; 1 when an expectation failed, a
    batch of events broke the rules, or a file ended with a batch still open;
    2 when a file is malformed or unreadable, the usage is wrong, or the log
    cannot be written.
    """

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reports a usage error and exits with status 2.
func usageError(_ message: String) -> Never {
    printError("results-scenario: \(message)")
    printError(usage)
    exit(2)
}

// MARK: Arguments

var jsonOutput = false
var files: [String] = []
var optionsEnded = false
for argument in CommandLine.arguments.dropFirst() {
    if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        switch argument {
        case "--": optionsEnded = true
        case "--json": jsonOutput = true
        case "-h", "--help":
            print(help)
            exit(0)
        default: usageError("unknown option \(argument)")
        }
    } else {
        files.append(argument)
    }
}

if files.isEmpty { usageError("no scenario file given") }
if jsonOutput && files.count != 1 { usageError("--json takes exactly one file, got \(files.count)") }

// MARK: Running

if jsonOutput {
    let scenario: Scenario
    do {
        scenario = try Scenario(contentsOf: URL(fileURLWithPath: files[0]))
    } catch {
        printError("results-scenario: \(error)")
        exit(2)
    }
    // Streamed: a million-row file's log is never held whole.
    do {
        let failures = try ScenarioRunner().run(scenario, writingJSONLinesTo: .standardOutput)
        exit(failures.isEmpty ? 0 : 1)
    } catch {
        printError("results-scenario: cannot write the log: \(error)")
        exit(2)
    }
}

var passed = 0
var failed = 0
var malformed = 0
for (index, file) in files.enumerated() {
    if index > 0 { print() }
    do {
        let scenario = try Scenario(contentsOf: URL(fileURLWithPath: file))
        let result = ScenarioRunner().run(scenario)
        print(result.transcript, terminator: "")
        if result.passed { passed += 1 } else { failed += 1 }
    } catch {
        print("MALFORMED  \(error)")
        malformed += 1
    }
}
print()
var summary = "\(files.count) file\(files.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed"
if malformed > 0 { summary += ", \(malformed) malformed" }
print(summary)
exit(malformed > 0 ? 2 : failed > 0 ? 1 : 0)
