import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The object most evaluation cases run against.
private let sample: FieldValue = [
    "name": "Crème Brûlée",
    "title": "Kindle Paperwhite",
    "type": "t1.micro",
    "score": 42,
    "price": 9.5,
    "zero": 0,
    "active": true,
    "retired": false,
    "nothing": .null,
    "empty": "",
    "tags": ["Red", "green", "BLUE"],
    "numbers": [1, 2, 3],
    "range": [10, 50],
    "owner": ["id": 7, "name": "Ada", "team": ["name": "core"]],
    "path": "a*b?c",
]

/// Parses and evaluates, recording a parse failure as an issue.
private func evaluate(_ format: String, _ object: FieldValue = sample) -> Bool? {
    do {
        return try FormatPredicate(format).evaluate(object)
    } catch {
        Issue.record("\(format) did not parse: \(error)")
        return nil
    }
}

@Suite("FormatPredicate evaluation")
struct FormatPredicateEvaluationTests {
    @Test("plain comparisons of numbers", arguments: [
        ("score == 42", true), ("score = 42", true), ("score == 42.0", true), ("score != 42", false),
        ("score <> 41", true), ("score < 43", true), ("score < 42", false), ("score <= 42", true),
        ("score > 41", true), ("score > 42", false), ("score >= 42", true), ("score >= 42.5", false),
        ("price > 9", true), ("price < 9.5", false), ("price == 9.5", true), ("price <= 9.5", true),
        ("price > 9.25", true), ("score > -1e3", true), ("zero == -0", true), ("zero == 0.0", true),
    ])
    func numbers(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("a literal may stand on the left", arguments: [
        ("42 == score", true), ("43 > score", true), ("5 < score", true), ("5 > score", false),
        ("42 <= score", true), ("-1 < zero", true), ("'Kindle Paperwhite' == title", true),
        ("'Kindle' BEGINSWITH title", false), ("'Kindle Paperwhite and more' BEGINSWITH title", true),
        ("1 == 1", true), ("'a' < 'b'", true), ("1 == '1'", false),
    ])
    func literalOnLeft(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("two key paths compare with each other", arguments: [
        ("owner.id < score", true), ("name == name", true), ("missing == nothing", true),
        ("title == type", false), ("score != owner.id", true),
    ])
    func fieldAgainstField(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("strings compare by scalars, with [c] lowercasing and [d] stripping marks", arguments: [
        ("name == 'Crème Brûlée'", true), (#"name == "Crème Brûlée""#, true),
        ("name ==[c] 'crème brûlée'", true), ("name ==[d] 'Creme Brulee'", true),
        ("name ==[cd] 'CREME BRULEE'", true), ("name ==[dc] 'CREME BRULEE'", true),
        ("name == 'creme brulee'", false), ("name ==[c] 'creme brulee'", false),
        ("name ==[d] 'creme brulee'", false), ("name !=[cd] 'creme brulee'", false),
        ("title < 'L'", true), ("title < 'K'", false), ("title > 'Kindle'", true),
        ("title < 'a'", true), ("title <[c] 'a'", false), ("title <[c] 'kindle q'", true),
        ("title <=[c] 'KINDLE PAPERWHITE'", true), ("title >=[c] 'kindle paperwhite'", true),
    ])
    func strings(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("BEGINSWITH, ENDSWITH and CONTAINS on strings", arguments: [
        ("title BEGINSWITH 'Kin'", true), ("title BEGINSWITH 'kin'", false),
        ("title BEGINSWITH[c] 'kin'", true), ("title BEGINSWITH ''", true),
        ("title BEGINSWITH 'Kindle Paperwhite!'", false), ("name BEGINSWITH 'Cre'", false),
        ("name BEGINSWITH[d] 'Cre'", true), ("type BEGINSWITH 't1'", true),
        ("title ENDSWITH 'white'", true), ("title ENDSWITH 'White'", false),
        ("title ENDSWITH[c] 'WHITE'", true), ("name ENDSWITH[cd] 'LEE'", true), ("title ENDSWITH ''", true),
        ("title CONTAINS 'Paper'", true), ("title CONTAINS 'paper'", false),
        ("title CONTAINS[c] 'paper'", true), ("name CONTAINS[d] 'Brul'", true),
        ("title CONTAINS 'x'", false), ("title CONTAINS ''", true), ("empty CONTAINS ''", true),
        ("empty CONTAINS 'a'", false), ("title CONTAINS 'white'", true), ("title CONTAINS 'whitee'", false),
    ])
    func stringOperators(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("CONTAINS on an array field tests membership", arguments: [
        ("tags CONTAINS 'green'", true), ("tags CONTAINS 'red'", false), ("tags CONTAINS[c] 'red'", true),
        ("tags CONTAINS[c] 'blue'", true), ("tags CONTAINS 'gre'", false), ("numbers CONTAINS 2", true),
        ("numbers CONTAINS 2.0", true), ("numbers CONTAINS 4", false), ("numbers CONTAINS '2'", false),
        ("NOT tags CONTAINS 'purple'", true),
    ])
    func arrayContains(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("LIKE matches the whole string with * and ? wildcards", arguments: [
        ("title LIKE 'Kindle*'", true), ("title LIKE 'Kindle'", false), ("title LIKE '*Paper*'", true),
        ("title LIKE 'K?ndle*'", true), ("title LIKE 'k?ndle*'", false), ("title LIKE[c] 'k?NDLE*'", true),
        ("title LIKE '*'", true), ("empty LIKE '*'", true), ("empty LIKE '?'", false), ("empty LIKE ''", true),
        ("title LIKE '*white'", true), ("title LIKE '*w*e'", true), ("title LIKE 'K*e*'", true),
        ("title LIKE 'K*x*'", false), ("title LIKE '?'", false), ("title LIKE '*e?'", false),
        ("name LIKE 'Cr?me*'", true), ("name LIKE 'Cr??me*'", false), ("name LIKE[d] 'Creme*'", true),
        ("path LIKE 'a\\*b\\?c'", true), ("path LIKE 'a\\*b\\?x'", false), ("path LIKE 'a\\*b?c'", true),
        ("path LIKE 'a\\?b*'", false), ("score LIKE '42'", false),
    ])
    func like(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("MATCHES needs the regular expression to match the whole string", arguments: [
        ("title MATCHES 'Kindle.*'", true), ("title MATCHES 'Kindle'", false), ("title MATCHES 'Paper'", false),
        ("title MATCHES '.*Paper.*'", true), ("title MATCHES 'kindle.*'", false),
        ("title MATCHES[c] 'kindle.*'", true), ("type MATCHES 't\\d\\.\\w+'", true),
        ("type MATCHES 't\\\\d\\\\.\\\\w+'", true), ("title MATCHES 'K|Kindle Paperwhite'", true),
        ("title MATCHES 'Kindle|K'", false), ("name MATCHES[d] 'Creme.*'", true),
        ("name MATCHES 'Creme.*'", false), ("score MATCHES '42'", false), ("empty MATCHES ''", true),
        ("type MATCHES '[a-z][0-9][.]micro'", true),
    ])
    func matches(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("IN tests membership in a list, an array field, or a string field", arguments: [
        ("score IN {1, 42}", true), ("score IN {1, 2}", false), ("score IN {}", false),
        ("score IN {42.0}", true), ("score IN {'42'}", false),
        ("type IN {'t1.micro', 't2.small'}", true), ("type IN {'T1.MICRO'}", false),
        ("type IN[c] {'T1.MICRO'}", true), ("'green' IN tags", true), ("'Green' IN tags", false),
        ("'Green' IN[c] tags", true), ("2.0 IN numbers", true), ("'Paper' IN title", true),
        ("'paper' IN title", false), ("nothing IN {nil, 1}", true), ("missing IN {nil}", true),
        ("missing IN {1}", false), ("owner.id IN {7, 8}", true), ("score IN {owner.id, 42}", true),
        ("score IN missing", false), ("score in {42}", true),
    ])
    func membership(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("BETWEEN is inclusive and needs both bounds of the value's kind", arguments: [
        ("score BETWEEN {40, 50}", true), ("score BETWEEN {42, 42}", true), ("score BETWEEN {43, 50}", false),
        ("score BETWEEN {1, 41.99}", false), ("price BETWEEN {9, 10}", true), ("score BETWEEN {'a', 'z'}", false),
        ("score BETWEEN {1, 'z'}", false), ("title BETWEEN {'K', 'L'}", true), ("title BETWEEN {'k', 'l'}", false),
        ("title BETWEEN[c] {'kindle', 'kindle z'}", true), ("score BETWEEN range", true),
        ("owner.id BETWEEN range", false), ("score BETWEEN tags", false), ("score BETWEEN title", false),
        ("missing BETWEEN {1, 2}", false), ("score between {40, 50}", true),
    ])
    func between(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("nil matches null and missing fields only", arguments: [
        ("nothing == nil", true), ("missing == nil", true), ("missing == NULL", true), ("missing = nil", true),
        ("nil == missing", true), ("score == nil", false), ("empty == nil", false), ("retired == nil", false),
        ("nothing != nil", false), ("missing != nil", false), ("score != nil", true), ("tags != nil", true),
        ("owner.missing == nil", true), ("owner.team.missing == nil", true), ("score.deeper == nil", true),
    ])
    func nilAndMissing(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("Booleans compare with TRUE, YES, FALSE and NO", arguments: [
        ("active == TRUE", true), ("active == YES", true), ("active == true", true), ("active == yes", true),
        ("retired == NO", true), ("retired == FALSE", true), ("active == FALSE", false),
        ("retired < active", true), ("active > retired", true), ("active == 1", false), ("retired == 0", false),
        ("active BETWEEN {FALSE, TRUE}", true),
    ])
    func booleans(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("values of different kinds are never equal nor ordered", arguments: [
        ("score == '42'", false), ("score != '42'", true), ("score < '50'", false), ("score > '1'", false),
        ("score <= '50'", false), ("score >= '1'", false), ("title < 5", false), ("title > 5", false),
        ("title != 5", true), ("nothing < 1", false), ("nothing > 1", false), ("missing < 1", false),
        ("missing > 1", false), ("missing >= 1", false), ("active < 2", false), ("tags == 'green'", false),
        ("score BEGINSWITH '4'", false), ("score ENDSWITH '2'", false), ("score CONTAINS 4", false),
        ("owner == 7", false), ("tags < 'z'", false), ("title BEGINSWITH 5", false), ("missing LIKE '*'", false),
        ("missing CONTAINS ''", false), ("missing != 5", true), ("missing == 5", false),
    ])
    func kindMismatches(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("dotted key paths reach into nested objects", arguments: [
        ("owner.id == 7", true), ("owner.id > 5", true), ("owner.name BEGINSWITH 'A'", true),
        ("owner.team.name == 'core'", true), ("owner.team.name ==[c] 'CORE'", true),
        ("owner.id > 5 AND owner.name == 'Ada'", true), ("owner.name.first == nil", true),
    ])
    func nestedKeyPaths(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("NOT binds tighter than AND, and AND tighter than OR", arguments: [
        ("TRUEPREDICATE OR FALSEPREDICATE AND FALSEPREDICATE", true),
        ("FALSEPREDICATE AND FALSEPREDICATE OR TRUEPREDICATE", true),
        ("(TRUEPREDICATE OR FALSEPREDICATE) AND FALSEPREDICATE", false),
        ("NOT FALSEPREDICATE AND FALSEPREDICATE", false),
        ("NOT (FALSEPREDICATE AND FALSEPREDICATE)", true),
        ("NOT TRUEPREDICATE OR TRUEPREDICATE", true),
        ("NOT (TRUEPREDICATE OR TRUEPREDICATE)", false),
        ("! TRUEPREDICATE || TRUEPREDICATE && FALSEPREDICATE", false),
        ("score == 1 OR score == 42 AND title == 'x'", false),
        ("(score == 1 OR score == 42) AND title BEGINSWITH 'K'", true),
        ("score == 42 AND (title == 'x' OR type == 't1.micro')", true),
        ("((score == 42))", true),
    ])
    func precedence(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("logical operators in every spelling", arguments: [
        ("NOT score == 1", true), ("! score == 42", false), ("!score == 42", false), ("NOT NOT score == 42", true),
        ("not score == 42", false), ("score == 1 || score == 42", true), ("score == 1 or score == 42", true),
        ("score == 42 && title == 'x'", false), ("score == 42 and not retired == true", true),
        ("score == 42 AnD active == YES", true), ("TRUEPREDICATE", true), ("FALSEPREDICATE", false),
        ("truepredicate", true), ("NOT FALSEPREDICATE", true),
        ("score == 1 OR score == 2 OR score == 3 OR score == 42", true),
        ("score > 1 AND score > 2 AND score > 3 AND score > 50", false),
    ])
    func logic(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("modifiers are accepted on every operator and affect only strings", arguments: [
        ("score ==[cd] 42", true), ("score <[c] 50", true), ("score IN[d] {42}", true),
        ("score BETWEEN[cd] {40, 50}", true), ("tags CONTAINS[cd] 'GREEN'", true),
        ("title BEGINSWITH [c] 'kin'", true), ("title LIKE[cd] 'KINDLE*'", true),
    ])
    func modifiers(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("cases that need their own object", arguments: [
        ("#in == 'x'", #"{"in": "x"}"#, true),
        ("#AND.x == 1", #"{"AND": {"x": 1}}"#, true),
        ("quote == 'it\\'s'", #"{"quote": "it's"}"#, true),
        ("quote == \"say \\\"hi\\\"\"", #"{"quote": "say \"hi\""}"#, true),
        ("text == 'a\\nb\\tc'", #"{"text": "a\nb\tc"}"#, true),
        ("text == '\\u00e9\\ud83d\\ude00'", #"{"text": "é😀"}"#, true),
        ("text == 'back\\\\slash'", #"{"text": "back\\slash"}"#, true),
        ("letter ==[cd] 'i'", #"{"letter": "İ"}"#, true),
        ("name CONTAINS[cd] 'cafe'", #"{"name": "CAFÉ"}"#, true),
        ("name CONTAINS[cd] 'cafe'", #"{"name": "CAFE\u0301"}"#, true),
        ("name ==[c] 'straße'", #"{"name": "STRAßE"}"#, true),
        ("s == 'é'", #"{"s": "e\u0301"}"#, false),
        ("s ==[d] 'é'", #"{"s": "e\u0301"}"#, true),
        ("s < 'é'", #"{"s": "e\u0301"}"#, true),
        ("big == 9007199254740993", #"{"big": 9007199254740993}"#, true),
        ("big == 9007199254740992", #"{"big": 9007199254740993}"#, false),
        ("big > 9007199254740992", #"{"big": 9007199254740993}"#, true),
        ("big > 9007199254740992.0", #"{"big": 9007199254740993}"#, true),
        ("x > 1", #"{"x": 1.5}"#, true),
        ("x < 2", #"{"x": 1.5}"#, true),
        ("x == 1", #"{"x": 1.0}"#, true),
        ("x == 1.5", #"{"x": 1.5}"#, true),
        ("x BETWEEN {1, 10}", #"{"x": 10.0}"#, true),
        ("x == nil", "5", true),
        ("x != nil", "[1]", false),
        ("title LIKE pattern", #"{"title": "Kindle", "pattern": "Kin*"}"#, true),
        ("title LIKE[c] pattern", #"{"title": "Kindle", "pattern": "KIN*"}"#, true),
        ("title LIKE pattern", #"{"title": "Kindle", "pattern": 5}"#, false),
        ("tags == tags", #"{"tags": [1, {"a": 2}]}"#, true),
        ("a == b", #"{"a": {"x": 1, "y": 2}, "b": {"y": 2, "x": 1.0}}"#, true),
        ("a < b", #"{"a": [1, 2], "b": [10]}"#, true),
        ("a > b", #"{"a": {"k": 2}, "b": {"k": 10}}"#, true),
        ("name ==[c] 'ÉCOLE'", #"{"name": "école"}"#, true),
        ("name BEGINSWITH[c] 'ÉC'", #"{"name": "École"}"#, true),
        ("name ENDSWITH[c] 'le'", #"{"name": "ÉCOLÉ"}"#, false),
        ("name ENDSWITH[cd] 'le'", #"{"name": "ÉCOLÉ"}"#, true),
        ("name ENDSWITH[cd] 'le'", #"{"name": "ÉCOLE"}"#, true),
        ("name LIKE[cd] '?cole'", #"{"name": "ÉCOLE"}"#, true),
        ("name LIKE '?cole'", #"{"name": "e\u0301cole"}"#, false),
        ("name LIKE '??cole'", #"{"name": "e\u0301cole"}"#, true),
        ("emoji LIKE '?'", #"{"emoji": "😀"}"#, true),
        ("emoji LIKE '*😀*'", #"{"emoji": "a😀b"}"#, true),
    ])
    func ownObject(format: String, json: String, expected: Bool) throws {
        #expect(evaluate(format, try FieldValue(parsingJSON: json)) == expected)
    }

    /// An element that exposes its fields through a `switch`, as an app's
    /// model type would.
    struct Row: FieldValueProviding {
        var score: Int
        var ratio: Double
        var name: String
        var owner: FieldValue = ["id": 7]

        func fieldValue(named name: String) -> FieldValue? {
            switch name {
            case "score": .integer(score)
            case "ratio": .double(ratio)
            case "name": .string(self.name)
            case "owner": owner
            default: nil
            }
        }
    }

    @Test("struct elements compare numbers of either representation exactly", arguments: [
        ("score < 450000", true), ("score < 449999", false), ("score <= 449999", true),
        ("score < 449999.5", true), ("score > 449998.5", true), ("score == 449999.0", true),
        ("score != 449999", false), ("ratio < 1", true), ("ratio > 0", true), ("ratio == 0.25", true),
        ("ratio >= 0.25", true), ("ratio > 0.25", false), ("ratio < 0.25", false),
        ("ratio <= 0.25", true), ("ratio != 0.25", false), ("missing != 1", true), ("missing == 1", false),
        ("missing < 1", false), ("name < 1", false), ("name != 1", true), ("owner.id == 7", true),
        ("owner.id > 7.5", false), ("owner.missing != 1", true), ("450000 > score", true),
        ("449999 >= score", true), ("-1 < ratio", true),
    ])
    func structElements(format: String, expected: Bool) throws {
        let row = Row(score: 449_999, ratio: 0.25, name: "Ada")
        let predicate = try FormatPredicate(format)
        #expect(predicate.evaluate(row) == expected)
        #expect(predicate(row) == expected)
    }

    @Test("!= is the negation of == for every pair of kinds, and orders hold only within a kind")
    func negationAndKinds() throws {
        let values: [FieldValue] = [
            .null, false, true, 0, 1, -2.5, 1.0, "", "a", "A", "1", [], [1], ["a"], [:], ["a": 1],
        ]
        let literals: [(text: String, value: FieldValue)] = [
            ("NIL", .null), ("FALSE", false), ("TRUE", true), ("0", 0), ("1", 1), ("-2.5", -2.5),
            ("''", ""), ("'a'", "a"), ("'1'", "1"),
        ]
        let orders: [(String, (ComparisonResult) -> Bool)] = [
            ("<", { $0 == .orderedAscending }), ("<=", { $0 != .orderedDescending }),
            (">", { $0 == .orderedDescending }), (">=", { $0 != .orderedAscending }),
        ]
        for value in values {
            let object: FieldValue = ["x": value]
            for literal in literals {
                let equal = try FormatPredicate("x == \(literal.text)").evaluate(object)
                let notEqual = try FormatPredicate("x != \(literal.text)").evaluate(object)
                #expect(equal == (value == literal.value), "x = \(value) == \(literal.text)")
                #expect(equal != notEqual, "x = \(value), literal \(literal.text)")
                for (operator_, holds) in orders {
                    let expected = value.kind == literal.value.kind && holds(FieldValue.compare(value, literal.value))
                    #expect(
                        try FormatPredicate("x \(operator_) \(literal.text)").evaluate(object) == expected,
                        "x = \(value) \(operator_) \(literal.text)"
                    )
                }
            }
        }
    }
}

@Suite("FormatPredicate parsing")
struct FormatPredicateParsingTests {
    @Test("malformed formats name the character position and what was expected", arguments: [
        ("name ==", 7, "a value or a key path after '=='"),
        ("name BEGINSWITH", 15, "a value or a key path after 'BEGINSWITH'"),
        ("name BEGINSWITH[c]", 18, "a value or a key path after 'BEGINSWITH[c]'"),
        ("(a == 1", 7, "AND, OR or ')' to close the '(' at character 0"),
        ("a == 1 AND (b == 2", 18, "AND, OR or ')' to close the '(' at character 11"),
        ("a == 'x", 7, "a closing ' to end the string that starts at character 5"),
        ("a == \"x", 7, "a closing \" to end the string that starts at character 5"),
        ("a ==== 1", 4, "a value or a key path after '=='"),
        ("", 0, "a predicate (a comparison, TRUEPREDICATE, FALSEPREDICATE, NOT or '(')"),
        ("   ", 3, "a predicate (a comparison, TRUEPREDICATE, FALSEPREDICATE, NOT or '(')"),
        ("a == 1 AND", 10, "a predicate after 'AND'"),
        ("a == 'x' OR", 11, "a predicate after 'OR'"),
        ("a == 1 &&", 9, "a predicate after '&&'"),
        ("NOT", 3, "a predicate after 'NOT'"),
        ("()", 1, "a predicate after '('"),
        ("AND a == 1", 0, "a predicate"),
        ("a MATCHES '('", 11, "a valid regular expression after MATCHES (no ')' closes this '(')"),
        ("a MATCHES 'a)(b'", 12, "a valid regular expression after MATCHES (this ')' closes no '('; write \\) for a parenthesis)"),
        ("a MATCHES b", 10, "a regular expression in quotes (or %@ with a string argument) after 'MATCHES'"),
        ("a == 1 b", 7, "AND, OR or the end of the predicate after '1'"),
        ("a == 1)", 6, "AND, OR or the end of the predicate after '1'"),
        ("TRUEPREDICATE == 1", 14, "AND, OR or the end of the predicate after 'TRUEPREDICATE'"),
        ("name", 4, "a comparison operator (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN) after 'name'"),
        ("owner.name 'x'", 11, "a comparison operator (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN) after 'owner.name'"),
        ("a => 1", 3, "a value or a key path after '='"),
        ("a BETWEEN {1}", 10, "exactly two values in the list after BETWEEN, as in BETWEEN {1, 10}"),
        ("a BETWEEN {1, 2, 3}", 10, "exactly two values in the list after BETWEEN, as in BETWEEN {1, 10}"),
        ("a BETWEEN 5", 10, "a list {low, high} or a key path after 'BETWEEN'"),
        ("a IN 5", 5, "a list {…}, a key path or a string after 'IN'"),
        ("a IN {1, }", 9, "a value after ',' in the list"),
        ("a IN {1 2}", 8, "',' or '}' after '1' in the list"),
        ("a IN {", 6, "a value or '}' in the list"),
        ("a IN {{1}}", 6, "a value or '}' in the list"),
        ("a == {1, 2}", 5, "a value or a key path after '=='"),
        ("a ==[x] 1", 5, "a modifier c, d or cd after '['"),
        ("a ==[] 1", 5, "a modifier c, d or cd after '['"),
        ("a ==[c 1", 7, "']' to close the modifier"),
        ("a LIKE[cc] 'x'", 7, "each modifier once, not '[cc]'"),
        ("a ==[dcd] 'x'", 5, "each modifier once, not '[dcd]'"),
        ("a == 1 & b == 2", 7, "'&&' (a single '&' is not an operator)"),
        ("a == 1 | b == 2", 7, "'||' (a single '|' is not an operator)"),
        ("a == @", 5, "a key path, a value, an operator or a parenthesis (not '@')"),
        ("a. == 1", 2, "a field name after '.' in 'a.'"),
        ("a == 1.", 7, "a digit after the decimal point"),
        ("a == 1e", 7, "a digit in the exponent"),
        ("a == 1e400", 5, "a number within the range of a 64-bit double"),
        // Rounded to 2^63, it equalled 9223372036854775808.0 (found by a hunt).
        ("a == 9223372036854775809", 5, "an integer within 64 bits (write a decimal point for a double)"),
        ("a == -100000000000000000001", 5, "an integer within 64 bits (write a decimal point for a double)"),
        ("a == AND", 5, "a value or a key path after '=='"),
        ("#", 1, "a key path after '#'"),
        ("a == '\\u12'", 10, "four hexadecimal digits after '\\u'"),
        ("a == '\\udc00'", 6, "a Unicode escape that is not a lone low surrogate"),
        ("a == '\\ud83dx'", 12, "'\\u' and a low surrogate after the high surrogate"),
        ("e\u{301} == 'x' AND", 12, "a predicate after 'AND'"),
        ("名前 == 1 2", 8, "AND, OR or the end of the predicate after '1'"),
    ])
    func malformed(format: String, position: Int, expected: String) {
        #expect(throws: ResultsError.invalidPredicate(format, position: position, expected: expected)) {
            try FormatPredicate(format)
        }
    }

    @Test("the error's message names the format, the position and the expectation")
    func errorMessage() {
        do {
            _ = try FormatPredicate("name ==")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == "invalidPredicate")
            #expect(error.description == "invalid predicate \"name ==\" at character 7: expected a value or a key path after '=='")
        }
    }

    @Test("the canonical description normalizes spelling and keeps meaning", arguments: [
        ("a = 1", "a == 1"),
        ("a <> 1", "a != 1"),
        ("5 < score", "score > 5"),
        ("5 >= score", "score <= 5"),
        ("a == 1.0", "a == 1"),
        ("name beginswith[C] 'x'", #"name BEGINSWITH[c] "x""#),
        ("a ==[dc] 'x'", #"a ==[cd] "x""#),
        ("a == 1 and (b == 2 or c == 3)", "a == 1 AND (b == 2 OR c == 3)"),
        ("a == 1 AND b == 2 OR c == 3", "(a == 1 AND b == 2) OR c == 3"),
        ("a == 1 AND (b == 2 AND c == 3)", "a == 1 AND b == 2 AND c == 3"),
        ("NOT (a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        ("!a == 1", "NOT a == 1"),
        ("x IN {1, 'two', nil, true, no}", #"x IN {1, "two", NIL, TRUE, FALSE}"#),
        ("x BETWEEN {1.5, 2e3}", "x BETWEEN {1.5, 2000}"),
        (#"s == 'it\'s "q"\n'"#, #"s == "it's \"q\"\n""#),
        ("s LIKE 'a\\*'", #"s LIKE "a\\*""#),
        ("#in == 1", "#in == 1"),
        ("owner.in == 1", "owner.in == 1"),
        ("truepredicate or falsepredicate", "TRUEPREDICATE OR FALSEPREDICATE"),
        ("'a' == b", #""a" == b"#),
        ("a == b", "a == b"),
    ])
    func canonical(format: String, canonical: String) throws {
        let predicate = try FormatPredicate(format)
        #expect(predicate.description == canonical)
        #expect(predicate.format == format)
        let reparsed = try FormatPredicate(predicate.description)
        #expect(reparsed == predicate)
        #expect(reparsed.description == canonical)
    }

    @Test("predicates are equal and hash alike when their canonical texts are")
    func equality() throws {
        let a = try FormatPredicate("a = 1 AND b BEGINSWITH[c] 'x'")
        let b = try FormatPredicate("a == 1.0 && b beginswith[c] \"x\"")
        let c = try FormatPredicate("a == 2 AND b BEGINSWITH[c] 'x'")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(try FormatPredicate("5 < a") == FormatPredicate("a > 5"))
        #expect(try FormatPredicate("a ==[c] 'x'") != FormatPredicate("a == 'x'"))
    }

    @Test("a parsed predicate can be shared across concurrent tasks")
    func sendable() async throws {
        let predicate = try FormatPredicate("score > 10 AND name MATCHES[c] 'a.*'")
        let results = await withTaskGroup(of: Bool.self) { group in
            for score in 0..<20 {
                group.addTask { predicate.evaluate(["score": .integer(score), "name": "Ada"] as FieldValue) }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(results == 9)
    }
}
