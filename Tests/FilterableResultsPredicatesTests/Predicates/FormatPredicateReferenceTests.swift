import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
import Testing

// A reference for the aggregate modifiers, arithmetic, SELF, collection
// operators and SUBQUERY, written from Foundation's documentation ("Predicate
// Format String Syntax", "Using Collection Operators") and the package's
// documented choices, independently of the parser and the evaluator: a
// small tree, printed as format text and evaluated by a naive walk over
// Double arithmetic. Random trees over random objects must evaluate the same
// through `FormatPredicate` as through this walk.

/// A value expression of the reference.
private indirect enum ReferenceExpression {
    case key([String])
    case number(Double)
    case string(String)
    case selfValue
    case selfKey(String)
    case variable(String)
    case negate(ReferenceExpression)
    case binary(Character, ReferenceExpression, ReferenceExpression)
    case collection(String, ReferenceExpression, String?)
    case subquery(ReferenceExpression, ReferencePredicate)
}

/// A predicate of the reference.
private indirect enum ReferencePredicate {
    case comparison(quantifier: String?, ReferenceExpression, String, caseInsensitive: Bool, ReferenceExpression)
    case between(ReferenceExpression, ReferenceExpression, ReferenceExpression)
    case among(ReferenceExpression, [ReferenceExpression])
    case and(ReferencePredicate, ReferencePredicate)
    case or(ReferencePredicate, ReferencePredicate)
    case not(ReferencePredicate)
}

/// A value the reference computes: nil when there is none.
private typealias ReferenceValue = FieldValue?

// MARK: Printing

extension ReferenceExpression {
    var text: String {
        switch self {
        case let .key(path): path.joined(separator: ".")
        case let .number(number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case let .string(string): "'\(string)'"
        case .selfValue: "SELF"
        case let .selfKey(key): "SELF.\(key)"
        case let .variable(name): "$\(name)"
        case let .negate(operand): "-(\(operand.text))"
        case let .binary(symbol, lhs, rhs): "(\(lhs.text) \(symbol) \(rhs.text))"
        case let .collection(name, base, path): "\(base.text).@\(name)" + (path.map { ".\($0)" } ?? "")
        case let .subquery(collection, predicate): "SUBQUERY(\(collection.text), $x, \(predicate.text))"
        }
    }
}

extension ReferencePredicate {
    var text: String {
        switch self {
        case let .comparison(quantifier, lhs, symbol, caseInsensitive, rhs):
            (quantifier.map { $0 + " " } ?? "") + "\(lhs.text) \(symbol)\(caseInsensitive ? "[c]" : "") \(rhs.text)"
        case let .between(value, low, high): "\(value.text) BETWEEN {\(low.text), \(high.text)}"
        case let .among(value, list): "\(value.text) IN {\(list.map(\.text).joined(separator: ", "))}"
        case let .and(lhs, rhs): "(\(lhs.text) AND \(rhs.text))"
        case let .or(lhs, rhs): "(\(lhs.text) OR \(rhs.text))"
        case let .not(operand): "NOT (\(operand.text))"
        }
    }
}

// MARK: Evaluation

/// What the reference evaluates against: the object and the SUBQUERY
/// variable, when inside one.
private struct ReferenceContext {
    var object: FieldValue
    var variable: FieldValue?
}

private enum Reference {
    static func number(_ value: ReferenceValue) -> Double? {
        switch value {
        case let .integer(integer)?: Double(integer)
        case let .double(double)?: double
        default: nil
        }
    }

    static func result(_ double: Double) -> ReferenceValue {
        double.isFinite ? .double(double) : nil
    }

    /// Key-value coding: members of objects, mapped over arrays.
    static func follow(_ value: ReferenceValue, _ path: [String]) -> ReferenceValue {
        var current = value
        for key in path {
            switch current {
            case let .object(object)?: current = object[key]
            case let .array(elements)?: current = .array(elements.map { element in
                    if case let .object(object) = element { object[key] ?? .null } else { .null }
                })
            default: return nil
            }
            if current == nil { return nil }
        }
        return current
    }

