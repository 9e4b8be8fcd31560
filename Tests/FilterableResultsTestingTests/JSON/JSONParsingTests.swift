import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@Suite("JSON text parsing")
struct JSONParsingTests {
    static let scalarCases: [(String, FieldValue)] = [
        ("null", FieldValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .integer(0)),
        ("-0", .integer(0)),
        ("42", .integer(42)),
        ("-17", .integer(-17)),
        ("9223372036854775807", .integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("1.5", .double(1.5)),
        ("-0.25", .double(-0.25)),
        ("1e3", .double(1000)),
        ("2.5E-3", .double(0.0025)),
        ("1E+2", .double(100)),
        ("\"hi\"", .string("hi")),
        ("\"\"", .string("")),
    ]

    @Test("scalars parse to their cases", arguments: scalarCases)
    func scalar(text: String, expected: FieldValue) throws {
        let value = try FieldValue(parsingJSON: text)
        #expect(value == expected)
        #expect(value.kind == expected.kind)
    }

    @Test("integers keep their case and doubles theirs")
    func integerAndDoubleCases() throws {
        guard case .integer(1) = try FieldValue(parsingJSON: "1") else {
            Issue.record("1 should parse as an integer")
            return
        }
        guard case .double(1.0) = try FieldValue(parsingJSON: "1.0") else {
            Issue.record("1.0 should parse as a double")
            return
        }
    }

    @Test("an integer beyond 64 bits is refused at its first character, naming it", arguments: [
        ("9223372036854775808", 0, "9223372036854775808"),
        ("-9223372036854775809", 0, "-9223372036854775809"),
        ("[1, 123456789012345678901234567890]", 4, "123456789012345678901234567890"),
        (#"{"id": 123456789012345678901234567891}"#, 7, "123456789012345678901234567891"),
        ("[" + String(repeating: "9", count: 60) + "]", 1, String(repeating: "9", count: 40) + "… (60 characters)"),
    ])
    func hugeIntegers(text: String, offset: Int, literal: String) {
        #expect(throws: FieldValue.ParseError(
            offset: offset, line: 1, column: offset + 1,
            expected: "an integer from -9223372036854775808 to 9223372036854775807 (64 bits; write larger ones as strings)",
            found: literal
        )) {
            try FieldValue(parsingJSON: text)
        }
    }

    @Test("a large number with a fraction or an exponent is a double, as written")
    func hugeDoubles() throws {
        #expect(try FieldValue(parsingJSON: "9223372036854775808.0") == .double(9_223_372_036_854_775_808.0))
        #expect(try FieldValue(parsingJSON: "1e30") == .double(1e30))
    }

    @Test("integers up to Int.max stay exact")
    func exactLargeIntegers() throws {
        // 2^53 + 1 is not representable as a Double.
        let value = try FieldValue(parsingJSON: "9007199254740993")
        #expect(value == .integer(9_007_199_254_740_993))
        #expect(value != .double(9_007_199_254_740_992))
        #expect(value.jsonText == "9007199254740993")
    }

    @Test("decimals parse correctly rounded", arguments: [
        "0.1", "0.3", "3.141592653589793", "2.2250738585072014e-308", "1.7976931348623157e308",
        "5e-324", "123456.789e3", "0.000001", "1e22", "1e23", "9007199254740993.0",
        "4.35", "1.0000000000000002",
    ])
    func decimals(text: String) throws {
        #expect(try FieldValue(parsingJSON: text) == .double(Double(text)!))
    }

