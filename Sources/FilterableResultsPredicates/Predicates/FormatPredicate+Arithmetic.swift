import FilterableResults

extension FormatPredicate {
    /// The numeric work of expressions: arithmetic and the collection
    /// operators.
    ///
    /// Only numbers take part: anything else (a string, a Boolean, null, a
    /// missing value) gives no value (`nil`), as does a division by zero or
    /// a result that is not finite. Integers stay exact while they can:
    /// `+`, `-` and `*` of two integers are integers unless they overflow
    /// (then doubles), and `/` is an integer only when it divides exactly
    /// (`7 / 2` is `3.5`).
    enum Arithmetic {
        /// A number taken from a value.
        private enum Number {
            case integer(Int)
            case double(Double)

            init?(_ value: FieldValue?) {
                switch value {
                case let .integer(integer)?: self = .integer(integer)
                case let .double(double)?: self = .double(double)
                default: return nil
                }
            }

            var double: Double {
                switch self {
                case let .integer(integer): Double(integer)
                case let .double(double): double
                }
            }
        }

        /// A double result, or no value when it is not finite.
        private static func finite(_ double: Double) -> FieldValue? {
            double.isFinite ? .double(double) : nil
        }

        /// `-value`.
        static func negate(_ value: FieldValue?) -> FieldValue? {
            switch Number(value) {
            case let .integer(integer)?:
                let (negated, overflow) = (0 as Int).subtractingReportingOverflow(integer)
                return overflow ? finite(-Double(integer)) : .integer(negated)
            case let .double(double)?:
                return finite(-double)
            case nil:
                return nil
            }
        }

        /// `lhs op rhs`.
        static func apply(_ operator: ArithmeticOperator, _ lhs: FieldValue?, _ rhs: FieldValue?) -> FieldValue? {
            guard let a = Number(lhs), let b = Number(rhs) else { return nil }
            if case let .integer(x) = a, case let .integer(y) = b {
                let result: (partialValue: Int, overflow: Bool)
                switch `operator` {
                case .add: result = x.addingReportingOverflow(y)
                case .subtract: result = x.subtractingReportingOverflow(y)
                case .multiply: result = x.multipliedReportingOverflow(by: y)
                case .divide:
                    guard y != 0 else { return nil }
                    let (quotient, overflow) = x.dividedReportingOverflow(by: y)
                    if !overflow, x % y == 0 { return .integer(quotient) }
                    return finite(Double(x) / Double(y))
                }
                if !result.overflow { return .integer(result.partialValue) }
            }
            let (x, y) = (a.double, b.double)
            switch `operator` {
            case .add: return finite(x + y)
            case .subtract: return finite(x - y)
            case .multiply: return finite(x * y)
            case .divide: return y == 0 ? nil : finite(x / y)
            }
        }

        /// A collection operator on `value`, reading `path` in each element
        /// first (an empty path: the element itself).
        ///
        /// - `@count`: the number of elements of an array, or of members of
        ///   an object.
        /// - `@sum`: the sum of the numbers, nulls skipped (0 for none).
        /// - `@avg`: the mean, nulls counted as 0; no value for an empty
        ///   array.
        /// - `@min`, `@max`: the least or greatest value, nulls skipped, when
        ///   the rest are all numbers or all strings (compared as `<` does);
        ///   no value when nothing is left.
        ///
        /// Anything but an array (an object, for `@count`), or an element
        /// of the wrong kind, gives no value.
        static func collect(_ operator: CollectionOperator, _ value: FieldValue?, path: [String]) -> FieldValue? {
            if `operator` == .count {
                switch value {
                case let .array(elements)?: return .integer(elements.count)
                case let .object(object)?: return .integer(object.count)
                default: return nil
                }
            }
            guard case let .array(array)? = value else { return nil }
            var elements = array.elements
            if !path.isEmpty {
                elements = elements.map { ValueExpression.read(path, in: $0) ?? .null }
            }
            switch `operator` {
            case .count:
                return .integer(elements.count)
            case .sum, .avg:
                var total: FieldValue = .integer(0)
                for element in elements where element != .null {
                    guard Number(element) != nil, let sum = apply(.add, total, element) else { return nil }
                    total = sum
                }
                guard `operator` == .avg else { return total }
                guard !elements.isEmpty else { return nil }
                return apply(.divide, total, .integer(elements.count))
            case .min, .max:
                var best: FieldValue?
                for element in elements where element != .null {
                    guard element.kind == .number || element.kind == .string else { return nil }
                    guard let current = best else {
                        best = element
                        continue
                    }
                    guard current.kind == element.kind else { return nil }
                    let order = FieldValue.compare(element, current)
                    if (`operator` == .min && order == .orderedAscending) || (`operator` == .max && order == .orderedDescending) {
                        best = element
                    }
                }
                return best
            }
        }
    }
}
