import FilterableResults
import FilterableResultsPredicates
import Foundation
import TestSupport
import Testing

/// The comparison operators, as the parser lists them when one is missing.
private let operators = "==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN"

@Suite("FormatPredicate expression parsing")
struct FormatPredicateExpressionParsingTests {
    @Test("what the language leaves out is refused by name, at its position", arguments: [
        ("$x == 1", 0, "a key path or a value, not the variable $x: variables exist only inside SUBQUERY(collection, $x, predicate)"),
        ("a == $x.name", 5, "a key path or a value, not the variable $x: variables exist only inside SUBQUERY(collection, $x, predicate)"),
        ("SUBQUERY(items, $i, $j == 1).@count > 0", 20,
         "a key path or a value, not the variable $j, which no enclosing SUBQUERY binds (it binds $i)"),
        ("SUBQUERY($i, $i, TRUEPREDICATE).@count > 0", 9,
         "a key path or a value, not the variable $i: variables exist only inside SUBQUERY(collection, $i, predicate)"),
        ("tags[FIRST] == 'a'", 4, "a comparison operator (\(operators)) after 'tags' (array indexes such as [FIRST], [LAST], [SIZE] and [0] are not supported)"),
        ("tags[SIZE] == 3", 4, "a comparison operator (\(operators)) after 'tags' (array indexes such as [FIRST], [LAST], [SIZE] and [0] are not supported)"),
        ("a == tags[0]", 9, "AND, OR or the end of the predicate after 'tags' (array indexes such as [FIRST], [LAST], [SIZE] and [0] are not supported)"),
        ("a ** 2 > 1", 2, "a comparison operator (\(operators)) after 'a' ('**', raising to a power, is not supported)"),
        ("tags UNION other == 1", 5, "a comparison operator (\(operators)) after 'tags' (the set operators UNION, INTERSECT and MINUS are not supported)"),
        ("FUNCTION(a, 'x') == 1", 0, "a key path or a value, not a function call: FUNCTION(…) is not supported (nor are FUNCTION, CAST, TERNARY and other functions)"),
        ("now() > 1", 0, "a key path or a value, not a function call: now(…) is not supported (nor are FUNCTION, CAST, TERNARY and other functions)"),
        ("a == CAST(b, 'NSNumber')", 5, "a key path or a value, not a function call: CAST(…) is not supported (nor are FUNCTION, CAST, TERNARY and other functions)"),
        ("TERNARY(a == 1, 2, 3) == 2", 0, "a key path or a value, not a function call: TERNARY(…) is not supported (nor are FUNCTION, CAST, TERNARY and other functions)"),
        ("tags.@distinctUnionOfObjects.name == 1", 5,
         "a collection operator @count, @sum, @avg, @min or @max (@distinctUnionOfObjects is not supported, nor is any array or set operator such as @unionOfObjects)"),
        ("@unionOfArrays == 1", 0,
         "a collection operator @count, @sum, @avg, @min or @max (@unionOfArrays is not supported, nor is any array or set operator such as @unionOfObjects)"),
        ("tags.@Count == 1", 5,
         "a collection operator @count, @sum, @avg, @min or @max (@Count is not supported, nor is any array or set operator such as @unionOfObjects)"),
        ("tags.@count.x == 1", 11, "no key path after @count, which counts the elements themselves"),
        ("(a).b == 1", 4, "a collection operator (@count, @sum, @avg, @min or @max) after '.'"),
        ("a == 0x1F", 5, "a decimal number (hexadecimal, octal and binary numbers such as 0x1F are not supported)"),
        ("a == 0b101", 5, "a decimal number (hexadecimal, octal and binary numbers such as 0x1F are not supported)"),
        ("a ==[n] 1", 5, "a modifier c, d or cd after '[' (the modifiers n and l are not supported)"),
    ])
    func refusedByName(format: String, position: Int, expected: String) {
        #expect(throws: ResultsError.invalidPredicate(format, position: position, expected: expected)) {
            try FormatPredicate(format)
        }
    }

    @Test("LIKE refuses a number, a Boolean or null as its pattern, as MATCHES does", arguments: [
        ("a LIKE 3", "3"), ("a LIKE TRUE", "true"), ("a LIKE nil", "null"), ("a LIKE[c] -2.5", "-2.5"),
    ])
    func likeNeedsAString(format: String, value: String) {
        let operatorText = format.contains("[c]") ? "LIKE[c]" : "LIKE"
        let position = format.distance(from: format.startIndex, to: format.range(of: operatorText)!.upperBound) + 1
        #expect(throws: ResultsError.invalidPredicate(
            format, position: position,
            expected: "a pattern in quotes, a key path, or %@ with a string argument after '\(operatorText)' (not \(value))"
        )) {
            try FormatPredicate(format)
        }
    }

    @Test("LIKE refuses a number argument, and still takes a string one or a key path")
    func likeArguments() throws {
        #expect(throws: ResultsError.invalidPredicate(
            "a LIKE %@", position: 7, expected: "a pattern in quotes, a key path, or %@ with a string argument after 'LIKE' (not 3)"
        )) {
            try FormatPredicate("a LIKE %@", arguments: [3])
        }
        #expect(try FormatPredicate("a LIKE %@", arguments: ["k*"]).evaluate(["a": "kindle"] as FieldValue))
        #expect(try FormatPredicate("a LIKE b").evaluate(["a": "kindle", "b": "*dle"] as FieldValue))
    }

    @Test("%K names a field even when it spells SELF or a variable, and prints so")
    func keyPathArguments() throws {
        let object: FieldValue = ["$x": 1, "SELF": 2, "self": ["a": 3]]
        for (path, canonical) in [("$x", "#$x == 1"), ("SELF", "#SELF == 1"), ("self.a", "#self.a == 1")] {
            let predicate = try FormatPredicate("%K == 1", arguments: [.string(path)])
            #expect(predicate.description == canonical)
            #expect(try FormatPredicate(canonical) == predicate)
        }
        #expect(try FormatPredicate("%K == 1", arguments: ["$x"]).evaluate(object))
        #expect(try FormatPredicate("%K == 3", arguments: ["self.a"]).evaluate(object))
    }

    @Test("SUBQUERYs nest at most maximumSubqueryNestingDepth deep")
    func subqueryLimit() {
        let depth = FormatPredicate.maximumSubqueryNestingDepth
        let format = FormatPredicateExpressionNestingTests.subqueries(depth + 1)
        let position = format.components(separatedBy: "SUBQUERY(").prefix(depth + 1).joined(separator: "SUBQUERY(").count
        #expect(throws: ResultsError.invalidPredicate(
            format, position: position,
            expected: "at most \(depth) SUBQUERYs nested inside one another (the nesting is too deep)"
        )) {
            try FormatPredicate(format)
        }
    }

    @Test("malformed expressions say what was expected", arguments: [
        ("a + == 1", 4, "a value or a key path after '+'"),
        ("a * == 1", 4, "a value or a key path after '*'"),
        ("-", 1, "a value or a key path after '-'"),
        ("a == -", 6, "a value or a key path after '-'"),
        ("a == ( )", 7, "a value or a key path after '('"),
        ("(a + 1) AND b == 1", 8, "a comparison operator (\(operators)) after '(a + 1)'"),
        ("ANY tags", 8, "a comparison operator (\(operators)) after 'ANY tags'"),
        ("ANY tags == {1}", 12, "a value or a key path after '=='"),
        ("SUBQUERY(items, x, TRUEPREDICATE).@count > 0", 16, "a variable such as $x after the collection of SUBQUERY"),
        ("SUBQUERY(items, $x TRUEPREDICATE).@count > 0", 19, "',' after the variable of SUBQUERY"),
        ("SUBQUERY(items, $x, TRUEPREDICATE", 33, "AND, OR or ')' to close the SUBQUERY at character 0"),
        ("a == $", 5, "a variable name after '$'"),
        ("a.@ == 1", 2, "a key path, a value, an operator or a parenthesis (not '@')"),
    ])
    func malformed(format: String, position: Int, expected: String) {
        #expect(throws: ResultsError.invalidPredicate(format, position: position, expected: expected)) {
            try FormatPredicate(format)
        }
    }

    @Test("the canonical text of the new forms parses back to an equal predicate", arguments: [
        ("any tags == 'x'", #"ANY tags == "x""#),
        ("some tags ==[c] 'x'", #"ANY tags ==[c] "x""#),
        ("all scores > 3", "ALL scores > 3"),
        ("none tags beginswith[cd] 'a'", #"NONE tags BEGINSWITH[cd] "a""#),
        ("ANY tags IN {'a', 'b'}", #"ANY tags IN {"a", "b"}"#),
        ("price * quantity > 100", "price * quantity > 100"),
        ("(a + b) * c == 1", "(a + b) * c == 1"),
        ("a + (b + c) == 1", "a + (b + c) == 1"),
        ("(a + b) + c == 1", "a + b + c == 1"),
        ("a - (b - c) == 1", "a - (b - c) == 1"),
        ("a * (b / c) == 1", "a * (b / c) == 1"),
        ("a -3 == 1", "a - 3 == 1"),
        ("a - -3 == 1", "a - -3 == 1"),
        ("-(3) == a", "a == -3"),
        ("- -a == 1", "- -a == 1"),
        ("-(-a) == 1", "- -a == 1"),
        ("-(a + 1) == 1", "-(a + 1) == 1"),
        ("((a)) == 1", "a == 1"),
        ("SELF.a == 1", "a == 1"),
        ("self == 1", "SELF == 1"),
        ("#self == 1", "#self == 1"),
        ("#self.a == 1", "#self.a == 1"),
        ("tags.@count == 2", "tags.@count == 2"),
        ("@sum > 1", "SELF.@sum > 1"),
        ("items.@sum.price > 1", "items.@sum.price > 1"),
        ("items.@max.price.@count > 1", "items.@max.price.@count > 1"),
        ("(a + 1).@count == 1", "(a + 1).@count == 1"),
        ("SUBQUERY(items, $i, $i.price > 3 AND $i.tags.@count == 0).@count > 0",
         "SUBQUERY(items, $i, $i.price > 3 AND $i.tags.@count == 0).@count > 0"),
        ("x IN {a + 1, 2}", "x IN {a + 1, 2}"),
        ("x BETWEEN {a - 1, a + 1}", "x BETWEEN {a - 1, a + 1}"),
        ("all == 1", "all == 1"),
        ("ANY any == 1", "ANY any == 1"),
    ])
    func canonical(format: String, canonical: String) throws {
        let predicate = try FormatPredicate(format)
        #expect(predicate.description == canonical)
        let reparsed = try FormatPredicate(predicate.description)
        #expect(reparsed == predicate)
        #expect(reparsed.description == canonical)
    }
}

@Suite("FormatPredicate expression nesting")
struct FormatPredicateExpressionNestingTests {
    static let limit = FormatPredicate.maximumNestingDepth
    static let message = "at most \(limit) levels of nested parentheses, arithmetic, collection operators, SUBQUERY, NOT, AND and OR (the nesting is too deep)"

    /// `levels` nested SUBQUERYs, each over the element's `items`.
    static func subqueries(_ levels: Int, innermost: String = "TRUEPREDICATE") -> String {
        var text = innermost
        for level in stride(from: levels, to: 0, by: -1) {
            let collection = level == 1 ? "items" : "$v\(level - 1).items"
            text = "SUBQUERY(\(collection), $v\(level), \(text)).@count > 0"
        }
        return text
    }

    /// `depth` levels of AND and OR, alternating, each in parentheses.
    static func alternating(_ depth: Int) -> String {
        var text = "a == \(depth)"
        for level in stride(from: depth - 1, through: 0, by: -1) {
            text = "a == \(level) \(level % 2 == 0 ? "AND" : "OR") (\(text))"
        }
        return text
    }

    @Test("expressions at the limit parse, evaluate and print back on a 512 KB stack")
    func atLimit() async {
        let limit = Self.limit
        let formats = [
            String(repeating: "-", count: limit) + "a == 1",
            String(repeating: "(", count: limit) + "a + 1" + String(repeating: ")", count: limit) + " == 2",
            "a " + String(repeating: "+ (1 ", count: limit - 1) + String(repeating: ")", count: limit - 1) + " == \(limit)",
            Self.subqueries(FormatPredicate.maximumSubqueryNestingDepth),
            Self.subqueries(FormatPredicate.maximumSubqueryNestingDepth, innermost: Self.alternating(limit - 20)),
            Self.subqueries(FormatPredicate.maximumSubqueryNestingDepth, innermost: String(repeating: "-", count: limit - 20) + "a == 1"),
        ]
        let outcome = await SmallStack.run { () -> [String] in
            formats.map { format in
                do {
                    let predicate = try FormatPredicate(format)
                    var object: FieldValue = ["a": 1]
                    for _ in 0..<FormatPredicate.maximumSubqueryNestingDepth { object = ["a": 1, "items": [object]] }
                    let result = predicate.evaluate(object)
                    let reparsed = try FormatPredicate(predicate.description)
                    return "\(result) \(reparsed == predicate) \(reparsed.evaluate(object) == result)"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(outcome == [
            "\(limit % 2 == 0) true true", "true true true", "true true true", "true true true", "false true true", "true true true",
        ])
    }

    @Test("nesting over the limit is refused with a typed error, never a crash, on a 512 KB stack", arguments: [
        LongText("-", times: 101) + "a == 1",
        "a == " + LongText("-", times: 100_000) + "a",
        LongText("(", times: 101) + "a + 1" + LongText(")", times: 101) + " == 2",
        "a == " + LongText("(", times: 100_000) + "a",
        "a == " + LongText("(1 + ", times: 100_000) + "1" + LongText(")", times: 100_000),
        "a " + LongText("+ (1 ", times: 150) + LongText(")", times: 150) + " == 1",
        LongText(subqueries(FormatPredicate.maximumSubqueryNestingDepth + 1), named: "subqueries(maximumSubqueryNestingDepth + 1)"),
        LongText(subqueries(200), named: "subqueries(200)"),
        LongText("SUBQUERY(a, $x, ", times: 10_000),
        "a == b.@count.@count" + LongText(".@count", times: 200),
    ] as [LongText])
    func overLimit(format: LongText) async {
        let code = await SmallStack.run { () -> String in
            do {
                _ = try FormatPredicate(format.text)
                return "parsed"
            } catch let error as ResultsError {
                guard case let .invalidPredicate(_, _, expected) = error else { return "\(error)" }
                return expected.contains("the nesting is too deep") ? "too deep" : expected
            } catch {
                return "\(error)"
            }
        }
        #expect(code == "too deep")
    }

    @Test("an expression one level over the limit is refused at the level that is too deep")
    func unaryOverLimit() {
        let format = String(repeating: "-", count: Self.limit + 1) + "a == 1"
        #expect(throws: ResultsError.invalidPredicate(format, position: Self.limit, expected: Self.message)) {
            try FormatPredicate(format)
        }
    }

    @Test("a huge array is fine for ANY, the collection operators and SUBQUERY")
    func hugeArray() throws {
        let count = 200_000
        let object: FieldValue = ["values": .array((0..<count).map { .integer($0) })]
        #expect(try FormatPredicate("ANY values == \(count - 1)").evaluate(object))
        #expect(try FormatPredicate("ALL values >= 0").evaluate(object))
        #expect(try FormatPredicate("values.@count == \(count) AND values.@max == \(count - 1) AND values.@sum > 0").evaluate(object))
        #expect(try FormatPredicate("SUBQUERY(values, $v, $v < 10).@count == 10").evaluate(object))
    }
}