    static func value(_ expression: ReferenceExpression, _ context: ReferenceContext) -> ReferenceValue {
        switch expression {
        case let .key(path): return follow(context.object, path)
        case let .number(number): return .double(number)
        case let .string(string): return .string(string)
        case .selfValue: return context.object
        case let .selfKey(key): return follow(context.object, [key])
        case .variable: return context.variable
        case let .negate(operand):
            return number(value(operand, context)).flatMap { result(-$0) }
        case let .binary(symbol, lhs, rhs):
            guard let a = number(value(lhs, context)), let b = number(value(rhs, context)) else { return nil }
            switch symbol {
            case "+": return result(a + b)
            case "-": return result(a - b)
            case "*": return result(a * b)
            default: return b == 0 ? nil : result(a / b)
            }
        case let .collection(name, base, path):
            return collect(name, value(base, context), path)
        case let .subquery(collection, predicate):
            guard case let .array(elements)? = value(collection, context) else { return nil }
            return .array(elements.filter { holds(predicate, ReferenceContext(object: $0, variable: $0)) })
        }
    }

    /// @count, @sum, @avg, @min and @max as the package documents them.
    static func collect(_ name: String, _ value: ReferenceValue, _ path: String?) -> ReferenceValue {
        if name == "count" {
            switch value {
            case let .array(elements)?: return .double(Double(elements.count))
            case let .object(object)?: return .double(Double(object.count))
            default: return nil
            }
        }
        guard case let .array(array)? = value else { return nil }
        var elements = array.elements
        if let path { elements = elements.map { follow($0, [path]) ?? .null } }
        let present = elements.filter { $0 != .null }
        switch name {
        case "sum", "avg":
            var total = 0.0
            for element in present {
                guard let number = number(element) else { return nil }
                total += number
            }
            if name == "sum" { return result(total) }
            return elements.isEmpty ? nil : result(total / Double(elements.count))
        default:
            if present.allSatisfy({ number($0) != nil }) {
                let numbers = present.compactMap { number($0) }
                guard let best = name == "min" ? numbers.min() : numbers.max() else { return nil }
                return .double(best)
            }
            let strings = present.compactMap { if case let .string(string) = $0 { string } else { nil } }
            guard strings.count == present.count else { return nil }
            let scalars = strings.map { Array($0.unicodeScalars.map(\.value)) }
            guard let best = name == "min" ? scalars.min(by: { $0.lexicographicallyPrecedes($1) })
                : scalars.max(by: { $0.lexicographicallyPrecedes($1) })
            else { return nil }
            return .string(String(String.UnicodeScalarView(best.compactMap(Unicode.Scalar.init))))
        }
    }

    /// Equality across kinds is false; missing is null.
    static func equal(_ a: ReferenceValue, _ b: ReferenceValue, _ caseInsensitive: Bool) -> Bool {
        let (a, b) = (a ?? .null, b ?? .null)
        if let x = number(a), let y = number(b) { return x == y }
        if case let .string(x) = a, case let .string(y) = b { return fold(x, caseInsensitive) == fold(y, caseInsensitive) }
        if case .null = a, case .null = b { return true }
        if case let .bool(x) = a, case let .bool(y) = b { return x == y }
        if case let .array(x) = a, case let .array(y) = b {
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1, false) }
        }
        if case let .object(x) = a, case let .object(y) = b {
            return x.count == y.count && x.allSatisfy { equal($0.value, y[$0.key], false) }
        }
        return false
    }

    /// The order of two values of one kind (null and missing alike, false
    /// before true, numbers, strings by scalars); nil across kinds.
    static func order(_ a: ReferenceValue, _ b: ReferenceValue, _ caseInsensitive: Bool) -> Int? {
        if let x = number(a), let y = number(b) { return x < y ? -1 : x > y ? 1 : 0 }
        switch (a ?? .null, b ?? .null) {
        case (.null, .null): return 0
        case let (.bool(x), .bool(y)): return x == y ? 0 : x ? 1 : -1
        default: break
        }
        if case let .string(x)? = a, case let .string(y)? = b {
            let (u, v) = (Array(fold(x, caseInsensitive).unicodeScalars.map(\.value)), Array(fold(y, caseInsensitive).unicodeScalars.map(\.value)))
            return u == v ? 0 : u.lexicographicallyPrecedes(v) ? -1 : 1
        }
        return nil
    }

    static func fold(_ string: String, _ caseInsensitive: Bool) -> String {
        caseInsensitive ? string.lowercased() : string
    }

    static func compare(_ lhs: ReferenceValue, _ operator: String, _ rhs: ReferenceValue, _ caseInsensitive: Bool) -> Bool {
        switch `operator` {
        case "==": return equal(lhs, rhs, caseInsensitive)
        case "!=": return !equal(lhs, rhs, caseInsensitive)
        case "<": return order(lhs, rhs, caseInsensitive).map { $0 < 0 } ?? false
        case "<=": return order(lhs, rhs, caseInsensitive).map { $0 <= 0 } ?? false
        case ">": return order(lhs, rhs, caseInsensitive).map { $0 > 0 } ?? false
        case ">=": return order(lhs, rhs, caseInsensitive).map { $0 >= 0 } ?? false
        default:
            guard case let .string(x)? = lhs, case let .string(y)? = rhs else {
                if `operator` == "CONTAINS", case let .array(elements)? = lhs {
                    // CONTAINS on an array tests membership.
                    return elements.contains { equal($0, rhs, caseInsensitive) }
                }
                return false
            }
            let (a, b) = (fold(x, caseInsensitive), fold(y, caseInsensitive))
            switch `operator` {
            case "BEGINSWITH": return a.unicodeScalars.starts(with: b.unicodeScalars)
            case "ENDSWITH": return a.unicodeScalars.reversed().starts(with: b.unicodeScalars.reversed())
            default: return b.isEmpty || a.contains(b)
            }
        }
    }

    static func holds(_ predicate: ReferencePredicate, _ context: ReferenceContext) -> Bool {
        switch predicate {
        case let .comparison(quantifier, lhs, symbol, caseInsensitive, rhs):
            let right = value(rhs, context)
            guard let quantifier else { return compare(value(lhs, context), symbol, right, caseInsensitive) }
            // ANY and ALL need an array; NONE is NOT ANY.
            guard case let .array(elements)? = value(lhs, context) else { return quantifier == "NONE" }
            let matching = elements.filter { compare($0, symbol, right, caseInsensitive) }.count
            switch quantifier {
            case "ANY": return matching > 0
            case "ALL": return matching == elements.count
            default: return matching == 0
            }
        case let .between(subject, low, high):
            let v = value(subject, context)
            guard let a = order(v, value(low, context), false), let b = order(v, value(high, context), false) else { return false }
            return a >= 0 && b <= 0
        case let .among(subject, list):
            let v = value(subject, context)
            return list.contains { equal(v, value($0, context), false) }
        case let .and(lhs, rhs): return holds(lhs, context) && holds(rhs, context)
        case let .or(lhs, rhs): return holds(lhs, context) || holds(rhs, context)
        case let .not(operand): return !holds(operand, context)
        }
    }
}

