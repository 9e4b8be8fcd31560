import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import TestSupport
import Testing

@Suite("FormatPredicate arguments")
struct FormatPredicateArgumentsTests {
    static let people: [FieldValue] = [
        ["name": "Conan O'Brien", "score": 5, "owner": ["name": "Ada"], "in": "x"],
        ["name": "Obrien", "score": 2, "owner": ["name": "Bob"], "in": "y"],
        ["name": "' OR TRUEPREDICATE OR '", "score": 9, "owner": ["name": "Eve"], "in": "z"],
    ]

    static func names(_ predicate: FormatPredicate) -> [String] {
        people.filter { predicate.evaluate($0) }.compactMap { $0["name"]?.stringValue }
    }

    @Test("%@ takes values, which are compared, never parsed")
    func values() throws {
        let predicate = try FormatPredicate("name CONTAINS[cd] %@ AND score > %@", arguments: ["o'brien", 3])
        #expect(Self.names(predicate) == ["Conan O'Brien"])
        #expect(predicate.description == #"name CONTAINS[cd] "o'brien" AND score > 3"#)
        #expect(predicate.format == "name CONTAINS[cd] %@ AND score > %@")
        #expect(try FormatPredicate(predicate.description) == predicate)
    }

    @Test("text built to break out of a string stays a string", arguments: [
        "' OR TRUEPREDICATE OR '", #"" OR TRUEPREDICATE OR ""#, "x') OR (TRUEPREDICATE", "\\' OR TRUEPREDICATE OR \\'",
        "%@", "%K", "\n", "\"\\",
    ])
    func injection(text: String) throws {
        let predicate = try FormatPredicate("name == %@", arguments: [.string(text)])
        let expected = Self.people.filter { $0["name"]?.stringValue == text }.compactMap { $0["name"]?.stringValue }
        #expect(Self.names(predicate) == expected)
        #expect(try FormatPredicate(predicate.description) == predicate)
        let contains = try FormatPredicate("name CONTAINS %@ OR score == %@", arguments: [.string(text), -1])
        #expect(Self.names(contains) == Self.people.compactMap { $0["name"]?.stringValue }.filter { $0.contains(text) })
    }

    @Test("every kind of scalar value, on either side", arguments: [
        ("score == %@", [FieldValue.integer(5)], ["Conan O'Brien"]),
        ("score < %@", [2.5], ["Obrien"]),
        ("%@ < score", [4], ["Conan O'Brien", "' OR TRUEPREDICATE OR '"]),
        ("missing == %@", [.null], ["Conan O'Brien", "Obrien", "' OR TRUEPREDICATE OR '"]),
        ("#in == %@ OR %@ == score", [true, 2], ["Obrien"]),
        ("name LIKE[c] %@", ["*brien"], ["Conan O'Brien", "Obrien"]),
        ("name MATCHES %@", [".*O'.*"], ["Conan O'Brien"]),
        ("name BEGINSWITH %@ OR name ENDSWITH %@", ["Ob", "' "], ["Obrien"]),
    ])
    func scalars(format: String, arguments: [FieldValue], expected: [String]) throws {
        let predicate = try FormatPredicate(format, arguments: arguments)
        #expect(Self.names(predicate) == expected)
        #expect(try FormatPredicate(predicate.description) == predicate)
    }

    @Test("an array after IN or BETWEEN is the list")
    func arrays() throws {
        let membership = try FormatPredicate("score IN %@", arguments: [[2, 9, "5"]])
        #expect(Self.names(membership) == ["Obrien", "' OR TRUEPREDICATE OR '"])
        #expect(membership.description == #"score IN {2, 9, "5"}"#)
        #expect(try FormatPredicate(membership.description) == membership)
        let range = try FormatPredicate("score BETWEEN %@", arguments: [[2, 5]])
        #expect(Self.names(range) == ["Conan O'Brien", "Obrien"])
        #expect(range.description == "score BETWEEN {2, 5}")
        #expect(try FormatPredicate("score IN %@", arguments: [[]]).evaluate(Self.people[0]) == false)
    }

