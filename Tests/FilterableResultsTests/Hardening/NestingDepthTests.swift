import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Deep nesting in predicates and JSON is refused with a typed error, and
/// everything the limits allow parses, evaluates, prints and compares on a
/// 512 KB stack.
@Suite("Nesting depth limits")
struct NestingDepthTests {
    static let limit = FormatPredicate.maximumNestingDepth

    /// `depth` levels of AND and OR, alternating, each in parentheses:
    /// `a == 0 AND (a == 1 OR (a == 2 AND (…)))`.
    static func alternating(_ depth: Int) -> String {
        var text = "a == \(depth)"
        for level in stride(from: depth - 1, through: 0, by: -1) {
            text = "a == \(level) \(level % 2 == 0 ? "AND" : "OR") (\(text))"
        }
        return text
    }

    /// `NOT` repeated `count` times before `a == 1`.
    static func nots(_ count: Int) -> String {
        String(repeating: "NOT ", count: count) + "a == 1"
    }

    /// `levels` parentheses, each adding an OR and an AND to the tree:
    /// `a == 1 OR a == 2 AND (a == 1 OR a == 2 AND (… innermost))`, so the
    /// tree is twice as deep as the parentheses (plus the innermost's own).
    static func implicitLevels(_ levels: Int, innermost: String = "a == 1") -> String {
        var text = innermost
        for _ in 0..<levels {
            text = "a == 1 OR a == 2 AND (\(text))"
        }
        return text
    }

    @Test("the limit is between 100 and 200 levels")
    func limitValue() {
        #expect((100...200).contains(Self.limit))
        #expect((100...200).contains(FieldValue.maximumNestingDepth))
    }

