import FilterableResults
import Foundation

/// A parser for the format language:
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
///                 | "%@" (a value argument; an array one is a list after IN and BETWEEN)
///                 | "%K" (a key path argument)
///
/// Comparisons are read by recursive descent, which is shallow; `or`, `and`,
/// `not` and parentheses, which nest, are read with an explicit stack (see
/// ``parseLogic()``), so no input can overflow the thread's stack.
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
    /// The values for `%@` and `%K`, in order, and how many are used.
    private let arguments: [JSONValue]
    private var argumentsUsed = 0

    init(_ format: String, arguments: [JSONValue] = []) {
        lexer = PredicateLexer(format)
        self.arguments = arguments
    }

    // MARK: Entry

    mutating func parse() throws(ResultsError) -> Node {
        try advance()
        if token.kind == .end {
            throw error("a predicate (a comparison, TRUEPREDICATE, FALSEPREDICATE, NOT or '(')")
        }
        let node = try parseLogic()
        guard token.kind == .end else {
            throw error("AND, OR or the end of the predicate after '\(previousText)'")
        }
        guard argumentsUsed == arguments.count else {
            throw error(
                "as many arguments as placeholders: the format has \(argumentsUsed) %@ or %K, and \(arguments.count) arguments were given"
            )
        }
        return node
    }

    // MARK: Logic

    /// A parsed operand of NOT, AND or OR, with what the nesting limit needs.
    private struct Operand {
        var node: Node
        /// The levels of NOT, AND and OR in `node`: 0 for a comparison, one
        /// more than the deepest operand for an operator.
        var depth: Int
        /// The scalar offset where its text starts.
        var start: Int
    }

    /// A parenthesised group (or the whole predicate) being read.
    private struct Group {
        /// The scalar offset of its `(`; `nil` for the whole predicate.
        var open: Int?
        /// The operands of its OR read so far (each an AND of operands).
        var orOperands: [Operand] = []
        /// The operands of the AND being read.
        var andOperands: [Operand] = []
        /// The offsets of the NOTs before the operand being read.
        var nots: [Int] = []
    }

    /// Reads `or` (see the grammar) with an explicit stack of groups rather
    /// than recursion, so deep nesting cannot overflow the thread's stack.
    ///
    /// Two limits keep the tree small enough for the recursive walks that
    /// evaluate and print it: at most ``FormatPredicate/maximumNestingDepth``
    /// parentheses and NOTs open at any point (checked as they are read), and
    /// at most that many levels of NOT, AND and OR in the tree (checked as
    /// each operator is built). The canonical text never has more
    /// parentheses and NOTs open than the tree has levels, so it always
    /// parses back.
    private mutating func parseLogic() throws(ResultsError) -> Node {
        var groups = [Group(open: nil)]
        var openCount = 0  // parentheses and NOTs open at the current token
        while true {
            // The prefix of an operand: NOTs and opening parentheses.
            if isSymbol(.not) || isKeyword(.not) || isSymbol(.openParenthesis) {
                openCount += 1
                guard openCount <= FormatPredicate.maximumNestingDepth else { throw nestingError(at: token.start) }
                if isSymbol(.openParenthesis) {
                    groups.append(Group(open: token.start))
                } else {
                    groups[groups.count - 1].nots.append(token.start)
                }
                try advance()
                continue
            }
            let start = token.start
            var operand = Operand(node: try parsePrimary(), depth: 0, start: start)
            // Complete what the operand completes: its NOTs, and every group
            // that closes after it.
            while true {
                let nots = groups[groups.count - 1].nots
                for position in nots.reversed() {
                    operand = try combine(.not, [operand], at: position)
                }
                openCount -= nots.count
                groups[groups.count - 1].nots = []
                if isSymbol(.and) || isKeyword(.and) {
                    groups[groups.count - 1].andOperands.append(operand)
                    try advance()
                    break
                }
                if isSymbol(.or) || isKeyword(.or) {
                    var group = groups.removeLast()
                    group.andOperands.append(operand)
                    group.orOperands.append(try combine(.and, group.andOperands))
                    group.andOperands = []
                    groups.append(group)
                    try advance()
                    break
                }
                // The end of the group.
                var group = groups.removeLast()
                group.andOperands.append(operand)
                group.orOperands.append(try combine(.and, group.andOperands))
                operand = try combine(.or, group.orOperands)
                guard let open = group.open else { return operand.node }
                guard isSymbol(.closeParenthesis) else {
                    throw error("AND, OR or ')' to close the '(' at character \(lexer.characterOffset(open))")
                }
                try advance()
                openCount -= 1
                operand.start = open
            }
        }
    }

    /// The kinds of logical operator ``combine(_:_:at:)`` builds.
    private enum Logic { case not, and, or }

    /// NOT of one operand, or AND or OR of operands (one operand is itself),
    /// flattening operands of the same operator; refused when it would nest
    /// deeper than the limit.
    private func combine(_ logic: Logic, _ operands: [Operand], at position: Int? = nil) throws(ResultsError) -> Operand {
        if logic != .not && operands.count == 1 { return operands[0] }
        var depth = 0
        var nodes: [Node] = []
        for operand in operands {
            switch (logic, operand.node) {
            case let (.and, .and(inner)), let (.or, .or(inner)):
                nodes.append(contentsOf: inner)
                depth = max(depth, operand.depth)
            default:
                nodes.append(operand.node)
                depth = max(depth, operand.depth + 1)
            }
        }
        let start = position ?? operands[0].start
        guard depth <= FormatPredicate.maximumNestingDepth else { throw nestingError(at: start) }
        let node: Node = switch logic {
        case .not: .not(nodes[0])
        case .and: .and(nodes)
        case .or: .or(nodes)
        }
        return Operand(node: node, depth: depth, start: start)
    }

    private func nestingError(at position: Int) -> ResultsError {
        error(
            "at most \(FormatPredicate.maximumNestingDepth) levels of nested parentheses, NOT, AND and OR (the nesting is too deep)",
            at: position
        )
    }

    /// `TRUEPREDICATE`, `FALSEPREDICATE` or a comparison.
    private mutating func parsePrimary() throws(ResultsError) -> Node {
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
        var patternOffsets: [Int]?
        switch `operator` {
        case .in:
            if let list = try parseListOrArgumentList() {
                right = list
            } else if let operand = try parseOperand(), Self.isFieldOrString(operand) {
                right = operand
            } else {
                throw error("a list {…}, a key path or a string after '\(operatorText)'", at: rightStart)
            }
        case .between:
            if let list = try parseListOrArgumentList() {
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
            if case let .string(pattern) = token.kind {
                patternOffsets = lexer.decodedStringOffsets(from: token.start)
                try advance()
                right = .value(.string(pattern))
            } else if token.kind == .placeholder(.value), case let .value(.string(pattern))? = try parseOperand() {
                right = .value(.string(pattern))
            } else {
                throw error("a regular expression in quotes (or %@ with a string argument) after '\(operatorText)'", at: rightStart)
            }
        default:
            guard let operand = try parseOperand() else {
                throw error("a value or a key path after '\(operatorText)'")
            }
            right = operand
        }
        return try makeNode(left, `operator`, options, right, rightStart: rightStart, patternOffsets: patternOffsets)
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
        case .placeholder(.value):
            let argument = try nextArgument()
            guard let value = Self.scalarValue(argument) else {
                throw error(
                    "a string, a finite number, a Boolean or null as the argument for %@ (an array only after IN or BETWEEN), not \(Self.describe(argument))"
                )
            }
            operand = .value(value)
        case .placeholder(.keyPath):
            let argument = try nextArgument()
            guard case let .string(path) = argument, PredicateLexer.isKeyPath(path) else {
                throw error("a key path (names joined by dots) as the argument for %K, not \(Self.describe(argument))")
            }
            operand = .field(FieldPath(path))
        default:
            return nil
        }
        try advance()
        return operand
    }

    /// `{a, b, …}`, or `%@` with an array argument, at the current token.
    private mutating func parseListOrArgumentList() throws(ResultsError) -> RawOperand? {
        if let list = try parseList() { return list }
        return try parseArgumentList()
    }

    /// `%@` at the current token with an array argument: its elements as a
    /// list (for IN and BETWEEN); `nil`, consuming nothing, otherwise.
    private mutating func parseArgumentList() throws(ResultsError) -> RawOperand? {
        guard token.kind == .placeholder(.value), argumentsUsed < arguments.count,
              case let .array(elements) = arguments[argumentsUsed]
        else { return nil }
        var values: [RawOperand] = []
        for element in elements {
            guard let value = Self.scalarValue(element) else {
                throw error(
                    "strings, finite numbers, Booleans or nulls in the array argument for %@, not \(Self.describe(element))"
                )
            }
            values.append(.value(value))
        }
        let start = token.start
        argumentsUsed += 1
        try advance()
        return .list(values, start: start)
    }

    /// The argument for the placeholder at the current token.
    private mutating func nextArgument() throws(ResultsError) -> JSONValue {
        guard argumentsUsed < arguments.count else {
            throw error("an argument for this placeholder (\(arguments.count) given for more placeholders)")
        }
        argumentsUsed += 1
        return arguments[argumentsUsed - 1]
    }

    /// A value the language can write as a literal: a string, a finite
    /// number, a Boolean or null (so the canonical text parses back).
    private static func scalarValue(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null, .bool, .integer, .string: value
        case let .double(number): number.isFinite ? value : nil
        case .array, .object: nil
        }
    }

    /// An argument as error messages name it.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case let .double(number) where !number.isFinite: "the number \(number)"
        case .array: "an array"
        case .object: "an object"
        default: value.jsonText
        }
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
        _ left: RawOperand, _ operator: Operator, _ options: Options, _ right: RawOperand, rightStart: Int,
        patternOffsets: [Int]?
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
        var regularExpression: RegularExpression?
        if `operator` == .matches, case let .value(.string(pattern)) = right {
            regularExpression = try compileRegularExpression(pattern, options, at: rightStart, offsets: patternOffsets)
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
        _ operand: RawOperand, _ options: Options, like: Bool, regularExpression: RegularExpression?
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

    /// Compiles a `MATCHES` pattern; an error names the place in the
    /// predicate's text (`offsets`: the source offset of each of the
    /// pattern's scalars) or, for a pattern given as an argument, the place
    /// in the pattern.
    private func compileRegularExpression(
        _ pattern: String, _ options: Options, at position: Int, offsets: [Int]?
    ) throws(ResultsError) -> RegularExpression {
        // [d]: marks are removed from the pattern as from the subject.
        var text = pattern
        var strippedOffsets: [Int]?
        if options.contains(.diacriticInsensitive) {
            (text, strippedOffsets) = StringFolding.removingCombiningMarksKeepingOffsets(pattern)
        }
        do {
            return try RegularExpression(text, caseInsensitive: options.contains(.caseInsensitive))
        } catch {
            var index = error.offset
            if let strippedOffsets { index = strippedOffsets[min(index, strippedOffsets.count - 1)] }
            let kind = error.isUnsupported
                ? "a regular expression that MATCHES supports" : "a valid regular expression after MATCHES"
            guard let offsets else {
                throw self.error("\(kind) (at character \(index) of the pattern: \(error.problem))", at: position)
            }
            throw self.error("\(kind) (\(error.problem))", at: offsets[min(index, offsets.count - 1)])
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
