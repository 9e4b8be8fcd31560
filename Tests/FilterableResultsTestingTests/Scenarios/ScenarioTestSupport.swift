import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Helpers shared by the scenario tests.
enum ScenarioTestSupport {
    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Scenarios
        .deletingLastPathComponent()   // FilterableResultsTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// Parses and runs a scenario text.
    static func run(_ text: String, file: String = "test.json") throws -> ScenarioResult {
        ScenarioRunner().run(try Scenario(parsing: text, file: file))
    }

    /// Parses JSON Lines.
    static func parseLines(_ text: String) throws -> [FieldValue] {
        try text.split(separator: "\n", omittingEmptySubsequences: true).map { try FieldValue(parsingJSON: String($0)) }
    }

    /// The fields the contract gives each kind of line.
    static let contractFields: [String: Set<String>] = [
        "state": ["event", "step", "visible", "data"],
        "willChangeContent": ["event", "step"],
        "didChangeContent": ["event", "step"],
        "shouldReload": ["event", "step"],
        "didChangeSection": ["event", "step", "type", "index", "newIndex"],
        "didChangeObject": ["event", "step", "type", "key", "indexPath", "newIndexPath", "updated"],
        "error": ["event", "step", "code", "message"],
        "expectationFailed": ["event", "step", "message"],
    ]

    /// A line reduced to what the contract fixes: its contract fields,
    /// without messages and without `"updated": false`.
    static func canonical(_ line: FieldValue) -> FieldValue {
        guard case let .object(object) = line, case let .string(event)? = object["event"],
              let fields = contractFields[event] else { return line }
        var result = FieldObject()
        for (key, value) in object where fields.contains(key) && key != "message" {
            if key == "updated" && value == .bool(false) { continue }
            result[key] = value
        }
        return .object(result)
    }

    /// Why two logs are not equivalent under the contract's freedoms (the
    /// order of events inside a group, message texts, added fields), or
    /// `nil` when they are.
    static func equivalenceProblem(actual: [FieldValue], expected: [FieldValue]) -> String? {
        func tokens(_ lines: [FieldValue]) -> [[FieldValue]] {
            var tokens: [[FieldValue]] = []
            var group: [FieldValue]?
            for line in lines.map(canonical) {
                let event = line["event"]?.stringValue
                if event == "willChangeContent" {
                    tokens.append([line])
                    group = []
                } else if event == "didChangeContent" {
                    tokens.append((group ?? []).sorted { $0.jsonTextWithSortedKeys < $1.jsonTextWithSortedKeys })
                    tokens.append([line])
                    group = nil
                } else if group != nil {
                    group!.append(line)
                } else {
                    tokens.append([line])
                }
            }
            return tokens
        }
        let (a, b) = (tokens(actual), tokens(expected))
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            let got = index < a.count ? a[index].map(\.jsonText).joined(separator: "\n  ") : "(nothing)"
            let want = index < b.count ? b[index].map(\.jsonText).joined(separator: "\n  ") : "(nothing)"
            return "line group \(index):\n expected\n  \(want)\n got\n  \(got)"
        }
        return nil
    }

    /// Checks that every line of a log has the contract's fields and no others.
    static func expectContractShape(_ result: ScenarioResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in result.log {
            guard case let .object(object) = line.json, let event = object["event"]?.stringValue,
                  let fields = contractFields[event] else {
                Issue.record("not a contract line: \(line.jsonText)", sourceLocation: sourceLocation)
                continue
            }
            for key in object.keys where !fields.contains(key) {
                Issue.record("field \(key) is not in the contract: \(line.jsonText)", sourceLocation: sourceLocation)
            }
        }
    }
}
