import FilterableResults

// The parts of the tree that compute values rather than read them: the
// aggregate modifiers ANY, ALL and NONE, arithmetic, SELF, SUBQUERY
// variables, collection operators (@count, @sum, @avg, @min, @max) and
// SUBQUERY itself. They sit behind references (a final class per node), so a
// `Node` stays one word and the plain comparisons keep their fast paths.

extension FormatPredicate {
    /// `ANY` (or `SOME`), `ALL` and `NONE` before a comparison.
    enum Quantifier: Sendable {
        case any, all, none

        /// The modifier as the canonical text writes it.
        var text: String {
            switch self {
            case .any: "ANY"
            case .all: "ALL"
            case .none: "NONE"
            }
        }
    }

    /// `ANY`, `ALL` or `NONE` with its comparison, whose left operand is the
    /// collection (an ``Operand/expression(_:)``): the comparison is tested
    /// with each element of the collection as its left value.
    @usableFromInline
    final class Aggregate: Sendable {
        let quantifier: Quantifier
        let comparison: Comparison

        init(quantifier: Quantifier, comparison: Comparison) {
            self.quantifier = quantifier
            self.comparison = comparison
        }
    }

    /// `+`, `-`, `*` and `/`.
    enum ArithmeticOperator: Sendable {
        case add, subtract, multiply, divide

        /// Whether this is `+` or `-` (which bind less tightly).
        var isAdditive: Bool { self == .add || self == .subtract }

        /// The operator as the canonical text writes it.
        var text: String {
            switch self {
            case .add: "+"
            case .subtract: "-"
            case .multiply: "*"
            case .divide: "/"
            }
        }
    }

    /// The key-value coding collection operators the language supports.
    enum CollectionOperator: String, Sendable, CaseIterable {
        case count, sum, avg, min, max
    }

    /// A value computed from the evaluated object (and, inside a
    /// `SUBQUERY`, from the variables it binds).
    final class ValueExpression: Sendable {
        enum Kind: Sendable {
            /// A constant.
            case literal(FieldValue)
            /// A key path into the evaluated object; a step that meets an
            /// array reads the rest of the path in each of its elements.
            case keyPath(FieldPath)
            /// `SELF`: the evaluated object itself.
            case selfObject
            /// `$name.tail…`: the element a `SUBQUERY` binds, `index`
            /// counting the enclosing `SUBQUERY`s from the outermost.
            case variable(name: String, index: Int, tail: [String])
            /// `-operand`.
            case negate(ValueExpression)
            /// `first op operand op operand …`, all of one precedence (all
            /// additive or all multiplicative), evaluated left to right.
            case arithmetic(first: ValueExpression, rest: [(ArithmeticOperator, ValueExpression)])
            /// `base.@operator.path`: a collection operator on the value of
            /// `base`, reading `path` in each element (empty: the element).
            case collection(base: ValueExpression, operator: CollectionOperator, path: [String])
            /// `SUBQUERY(collection, $variable, predicate)`: the elements of
            /// the collection for which the predicate holds.
            case subquery(collection: ValueExpression, variable: String, predicate: Node)
        }

        let kind: Kind
        /// The levels of expressions (and, for a `SUBQUERY`, of its
        /// predicate) in this one: 0 for a literal, a key path, `SELF` or a
        /// variable.
        let depth: Int

        init(_ kind: Kind, depth: Int) {
            self.kind = kind
            self.depth = depth
        }

        /// Whether this is `first op …` with additive operators.
        var isAdditiveChain: Bool {
            if case let .arithmetic(_, rest) = kind { rest.first?.0.isAdditive ?? false } else { false }
        }

        /// Whether this is `first op …` with multiplicative operators.
        var isMultiplicativeChain: Bool {
            if case let .arithmetic(_, rest) = kind { !(rest.first?.0.isAdditive ?? true) } else { false }
        }
    }
}
