import FilterableResults
import FilterableResultsPredicates
import Foundation
import TestSupport
import Testing

/// The object the expression cases run against.
private let order: FieldValue = [
    "name": "Kindle",
    "count": 2,
    "price": 9.5,
    "quantity": 12,
    "zero": 0,
    "flag": true,
    "nothing": .null,
    "tags": ["Red", "green", "BLUE"],
    "scores": [4, 5, 3.5],
    "empty": [],
    "mixed": [1, "two", .null],
    "withNulls": [1, .null, 3],
    "words": ["b", "a", "c"],
    "items": [
        ["name": "pen", "price": 2, "quantity": 3, "tags": ["office"]],
        ["name": "ink", "price": 7.5, "quantity": 1, "tags": ["office", "refill"]],
        ["name": "pad", "price": 4, "quantity": 10, "tags": []],
    ],
    "owner": ["name": "Ada", "pets": [["kind": "cat"], ["kind": "dog"]]],
    "self": "a field called self",
    "any": 1,
]

/// Parses and evaluates, recording a parse failure as an issue.
private func evaluate(_ format: String, _ object: FieldValue = order) -> Bool? {
    do {
        return try FormatPredicate(format).evaluate(object)
    } catch {
        Issue.record("\(format) did not parse: \(error)")
        return nil
    }
}