// MARK: Generation

private struct ReferenceGenerator {
    var random: SeededRandomNumberGenerator

    mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func scalar() -> FieldValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: .null
        case 1: .string(pick(["a", "b", "ab", "B"]))
        case 2: .bool(chance(50))
        case 3, 4: .double(Double(Int.random(in: -8...8, using: &random)) / 2)
        default: .integer(Int.random(in: -3...6, using: &random))
        }
    }

    mutating func object() -> FieldValue {
        var members: [(String, FieldValue)] = []
        if chance(90) { members.append(("n", scalar())) }
        if chance(90) { members.append(("m", scalar())) }
        if chance(90) { members.append(("s", .string(pick(["", "a", "ab", "Ab", "ba", "bab"])))) }
        if chance(85) {
            members.append(("nums", chance(90) ? .array((0..<Int.random(in: 0...4, using: &random)).map { _ in scalar() }) : scalar()))
        }
        if chance(85) {
            members.append(("tags", chance(90)
                ? .array((0..<Int.random(in: 0...3, using: &random)).map { _ in .string(pick(["a", "A", "ab", "b", "ba"])) }) : scalar()))
        }
        if chance(85) {
            members.append(("items", .array((0..<Int.random(in: 0...3, using: &random)).map { _ in
                var item: [(String, FieldValue)] = []
                if chance(90) { item.append(("p", scalar())) }
                if chance(80) { item.append(("t", .string(pick(["a", "ab", "b"])))) }
                return .object(FieldObject(item.map { (key: $0.0, value: $0.1) }))
            })))
        }
        return .object(FieldObject(members.map { (key: $0.0, value: $0.1) }))
    }

    /// A numeric expression; `inSubquery`: over an item, with `$x` bound.
    mutating func number(_ depth: Int, inSubquery: Bool) -> ReferenceExpression {
        let leaf = depth <= 0
        switch Int.random(in: 0..<(leaf ? 4 : 9), using: &random) {
        case 0: return .number(Double(Int.random(in: -6...6, using: &random)) / (chance(70) ? 1 : 2))
        case 1: return inSubquery ? pick([.key(["p"]), .selfKey("p")]) : pick([.key(["n"]), .key(["m"]), .selfKey("n")])
        case 2: return inSubquery ? .variable("x") : .collection(pick(["count", "sum", "avg", "min", "max"]), .key(["nums"]), nil)
        case 3: return inSubquery ? .key(["p"]) : .collection(pick(["sum", "avg", "min", "max"]), .key(["items"]), "p")
        case 4: return .negate(number(depth - 1, inSubquery: inSubquery))
        case 5, 6, 7:
            return .binary(pick(["+", "-", "*", "/"]), number(depth - 1, inSubquery: inSubquery), number(depth - 1, inSubquery: inSubquery))
        default:
            if inSubquery { return .collection("count", .key(["items"]), nil) }
            return .collection("count", .subquery(.key(["items"]), predicate(depth - 1, inSubquery: true)), nil)
        }
    }

    mutating func predicate(_ depth: Int, inSubquery: Bool) -> ReferencePredicate {
        let operators = ["==", "!=", "<", "<=", ">", ">="]
        switch Int.random(in: 0..<(depth <= 0 ? 5 : 8), using: &random) {
        case 0:
            return .comparison(quantifier: nil, number(depth, inSubquery: inSubquery), pick(operators), caseInsensitive: false,
                               number(depth, inSubquery: inSubquery))
        case 1:
            if inSubquery {
                return .comparison(quantifier: nil, .variable("x"), pick(["==", "!="]), caseInsensitive: false, .key(["items"]))
            }
            return .comparison(quantifier: pick(["ANY", "ALL", "NONE"]), pick([.key(["nums"]), .key(["items", "p"]), .key(["n"])]),
                               pick(operators), caseInsensitive: false, number(depth - 1, inSubquery: false))
        case 2:
            let field: ReferenceExpression = inSubquery ? .key(["t"]) : .key(["s"])
            return .comparison(quantifier: nil, field, pick(["BEGINSWITH", "ENDSWITH", "CONTAINS", "==", "<"]), caseInsensitive: chance(50),
                               .string(pick(["", "a", "b", "A", "ab"])))
        case 3:
            if inSubquery {
                return .comparison(quantifier: nil, .key(["t"]), pick(["==", "BEGINSWITH"]), caseInsensitive: chance(50), .string(pick(["a", "b"])))
            }
            return .comparison(quantifier: pick(["ANY", "ALL", "NONE"]), .key(["tags"]), pick(["==", "BEGINSWITH", "ENDSWITH", "CONTAINS", "<"]),
                               caseInsensitive: chance(50), .string(pick(["a", "b", "A", "ab"])))
        case 4:
            return chance(50)
                ? .between(number(depth, inSubquery: inSubquery), number(0, inSubquery: inSubquery), number(0, inSubquery: inSubquery))
                : .among(number(depth, inSubquery: inSubquery), [number(0, inSubquery: inSubquery), number(0, inSubquery: inSubquery)])
        case 5: return .and(predicate(depth - 1, inSubquery: inSubquery), predicate(depth - 1, inSubquery: inSubquery))
        case 6: return .or(predicate(depth - 1, inSubquery: inSubquery), predicate(depth - 1, inSubquery: inSubquery))
        default: return .not(predicate(depth - 1, inSubquery: inSubquery))
        }
    }
}

