import FilterableResults
import Foundation

/// A parser for the format language:
///
/// ```text
/// predicate  := or END
/// or         := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | primary
/// primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
/// comparison := quantifier? expression operator modifier? right
/// quantifier := "ANY" | "SOME" | "ALL" | "NONE"   (only when an operand follows)
/// modifier   := "[" ("c" | "d" | "cd") "]"
/// right      := expression | "{" (expression ("," expression)*)? "}"   (lists after IN and BETWEEN)
/// expression := term (("+" | "-") term)*
/// term       := unary (("*" | "/") unary)*
/// unary      := "-" unary | atom ("." collectionOperator)*
/// collectionOperator := ("@count" | "@sum" | "@avg" | "@min" | "@max") ("." keyPath)?
/// atom       := "(" expression ")" | collectionOperator (on SELF) | SELF | SELF "." keyPath
///             | variable ("." keyPath)? | "SUBQUERY" "(" expression "," variable "," or ")"
///             | keyPath | "#" keyPath | string | number | TRUE | FALSE | YES | NO | NIL | NULL
///             | "%@" (a value argument; an array one is a list after IN and BETWEEN)
///             | "%K" (a key path argument)
/// variable   := "$" name   (only inside a SUBQUERY that binds it)
/// ```
///
/// A `(` where a predicate may start opens a group; when what it holds
/// turns out to be an expression (`(a + b) * 2 > 3`), the group becomes
/// that expression's parenthesis.
///
/// Comparisons and expressions are read by recursive descent, whose depth
/// the nesting limit bounds; `or`, `and`, `not` and parentheses are read
/// with an explicit stack (see ``parseLogic()``), so no input can overflow
/// the thread's stack.
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
        case selfObject = "SELF"

        /// The keyword a word spells, case-insensitively.
        init?(_ word: String) {
            guard word.utf8.count <= 14, !word.contains(".") else { return nil }
            self.init(rawValue: word.uppercased())
        }
    }

    /// An operand before it is prepared for its comparison.
    private enum RawOperand {
        case field(FieldPath)
        case value(FieldValue)
        case list([RawOperand], start: Int)
        case expression(FormatPredicate.ValueExpression)

        /// The levels of expressions in the operand.
        var depth: Int {
            switch self {
            case .field, .value: 0
            case let .list(elements, _): elements.map(\.depth).max() ?? 0
            case let .expression(expression): expression.depth
            }
        }

        /// Whether the operand or one of its list elements is an expression.
        var hasExpression: Bool {
            switch self {
            case .field, .value: false
            case let .list(elements, _): elements.contains(where: \.hasExpression)
            case .expression: true
            }
        }
    }

    /// What ``parsePrimary(continuing:at:canClose:)`` read.
    private enum Primary {
        /// A predicate and its depth.
        case predicate(Node, depth: Int)
        /// An expression followed by `)` and no comparison operator: the
        /// group that holds it was its parenthesis.
        case expression(RawOperand)
    }

    private var lexer: PredicateLexer
    private var token = PredicateToken(kind: .end, start: 0, end: 0)
    private var previous: PredicateToken?
    /// The values for `%@` and `%K`, in order, and how many are used.
    private let arguments: [FieldValue]
    private var argumentsUsed = 0
    /// The parentheses, NOTs, unary minuses and SUBQUERYs open at the
    /// current token.
    private var nesting = 0
    /// The variables the enclosing SUBQUERYs bind, outermost first.
    private var variables: [String] = []
    /// The SUBQUERYs open at the current token.
    private var subqueryNesting = 0

    init(_ format: String, arguments: [FieldValue] = []) {
        lexer = PredicateLexer(format)
        self.arguments = arguments
    }

    // MARK: Entry

    mutating func parse() throws(ResultsError) -> Node {
        try advance()
        if token.kind == .end {
            throw error("a predicate (a comparison, TRUEPREDICATE, FALSEPREDICATE, NOT or '(')")
        }
        let node = try parseLogic().node
        guard token.kind == .end else {
            throw error("AND, OR or the end of the predicate after '\(previousText)'" + unsupportedNote)
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
    private mutating func parseLogic() throws(ResultsError) -> Operand {
        var groups = [Group(open: nil)]
        while true {
            // The prefix of an operand: NOTs and opening parentheses.
            if isSymbol(.not) || isKeyword(.not) || isSymbol(.openParenthesis) {
                nesting += 1
                guard nesting <= FormatPredicate.maximumNestingDepth else { throw nestingError(at: token.start) }
                if isSymbol(.openParenthesis) {
                    groups.append(Group(open: token.start))
                } else {
                    groups[groups.count - 1].nots.append(token.start)
                }
                try advance()
                continue
            }
            var start = token.start
            var primary = try parsePrimary(continuing: nil, at: start, canClose: Self.canClose(groups[groups.count - 1]))
            var operand: Operand
            while true {
                switch primary {
                case let .predicate(node, depth):
                    operand = Operand(node: node, depth: depth, start: start)
                case let .expression(expression):
                    // `(expression)`: the group was the expression's
                    // parenthesis; read on from the expression.
                    start = groups.removeLast().open ?? start
                    try advance()
                    nesting -= 1
                    primary = try parsePrimary(continuing: expression, at: start, canClose: Self.canClose(groups[groups.count - 1]))
                    continue
                }
                break
            }
            // Complete what the operand completes: its NOTs, and every group
            // that closes after it.
            while true {
                let nots = groups[groups.count - 1].nots
                for position in nots.reversed() {
                    operand = try combine(.not, [operand], at: position)
                }
                nesting -= nots.count
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
                guard let open = group.open else { return operand }
                guard isSymbol(.closeParenthesis) else {
                    throw error("AND, OR or ')' to close the '(' at character \(lexer.characterOffset(open))" + unsupportedNote)
                }
                try advance()
                nesting -= 1
                operand.start = open
            }
        }
    }

    /// Whether an expression that ends at a `)` may close `group`: only
    /// when the expression is all the group holds.
    private static func canClose(_ group: Group) -> Bool {
        group.open != nil && group.nots.isEmpty && group.andOperands.isEmpty && group.orOperands.isEmpty
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

    private func expressionNestingError(at position: Int) -> ResultsError {
        error(
            "at most \(FormatPredicate.maximumNestingDepth) levels of nested parentheses, arithmetic, collection operators, SUBQUERY, NOT, AND and OR (the nesting is too deep)",
            at: position
        )
    }

    /// Opens a level of an expression (a parenthesis, a unary minus or a
    /// SUBQUERY) at `position`, refused past the limit.
    private mutating func openExpressionLevel(at position: Int) throws(ResultsError) {
        nesting += 1
        guard nesting <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: position) }
    }

    /// `TRUEPREDICATE`, `FALSEPREDICATE` or a comparison; or, when `first`
    /// is given, the rest of a comparison whose left side starts with it.
    private mutating func parsePrimary(continuing first: RawOperand?, at start: Int, canClose: Bool) throws(ResultsError) -> Primary {
        if first == nil, isKeyword(.truePredicate) {
            try advance()
            return .predicate(.constant(true), depth: 0)
        }
        if first == nil, isKeyword(.falsePredicate) {
            try advance()
            return .predicate(.constant(false), depth: 0)
        }
        return try parseComparison(continuing: first, at: start, canClose: canClose)
    }

    // MARK: Comparisons

    private mutating func parseComparison(continuing first: RawOperand?, at leftStart: Int, canClose: Bool) throws(ResultsError) -> Primary {
        let quantifier = first == nil ? try parseQuantifier() : nil
        let left: RawOperand
        if let first {
            left = try parseExpression(first: first)!
        } else if let operand = try parseExpression() {
            left = operand
        } else if let quantifier {
            throw error("a key path to a collection after '\(quantifier.text)'")
        } else {
            throw error(previous == nil ? "a predicate" : "a predicate after '\(previousText)'")
        }
        let leftText = lexer.text(leftStart..<(previous?.end ?? leftStart))
        guard let `operator` = comparisonOperator() else {
            if quantifier == nil, canClose, isSymbol(.closeParenthesis) { return .expression(left) }
            throw error(
                "a comparison operator (==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES, IN or BETWEEN) after '\(leftText)'"
                    + unsupportedNote
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
            } else if let operand = try parseExpression(), Self.isFieldOrString(operand) {
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
            } else if let operand = try parseExpression(), Self.isFieldOrExpression(operand) {
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
        case .like:
            guard let operand = try parseExpression() else {
                throw error("a value or a key path after '\(operatorText)'")
            }
            if case let .value(value) = operand, value.kind != .string {
                throw error(
                    "a pattern in quotes, a key path, or %@ with a string argument after '\(operatorText)' (not \(Self.describe(value)))",
                    at: rightStart
                )
            }
            right = operand
        default:
            guard let operand = try parseExpression() else {
                throw error("a value or a key path after '\(operatorText)'")
            }
            right = operand
        }
        return try makeNode(quantifier, left, `operator`, options, right, at: leftStart, rightStart: rightStart, patternOffsets: patternOffsets)
    }

    private static func isFieldOrString(_ operand: RawOperand) -> Bool {
        switch operand {
        case .field, .value(.string), .expression: true
        default: false
        }
    }

    private static func isFieldOrExpression(_ operand: RawOperand) -> Bool {
        switch operand {
        case .field, .expression: true
        default: false
        }
    }

    /// `ANY`, `SOME`, `ALL` or `NONE` at the current token, consumed, when
    /// an operand follows it; otherwise `nil` (so `all == 1` compares the
    /// field `all`).
    private mutating func parseQuantifier() throws(ResultsError) -> FormatPredicate.Quantifier? {
        guard case let .word(word) = token.kind, word.utf8.count <= 4 else { return nil }
        let quantifier: FormatPredicate.Quantifier
        switch word.uppercased() {
        case "ANY", "SOME": quantifier = .any
        case "ALL": quantifier = .all
        case "NONE": quantifier = .none
        default: return nil
        }
        var lookahead = lexer
        guard let next = try? lookahead.next(), Self.canStartOperand(next.kind) else { return nil }
        try advance()
        return quantifier
    }

    /// Whether a token can start the operand of a quantifier.
    private static func canStartOperand(_ kind: PredicateToken.Kind) -> Bool {
        switch kind {
        case let .word(word):
            switch Keyword(word) {
            case nil, .true?, .false?, .yes?, .no?, .nil?, .null?, .selfObject?: true
            default: false
            }
        case .escapedWord, .string, .number, .placeholder, .collectionOperator, .symbol(.openParenthesis): true
        default: false
        }
    }

    /// A note naming a construct of NSPredicate's language the package
    /// does not support, when the current token starts one; empty
    /// otherwise.
    private var unsupportedNote: String {
        switch token.kind {
        case .symbol(.openBracket):
            return " (array indexes such as [FIRST], [LAST], [SIZE] and [0] are not supported)"
        case .symbol(.power):
            return " ('**', raising to a power, is not supported)"
        case let .word(word):
            switch word.uppercased() {
            case "UNION", "INTERSECT", "MINUS": return " (the set operators UNION, INTERSECT and MINUS are not supported)"
            default: return ""
            }
        default:
            return ""
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
            if case let .word(letters) = token.kind, letters.allSatisfy({ "cdnlCDNL".contains($0) }) {
                throw error("a modifier c, d or cd after '[' (the modifiers n and l are not supported)")
            }
            throw error("a modifier c, d or cd after '['")
        }
        for letter in letters.lowercased() {
            let option: Options = letter == "c" ? .caseInsensitive : .diacriticInsensitive
            // `[cc]` is not `[c]` written twice: a modifier is given once, as NSPredicate's grammar has it.
            guard !options.contains(option) else { throw error("each modifier once, not '[\(letters)]'") }
            options.insert(option)
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
    private mutating func nextArgument() throws(ResultsError) -> FieldValue {
        guard argumentsUsed < arguments.count else {
            throw error("an argument for this placeholder (\(arguments.count) given for more placeholders)")
        }
        argumentsUsed += 1
        return arguments[argumentsUsed - 1]
    }

    /// A value the language can write as a literal: a string, a finite
    /// number, a Boolean or null (so the canonical text parses back).
    private static func scalarValue(_ value: FieldValue) -> FieldValue? {
        switch value {
        case .null, .bool, .integer, .string: value
        case let .double(number): number.isFinite ? value : nil
        case .array, .object: nil
        }
    }

    /// An argument as error messages name it.
    private static func describe(_ value: FieldValue) -> String {
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
            guard let element = try parseExpression() else {
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

    // MARK: Expressions

    private typealias ValueExpression = FormatPredicate.ValueExpression
    private typealias ArithmeticOperator = FormatPredicate.ArithmeticOperator

    /// What waits on the operator stack of ``parseExpression(first:)``.
    private enum PendingOperator {
        /// `(`, at its offset.
        case parenthesis(Int)
        /// A unary `-`, at its offset.
        case negate(Int)
        /// A binary operator.
        case binary(ArithmeticOperator)

        var precedence: Int {
            if case let .binary(arithmeticOperator) = self { arithmeticOperator.isAdditive ? 1 : 2 } else { 0 }
        }
    }

    /// `term (("+" | "-") term)*` with `term := unary (("*" | "/") unary)*`
    /// and `unary := "-" unary | "(" expression ")" postfix | atom postfix`,
    /// read by operator precedence with explicit stacks, so nested
    /// parentheses and minuses do not recurse. Returns `nil` (nothing
    /// consumed) when the token cannot start an operand; with `first`,
    /// reads the rest of an expression that starts with it.
    private mutating func parseExpression(first: RawOperand? = nil) throws(ResultsError) -> RawOperand? {
        var operands: [(operand: RawOperand, start: Int)] = []
        var pending: [PendingOperator] = []
        var openParentheses: [Int] = []
        var expectsOperand = true
        if let first {
            operands.append((try parsePostfix(first), token.start))
            expectsOperand = false
        }
        while true {
            if expectsOperand {
                if isSymbol(.minus) || isSymbol(.openParenthesis) {
                    try openExpressionLevel(at: token.start)
                    if isSymbol(.minus) {
                        pending.append(.negate(token.start))
                    } else {
                        pending.append(.parenthesis(token.start))
                        openParentheses.append(token.start)
                    }
                    try advance()
                    continue
                }
                let start = token.start
                guard let atom = try parseAtom() else {
                    if operands.isEmpty && pending.isEmpty { return nil }
                    throw error("a value or a key path after '\(previousText)'")
                }
                operands.append((try parsePostfix(atom), start))
                try reduceNegations(&operands, &pending)
                expectsOperand = false
                continue
            }
            // An operator, a closing parenthesis, or the end.
            var arithmeticOperator: ArithmeticOperator?
            var splitNumber: FieldValue?
            if isSymbol(.plus) {
                arithmeticOperator = .add
            } else if isSymbol(.minus) {
                arithmeticOperator = .subtract
            } else if isSymbol(.times) {
                arithmeticOperator = .multiply
            } else if isSymbol(.divide) {
                arithmeticOperator = .divide
            } else if case .number = token.kind, lexer.scalars[token.start] == "-" {
                // `a -3` is `a - 3`: the lexer read the minus into the number.
                let digits = lexer.text((token.start + 1)..<token.end)
                splitNumber = Int(digits).map { .integer($0) } ?? .double(Double(digits) ?? 0)
                arithmeticOperator = .subtract
            }
            if let arithmeticOperator {
                let precedence = PendingOperator.binary(arithmeticOperator).precedence
                while let top = pending.last, top.precedence >= precedence {
                    try reduceBinary(&operands, &pending)
                }
                pending.append(.binary(arithmeticOperator))
                if let splitNumber {
                    operands.append((.value(splitNumber), token.start + 1))
                } else {
                    expectsOperand = true
                }
                try advance()
                continue
            }
            while let top = pending.last, top.precedence > 0 {
                try reduceBinary(&operands, &pending)
            }
            guard let open = openParentheses.last else { break }
            guard isSymbol(.closeParenthesis) else {
                throw error("')' to close the '(' at character \(lexer.characterOffset(open))" + unsupportedNote)
            }
            pending.removeLast()
            openParentheses.removeLast()
            nesting -= 1
            try advance()
            let inner = operands.removeLast().operand
            operands.append((try parsePostfix(inner), open))
            try reduceNegations(&operands, &pending)
        }
        return operands.removeLast().operand
    }

    /// Applies the unary minuses on top of the stack to the last operand.
    private mutating func reduceNegations(
        _ operands: inout [(operand: RawOperand, start: Int)], _ pending: inout [PendingOperator]
    ) throws(ResultsError) {
        while case let .negate(start)? = pending.last {
            pending.removeLast()
            nesting -= 1
            let operand = operands.removeLast().operand
            if case let .value(value) = operand, value.kind == .number, let negated = FormatPredicate.Arithmetic.negate(value) {
                operands.append((.value(negated), start))
                continue
            }
            let inner = try expression(operand, at: start)
            guard inner.depth + 1 <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: start) }
            operands.append((.expression(ValueExpression(.negate(inner), depth: inner.depth + 1)), start))
        }
    }

    /// Applies the binary operator on top of the stack to the last two
    /// operands.
    private func reduceBinary(
        _ operands: inout [(operand: RawOperand, start: Int)], _ pending: inout [PendingOperator]
    ) throws(ResultsError) {
        guard case let .binary(arithmeticOperator)? = pending.popLast() else { preconditionFailure("not a binary operator") }
        let (rhs, rhsStart) = operands.removeLast()
        let (lhs, start) = operands.removeLast()
        let combined = try chain(try expression(lhs, at: start), [(arithmeticOperator, try expression(rhs, at: rhsStart))], at: start)
        operands.append((.expression(combined), start))
    }

    /// `first op operand …`, merged into `first` when it is a chain of the
    /// same precedence (evaluation is left to right either way).
    private func chain(
        _ first: ValueExpression, _ rest: [(ArithmeticOperator, ValueExpression)], at start: Int
    ) throws(ResultsError) -> ValueExpression {
        var head = first
        var operands = rest
        if case let .arithmetic(innerFirst, innerRest) = first.kind, innerRest[0].0.isAdditive == rest[0].0.isAdditive {
            head = innerFirst
            operands = innerRest + rest
        }
        let depth = operands.reduce(head.depth) { max($0, $1.1.depth) } + 1
        guard depth <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: start) }
        return ValueExpression(.arithmetic(first: head, rest: operands), depth: depth)
    }

    /// `SELF`, a variable, `SUBQUERY(…)`, a collection operator on `SELF`,
    /// or an operand; `nil` (nothing consumed) when the token starts none
    /// of them.
    private mutating func parseAtom() throws(ResultsError) -> RawOperand? {
        switch token.kind {
        case .collectionOperator:
            return .expression(try parseCollectionOperator(on: ValueExpression(.selfObject, depth: 0)))
        case let .word(word):
            let components = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if components[0].uppercased() == "SELF" {
                try advance()
                // `SELF.name` is the key path `name`.
                return components.count == 1
                    ? .expression(ValueExpression(.selfObject, depth: 0)) : .field(FieldPath(components: Array(components.dropFirst())))
            }
            if components[0].hasPrefix("$") {
                return .expression(try parseVariable(components))
            }
            if Keyword(word) == nil, nextIsOpenParenthesis {
                if word.uppercased() == "SUBQUERY" { return try parseSubquery() }
                throw error(
                    "a key path or a value, not a function call: \(word)(…) is not supported (nor are FUNCTION, CAST, TERNARY and other functions)"
                )
            }
            return try parseOperand()
        default:
            return try parseOperand()
        }
    }

    /// Whether the token after the current one is `(`.
    private var nextIsOpenParenthesis: Bool {
        var lookahead = lexer
        return (try? lookahead.next())?.kind == .symbol(.openParenthesis)
    }

    /// `$name` or `$name.path` at the current token, which must be a
    /// variable an enclosing SUBQUERY binds.
    private mutating func parseVariable(_ components: [String]) throws(ResultsError) -> ValueExpression {
        let name = String(components[0].dropFirst())
        guard !name.isEmpty else { throw error("a variable name after '$'") }
        guard let index = variables.lastIndex(of: name) else {
            throw error(
                variables.isEmpty
                    ? "a key path or a value, not the variable $\(name): variables exist only inside SUBQUERY(collection, $\(name), predicate)"
                    : "a key path or a value, not the variable $\(name), which no enclosing SUBQUERY binds (it binds \(variables.map { "$" + $0 }.joined(separator: ", ")))"
            )
        }
        try advance()
        return ValueExpression(.variable(name: name, index: index, tail: Array(components.dropFirst())), depth: 0)
    }

    /// `SUBQUERY(collection, $variable, predicate)` at the current token.
    private mutating func parseSubquery() throws(ResultsError) -> RawOperand {
        let start = token.start
        try openExpressionLevel(at: start)
        // Each SUBQUERY is read by recursion (its predicate by a parse of
        // its own), so they nest less deeply than the rest.
        subqueryNesting += 1
        guard subqueryNesting <= FormatPredicate.maximumSubqueryNestingDepth else {
            throw error(
                "at most \(FormatPredicate.maximumSubqueryNestingDepth) SUBQUERYs nested inside one another (the nesting is too deep)"
            )
        }
        try advance()
        try advance()  // the `(` seen ahead
        let collectionStart = token.start
        guard let collection = try parseExpression() else { throw error("a key path to a collection after 'SUBQUERY('") }
        guard isSymbol(.comma) else { throw error("',' after the collection of SUBQUERY" + unsupportedNote) }
        try advance()
        guard case let .word(variable) = token.kind, variable.hasPrefix("$"), variable.count > 1, !variable.contains(".") else {
            throw error("a variable such as $x after the collection of SUBQUERY")
        }
        try advance()
        guard isSymbol(.comma) else { throw error("',' after the variable of SUBQUERY") }
        try advance()
        variables.append(String(variable.dropFirst()))
        let predicate = try parseLogic()
        variables.removeLast()
        guard isSymbol(.closeParenthesis) else {
            throw error("AND, OR or ')' to close the SUBQUERY at character \(lexer.characterOffset(start))" + unsupportedNote)
        }
        try advance()
        nesting -= 1
        subqueryNesting -= 1
        let collectionExpression = try expression(collection, at: collectionStart)
        let depth = max(collectionExpression.depth, predicate.depth) + 1
        guard depth <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: start) }
        return .expression(ValueExpression(
            .subquery(collection: collectionExpression, variable: String(variable.dropFirst()), predicate: predicate.node),
            depth: depth
        ))
    }

    /// `("." collectionOperator)*` after an operand.
    private mutating func parsePostfix(_ operand: RawOperand) throws(ResultsError) -> RawOperand {
        guard isSymbol(.dot) else { return operand }
        let start = token.start
        var base = try expression(operand, at: start)
        while isSymbol(.dot) {
            try advance()
            guard case .collectionOperator = token.kind else {
                throw error("a collection operator (@count, @sum, @avg, @min or @max) after '.'")
            }
            base = try parseCollectionOperator(on: base)
        }
        return .expression(base)
    }

    /// `@operator` (and the key path after it) at the current token,
    /// applied to `base`.
    private mutating func parseCollectionOperator(on base: ValueExpression) throws(ResultsError) -> ValueExpression {
        guard case let .collectionOperator(name) = token.kind else { preconditionFailure("not at a collection operator") }
        let start = token.start
        guard let `operator` = FormatPredicate.CollectionOperator(rawValue: name) else {
            throw error(
                "a collection operator @count, @sum, @avg, @min or @max (@\(name) is not supported, nor is any array or set operator such as @unionOfObjects)"
            )
        }
        try advance()
        var path: [String] = []
        if isSymbol(.dot) {
            var lookahead = lexer
            if case let .word(word)? = (try? lookahead.next())?.kind {
                guard `operator` != .count else {
                    throw error("no key path after @count, which counts the elements themselves")
                }
                try advance()
                path = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                try advance()
            }
        }
        let depth = base.depth + 1
        guard depth <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: start) }
        return ValueExpression(.collection(base: base, operator: `operator`, path: path), depth: depth)
    }

    /// An operand as an expression.
    private func expression(_ operand: RawOperand, at position: Int) throws(ResultsError) -> ValueExpression {
        switch operand {
        case let .field(path): ValueExpression(.keyPath(path), depth: 0)
        case let .value(value): ValueExpression(.literal(value), depth: 0)
        case let .expression(expression): expression
        case .list: throw error("a value or a key path, not a list", at: position)
        }
    }

    // MARK: Building nodes

    private func makeNode(
        _ quantifier: FormatPredicate.Quantifier?, _ left: RawOperand, _ operator: Operator, _ options: Options,
        _ right: RawOperand, at start: Int, rightStart: Int, patternOffsets: [Int]?
    ) throws(ResultsError) -> Primary {
        if quantifier == nil, `operator`.isPlainComparison {
            switch (left, right) {
            case let (.field(path), .value(number)) where number.kind == .number:
                return .predicate(.fieldNumber(.init(.init(path: path, operator: `operator`, number: number))), depth: 0)
            case let (.value(number), .field(path)) where number.kind == .number:
                return .predicate(.fieldNumber(.init(.init(path: path, operator: `operator`.swapped, number: number))), depth: 0)
            default:
                break
            }
        }
        var regularExpression: RegularExpression?
        if `operator` == .matches, case let .value(.string(pattern)) = right {
            regularExpression = try compileRegularExpression(pattern, options, at: rightStart, offsets: patternOffsets)
        }
        // The collection of ANY, ALL and NONE is always an expression, so
        // its key path reads through arrays.
        let leftOperand = quantifier == nil
            ? prepare(left, options, like: false, regularExpression: nil) : .expression(try expression(left, at: start))
        let comparison = FormatPredicate.Comparison(
            left: leftOperand,
            operator: `operator`,
            options: options,
            right: prepare(right, options, like: `operator` == .like, regularExpression: regularExpression)
        )
        let depth = max(left.depth, right.depth)
        if let quantifier {
            guard depth + 1 <= FormatPredicate.maximumNestingDepth else { throw expressionNestingError(at: start) }
            return .predicate(.aggregate(.init(quantifier: quantifier, comparison: comparison)), depth: depth + 1)
        }
        if left.hasExpression || right.hasExpression {
            return .predicate(.expressionComparison(comparison), depth: depth)
        }
        return .predicate(.comparison(comparison), depth: depth)
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
        case let .expression(expression):
            .expression(expression)
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
