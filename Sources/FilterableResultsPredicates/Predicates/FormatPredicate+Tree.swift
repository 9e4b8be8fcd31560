import FilterableResults
import Foundation

// The compact tree a format string is parsed into once. Everything that does
// not depend on the evaluated object is computed at parse time: key paths are
// split, string literals are folded for the comparison's modifiers and kept as
// UTF-8 bytes, LIKE patterns are compiled to elements, regular expressions are
// compiled, and comparisons of a field with a number get their own node.

extension FormatPredicate {
    /// A node of a parsed predicate.
    ///
    /// Every payload is a single reference (a final class, an array or an
    /// indirect box), so a node is one word and cheap to pass around.
    @usableFromInline
    enum Node: Sendable {
        /// `TRUEPREDICATE` or `FALSEPREDICATE`.
        case constant(Bool)
        /// `NOT p`.
        indirect case not(Node)
        /// `p AND q AND …`, evaluated left to right with short-circuit.
        case and([Node])
        /// `p OR q OR …`, evaluated left to right with short-circuit.
        case or([Node])
        /// Any comparison.
        case comparison(Comparison)
        /// A field compared with a number by `==`, `!=`, `<`, `<=`, `>` or
        /// `>=`: the common case, kept free of any string work.
        case fieldNumber(FieldNumberNode)
        /// A comparison with a ``ValueExpression`` among its operands
        /// (arithmetic, `SELF`, a variable, a collection operator or
        /// `SUBQUERY`), evaluated through ``Comparison/evaluate(_:in:)``.
        case expressionComparison(Comparison)
        /// `ANY`, `ALL` or `NONE` before a comparison.
        case aggregate(Aggregate)
    }

    /// A comparison operator.
    @usableFromInline
    enum Operator: Sendable, Hashable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case beginsWith, endsWith, contains, like, matches, `in`, between

        /// The operator with its operands swapped (`5 < x` is `x > 5`); only
        /// meaningful for the six plain comparisons.
        var swapped: Operator {
            switch self {
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .greater: .less
            case .greaterOrEqual: .lessOrEqual
            default: self
            }
        }

        /// Whether this is one of `==`, `!=`, `<`, `<=`, `>`, `>=`.
        var isPlainComparison: Bool {
            switch self {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
            default: false
            }
        }

        /// Whether an order between two values of one kind satisfies this
        /// plain comparison.
        @inlinable
        func accepts(_ order: ComparisonResult) -> Bool {
            switch self {
            case .equal: order == .orderedSame
            case .notEqual: order != .orderedSame
            case .less: order == .orderedAscending
            case .lessOrEqual: order != .orderedDescending
            case .greater: order == .orderedDescending
            case .greaterOrEqual: order != .orderedAscending
            default: false
            }
        }

