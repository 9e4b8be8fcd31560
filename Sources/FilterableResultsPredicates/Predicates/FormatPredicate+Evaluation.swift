import FilterableResults
import Foundation

extension FormatPredicate {
    /// Whether `object` satisfies the predicate.
    ///
    /// Evaluation never fails: a missing field is null, and a comparison whose
    /// operands do not suit it is false (see ``FormatPredicate`` for the
    /// rules).
    ///
    ///     let cheap = try FormatPredicate("price < 10 AND title BEGINSWITH[c] 'k'")
    ///     let matches = cheap.evaluate(["price": 9.5, "title": "Kindle"] as FieldValue)   // true
    ///
    /// - Complexity: O(*k*) field lookups and comparisons for a predicate of
    ///   *k* comparisons, each O(1) for numbers and O(*n* + *m*) for strings
    ///   of lengths *n* and *m* (`CONTAINS`, and `LIKE` unless a `?` sits
    ///   between two stars: then O(*n* · ⌈*k*/64⌉) for a stretch of *k*
    ///   characters; `MATCHES` O(*n* · *p*) for a program of *p* ≤ 10,000
    ///   instructions). Comparisons with numbers, and string comparisons of
    ///   ASCII fields (modifiers included), do not allocate.
    @inlinable
    public func evaluate<T: FieldValueProviding>(_ object: T) -> Bool {
        // The common single comparison of a field with a number is tested
        // here, inlined into the caller, without entering the tree walk.
        if let result = storage.rootNumberTest?.evaluate(object) { return result }
        return storage.root.evaluate(object)
    }

    /// Whether `object` satisfies the predicate; the same as
    /// ``evaluate(_:)``, so a predicate reads like a function:
    /// `items.filter { predicate($0) }`.
    ///
    /// - Complexity: As ``evaluate(_:)``.
    @inlinable
    public func callAsFunction<T: FieldValueProviding>(_ object: T) -> Bool {
        evaluate(object)
    }
}

// The tree walk and the numeric comparison are inlinable so that callers in
// other modules get them specialized for their element type: a comparison of
// a field with a number then costs one direct `fieldValue(named:)` call and a
// switch.

extension FormatPredicate.Node {
    @inlinable
    func evaluate<T: FieldValueProviding>(_ object: T) -> Bool {
        switch self {
        case let .fieldNumber(node):
            return node.test.evaluate(object)
        case let .comparison(comparison):
            return comparison.evaluate(object)
        case let .and(operands):
            for index in operands.indices where !operands[index].evaluate(object) { return false }
            return true
        case let .or(operands):
            for index in operands.indices where operands[index].evaluate(object) { return true }
            return false
        case let .not(operand):
            return !operand.evaluate(object)
        case let .constant(value):
            return value
        case let .expressionComparison(comparison):
            return comparison.evaluate(object, in: [])
        case let .aggregate(aggregate):
            return aggregate.evaluate(object, in: [])
        }
    }
}

extension FormatPredicate.FieldNumberTest {
    @inlinable
    func evaluate<T: FieldValueProviding>(_ object: T) -> Bool {
        let value = isSingleField ? object.fieldValue(named: field) : object.fieldValue(at: path)
        // Like kinds compare directly, without branching on the outcome;
        // mixed integer and double go through the exact comparison.
        let order: ComparisonResult
        switch value {
        case let .integer(value)?:
            if isInteger { return Self.holds(value, `operator`, integer) }
            order = FieldNumber.compare(value, double)
        case let .double(value)?:
            if !isInteger, !value.isNaN, !double.isNaN { return Self.holds(value, `operator`, double) }
            order = isInteger ? FieldValue.reversed(FieldNumber.compare(integer, value)) : FieldNumber.compare(value, double)
        default:
            // Missing, or not a number: only `!=` holds.
            return `operator` == .notEqual
        }
        return `operator`.accepts(order)
    }

    /// `lhs op rhs` for the six plain comparisons.
    @inlinable @inline(__always)
    static func holds<Number: Comparable>(_ lhs: Number, _ operator: FormatPredicate.Operator, _ rhs: Number) -> Bool {
        switch `operator` {
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        case .equal: lhs == rhs
        default: lhs != rhs
        }
    }
}

/// An operand resolved against one object.
private enum Resolved {
    /// A value read from the object (missing fields are null); strings are
    /// folded when compared.
    case value(FieldValue)
    /// A literal, its strings folded already.
    case literal(FormatPredicate.Literal)

    var value: FieldValue {
        switch self {
        case let .value(value): value
        case let .literal(literal): literal.value
        }
    }

    var isString: Bool {
        switch self {
        case .value(.string): true
        case let .literal(literal): literal.foldedUTF8 != nil
        default: false
        }
    }

    /// Calls `body` with the folded UTF-8 of a string operand; `nil` for
    /// other values.
    @inline(__always)
    func withFoldedString<R>(_ options: FormatPredicate.Options, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        switch self {
        case let .value(.string(string)):
            StringFolding.withFoldedUTF8(string, options, body)
        case let .literal(literal):
            literal.foldedUTF8?.withUnsafeBufferPointer(body)
        default:
            nil
        }
    }
}

