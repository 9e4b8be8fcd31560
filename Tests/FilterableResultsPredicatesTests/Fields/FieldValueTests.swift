import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@Suite("FieldValue as JSON text")
struct FieldValueJSONTextTests {
    static let compactCases: [(FieldValue, String)] = [
        (FieldValue.null, "null"),
        (true, "true"),
        (false, "false"),
        (["id": 1, "title": "a"], #"{"id": 1, "title": "a"}"#),
        ([1, 2], "[1, 2]"),
        ([], "[]"),
        ([:], "{}"),
        (["a": [1, ["b": FieldValue.null]], "c": [:]], #"{"a": [1, {"b": null}], "c": {}}"#),
    ]

    @Test("compact text uses Python's separators", arguments: compactCases)
    func compact(value: FieldValue, text: String) {
        #expect(value.jsonText == text)
        #expect(value.description == text)
    }

    /// Collects the pieces it is given.
    struct Pieces: TextOutputStream {
        var pieces: [String] = []
        mutating func write(_ string: String) { pieces.append(string) }
    }

    @Test func writingInPiecesGivesTheCompactText() {
        let row: FieldValue = ["id": 1, "name": "é\n\"x\"", "tags": [1.5, FieldValue.null, [:]]]
        let large = FieldValue.array((0..<5_000).map { _ in row })
        for value in [row, large, [large, ["deep": large]]] {
            var pieces = Pieces()
            value.writeJSONText(to: &pieces)
            #expect(pieces.pieces.joined() == value.jsonText)
            // No piece is much larger than 64 KB.
            #expect(pieces.pieces.allSatisfy { $0.utf8.count < (1 << 16) + 1_024 })
        }
        var pieces = Pieces()
        large.writeJSONText(to: &pieces)
        #expect(pieces.pieces.count > 2)
    }

    static let numberTexts: [(FieldValue, String)] = [
        (FieldValue.integer(1), "1"),
        (.integer(-3), "-3"),
        (.integer(100_000), "100000"),
        (.double(1.0), "1"),
        (.double(-0.0), "0"),
        (.double(100_000), "100000"),
        (.double(1e18), "1000000000000000000"),
        (.double(0.1), "0.1"),
        (.double(1.5), "1.5"),
        (.double(-2.25), "-2.25"),
        (.double(1e-5), "1e-05"),
        (.double(1e300), "1e+300"),
        (.double(9_223_372_036_854_775_808.0), "9.223372036854776e+18"),
        (.double(.infinity), "null"),
        (.double(.nan), "null"),
        (.integer(.min), "-9223372036854775808"),
    ]

    @Test("numbers print as integers when integral, else in shortest round-trip form", arguments: numberTexts)
    func numbers(value: FieldValue, text: String) {
        #expect(value.jsonText == text)
    }

    @Test("strings escape quotes, backslashes and control characters and keep Unicode", arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a/b", #""a/b""#),
        ("line\nbreak\ttab\rreturn", #""line\nbreak\ttab\rreturn""#),
        ("\u{8}\u{C}", #""\b\f""#),
        ("\u{0}\u{1F}\u{7F}", "\"\\u0000\\u001f\u{7F}\""),
        ("Zoë 中文 😀", "\"Zoë 中文 😀\""),
        ("\u{2028}", "\"\u{2028}\""),
    ])
    func strings(string: String, text: String) {
        #expect(FieldValue.string(string).jsonText == text)
    }

    @Test("keys are escaped like strings")
    func keyEscaping() {
        let value: FieldValue = ["a\"b": 1, "c\nd": 2]
        #expect(value.jsonText == #"{"a\"b": 1, "c\nd": 2}"#)
    }

    @Test("objects print in their key order; the sorted form sorts keys by scalars at every level")
    func keyOrder() throws {
        let value = try FieldValue(parsingJSON: #"{"b": 1, "a": {"z": 1, "B": 2, "é": 3, "e": 4}, "A": []}"#)
        #expect(value.jsonText == #"{"b": 1, "a": {"z": 1, "B": 2, "é": 3, "e": 4}, "A": []}"#)
        #expect(value.jsonTextWithSortedKeys == #"{"A": [], "a": {"B": 2, "e": 4, "z": 1, "é": 3}, "b": 1}"#)
    }

    @Test("printing then parsing gives the same value", arguments: [
        #"{"id": 1, "title": "a", "nested": {"x": [1, 2.5, -3e-7, true, false, null]}}"#,
        #"["\u0000\u001f\"\\/", "😀", "中文", "\u2028"]"#,
        #"[9223372036854775807, -9223372036854775808, 1.7976931348623157e308, 5e-324, 0.1]"#,
        #"{"": {"": [[], {}]}}"#,
        #"[1.0, 2.50, 1e2]"#,
    ])
    func roundTrip(text: String) throws {
        let value = try FieldValue(parsingJSON: text)
        let printed = value.jsonText
        #expect(try FieldValue(parsingJSON: printed) == value)
        #expect(try FieldValue(parsingJSON: printed).jsonText == printed)
        #expect(try FieldValue(parsingJSON: value.jsonTextWithSortedKeys) == value)
    }

    @Test("equal values print the same sorted-keys text")
    func equalValuesEqualText() {
        let pairs: [(FieldValue, FieldValue)] = [
            (.integer(1), .double(1.0)),
            (["a": 1, "b": [2.0]], ["b": [2], "a": 1.0]),
            (.integer(1 << 60), .double(Double(1 << 60))),
        ]
        for (a, b) in pairs {
            #expect(a == b)
            #expect(a.jsonTextWithSortedKeys == b.jsonTextWithSortedKeys)
        }
    }
}

@Suite("FieldValue equality and hashing")
struct FieldValueEqualityTests {
    static let equalPairs: [(FieldValue, FieldValue)] = [
        (FieldValue.integer(1), FieldValue.double(1.0)),
        (.integer(0), .double(-0.0)),
        (.integer(-7), .double(-7)),
        (.integer(1 << 62), .double(Double(1 << 62))),
        (["a": 1, "b": 2], ["b": 2, "a": 1]),
        (["x": ["a": 1.0, "b": [1, 2]]], ["x": ["b": [1.0, 2.0], "a": 1]]),
        ([1, "a", .null], [1.0, "a", .null]),
        (.double(.nan), .double(.nan)),
    ]

    @Test("equal values are equal and hash equally", arguments: equalPairs)
    func equal(a: FieldValue, b: FieldValue) {
        #expect(a == b)
        #expect(b == a)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    static let unequalPairs: [(FieldValue, FieldValue)] = [
        (FieldValue.integer(1), FieldValue.double(1.5)),
        (.integer(9_007_199_254_740_993), .double(9_007_199_254_740_992)),
        (.integer(1), .string("1")),
        (.integer(0), .bool(false)),
        (.null, .bool(false)),
        (.null, .string("")),
        (.string("é"), .string("e\u{301}")),
        (.string("a"), .string("A")),
        ([1, 2], [2, 1]),
        ([1], [1, 1]),
        (["a": 1], ["a": 1, "b": 2]),
        (["a": 1], ["b": 1]),
        (["a": 1], ["a": 2]),
        ([], [:]),
    ]

    @Test("different values are unequal", arguments: unequalPairs)
    func unequal(a: FieldValue, b: FieldValue) {
        #expect(a != b)
        #expect(b != a)
    }

    @Test("large objects compare by key regardless of order")
    func largeObjects() {
        let members = (0..<50).map { (key: "k\($0)", value: FieldValue.integer($0)) }
        let forward = FieldValue.object(FieldObject(members))
        let backward = FieldValue.object(FieldObject(members.reversed()))
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = members
        changed[25].value = 99
        #expect(forward != .object(FieldObject(changed.reversed())))
    }

    @Test("FieldObject subscripts replace in place, append and remove")
    func objectMutation() {
        var object: FieldObject = ["a": 1, "b": 2]
        object["a"] = 10
        object["c"] = 3
        object["b"] = nil
        object["missing"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(FieldValue.object(object).jsonText == #"{"a": 10, "c": 3}"#)
        #expect(object.index(forKey: "c") == 1)
        #expect(object.index(forKey: "b") == nil)
        #expect(object[1].key == "c")
    }

    @Test("literals and initializers fold repeated keys")
    func literalDuplicates() {
        let value: FieldValue = ["a": 1, "b": 2, "a": 3]
        #expect(value.jsonText == #"{"a": 3, "b": 2}"#)
        let object = FieldObject([(key: "x", value: 1), (key: "y", value: 2), (key: "x", value: 5)])
        #expect(object.keys == ["x", "y"])
        #expect(object["x"] == 5)
    }

    @Test("accessors return the payload of their kind only")
    func accessors() {
        let value: FieldValue = 2.0
        #expect(value.intValue == 2)
        #expect(FieldValue.double(2.5).intValue == nil)
        #expect(FieldValue.integer(3).doubleValue == 3)
        #expect(FieldValue.string("3").doubleValue == nil)
        #expect(FieldValue.bool(true).boolValue == true)
        #expect(FieldValue.integer(1).boolValue == nil)
        #expect(FieldValue.null.isNull)
        #expect(!FieldValue.bool(false).isNull)
        #expect(FieldValue.string("s").stringValue == "s")
        #expect(FieldValue.array([1]).arrayValue == [1])
        #expect(FieldValue.object(["a": 1]).objectValue == ["a": 1])
        #expect(FieldValue.number(3) == .integer(3))
        #expect(FieldValue.number(3.5) == .double(3.5))
    }
}

@Suite("FieldValue key paths")
struct FieldValueKeyPathTests {
    static let value: FieldValue = [
        "id": 1,
        "owner": ["id": 7, "name": "Ada", "team": ["name": "core"]],
        "tags": ["a"],
        "empty": .null,
    ]

    static let keyPathCases: [(String, FieldValue?)] = [
        ("id", FieldValue?.some(1)),
        ("owner.id", 7),
        ("owner.team.name", "core"),
        ("owner", ["id": 7, "name": "Ada", "team": ["name": "core"]]),
        ("empty", .null),
        ("missing", nil),
        ("owner.missing", nil),
        ("id.deeper", nil),
        ("tags.0", nil),
        ("empty.x", nil),
        ("owner.", nil),
    ]

    @Test("dots reach into nested objects; anything missing is nil", arguments: keyPathCases)
    func keyPaths(path: String, expected: FieldValue?) {
        #expect(Self.value.value(atKeyPath: path) == expected)
        #expect(Self.value.fieldValue(atKeyPath: path) == expected)
        #expect(Self.value.value(at: FieldPath(path)) == expected)
    }

    @Test("subscript and fieldValue read object members and nothing else")
    func memberLookup() {
        #expect(Self.value["id"] == 1)
        #expect(Self.value["nope"] == nil)
        #expect(FieldValue.array([1])["0"] == nil)
        #expect(FieldValue.string("x").fieldValue(named: "x") == nil)
        #expect(Self.value.fieldValue(named: "owner.id") == nil)
    }

    @Test("a field path splits at dots")
    func fieldPath() {
        let path: FieldPath = "owner.team.name"
        #expect(path.head == "owner")
        #expect(path.tail == ["team", "name"])
        #expect(path.components == ["owner", "team", "name"])
        #expect(path.description == "owner.team.name")
        #expect(FieldPath("a..b").components == ["a", "", "b"])
        #expect(FieldPath(components: ["x", "y"]) == FieldPath("x.y"))
    }

    struct Element: FieldValueProviding {
        var owner: FieldValue
        func fieldValue(named name: String) -> FieldValue? { name == "owner" ? owner : nil }
    }

    @Test("an element's key path takes its first component from the element")
    func providerKeyPath() {
        let element = Element(owner: ["id": 3, "address": ["city": "Oslo"]])
        #expect(element.fieldValue(atKeyPath: "owner.id") == 3)
        #expect(element.fieldValue(atKeyPath: "owner.address.city") == "Oslo")
        #expect(element.fieldValue(atKeyPath: "owner.zip") == nil)
        #expect(element.fieldValue(atKeyPath: "other.id") == nil)
        #expect(element.fieldValue(at: "owner") == ["id": 3, "address": ["city": "Oslo"]])
    }
}

@Suite("The order of values")
struct FieldValueOrderingTests {
    /// One representative per rank, in ascending order.
    static let ranked: [FieldValue] = [
        .null, false, true, -5, 0, 1.5, 2, "", "A", "B", "a", "é",
        // By JSON text: "[1, 2]" < "[1]" < "[]" and {"a": 1} < {}.
        [1, 2], [1], [], ["a": 1], [:],
    ]

    @Test("every pair of kinds orders null < false < true < numbers < strings < arrays < objects")
    func kindsInOrder() {
        for (i, a) in Self.ranked.enumerated() {
            for (j, b) in Self.ranked.enumerated() {
                let expected: ComparisonResult = i < j ? .orderedAscending : i == j ? .orderedSame : .orderedDescending
                #expect(FieldValue.compare(a, b) == expected, "\(a) vs \(b)")
                #expect((a < b) == (i < j), "\(a) < \(b)")
            }
        }
    }

    @Test("nil is a missing value and sorts as null")
    func missingIsNull() {
        #expect(FieldValue.compare(nil, nil) == .orderedSame)
        #expect(FieldValue.compare(nil, .null) == .orderedSame)
        #expect(FieldValue.compare(nil, false) == .orderedAscending)
        #expect(FieldValue.compare(1, nil) == .orderedDescending)
    }

    static let numberOrders: [(FieldValue, FieldValue, ComparisonResult)] = [
        (FieldValue.integer(1), FieldValue.double(1.0), ComparisonResult.orderedSame),
        (.integer(1), .double(1.5), .orderedAscending),
        (.double(-0.5), .integer(0), .orderedAscending),
        (.integer(2), .integer(10), .orderedAscending),
        (.double(10), .double(9.99), .orderedDescending),
        (.integer(9_007_199_254_740_993), .double(9_007_199_254_740_992), .orderedDescending),
        (.integer(.max), .double(9_223_372_036_854_775_808.0), .orderedAscending),
        (.integer(.min), .double(-9_223_372_036_854_775_808.0), .orderedSame),
        (.integer(.min), .double(-1e19), .orderedDescending),
        (.double(-.infinity), .integer(.min), .orderedAscending),
        (.double(.nan), .integer(.min), .orderedAscending),
        (.double(.nan), .double(.nan), .orderedSame),
    ]

    @Test("numbers compare numerically and exactly across integers and doubles", arguments: numberOrders)
    func numbers(a: FieldValue, b: FieldValue, expected: ComparisonResult) {
        #expect(FieldValue.compare(a, b) == expected)
        #expect(FieldValue.compare(b, a) == FieldValueOrderingTests.reversed(expected))
    }

    @Test("strings compare by Unicode scalars, not by canonical equivalence", arguments: [
        ("Zebra", "apple", ComparisonResult.orderedAscending),
        ("a", "ab", .orderedAscending),
        ("", "a", .orderedAscending),
        ("e\u{301}", "\u{E9}", .orderedAscending),  // U+0065 < U+00E9, though Swift calls them equal
        ("\u{FFFF}", "😀", .orderedAscending),      // scalar order, not UTF-16 order
        ("z", "é", .orderedAscending),
        ("10", "2", .orderedAscending),
    ])
    func strings(a: String, b: String, expected: ComparisonResult) {
        #expect(FieldValue.compare(.string(a), .string(b)) == expected)
        #expect(FieldValue.compare(.string(b), .string(a)) == FieldValueOrderingTests.reversed(expected))
    }

    @Test("case-insensitive comparison lowercases strings first")
    func caseInsensitive() {
        #expect(FieldValue.compare("Zebra", "apple", caseInsensitive: true) == .orderedDescending)
        #expect(FieldValue.compare("ABC", "abc", caseInsensitive: true) == .orderedSame)
        #expect(FieldValue.compare("ABC", "abc") == .orderedAscending)
        #expect(FieldValue.compare("É", "é", caseInsensitive: true) == .orderedSame)
        #expect(FieldValue.compare(1, 2, caseInsensitive: true) == .orderedAscending)
    }

    static let containerOrders: [(FieldValue, FieldValue, ComparisonResult)] = [
        (FieldValue.array([1, 2]), FieldValue.array([10]), ComparisonResult.orderedAscending),  // "[1," < "[10"
        ([1], [1, 2], .orderedDescending),  // "[1]" > "[1, 2]": ']' > ','
        ([], [1], .orderedDescending),       // "[]" > "[1]": ']' > '1'
        (["b"], ["a", "z"], .orderedDescending),
        ([1.0], [1], .orderedSame),
        (["b": 1, "a": 2], ["a": 2, "b": 1], .orderedSame),
        (["a": 2], ["a": 10], .orderedDescending),  // '2' > '1'
        ([:], ["a": 1], .orderedDescending),         // '}' > '"'
        (["b": 1], ["a": 9, "c": 0], .orderedDescending),
    ]

    @Test("arrays and objects compare by their sorted-keys JSON text", arguments: containerOrders)
    func containers(a: FieldValue, b: FieldValue, expected: ComparisonResult) {
        let (textA, textB) = (a.jsonTextWithSortedKeys.unicodeScalars, b.jsonTextWithSortedKeys.unicodeScalars)
        let textOrder: ComparisonResult = textA.elementsEqual(textB) ? .orderedSame
            : textA.lexicographicallyPrecedes(textB) ? .orderedAscending : .orderedDescending
        #expect(FieldValue.compare(a, b) == expected)
        #expect(textOrder == expected)
    }

    @Test("the order is consistent with equality")
    func consistentWithEquality() {
        let values: [FieldValue] = Self.ranked + [1.0, .integer(1), .double(0), ["a": 1.0], [1.0, 2.0]]
        for a in values {
            for b in values {
                #expect((FieldValue.compare(a, b) == .orderedSame) == (a == b), "\(a) vs \(b)")
            }
        }
    }

    @Test("sorting uses the order of values")
    func sorting() {
        let shuffled: [FieldValue] = ["b", 2, .null, ["k": 1], true, [1], 1.5, false, "B"]
        #expect(shuffled.sorted() == [.null, false, true, 1.5, 2, "B", "b", [1], ["k": 1]])
    }

    static func reversed(_ order: ComparisonResult) -> ComparisonResult {
        switch order {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
