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
        case let .comparison(comparison):
            return "\(comparison.left.canonicalText) \(comparison.operator.text)\(comparison.options.text) \(comparison.right.canonicalText)"
        case let .fieldNumber(node):
            let test = node.test
            return "\(FormatPredicate.keyPathText(test.path)) \(test.operator.text) \(test.number.jsonText)"
        }
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
        return path.description
    }

    /// A literal as the language writes it.
    static func literalText(_ value: JSONValue) -> String {
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