    @Test("a predicate at the limit parses, evaluates and prints on a 512 KB stack")
    func predicateAtLimit() async throws {
        let limit = Self.limit
        let formats = [
            Self.nots(limit),
            Self.alternating(limit),
            Self.implicitLevels(limit / 2, innermost: limit % 2 == 0 ? "a == 1" : "NOT a == 2"),
            String(repeating: "(", count: limit) + "a == 1" + String(repeating: ")", count: limit),
            String(repeating: "NOT (", count: limit / 2) + "a == 1" + String(repeating: ")", count: limit / 2),
        ]
        let outcome = await SmallStack.run { () -> [String] in
            formats.map { format in
                do {
                    let predicate = try FormatPredicate(format)
                    let object: FieldValue = ["a": 1, "b": 2]
                    let result = predicate.evaluate(object)
                    let reparsed = try FormatPredicate(predicate.description)
                    return "\(result) \(reparsed == predicate) \(reparsed.evaluate(object) == result)"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(outcome == [
            "\(limit % 2 == 0) true true", "false true true", "true true true", "true true true",
            "\(limit / 2 % 2 == 0) true true",
        ])
    }

    @Test("one level of NOT over the limit is refused where the nesting goes too deep")
    func notOverLimit() {
        let format = Self.nots(Self.limit + 1)
        #expect(throws: ResultsError.invalidPredicate(
            format, position: Self.limit * 4,
            expected: "at most \(Self.limit) levels of nested parentheses, NOT, AND and OR (the nesting is too deep)"
        )) {
            try FormatPredicate(format)
        }
    }

    @Test("one parenthesis over the limit is refused at that parenthesis")
    func parenthesisOverLimit() {
        let depth = Self.limit + 1
        let format = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        #expect(throws: ResultsError.invalidPredicate(
            format, position: Self.limit,
            expected: "at most \(Self.limit) levels of nested parentheses, NOT, AND and OR (the nesting is too deep)"
        )) {
            try FormatPredicate(format)
        }
    }

    @Test("AND and OR nested one level over the limit are refused at the group that is too deep")
    func logicOverLimit() throws {
        // Half as many parentheses as levels: the ANDs inside ORs count.
        let format = Self.implicitLevels(Self.limit / 2, innermost: Self.limit % 2 == 0 ? "NOT a == 2" : "NOT NOT a == 2")
        #expect(throws: ResultsError.invalidPredicate(
            format, position: 0,
            expected: "at most \(Self.limit) levels of nested parentheses, NOT, AND and OR (the nesting is too deep)"
        )) {
            try FormatPredicate(format)
        }
        // One level deeper than the limit allows, where the parentheses
        // alone reach it: refused at the innermost parenthesis.
        let parentheses = Self.alternating(Self.limit + 1)
        #expect(throws: ResultsError.invalidPredicate(
            parentheses, position: parentheses.distance(from: parentheses.startIndex, to: parentheses.range(of: "(a == \(Self.limit + 1))")!.lowerBound),
            expected: "at most \(Self.limit) levels of nested parentheses, NOT, AND and OR (the nesting is too deep)"
        )) {
            try FormatPredicate(parentheses)
        }
    }

    @Test("hostile nesting is an error, not a crash, even on a 512 KB stack", arguments: [
        LongText("(", times: 7_500),
        LongText("(", times: 100_000) + "a == 1" + LongText(")", times: 100_000),
        LongText("NOT ", times: 47_600) + "a == 1",
        LongText("!", times: 100_000) + "a == 1",
        LongText("(", times: 500) + "a == 1" + LongText(")", times: 500),
    ] as [LongText])
    func hostileNesting(format: LongText) async {
        let code = await SmallStack.run { () -> String in
            do {
                _ = try FormatPredicate(format.text)
                return "parsed"
            } catch let error as ResultsError {
                return error.code
            } catch {
                return "\(error)"
            }
        }
        #expect(code == "invalidPredicate")
    }

    @Test("JSON at the nesting limit parses, prints, compares and hashes on a 512 KB stack")
    func jsonAtLimit() async {
        let depth = FieldValue.maximumNestingDepth
        let outcome = await SmallStack.run { () -> String in
            let arrays = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let objects = String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
            var lines: [String] = []
            for text in [arrays, objects] {
                do {
                    let value = try FieldValue(parsingJSON: text)
                    let again = try FieldValue(parsingJSON: Array(text.utf8))
                    var hasher = Hasher()
                    hasher.combine(value)
                    _ = hasher.finalize()
                    lines.append("\(value.jsonText == text) \(value == again) \(FieldValue.compare(value, again) == .orderedSame) \(value.jsonTextWithSortedKeys.count == value.jsonText.count) \(value.hashValue == again.hashValue)")
                } catch {
                    lines.append("\(error)")
                }
            }
            return lines.joined(separator: "\n")
        }
        #expect(outcome == "true true true true true\ntrue true true true true")
    }

    @Test("JSON one level over the limit is a parse error naming the offset", arguments: [
        FieldValue.maximumNestingDepth + 1, 300, 100_000,
    ])
    func jsonOverLimit(depth: Int) async {
        let outcome = await SmallStack.run { () -> String in
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            do {
                _ = try FieldValue(parsingJSON: text)
                return "parsed"
            } catch let error as FieldValue.ParseError {
                return "\(error.offset) \(error.expected)"
            } catch {
                return "\(error)"
            }
        }
        let limit = FieldValue.maximumNestingDepth
        #expect(outcome == "\(limit) at most \(limit) levels of nested arrays and objects")
    }

    @Test("a scenario whose objects nest as deep as a file allows runs on a 512 KB stack")
    func deepScenario() async throws {
        // The deepest place in the file is an object in the "visible" of an
        // "expect": seven levels (the file, "steps", the step, the
        // expectation, "visible", a section) and the object's own.
        let pairs = (FieldValue.maximumNestingDepth - 8) / 2
        func nested(_ leaf: String) -> String {
            String(repeating: #"{"k": ["#, count: pairs) + leaf + String(repeating: "]}", count: pairs)
        }
        let a = #"{"a": \#(nested("1")), "b": 2}"#
        let b = #"{"a": \#(nested("2")), "b": 1}"#
        let text = """
            {"sortBy": ["a"], "steps": [
              {"setData": [\(b), \(a)]},
              {"addFilter": {"title": "b", "predicate": "b == 2"}},
              {"expect": {"visible": [[\(a)]]}},
              {"remove": \(a)},
              {"expect": {"data": [[\(b)]], "visible": [[]]}}
            ]}
            """
        let outcome = await SmallStack.run { () -> String in
            do {
                let result = ScenarioRunner().run(try Scenario(parsing: text))
                return "\(result.passed) \(result.failureSummary) \(!result.jsonLog.isEmpty && !result.transcript.isEmpty)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "true  true")
    }
}
