import FilterableResults

// Evaluating expressions, aggregate modifiers and SUBQUERY. These paths are
// generic but not inlinable: they run only for predicates that use them, and
// a SUBQUERY evaluates its predicate against each element (a FieldValue) with
// the elements its enclosing SUBQUERYs bound (`scope`, outermost first).
//
// An expression that has no value (a missing field, arithmetic on something
// that is not a number, a division by zero, a collection operator on
// something that is not an array) evaluates to nil, which comparisons treat
// as null, exactly as they treat a missing field.

extension FormatPredicate.Node {
    /// Whether `object` satisfies the node, with the values the enclosing
    /// `SUBQUERY`s bound.
    func evaluate<T: FieldValueProviding>(_ object: T, in scope: [FieldValue]) -> Bool {
        switch self {
        case let .fieldNumber(node):
            return node.test.evaluate(object)
        case let .comparison(comparison):
            return comparison.evaluate(object)
        case let .expressionComparison(comparison):
            return comparison.evaluate(object, in: scope)
        case let .aggregate(aggregate):
            return aggregate.evaluate(object, in: scope)
        case let .and(operands):
            for operand in operands where !operand.evaluate(object, in: scope) { return false }
            return true
        case let .or(operands):
            for operand in operands where operand.evaluate(object, in: scope) { return true }
            return false
        case let .not(operand):
            return !operand.evaluate(object, in: scope)
        case let .constant(value):
            return value
        }
    }
}

extension FormatPredicate.Comparison {
    /// Whether the comparison holds for `object`, its expressions evaluated
    /// with the values the enclosing `SUBQUERY`s bound.
    @usableFromInline
    func evaluate<T: FieldValueProviding>(_ object: T, in scope: [FieldValue]) -> Bool {
        holds(read(left, object, scope), read(right, object, scope), listFieldValues: listValues(object, scope))
    }

    /// The value an operand reads from the object; `nil` for constants.
    func read<T: FieldValueProviding>(_ operand: FormatPredicate.Operand, _ object: T, _ scope: [FieldValue]) -> FieldValue? {
        switch operand {
        case let .field(path): object.fieldValue(at: path)
        case let .expression(expression): expression.value(object, scope)
        case .literal, .list: nil
        }
    }

    /// The values of the key paths and expressions inside a `{…}` list on
    /// the right, in order.
    func listValues<T: FieldValueProviding>(_ object: T, _ scope: [FieldValue]) -> [FieldValue?] {
        guard case let .list(elements) = right else { return [] }
        return elements.filter(\.readsObject).map { read($0, object, scope) }
    }
}

extension FormatPredicate.Aggregate {
    /// `ANY`: some element satisfies the comparison; `ALL`: every element
    /// does (true for an empty array); `NONE`: no element does. A value
    /// that is not an array makes `ANY` and `ALL` false and `NONE`, which
    /// is `NOT ANY`, true.
    @usableFromInline
    func evaluate<T: FieldValueProviding>(_ object: T, in scope: [FieldValue]) -> Bool {
        guard case let .array(elements)? = comparison.read(comparison.left, object, scope) else {
            return quantifier == .none
        }
        let rightValue = comparison.read(comparison.right, object, scope)
        let listValues = comparison.listValues(object, scope)
        switch quantifier {
        case .any:
            return elements.contains { comparison.holds($0, rightValue, listFieldValues: listValues) }
        case .all:
            return elements.allSatisfy { comparison.holds($0, rightValue, listFieldValues: listValues) }
        case .none:
            return !elements.contains { comparison.holds($0, rightValue, listFieldValues: listValues) }
        }
    }
}

extension FormatPredicate.ValueExpression {
    /// The expression's value for `object`; `nil` when it has none.
    func value<T: FieldValueProviding>(_ object: T, _ scope: [FieldValue]) -> FieldValue? {
        switch kind {
        case let .literal(value):
            return value
        case let .keyPath(path):
            guard let head = object.fieldValue(named: path.head) else { return nil }
            return Self.read(path.tail, in: head)
        case .selfObject:
            return object.valueForSelf()
        case let .variable(_, index, tail):
            guard index < scope.count else { return nil }
            return Self.read(tail, in: scope[index])
        case let .negate(operand):
            return FormatPredicate.Arithmetic.negate(operand.value(object, scope))
        case let .arithmetic(first, rest):
            var result = first.value(object, scope)
            for (arithmeticOperator, operand) in rest {
                guard result != nil else { return nil }
                result = FormatPredicate.Arithmetic.apply(arithmeticOperator, result, operand.value(object, scope))
            }
            return result
        case let .collection(base, collectionOperator, path):
            return FormatPredicate.Arithmetic.collect(collectionOperator, base.value(object, scope), path: path)
        case let .subquery(collection, _, predicate):
            guard case let .array(elements)? = collection.value(object, scope) else { return nil }
            var inner = scope
            inner.append(.null)
            let index = inner.count - 1
            var kept: [FieldValue] = []
            for element in elements {
                inner[index] = element
                if predicate.evaluate(element, in: inner) { kept.append(element) }
            }
            return .array(kept)
        }
    }

    /// The value at `components` below `value`: object members in turn; a
    /// step that meets an array reads the component in each element
    /// (null where an element lacks it), as key-value coding does; `nil`
    /// when a step meets anything else or a member is missing.
    static func read(_ components: [String], in value: FieldValue) -> FieldValue? {
        var current = value
        for component in components {
            switch current {
            case let .object(object):
                guard let next = object[component] else { return nil }
                current = next
            case let .array(elements):
                current = .array(elements.map { $0[component] ?? .null })
            default:
                return nil
            }
        }
        return current
    }
}