@Suite("FormatPredicate aggregate modifiers")
struct FormatPredicateAggregateTests {
    @Test("ANY and SOME hold when some element satisfies the comparison", arguments: [
        ("ANY tags == 'green'", true), ("SOME tags == 'green'", true), ("ANY tags == 'Green'", false),
        ("ANY tags ==[c] 'GREEN'", true), ("ANY scores > 4.5", true), ("ANY scores > 5", false),
        ("any tags beginswith[c] 'b'", true), ("ANY tags IN {'x', 'Red'}", true), ("ANY scores BETWEEN {4.5, 6}", true),
        ("ANY tags LIKE '*ee*'", true), ("ANY tags MATCHES '[A-Z]+'", true), ("ANY tags MATCHES '[0-9]+'", false),
        ("ANY items.name == 'ink'", true), ("ANY items.price > 7", true), ("ANY owner.pets.kind == 'dog'", true),
        ("ANY empty == 1", false), ("ANY withNulls == nil", true), ("ANY tags CONTAINS 'ee'", true),
    ])
    func any(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("ALL holds when every element does, and for an empty array", arguments: [
        ("ALL scores > 3", true), ("ALL scores > 3.5", false), ("ALL tags != 'x'", true), ("ALL empty == 1", true),
        ("ALL items.quantity >= 1", true), ("ALL items.tags.@count > 0", false), ("ALL tags ENDSWITH[c] 'e'", false),
    ])
    func all(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("NONE is NOT ANY", arguments: [
        ("NONE tags BEGINSWITH[c] 'a'", true), ("NONE tags BEGINSWITH[c] 'g'", false), ("NONE empty == 1", true),
        ("NONE scores < 0", true),
    ])
    func none(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("on a value that is not an array, ANY and ALL are false and NONE is true", arguments: [
        "name", "count", "missing", "nothing", "owner", "flag",
    ])
    func notAnArray(field: String) {
        #expect(evaluate("ANY \(field) == 1") == false)
        #expect(evaluate("ALL \(field) == 1") == false)
        #expect(evaluate("ALL \(field) != 1") == false)
        #expect(evaluate("NONE \(field) == 1") == true)
    }

    @Test("a field named like a modifier is still a field when no operand follows", arguments: [
        ("any == 1", true), ("ANY any == 1", false), ("#any == 1", true),
    ])
    func modifierWords(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("the other side of an aggregate comparison is read once from the object")
    func rightSideFromObject() {
        #expect(evaluate("ANY scores == count + 4") == false)
        #expect(evaluate("ANY scores == count * 2") == true)
        #expect(evaluate("ANY items.name == owner.name") == false)
    }
}

@Suite("FormatPredicate collection operators")
struct FormatPredicateCollectionOperatorTests {
    @Test("@count counts the elements of an array or the members of an object", arguments: [
        ("tags.@count == 3", true), ("empty.@count == 0", true), ("owner.@count == 2", true),
        ("name.@count == 6", false), ("name.@count == nil", true), ("missing.@count == nil", true),
        ("items.@count > 2", true), ("owner.pets.@count == 2", true), ("@count == 17", true),
    ])
    func count(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("@sum, @avg, @min and @max over numbers", arguments: [
        ("scores.@sum == 12.5", true), ("scores.@avg == 12.5 / 3", true), ("scores.@min == 3.5", true),
        ("scores.@max == 5", true), ("empty.@sum == 0", true), ("empty.@avg == nil", true),
        ("empty.@min == nil", true), ("withNulls.@sum == 4", true), ("withNulls.@avg == 4 / 3", true),
        ("withNulls.@max == 3", true), ("words.@min == 'a'", true), ("words.@max == 'c'", true),
        ("mixed.@sum == nil", true), ("mixed.@max == nil", true), ("tags.@sum == nil", true),
        ("items.@sum.price == 13.5", true), ("items.@max.quantity == 10", true), ("items.@min.name == 'ink'", true),
        ("items.@avg.quantity == 14 / 3", true), ("owner.@sum == nil", true),
    ])
    func aggregates(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("integer sums stay exact; an overflowing sum becomes a double")
    func exactSums() throws {
        let big: FieldValue = ["values": [.integer(Int.max), 1], "exact": [.integer(9_007_199_254_740_993), 0]]
        #expect(evaluate("exact.@sum == 9007199254740993", big) == true)
        #expect(evaluate("exact.@sum == 9007199254740992", big) == false)
        #expect(evaluate("values.@sum > 9223372036854775807", big) == true)
    }
}

@Suite("FormatPredicate arithmetic")
struct FormatPredicateArithmeticTests {
    @Test("the four operations with the usual precedence and parentheses", arguments: [
        ("price * quantity > 100", true), ("price * quantity == 114", true), ("count + 1 == 3", true),
        ("count - 3 == -1", true), ("count -3 == -1", true), ("2 + count * 3 == 8", true), ("(2 + count) * 3 == 12", true),
        ("-count == -2", true), ("- count == -2", true), ("-(count + 1) == -3", true), ("count - -1 == 3", true),
        ("10 - 4 - 3 == 3", true), ("10 - (4 - 3) == 9", true), ("12 / 4 / 3 == 1", true), ("12 / (4 / 2) == 6", true),
        ("7 / 2 == 3.5", true), ("quantity / count == 6", true), ("price / 2 < 5", true), ("((count)) == 2", true),
        ("(count) + 1 == 3", true), ("((count + 1)) * 2 == 6", true), ("3 == count + 1", true), ("count + 1 >= 3 AND count < 3", true),
        ("quantity IN {count * 6, 1}", true), ("quantity BETWEEN {count, count * 10}", true),
    ])
    func operations(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("an operand that is not a number, and a division by zero, give no value: the comparison is as with a missing field", arguments: [
        ("name + 1 == nil", true), ("name + 1 > 0", false), ("name + 1 != 3", true), ("flag + 1 == 2", false),
        ("missing * 2 == nil", true), ("nothing - 1 < 0", false), ("count / zero == nil", true), ("count / zero > 0", false),
        ("count / 0.0 == nil", true), ("tags + 1 == nil", true),
    ])
    func noValue(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("integer arithmetic is exact and falls back to doubles on overflow")
    func overflow() {
        let object: FieldValue = ["big": .integer(Int.max), "min": .integer(Int.min)]
        #expect(evaluate("big + 1 > big", object) == true)
        #expect(evaluate("big * 2 == 18446744073709551614.0", object) == true)   // a literal beyond 64 bits is a double only with its point
        #expect(evaluate("-min > 0", object) == true)
        #expect(evaluate("min / -1 > 0", object) == true)
        #expect(evaluate("big - 1 == 9223372036854775806", object) == true)
    }

    @Test("a long chain of additions is one level, not one per term")
    func longChain() throws {
        let format = Array(repeating: "count", count: 10_000).joined(separator: " + ") + " == 20000"
        #expect(try FormatPredicate(format).evaluate(order))
    }
}

@Suite("FormatPredicate SELF")
struct FormatPredicateSelfTests {
    @Test("SELF is the evaluated value; SELF.name is the field name", arguments: [
        ("SELF.name == 'Kindle'", true), ("SELF.count + 1 == 3", true), ("SELF != nil", true),
        ("#self == 'a field called self'", true), ("#self.x == nil", true),
    ])
    func onObject(format: String, expected: Bool) {
        #expect(evaluate(format) == expected)
    }

    @Test("SELF compares a scalar or an array evaluated directly")
    func onScalars() {
        #expect(evaluate("SELF == 3", 3) == true)
        #expect(evaluate("SELF BEGINSWITH 'ab'", "abc") == true)
        #expect(evaluate("ANY SELF > 2", [1, 2, 3]) == true)
        #expect(evaluate("SELF.@count == 3", [1, 2, 3]) == true)
        #expect(evaluate("@sum == 6", [1, 2, 3]) == true)
        #expect(evaluate("SELF * 2 == 6", 3) == true)
    }

    /// An element that is not a `FieldValue`.
    struct Product: FieldValueProviding {
        var stock: Int
        func fieldValue(named name: String) -> FieldValue? { name == "stock" ? .integer(stock) : nil }
    }

    /// An element that gives SELF a value.
    struct Code: FieldValueProviding {
        var code: String
        func fieldValue(named name: String) -> FieldValue? { nil }
        func valueForSelf() -> FieldValue? { .string(code) }
    }

    @Test("other elements: SELF is null unless they give it a value")
    func otherElements() throws {
        #expect(try FormatPredicate("SELF == nil").evaluate(Product(stock: 1)))
        #expect(try FormatPredicate("SELF.stock * 2 == 2").evaluate(Product(stock: 1)))
        #expect(try FormatPredicate("SELF BEGINSWITH 'A'").evaluate(Code(code: "A1")))
    }
}

@Suite("FormatPredicate SUBQUERY")
struct FormatPredicateSubqueryTests {
    @Test("SUBQUERY keeps the elements for which its predicate holds", arguments: [
        ("SUBQUERY(items, $item, $item.price > 3).@count == 2", true),
        ("SUBQUERY(items, $item, $item.price > 3 AND $item.quantity > 5).@count == 1", true),
        ("SUBQUERY(items, $i, price > 3).@count == 2", true),
        ("SUBQUERY(items, $i, ANY $i.tags == 'refill').@count == 1", true),
        ("SUBQUERY(items, $i, $i.tags.@count == 0)[SIZE] == 1", false),
        ("SUBQUERY(tags, $t, $t BEGINSWITH[c] 'b').@count == 1", true),
        ("SUBQUERY(tags, $t, SELF BEGINSWITH[c] 'b').@count == 1", true),
        ("SUBQUERY(items, $i, SUBQUERY($i.tags, $t, $t == 'office').@count > 0).@count == 2", true),
        ("SUBQUERY(items, $i, SUBQUERY($i.tags, $t, $t == 'office' AND $i.name == 'ink').@count > 0).@count == 1", true),
        ("SUBQUERY(items, $i, $i.price * $i.quantity > 10).@sum.price == 4", true),
        ("SUBQUERY(name, $x, TRUEPREDICATE).@count == nil", true),
        ("SUBQUERY(missing, $x, TRUEPREDICATE) == nil", true),
        ("SUBQUERY(scores, $s, $s > 3.5) == SUBQUERY(scores, $t, $t >= 4)", true),
        ("count IN SUBQUERY(scores, $s, $s > 4)", false),
    ])
    func subqueries(format: String, expected: Bool) throws {
        if format.contains("[SIZE]") {
            #expect(throws: ResultsError.self) { try FormatPredicate(format) }
            return
        }
        #expect(evaluate(format) == expected)
    }
}
