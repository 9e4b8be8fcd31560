import Foundation

/// A recursive-descent parser for the format language:
///
///     predicate  := or END
///     or         := and (("OR" | "||") and)*
///     and        := not (("AND" | "&&") not)*
///     not        := ("NOT" | "!") not | primary
///     primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
///     comparison := operand operator modifier? right
///     modifier   := "[" ("c" | "d" | "cd") "]"
///     right      := operand | "{" (operand ("," operand)*)? "}"   (lists after IN and BETWEEN)
///     operand    := keyPath | "#" keyPath | string | number | TRUE | FALSE | YES | NO | NIL | NULL
///
/// Errors are reported at the first token that does not fit, as
/// ``ResultsError/invalidPredicate(_:position:expected:)`` with a character
/// position.
struct FormatPredicateParser {
    typealias Node = FormatPredicate.Node
    typealias Operator = FormatPredicate.Operator
    typealias Options = FormatPredicate.Options

    /// The reserved words of the language.
    enum Keyword: String, CaseIterable {
        case and = "AND", or = "OR", not = "NOT"
        case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
        case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS"
        case like = "LIKE", matches = "MATCHES", `in` = "IN", between = "BETWEEN"
        case `true` = "TRUE", `false` = "FALSE", yes = "YES", no = "NO", `nil` = "NIL", null = "NULL"

        /// The keyword a word spells, case-insensitively.
        init?(_ word: String) {
            guard word.utf8.count <= 14, !word.contains(".") else { return nil }
            self.init(rawValue: word.uppercased())
        }
    }

    /// An operand before it is prepared for its comparison.
    private enum RawOperand {
        case field(FieldPath)
        case value(JSONValue)
        case list([RawOperand], start: Int)
    }

    private var lexer: PredicateLexer
    private var token = PredicateToken(kind: .end, start: 0, end: 0)
    private var previous: PredicateToken?

    init(_ format: String) {
        lexer = PredicateLexer(format)
    }

    // MARK: Entry

    mutating func parse() throws(ResultsError) -> Node {
        try advance()
        if token.kind == .end {
            throw error("a predicate (a comparison, TRUEPREDICATE, FALSEPREDICATE, NOT or '(')")
        }
        let node = try parseOr()
        guard token.kind == .end else {
            throw error("AND, OR or the end of the predicate after '\(previousText)'")
        }
        return node
    }

    // MARK: Logic

    private mutating func parseOr() throws(ResultsError) -> Node {
        var operands = [try parseAnd()]
        while isSymbol(.or) || isKeyword(.or) {
            try advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands.flatMap { operand -> [Node] in
            if case let .or(inner) = operand { inner } else { [operand] }
        })
    }

    private mutating func parseAnd() throws(ResultsError) -> Node {
        var operands = [try parseNot()]
        while isSymbol(.and) || isKeyword(.and) {
            try advance()
            operands.append(try parseNot())
        }
        return operands.count == 1 ? operands[0] : .and(operands.flatMap { operand -> [Node] in
            if case let .and(inner) = operand { inner } else { [operand] }
        })
    }