extension FormatPredicate.Comparison {
    fileprivate typealias Operand = FormatPredicate.Operand

    /// Reads the fields the comparison names (specialized for `T`), then
    /// compares without generics.
    @inlinable
    func evaluate<T: FieldValueProviding>(_ object: T) -> Bool {
        let leftValue = leftField.flatMap { object.fieldValue(at: $0) }
        let rightValue = rightField.flatMap { object.fieldValue(at: $0) }
        if listFields.isEmpty {
            return holds(leftValue, rightValue, listFieldValues: [])
        }
        return holds(leftValue, rightValue, listFieldValues: listFields.map { object.fieldValue(at: $0) })
    }

    /// Whether the comparison holds, given the values of its key paths:
    /// `leftValue` and `rightValue` for the sides that are key paths, and
    /// `listFieldValues` for the key paths inside a `{…}` list, in order.
    @usableFromInline
    func holds(_ leftValue: FieldValue?, _ rightValue: FieldValue?, listFieldValues: [FieldValue?]) -> Bool {
        if let stringLiteral, case let .string(string)? = leftValue {
            return holds(string, stringLiteral)
        }
        let lhs = resolve(left, leftValue)
        switch `operator` {
        case .equal:
            return equal(lhs, resolve(right, rightValue))
        case .notEqual:
            return !equal(lhs, resolve(right, rightValue))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = order(lhs, resolve(right, rightValue)) else { return false }
            return `operator`.accepts(order)
        case .beginsWith:
            return bothStrings(lhs, resolve(right, rightValue), UTF8Bytes.hasPrefix) ?? false
        case .endsWith:
            return bothStrings(lhs, resolve(right, rightValue), UTF8Bytes.hasSuffix) ?? false
        case .contains:
            let rhs = resolve(right, rightValue)
            if case let .value(.array(elements)) = lhs {
                return elements.contains { equal(.value($0), rhs) }
            }
            return bothStrings(lhs, rhs, ByteSearch.contains) ?? false
        case .like:
            return like(lhs, resolve(right, rightValue))
        case .matches:
            guard case let .string(subject) = lhs.value else { return false }
            return matches(subject)
        case .in:
            return isMember(lhs, rightValue, listFieldValues)
        case .between:
            return isBetween(lhs, rightValue, listFieldValues)
        }
    }

    /// A string field against a string literal: the folded bytes of both,
    /// compared directly.
    private func holds(_ string: String, _ literal: FormatPredicate.Literal) -> Bool {
        switch `operator` {
        case .like:
            guard let pattern = literal.likePattern else { return false }
            return StringFolding.withFoldedUTF8(string, options) { pattern.matches($0) }
        case .matches:
            return matches(string)
        case .between:
            return false  // BETWEEN takes a list or a key path, never a string.
        default:
            break
        }
        guard let literalBytes = literal.foldedUTF8 else { return false }
        return StringFolding.withFoldedUTF8(string, options) { field in
            literalBytes.withUnsafeBufferPointer { literal in
                switch `operator` {
                case .equal: UTF8Bytes.equal(field, literal)
                case .notEqual: !UTF8Bytes.equal(field, literal)
                case .less: UTF8Bytes.compare(field, literal) == .orderedAscending
                case .lessOrEqual: UTF8Bytes.compare(field, literal) != .orderedDescending
                case .greater: UTF8Bytes.compare(field, literal) == .orderedDescending
                case .greaterOrEqual: UTF8Bytes.compare(field, literal) != .orderedAscending
                case .beginsWith: UTF8Bytes.hasPrefix(field, literal)
                case .endsWith: UTF8Bytes.hasSuffix(field, literal)
                case .contains: ByteSearch.contains(field, literal)
                case .in: ByteSearch.contains(literal, field)
                case .like, .matches, .between: false
                }
            }
        }
    }

    /// An operand with the value read for it (missing fields are null).
    private func resolve(_ operand: Operand, _ fieldValue: FieldValue?) -> Resolved {
        switch operand {
        case .field, .expression: .value(fieldValue ?? .null)
        case let .literal(literal): .literal(literal)
        case .list: .value(.null)  // Lists appear only after IN and BETWEEN, which read them directly.
        }
    }

    /// Whether any element of a `{…}` list satisfies `condition`, with the
    /// values read for the list's key paths (in order); stops at the first.
    private func anyListElement(
        _ elements: [Operand], _ fieldValues: [FieldValue?], _ condition: (Resolved) -> Bool
    ) -> Bool {
        var nextField = 0
        for element in elements {
            let resolved: Resolved
            if element.readsObject {
                resolved = .value(fieldValues[nextField] ?? .null)
                nextField += 1
            } else {
                resolved = resolve(element, nil)
            }
            if condition(resolved) { return true }
        }
        return false
    }

    /// Whether `lhs` lies between `low` and `high` inclusive, all three of
    /// one kind.
    private func isBetween(_ lhs: Resolved, _ low: Resolved, _ high: Resolved) -> Bool {
        guard let lowOrder = order(lhs, low), lowOrder != .orderedAscending,
              let highOrder = order(lhs, high), highOrder != .orderedDescending
        else { return false }
        return true
    }

