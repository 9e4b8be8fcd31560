import FilterableResults

// Printing a parsed predicate back as canonical format text.

extension FormatPredicate.Node {
    /// The node as canonical format text.
    var canonicalText: String {
        switch self {
        case let .constant(value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case let .not(operand):
            switch operand {
            case .and, .or: return "NOT (\(operand.canonicalText))"
            default: return "NOT \(operand.canonicalText)"
            }
        case let .and(operands):
            return operands.map { operand in
                if case .or = operand { "(\(operand.canonicalText))" } else { operand.canonicalText }
            }.joined(separator: " AND ")
        case let .or(operands):
            return operands.map { operand in
                if case .and = operand { "(\(operand.canonicalText))" } else { operand.canonicalText }
            }.joined(separator: " OR ")
        case let .comparison(comparison), let .expressionComparison(comparison):
            return comparison.canonicalText
        case let .aggregate(aggregate):
            return "\(aggregate.quantifier.text) \(aggregate.comparison.canonicalText)"
        case let .fieldNumber(node):
            let test = node.test
            return "\(FormatPredicate.keyPathText(test.path)) \(test.operator.text) \(test.number.jsonText)"
        }
    }
}

extension FormatPredicate.Comparison {
    /// `left op[options] right` as canonical format text.
    var canonicalText: String {
        "\(left.canonicalText) \(`operator`.text)\(options.text) \(right.canonicalText)"
    }
}

extension FormatPredicate.Operand {
    /// The operand as canonical format text.
    var canonicalText: String {
        switch self {
        case let .field(path):
            FormatPredicate.keyPathText(path)
        case let .literal(literal):
            FormatPredicate.literalText(literal.value)
        case let .list(elements):
            "{" + elements.map(\.canonicalText).joined(separator: ", ") + "}"
        case let .expression(expression):
            expression.canonicalText
        }
    }
}

extension FormatPredicate {
    /// A key path as the language writes it: `#` before a single component
    /// that is a keyword.
    static func keyPathText(_ path: FieldPath) -> String {
        if path.tail.isEmpty, FormatPredicateParser.Keyword(path.head) != nil {
            return "#" + path.head
        }
        // `SELF.x` and `$x.y` would read as SELF and a variable.
        if path.head.uppercased() == "SELF" || path.head.hasPrefix("$") {
            return "#" + path.description
        }
        return path.description
    }

    /// A literal as the language writes it.
    static func literalText(_ value: FieldValue) -> String {
        switch value {
        case .null: return "NIL"
        case let .bool(value): return value ? "TRUE" : "FALSE"
        case .integer, .double, .array, .object: return value.jsonText
        case let .string(string):
            var text = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                case "\r": text += "\\r"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                default:
                    text.unicodeScalars.append(scalar)
                }
            }
            return text + "\""
        }
    }
}

extension FormatPredicate.ValueExpression {
    /// The expression as canonical format text, with only the parentheses
    /// its meaning needs (so it never has more open than it has levels).
    var canonicalText: String {
        switch kind {
        case let .literal(value):
            return FormatPredicate.literalText(value)
        case let .keyPath(path):
            return FormatPredicate.keyPathText(path)
        case .selfObject:
            return "SELF"
        case let .variable(name, _, tail):
            return (["$" + name] + tail).joined(separator: ".")
        case let .negate(operand):
            if case .arithmetic = operand.kind { return "-(\(operand.canonicalText))" }
            let text = operand.canonicalText
            return text.hasPrefix("-") ? "- " + text : "-" + text
        case let .arithmetic(first, rest):
            let additive = rest.first?.0.isAdditive ?? true
            var text = first.isAdditiveChain && !additive ? "(\(first.canonicalText))" : first.canonicalText
            for (arithmeticOperator, operand) in rest {
                let needsParentheses = additive ? operand.isAdditiveChain : { if case .arithmetic = operand.kind { true } else { false } }()
                text += " \(arithmeticOperator.text) " + (needsParentheses ? "(\(operand.canonicalText))" : operand.canonicalText)
            }
            return text
        case let .collection(base, collectionOperator, path):
            let baseText: String
            switch base.kind {
            case .keyPath, .selfObject, .variable, .collection, .subquery, .literal(.string):
                baseText = base.canonicalText
            default:
                baseText = "(\(base.canonicalText))"
            }
            return baseText + ".@" + collectionOperator.rawValue + (path.isEmpty ? "" : "." + path.joined(separator: "."))
        case let .subquery(collection, variable, predicate):
            return "SUBQUERY(\(collection.canonicalText), $\(variable), \(predicate.canonicalText))"
        }
    }
}