        /// The operator as the canonical text writes it.
        var text: String {
            switch self {
            case .equal: "=="
            case .notEqual: "!="
            case .less: "<"
            case .lessOrEqual: "<="
            case .greater: ">"
            case .greaterOrEqual: ">="
            case .beginsWith: "BEGINSWITH"
            case .endsWith: "ENDSWITH"
            case .contains: "CONTAINS"
            case .like: "LIKE"
            case .matches: "MATCHES"
            case .in: "IN"
            case .between: "BETWEEN"
            }
        }
    }

    /// The `[c]`, `[d]` and `[cd]` modifiers.
    typealias Options = FoldingOptions

    /// One side of a comparison.
    enum Operand: Sendable {
        /// A key path into the evaluated object.
        case field(FieldPath)
        /// A constant, prepared for its comparison.
        case literal(Literal)
        /// `{a, b, …}` after `IN` or `BETWEEN`.
        case list([Operand])
        /// A value computed from the evaluated object.
        case expression(ValueExpression)

        /// Whether the operand takes a value read from the object (a key
        /// path or an expression), in the order of the comparison's reads.
        var readsObject: Bool {
            switch self {
            case .field, .expression: true
            case .literal, .list: false
            }
        }
    }

    /// A constant operand with everything its comparison needs precomputed.
    final class Literal: Sendable {
        /// The value as written.
        let value: FieldValue
        /// For strings: the UTF-8 of the string folded by the comparison's
        /// modifiers.
        let foldedUTF8: [UInt8]?
        /// For the string pattern of `LIKE`: the compiled pattern.
        let likePattern: LikePattern?
        /// For the pattern of `MATCHES`: the compiled expression.
        let regularExpression: RegularExpression?

        init(value: FieldValue, options: Options, likePattern: Bool, regularExpression: RegularExpression? = nil) {
            self.value = value
            if case let .string(string) = value {
                let folded = Array(StringFolding.fold(string, options).utf8)
                foldedUTF8 = folded
                self.likePattern = likePattern ? folded.withUnsafeBufferPointer(LikePattern.init) : nil
            } else {
                foldedUTF8 = nil
                self.likePattern = nil
            }
            self.regularExpression = regularExpression
        }
    }

    /// `left op[options] right`.
    ///
    /// Evaluation is split in two: an inlinable part, specialized for the
    /// caller's element type, reads the fields the comparison names; a
    /// non-generic part (``holds(_:_:listFieldValues:)``), compiled once,
    /// does the comparing.
    @usableFromInline
    final class Comparison: Sendable {
        let left: Operand
        let `operator`: Operator
        let options: Options
        let right: Operand

        /// The left side's key path, if it is one.
        @usableFromInline
        let leftField: FieldPath?
        /// The right side's key path, if it is one.
        @usableFromInline
        let rightField: FieldPath?
        /// The key paths inside a `{…}` list on the right, in order (rare).
        @usableFromInline
        let listFields: [FieldPath]
        /// A string literal on the right of a field: the common string test,
        /// which gets a direct path.
        let stringLiteral: Literal?

        init(left: Operand, operator: Operator, options: Options, right: Operand) {
            self.left = left
            self.operator = `operator`
            self.options = options
            self.right = right
            if case let .field(path) = left { leftField = path } else { leftField = nil }
            if case let .field(path) = right { rightField = path } else { rightField = nil }
            if case let .list(elements) = right {
                listFields = elements.compactMap { if case let .field(path) = $0 { path } else { nil } }
            } else {
                listFields = []
            }
            if left.readsObject, case let .literal(literal) = right, literal.foldedUTF8 != nil {
                stringLiteral = literal
            } else {
                stringLiteral = nil
            }
        }
    }

    /// A ``FieldNumberTest`` in the tree, behind one reference.
    @usableFromInline
    final class FieldNumberNode: Sendable {
        @usableFromInline
        let test: FieldNumberTest

        init(_ test: FieldNumberTest) {
            self.test = test
        }
    }

    /// `field op number` for the six plain comparisons.
    ///
    /// A struct of plain values: evaluated in place (borrowed), it neither
    /// copies nor retains anything.
    @usableFromInline
    struct FieldNumberTest: Sendable {
        /// The field.
        @usableFromInline
        let path: FieldPath
        /// `path.head`, read directly when ``isSingleField``.
        @usableFromInline
        let field: String
        /// Whether the path has one component.
        @usableFromInline
        let isSingleField: Bool
        @usableFromInline
        let `operator`: Operator
        /// Whether the number is an integer (else a double).
        @usableFromInline
        let isInteger: Bool
        /// The number when it is an integer.
        @usableFromInline
        let integer: Int
        /// The number when it is a double.
        @usableFromInline
        let double: Double

        init(path: FieldPath, operator: Operator, number: FieldValue) {
            self.path = path
            field = path.head
            isSingleField = path.tail.isEmpty
            self.operator = `operator`
            switch number {
            case let .integer(value):
                (isInteger, integer, double) = (true, value, Double(value))
            case let .double(value):
                (isInteger, integer, double) = (false, 0, value)
            default:
                preconditionFailure("a field-number test needs a number")
            }
        }

        /// The number as a field value.
        var number: FieldValue { isInteger ? .integer(integer) : .double(double) }
    }
}