    private mutating func parseNot() throws(ResultsError) -> Node {
        if isSymbol(.not) || isKeyword(.not) {
            try advance()
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(ResultsError) -> Node {
        if isSymbol(.openParenthesis) {
            let open = token
            try advance()
            let inner = try parseOr()
            guard isSymbol(.closeParenthesis) else {
                throw error("AND, OR or ')' to close the '(' at character \(lexer.characterOffset(open.start))")
            }
            try advance()
            return inner
        }
        if isKeyword(.truePredicate) {
            try advance()
            return .constant(true)
        }
        if isKeyword(.falsePredicate) {
            try advance()
            return .constant(false)
        }
        return try parseComparison()
    }

    // MARK: Comparisons

    private mutating func parseComparison() throws(ResultsError) -> Node {
        let leftStart = token.start
        guard let left = try parseOperand() else {
            throw error(previous == nil ? "a predicate" : "a predicate after '\(previousText)'")
        }
        let leftText = lexer.text(leftStart..<(previous?.end ?? leftStart))
        guard let `operator` = comparisonOperator() else {
            throw error(
                "a comparison operator (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN) after '\(leftText)'"
            )
        }
        let operatorStart = token.start
        try advance()
        let options = try parseModifiers()
        let operatorText = lexer.text(operatorStart..<(previous?.end ?? operatorStart))

        let rightStart = token.start
        let right: RawOperand
        switch `operator` {
        case .in:
            if let list = try parseList() {
                right = list
            } else if let operand = try parseOperand(), Self.isFieldOrString(operand) {
                right = operand
            } else {
                throw error("a list {…}, a key path or a string after '\(operatorText)'", at: rightStart)
            }
        case .between:
            if let list = try parseList() {
                guard case let .list(bounds, start) = list, bounds.count == 2 else {
                    throw error("exactly two values in the list after BETWEEN, as in BETWEEN {1, 10}", at: rightStart)
                }
                right = .list(bounds, start: start)
            } else if let operand = try parseOperand(), case .field = operand {
                right = operand
            } else {
                throw error("a list {low, high} or a key path after '\(operatorText)'", at: rightStart)
            }
        case .matches:
            guard case let .string(pattern) = token.kind else {
                throw error("a regular expression in quotes after '\(operatorText)'")
            }
            try advance()
            right = .value(.string(pattern))
        default:
            guard let operand = try parseOperand() else {
                throw error("a value or a key path after '\(operatorText)'")
            }
            right = operand
        }
        return try makeNode(left, `operator`, options, right, rightStart: rightStart)
    }

    private static func isFieldOrString(_ operand: RawOperand) -> Bool {
        switch operand {
        case .field, .value(.string): true
        default: false
        }
    }

    /// The operator at the current token, if it is one.
    private func comparisonOperator() -> Operator? {
        switch token.kind {
        case let .symbol(symbol):
            switch symbol {
            case .equal, .assign: .equal
            case .notEqual, .lessOrGreater: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            case .greaterOrEqual: .greaterOrEqual
            default: nil
            }
        case let .word(word):
            switch Keyword(word) {
            case .beginsWith: .beginsWith
            case .endsWith: .endsWith
            case .contains: .contains
            case .like: .like
            case .matches: .matches
            case .in: .in
            case .between: .between
            default: nil
            }
        default:
            nil
        }
    }

    /// `[c]`, `[d]`, `[cd]` (or `[dc]`), if present.
    private mutating func parseModifiers() throws(ResultsError) -> Options {
        guard isSymbol(.openBracket) else { return [] }
        try advance()
        var options: Options = []
        guard case let .word(letters) = token.kind, !letters.isEmpty,
              letters.allSatisfy({ "cdCD".contains($0) })
        else {
            throw error("a modifier c, d or cd after '['")
        }
        for letter in letters.lowercased() {
            options.insert(letter == "c" ? .caseInsensitive : .diacriticInsensitive)
        }
        try advance()
        guard isSymbol(.closeBracket) else {
            throw error("']' to close the modifier")
        }
        try advance()
        return options
    }

    /// A key path or a literal at the current token (consumed), or `nil`
    /// (nothing consumed) when the token cannot start one.
    private mutating func parseOperand() throws(ResultsError) -> RawOperand? {
        let operand: RawOperand
        switch token.kind {
        case let .string(string):
            operand = .value(.string(string))
        case let .number(number):
            operand = .value(number)
        case let .escapedWord(word):
            operand = .field(FieldPath(word))
        case let .word(word):
            switch Keyword(word) {
            case .true?, .yes?: operand = .value(.bool(true))
            case .false?, .no?: operand = .value(.bool(false))
            case .nil?, .null?: operand = .value(.null)
            case nil: operand = .field(FieldPath(word))
            default: return nil
            }
        default:
            return nil
        }
        try advance()
        return operand
    }

    /// `{a, b, …}` at the current token, or `nil` when there is no `{`.
    private mutating func parseList() throws(ResultsError) -> RawOperand? {
        guard isSymbol(.openBrace) else { return nil }
        let start = token.start
        try advance()
        var elements: [RawOperand] = []
        if isSymbol(.closeBrace) {
            try advance()
            return .list(elements, start: start)
        }
        while true {
            guard let element = try parseOperand() else {
                throw error(elements.isEmpty ? "a value or '}' in the list" : "a value after ',' in the list")
            }
            elements.append(element)
            if isSymbol(.comma) {
                try advance()
            } else if isSymbol(.closeBrace) {
                try advance()
                return .list(elements, start: start)
            } else {
                throw error("',' or '}' after '\(previousText)' in the list")
            }
        }
    }

    // MARK: Building nodes

    private func makeNode(
        _ left: RawOperand, _ operator: Operator, _ options: Options, _ right: RawOperand, rightStart: Int
    ) throws(ResultsError) -> Node {
        if `operator`.isPlainComparison {
            switch (left, right) {
            case let (.field(path), .value(number)) where number.kind == .number:
                return .fieldNumber(.init(.init(path: path, operator: `operator`, number: number)))
            case let (.value(number), .field(path)) where number.kind == .number:
                return .fieldNumber(.init(.init(path: path, operator: `operator`.swapped, number: number)))
            default:
                break
            }
        }
        var regularExpression: NSRegularExpression?
        if `operator` == .matches, case let .value(.string(pattern)) = right {
            regularExpression = try compileRegularExpression(pattern, options, at: rightStart)
        }
        let comparison = FormatPredicate.Comparison(
            left: prepare(left, options, like: false, regularExpression: nil),
            operator: `operator`,
            options: options,
            right: prepare(right, options, like: `operator` == .like, regularExpression: regularExpression)
        )
        return .comparison(comparison)
    }

    private func prepare(
        _ operand: RawOperand, _ options: Options, like: Bool, regularExpression: NSRegularExpression?
    ) -> FormatPredicate.Operand {
        switch operand {
        case let .field(path):
            .field(path)
        case let .value(value):
            .literal(.init(value: value, options: options, likePattern: like, regularExpression: regularExpression))
        case let .list(elements, _):
            .list(elements.map { prepare($0, options, like: false, regularExpression: nil) })
        }
    }

    /// Compiles a `MATCHES` pattern to match whole strings.
    private func compileRegularExpression(
        _ pattern: String, _ options: Options, at position: Int
    ) throws(ResultsError) -> NSRegularExpression {
        let text = options.contains(.diacriticInsensitive) ? StringFolding.removingCombiningMarks(pattern) : pattern
        let regexOptions: NSRegularExpression.Options = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        do {
            // Check the pattern alone first: wrapping could balance a stray
            // parenthesis such as `a)(b`. (ICU refuses the empty pattern
            // alone; wrapped, it matches the empty string.)
            if !text.isEmpty { _ = try NSRegularExpression(pattern: text, options: regexOptions) }
            return try NSRegularExpression(pattern: "\\A(?:" + text + ")\\z", options: regexOptions)
        } catch {
            throw self.error("a valid regular expression after MATCHES ('\(pattern)' does not compile)", at: position)
        }
    }

    // MARK: Tokens

    private mutating func advance() throws(ResultsError) {
        if token.end > token.start { previous = token }
        do {
            token = try lexer.next()
        } catch {
            throw ResultsError.invalidPredicate(
                lexer.source, position: lexer.characterOffset(error.position), expected: error.expected
            )
        }
    }

    private func isSymbol(_ symbol: PredicateToken.Symbol) -> Bool {
        token.kind == .symbol(symbol)
    }

    private func isKeyword(_ keyword: Keyword) -> Bool {
        if case let .word(word) = token.kind { Keyword(word) == keyword } else { false }
    }

    /// The text of the last token read before the current one.
    private var previousText: String {
        previous.map { lexer.text($0.start..<$0.end) } ?? ""
    }

    private func error(_ expected: String) -> ResultsError {
        error(expected, at: token.start)
    }

    private func error(_ expected: String, at scalarOffset: Int) -> ResultsError {
        .invalidPredicate(lexer.source, position: lexer.characterOffset(scalarOffset), expected: expected)
    }
}