    @Test("%K takes a key path")
    func keyPaths() throws {
        let predicate = try FormatPredicate("%K == %@", arguments: ["owner.name", "Bob"])
        #expect(Self.names(predicate) == ["Obrien"])
        #expect(predicate.description == #"owner.name == "Bob""#)
        let keyword = try FormatPredicate("%K == 'y'", arguments: ["in"])
        #expect(Self.names(keyword) == ["Obrien"])
        #expect(keyword.description == #"#in == "y""#)
        #expect(try FormatPredicate(keyword.description) == keyword)
        let between = try FormatPredicate("score BETWEEN %K", arguments: ["range"])
        #expect(between.evaluate(["score": 3, "range": [1, 4]] as FieldValue))
    }

    /// A format, its arguments, and the error they give.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var format: String
        var arguments: [FieldValue]
        var position: Int
        var expected: String

        init(_ format: String, _ arguments: [FieldValue], _ position: Int, _ expected: String) {
            (self.format, self.arguments, self.position, self.expected) = (format, arguments, position, expected)
        }

        var testDescription: String { format }
    }

    static let refusals: [Refusal] = [
        Refusal("a == %@ AND b == %@", [.integer(1)], 17, "an argument for this placeholder (1 given for more placeholders)"),
        Refusal("a == %@", [], 5, "an argument for this placeholder (0 given for more placeholders)"),
        Refusal("a == %@", [1, 2], 7, "as many arguments as placeholders: the format has 1 %@ or %K, and 2 arguments were given"),
        Refusal("a == 1", [1], 6, "as many arguments as placeholders: the format has 0 %@ or %K, and 1 arguments were given"),
        Refusal("a == %@", [[1, 2]], 5, "a string, a finite number, a Boolean or null as the argument for %@ (an array only after IN or BETWEEN), not an array"),
        Refusal("a == %@", [["k": 1]], 5, "a string, a finite number, a Boolean or null as the argument for %@ (an array only after IN or BETWEEN), not an object"),
        Refusal("a == %@", [.double(.nan)], 5, "a string, a finite number, a Boolean or null as the argument for %@ (an array only after IN or BETWEEN), not the number nan"),
        Refusal("a == %@", [.double(.infinity)], 5, "a string, a finite number, a Boolean or null as the argument for %@ (an array only after IN or BETWEEN), not the number inf"),
        Refusal("a IN %@", [[[1]]], 5, "strings, finite numbers, Booleans or nulls in the array argument for %@, not an array"),
        Refusal("a BETWEEN %@", [[1, 2, 3]], 10, "exactly two values in the list after BETWEEN, as in BETWEEN {1, 10}"),
        Refusal("%K == 1", ["first name"], 0, "a key path (names joined by dots) as the argument for %K, not \"first name\""),
        Refusal("%K == 1", ["a..b"], 0, "a key path (names joined by dots) as the argument for %K, not \"a..b\""),
        Refusal("%K == 1", [""], 0, "a key path (names joined by dots) as the argument for %K, not \"\""),
        Refusal("%K == 1", [1], 0, "a key path (names joined by dots) as the argument for %K, not 1"),
        Refusal("a MATCHES %@", [5], 10, "a regular expression in quotes (or %@ with a string argument) after 'MATCHES'"),
        Refusal("a MATCHES %@", ["x(?=y)"], 10, "a regular expression that MATCHES supports (at character 1 of the pattern: a lookahead '(?=' is not supported)"),
        Refusal("a == %d", [1], 5, "%@ (a value argument) or %K (a key path argument) after '%'"),
        Refusal("a == %", [], 5, "%@ (a value argument) or %K (a key path argument) after '%'"),
    ]

    @Test("missing, extra and unsuitable arguments are refused at the placeholder", arguments: refusals)
    func refused(refusal: Refusal) {
        #expect(throws: ResultsError.invalidPredicate(refusal.format, position: refusal.position, expected: refusal.expected)) {
            try FormatPredicate(refusal.format, arguments: refusal.arguments)
        }
    }

    @Test("a format without arguments refuses placeholders")
    func noArguments() {
        #expect(throws: ResultsError.invalidPredicate(
            "a == %@", position: 5, expected: "an argument for this placeholder (0 given for more placeholders)"
        )) {
            try FormatPredicate("a == %@")
        }
    }

    @Test("filters take arguments too")
    func filters() throws {
        let filter = try ResultsFilter<FieldValue>(
            title: "Search", group: "search", format: "name CONTAINS[cd] %@", arguments: ["O'B"]
        )
        #expect(Self.people.filter(filter.predicate).count == 1)
        #expect(throws: ResultsError.self) {
            try ResultsFilter<FieldValue>(title: "Search", format: "name == %@", arguments: [])
        }
    }
}