    @Test("arrays and objects nest")
    func nesting() throws {
        let value = try FieldValue(parsingJSON: #" { "a" : [1, {"b": null}, []], "c": {} } "#)
        #expect(value == ["a": [1, ["b": .null], []], "c": [:]])
    }

    @Test("whitespace of all four kinds is skipped")
    func whitespace() throws {
        #expect(try FieldValue(parsingJSON: " \t\r\n[ 1 ,\n2 ]\r\n ") == [1, 2])
    }

    @Test("escapes decode", arguments: [
        (#""\"\\\/""#, "\"\\/"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u4e2d""#, "Aé中"),
        (#""\u0000""#, "\u{0}"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD834\uDD1E clef""#, "𝄞 clef"),
        (#""a\nb""#, "a\nb"),
    ])
    func escapes(text: String, expected: String) throws {
        #expect(try FieldValue(parsingJSON: text) == .string(expected))
    }

    @Test("non-ASCII text passes through unchanged")
    func unicodeText() throws {
        #expect(try FieldValue(parsingJSON: "\"Crème brûlée 😀 中文\"") == .string("Crème brûlée 😀 中文"))
    }

    @Test("a repeated key is refused at the repeat, naming it", arguments: [
        (#"{"a": 1, "b": 2, "a": 3}"#, 17, #""a""#),
        (#"{"steps": [], "steps": [{"add": 1}]}"#, 14, #""steps""#),
        (#"[{"x": {"k": 1, "k": 1}}]"#, 16, #""k""#),
        ("{\"\u{E9}\": 1, \"q\": 2, \"\u{E9}\": 3}", 18, "\"\u{E9}\""),
    ])
    func duplicateKeys(text: String, offset: Int, key: String) throws {
        let error = try #require(throws: FieldValue.ParseError.self) { try FieldValue(parsingJSON: text) }
        #expect(error.offset == offset)
        #expect(error.expected == "each key at most once in an object")
        #expect(error.found == "the key \(key) a second time")
    }

    @Test("a key repeated among many is found like one among few")
    func manyDuplicateKeys() throws {
        let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let value = try FieldValue(parsingJSON: "{\(members)}")
        #expect(value.objectValue?.count == 40)
        #expect(value["k39"] == 39)
        let repeated = try #require(throws: FieldValue.ParseError.self) {
            try FieldValue(parsingJSON: "{\(members), \"k7\": 0}")
        }
        #expect(repeated.found == #"the key "k7" a second time"#)
        #expect(repeated.offset == members.utf8.count + 3)
    }

    @Test("keys that are canonically equivalent but differ in scalars stay distinct")
    func scalarDistinctKeys() throws {
        let value = try FieldValue(parsingJSON: "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(value.objectValue?.count == 2)
        #expect(value["\u{E9}"] == 1)
        #expect(value["e\u{301}"] == 2)
    }

    @Test("bytes parse like text, and a byte order mark is skipped")
    func bytes() throws {
        let text = #"{"name": "Zoë", "n": [1, 2.5]}"#
        #expect(try FieldValue(parsingJSON: Array(text.utf8)) == FieldValue(parsingJSON: text))
        #expect(try FieldValue(parsingJSON: Data(text.utf8)) == FieldValue(parsingJSON: text))
        #expect(try FieldValue(parsingJSON: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    }

    @Test("bytes that are not UTF-8 are an error at the bad byte")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
        #expect {
            try FieldValue(parsingJSON: bytes)
        } throws: { error in
            guard let error = error as? FieldValue.ParseError else { return false }
            return error.offset == 4 && error.expected == "valid UTF-8" && error.found.contains("0xFF")
        }
        // An overlong encoding of "/" and a truncated sequence.
        #expect(throws: FieldValue.ParseError.self) { try FieldValue(parsingJSON: [0x22, 0xC0, 0xAF, 0x22]) }
        #expect(throws: FieldValue.ParseError.self) { try FieldValue(parsingJSON: [0x22, 0xE2, 0x82, 0x22]) }
        // An encoded surrogate.
        #expect(throws: FieldValue.ParseError.self) { try FieldValue(parsingJSON: [0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    @Test("malformed input names the position and what was expected", arguments: [
        ("", 0, 1, 1, "a JSON value"),
        ("   ", 3, 1, 4, "a JSON value"),
        ("[1, 2", 5, 1, 6, "',' or ']' after an array element"),
        ("[1 2]", 3, 1, 4, "',' or ']' after an array element"),
        ("[1,]", 3, 1, 4, "a JSON value"),
        ("{\"a\" 1}", 5, 1, 6, "':' after the object key"),
        ("{\"a\": 1,}", 8, 1, 9, "a string key after ','"),
        ("{a: 1}", 1, 1, 2, "a string key or '}'"),
        ("{\"a\": 1 \"b\": 2}", 8, 1, 9, "',' or '}' after an object member"),
        ("\"abc", 4, 1, 5, "'\"' to end the string that starts at offset 0"),
        ("\"a\u{1}b\"", 2, 1, 3, "a character other than a raw control character (escape it, as \\n or \\u0000)"),
        ("\"\\x\"", 2, 1, 3, "an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after '\\'"),
        ("\"\\u12G4\"", 5, 1, 6, "four hexadecimal digits after '\\u'"),
        ("\"\\ud83d\"", 7, 1, 8, "'\\u' and a low surrogate (DC00–DFFF) after the high surrogate \\uD83D"),
        ("\"\\ud83d\\u0041\"", 9, 1, 10, "a low surrogate (DC00–DFFF) after the high surrogate \\uD83D"),
        ("\"\\ude00\"", 1, 1, 2, "a high surrogate (D800–DBFF) before the low surrogate \\uDE00"),
        ("01", 1, 1, 2, "'.', 'e' or the end of the number after a leading 0 (JSON numbers have no leading zeros)"),
        ("-", 1, 1, 2, "a digit after '-'"),
        ("-a", 1, 1, 2, "a digit after '-'"),
        ("1.", 2, 1, 3, "a digit after the decimal point"),
        (".5", 0, 1, 1, "a JSON value"),
        ("+1", 0, 1, 1, "a JSON value"),
        ("1e", 2, 1, 3, "a digit in the exponent"),
        ("1e+", 3, 1, 4, "a digit in the exponent"),
        ("1e400", 0, 1, 1, "a number within the range of a 64-bit double"),
        ("tru", 3, 1, 4, "'true'"),
        ("nul", 3, 1, 4, "'null'"),
        ("falsy", 4, 1, 5, "'false'"),
        ("NaN", 0, 1, 1, "a JSON value"),
        ("[1] x", 4, 1, 5, "the end of the input after the JSON value"),
        ("{} {}", 3, 1, 4, "the end of the input after the JSON value"),
        ("[\n  1,\n  ]", 9, 3, 3, "a JSON value"),
        ("[\"é\", x]", 7, 1, 7, "a JSON value"),
    ])
    func malformed(text: String, offset: Int, line: Int, column: Int, expected: String) {
        #expect {
            try FieldValue(parsingJSON: text)
        } throws: { error in
            guard let error = error as? FieldValue.ParseError else { return false }
            return error.offset == offset && error.line == line && error.column == column && error.expected == expected
        }
    }

    @Test("the error's description reads line, column, offset, expected and found")
    func errorDescription() {
        do {
            _ = try FieldValue(parsingJSON: "{\"a\": 1,\n \"b\" 2}")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.description == "line 2, column 6 (offset 14): expected ':' after the object key, found '2'")
        }
        do {
            _ = try FieldValue(parsingJSON: "[1,")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.found == "end of input")
        }
        do {
            _ = try FieldValue(parsingJSON: "\"a\nb\"")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.found == "control character U+000A")
        }
    }

    @Test("nesting up to the limit parses")
    func nestingAtLimit() throws {
        let depth = FieldValue.maximumNestingDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try FieldValue(parsingJSON: text)
        var levels = 1
        while case let .array(elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test("nesting past the limit is an error, not a crash", arguments: [
        FieldValue.maximumNestingDepth + 1, 100_000,
    ])
    func deepNesting(depth: Int) {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect {
            try FieldValue(parsingJSON: text)
        } throws: { error in
            guard let error = error as? FieldValue.ParseError else { return false }
            return error.offset == FieldValue.maximumNestingDepth
                && error.expected == "at most \(FieldValue.maximumNestingDepth) levels of nested arrays and objects"
        }
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: FieldValue.ParseError.self) { try FieldValue(parsingJSON: objects) }
    }
}