    /// `==`: strings by folded scalars, everything else by ``FieldValue``
    /// equality (so different kinds are unequal and null equals null).
    private func equal(_ lhs: Resolved, _ rhs: Resolved) -> Bool {
        if case let .value(value) = lhs, case let .literal(literal) = rhs { return equal(value, literal) }
        if lhs.isString, rhs.isString {
            return bothStrings(lhs, rhs, UTF8Bytes.equal) ?? false
        }
        return lhs.value == rhs.value
    }

    /// `==` between a value read from the object and a literal.
    private func equal(_ value: FieldValue, _ literal: FormatPredicate.Literal) -> Bool {
        guard let literalBytes = literal.foldedUTF8 else { return value == literal.value }
        guard case let .string(string) = value else { return false }
        return StringFolding.withFoldedUTF8(string, options) { field in
            literalBytes.withUnsafeBufferPointer { UTF8Bytes.equal(field, $0) }
        }
    }

    /// The order of a value read from the object against a literal; `nil`
    /// across kinds.
    private func order(_ value: FieldValue, _ literal: FormatPredicate.Literal) -> ComparisonResult? {
        if let literalBytes = literal.foldedUTF8 {
            guard case let .string(string) = value else { return nil }
            return StringFolding.withFoldedUTF8(string, options) { field in
                literalBytes.withUnsafeBufferPointer { UTF8Bytes.compare(field, $0) }
            }
        }
        guard value.kind == literal.value.kind else { return nil }
        return FieldValue.compare(value, literal.value)
    }

    /// The order of two values of one kind; `nil` across kinds.
    private func order(_ lhs: Resolved, _ rhs: Resolved) -> ComparisonResult? {
        if case let .value(value) = lhs, case let .literal(literal) = rhs { return order(value, literal) }
        if lhs.isString, rhs.isString {
            return bothStrings(lhs, rhs, UTF8Bytes.compare)
        }
        let (a, b) = (lhs.value, rhs.value)
        guard a.kind == b.kind else { return nil }
        return FieldValue.compare(a, b)
    }

    /// Applies `operation` to the folded UTF-8 of two strings; `nil` unless
    /// both operands are strings.
    @inline(__always)
    private func bothStrings<R>(
        _ lhs: Resolved, _ rhs: Resolved,
        _ operation: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R? {
        guard lhs.isString, rhs.isString else { return nil }
        return lhs.withFoldedString(options) { a in
            rhs.withFoldedString(options) { b in operation(a, b) }
        } ?? nil
    }

    private func like(_ lhs: Resolved, _ rhs: Resolved) -> Bool {
        if case let .literal(literal) = rhs, let pattern = literal.likePattern {
            return lhs.withFoldedString(options) { pattern.matches($0) } ?? false
        }
        // A pattern read from the object: compile it for this evaluation.
        return bothStrings(lhs, rhs) { text, pattern in LikePattern(pattern).matches(text) } ?? false
    }

    /// Whether the `MATCHES` expression matches the whole of `subject`.
    private func matches(_ subject: String) -> Bool {
        guard case let .literal(literal) = right, let expression = literal.regularExpression else { return false }
        let subject = options.contains(.diacriticInsensitive) ? StringFolding.removingCombiningMarks(subject) : subject
        return expression.matches(subject)
    }

    /// `IN`: membership in a list or in an array field; for a string on the
    /// right, whether it contains the left string.
    private func isMember(_ lhs: Resolved, _ rightValue: FieldValue?, _ listFieldValues: [FieldValue?]) -> Bool {
        if case let .list(elements) = right {
            if listFieldValues.isEmpty, case let .value(value) = lhs {
                // The common case: a field against a list of constants.
                for element in elements {
                    if case let .literal(literal) = element, equal(value, literal) { return true }
                }
                return false
            }
            return anyListElement(elements, listFieldValues) { equal(lhs, $0) }
        }
        let rhs = resolve(right, rightValue)
        if case let .value(.array(elements)) = rhs {
            return elements.contains { equal(lhs, .value($0)) }
        }
        return bothStrings(rhs, lhs, ByteSearch.contains) ?? false
    }

    /// `BETWEEN`: `low <= value <= high` with all three of one kind.
    private func isBetween(_ lhs: Resolved, _ rightValue: FieldValue?, _ listFieldValues: [FieldValue?]) -> Bool {
        switch right {
        case let .list(bounds) where bounds.count == 2:
            // Key paths among the bounds take their values in order.
            var fieldValues = listFieldValues[...]
            func bound(_ operand: Operand) -> Resolved {
                if operand.readsObject { return .value(fieldValues.popFirst().flatMap { $0 } ?? .null) }
                return resolve(operand, nil)
            }
            let low = bound(bounds[0])
            return isBetween(lhs, low, bound(bounds[1]))
        case .field, .expression:
            guard case let .array(values)? = rightValue, values.count == 2 else { return false }
            return isBetween(lhs, .value(values[0]), .value(values[1]))
        case .list, .literal:
            return false
        }
    }
}