@Suite("FormatPredicate against a reference evaluator")
struct FormatPredicateReferenceTests {
    @Test("random predicates over random objects agree with the reference, and print back to themselves")
    func differential() throws {
        var generator = ReferenceGenerator(random: SeededRandomNumberGenerator(seed: 0x21_07))
        let objects = (0..<30).map { _ in generator.object() }
        var compared = 0
        var held = 0
        for _ in 0..<1_000 {
            let reference = generator.predicate(3, inSubquery: false)
            let format = reference.text
            let predicate: FormatPredicate
            do {
                predicate = try FormatPredicate(format)
            } catch {
                Issue.record("\(format) did not parse: \(error)")
                continue
            }
            let reparsed = try FormatPredicate(predicate.description)
            #expect(reparsed == predicate, "\(format) printed as \(predicate.description)")
            for object in objects {
                let expected = Reference.holds(reference, ReferenceContext(object: object))
                let actual = predicate.evaluate(object)
                if actual != expected {
                    Issue.record("\(format) on \(object.jsonText): \(actual), the reference says \(expected)")
                    return
                }
                #expect(reparsed.evaluate(object) == actual)
                compared += 1
                if actual { held += 1 }
            }
        }
        // Both outcomes are well represented.
        #expect(held > compared / 10 && held < compared * 9 / 10, "\(held) of \(compared) held")
    }
}
