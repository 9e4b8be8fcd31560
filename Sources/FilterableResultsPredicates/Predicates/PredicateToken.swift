import FilterableResults

/// A token of the format language, with its position in Unicode scalars.
struct PredicateToken {
    enum Kind: Equatable {
        /// A bare word, possibly dotted: a keyword or a key path.
        case word(String)
        /// `#word`: always a key path, even when it spells a keyword.
        case escapedWord(String)
        /// A quoted string, escapes decoded.
        case string(String)
        /// A number.
        case number(FieldValue)
        /// `%@` (a value argument) or `%K` (a key path argument).
        case placeholder(Placeholder)
        /// `@name`: a collection operator such as `@count` (the name without
        /// the `@`).
        case collectionOperator(String)
        /// Punctuation or an operator symbol.
        case symbol(Symbol)
        /// The end of the text.
        case end
    }

    enum Placeholder: String {
        case value = "%@", keyPath = "%K"
    }

    enum Symbol: String {
        case equal = "==", assign = "=", notEqual = "!=", lessOrGreater = "<>"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case not = "!", and = "&&", or = "||"
        case openParenthesis = "(", closeParenthesis = ")"
        case openBrace = "{", closeBrace = "}", comma = ","
        case openBracket = "[", closeBracket = "]"
        case plus = "+", minus = "-", power = "**", times = "*", divide = "/", dot = "."
    }

    var kind: Kind
    /// The offset of the first scalar.
    var start: Int
    /// The offset after the last scalar.
    var end: Int
}
