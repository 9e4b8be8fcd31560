import FilterableResults

/// Reads a `MATCHES` pattern and compiles it straight to a program, with an
/// explicit stack of open groups rather than recursion (so nesting costs no
/// thread stack).
///
/// The syntax, a subset of ICU's:
///
/// - Literals: any scalar but `\ . ^ $ | ? * + ( ) [ {` and `}` (a lone `]`
///   is a literal, as in ICU).
/// - Escapes: `\` before any scalar that is not an ASCII letter or digit is
///   that scalar (`\.`, `\\`, `\*`, `\é`); `\n \t \r \f \a \e`; `\xhh`,
///   `\x{h…}`, `\uhhhh` (a surrogate pair as two), `\Uhhhhhhhh`.
/// - Classes: `.` (any scalar but a line terminator), `\d \D \w \W \s \S`
///   (Unicode, as ICU defines them), `[…]` and `[^…]` with scalars, escapes,
///   ranges `a-z` and the classes `\d`–`\S` inside; `]` first is a literal,
///   `-` first or last is a literal.
/// - Anchors: `^` and `\A` (start), `$` and `\Z` (end, or before a line
///   terminator that ends the subject), `\z` (end), `\b` and `\B` (word
///   boundaries).
/// - Groups `( )`, `(?: )` and `(?<name> )` (captures mean nothing to a
///   whole-string test, but as in ICU a name names one group only);
///   alternation `|`, empty alternatives included. A class lists each
///   scalar once however often it is written (`[cc]` is `[c]`, as in ICU).
/// - Quantifiers `* + ? {n} {n,} {n,m}` (counts up to 1,000), each with an
///   optional lazy `?` (laziness cannot change whether the whole subject
///   matches).
///
/// Refused, with the position and the construct named: backreferences,
/// lookaround, atomic groups, possessive quantifiers, inline flags and
/// comments, `\p{…}` and other escapes, nested classes and class
/// operators (`[[…]]`, `[:alpha:]`, `&&`, `--`), a `-` in a class that
/// is neither first, last nor a range, quantifiers with nothing to repeat or
/// repeated twice, and programs over ``RegularExpression/maximumProgramSize``.
struct RegularExpressionParser {
    typealias Instruction = RegularExpression.Instruction

    /// What the compiler produces.
    struct Compiled {
        var program: [Instruction]
        var sets: [ScalarSet]
        var usesWordBoundaries: Bool
    }

    /// What the last item of a sequence is, for quantifiers.
    private enum Last {
        /// Nothing yet (the start, or after `(` or `|`).
        case none
        /// An item that can be repeated, compiled from this index on.
        case item(start: Int)
        /// An anchor or boundary, which cannot.
        case assertion
        /// An item already repeated.
        case repeated
    }

    /// A group being read (or the whole pattern).
    private struct Group {
        /// The offset of its `(`; `nil` for the whole pattern.
        var open: Int?
        /// Its alternatives read so far.
        var alternatives: [[Instruction]] = []
        /// The alternative being read.
        var sequence: [Instruction] = []
        var last: Last = .none

        /// Appends an item that a quantifier may repeat.
        mutating func append(_ fragment: [Instruction]) {
            last = .item(start: sequence.count)
            sequence += fragment
        }

        /// Appends an anchor or boundary.
        mutating func appendAssertion(_ assertion: RegularExpression.Assertion) {
            sequence.append(.assert(assertion))
            last = .assertion
        }
    }

    private let scalars: [Unicode.Scalar]
    private let caseInsensitive: Bool
    private var position = 0
    private var sets: [ScalarSet] = []
    private var usesWordBoundaries = false
    /// The instructions the program will have, counted as it grows.
    private var size = 1
    /// The scalars of class ranges still to fold for `[c]`.
    private var foldBudget = ScalarSet.foldBudget
    /// The names of the named groups read so far, each with the offset of
    /// its group's `(`: ICU refuses a name given to two groups.
    private var groupNames: [String: Int] = [:]

    init(_ pattern: String, caseInsensitive: Bool) {
        scalars = Array(pattern.unicodeScalars)
        self.caseInsensitive = caseInsensitive
    }

    // MARK: Structure

    mutating func compile() throws(RegularExpressionError) -> Compiled {
        var groups = [Group(open: nil)]
        while position < scalars.count {
            let start = position
            let scalar = scalars[position]
            switch scalar {
            case "(":
                try readGroupOpening()
                groups.append(Group(open: start))
            case ")":
                guard groups.count > 1 else {
                    throw malformed(at: start, "this ')' closes no '('; write \\) for a parenthesis")
                }
                position += 1
                let group = groups.removeLast()
                try grow(by: 2 * group.alternatives.count, at: start)
                groups[groups.count - 1].append(Self.alternation(group.alternatives + [group.sequence]))
            case "|":
                position += 1
                groups[groups.count - 1].alternatives.append(groups[groups.count - 1].sequence)
                groups[groups.count - 1].sequence = []
                groups[groups.count - 1].last = .none
            case "*", "+", "?", "{":
                try readQuantifier(applyingTo: &groups[groups.count - 1])
            case "}":
                throw malformed(at: start, "this '}' closes no '{'; write \\} for a brace")
            case "[":
                let set = try readClass()
                groups[groups.count - 1].append([.set(set)])
            case ".":
                position += 1
                groups[groups.count - 1].append([.any])
            case "^":
                position += 1
                groups[groups.count - 1].appendAssertion(.startOfText)
            case "$":
                position += 1
                groups[groups.count - 1].appendAssertion(.endOfLine)
            case "\\":
                switch try readEscape(inClass: false) {
                case let .scalar(value):
                    groups[groups.count - 1].append([literal(value)])
                case let .named(named):
                    sets.append(ScalarSet(ranges: [], classes: [named], isNegated: false, caseInsensitive: false,
                                          foldBudget: &foldBudget))
                    groups[groups.count - 1].append([.set(sets.count - 1)])
                case let .assertion(assertion):
                    groups[groups.count - 1].appendAssertion(assertion)
                }
            default:
                position += 1
                groups[groups.count - 1].append([literal(scalar.value)])
            }
            if !"()|*+?{".unicodeScalars.contains(scalar) { try grow(by: 1, at: start) }
        }
        guard groups.count == 1, let whole = groups.first else {
            throw malformed(at: groups[groups.count - 1].open ?? 0, "no ')' closes this '('")
        }
        try grow(by: 2 * whole.alternatives.count, at: max(scalars.count - 1, 0))
        let program = Self.alternation(whole.alternatives + [whole.sequence]) + [.match]
        return Compiled(program: program, sets: sets, usesWordBoundaries: usesWordBoundaries)
    }

    /// A literal scalar as the program compares it.
    private func literal(_ value: UInt32) -> Instruction {
        .scalar(caseInsensitive ? CaseFolding.fold(value) : value)
    }

    /// Reads `(`, `(?:` or `(?<name>`; refuses the other `(?` forms.
    private mutating func readGroupOpening() throws(RegularExpressionError) {
        let start = position
        position += 1
        guard position < scalars.count, scalars[position] == "?" else { return }
        position += 1
        let next = position < scalars.count ? scalars[position] : nil
        let after = position + 1 < scalars.count ? scalars[position + 1] : nil
        switch (next, after) {
        case (":", _):
            position += 1
            return
        case ("<", let letter?) where letter != "=" && letter != "!":
            // A named group: ASCII letters and digits, a letter first.
            var index = position + 1
            while index < scalars.count, Self.isASCIIAlphanumeric(scalars[index]) { index += 1 }
            guard index > position + 1, index < scalars.count, scalars[index] == ">",
                  !("0"..."9").contains(letter)
            else {
                throw malformed(at: start, "a group name is ASCII letters and digits, a letter first, then '>'")
            }
            let name = String(String.UnicodeScalarView(scalars[(position + 1)..<index]))
            if let first = groupNames[name] {
                throw malformed(at: start, "the group name '\(name)' names the group at offset \(first) of the pattern already; a name names one group only")
            }
            groupNames[name] = start
            position = index + 1
            return
        case ("=", _): throw unsupported(at: start, "a lookahead '(?=' is not supported")
        case ("!", _): throw unsupported(at: start, "a negative lookahead '(?!' is not supported")
        case ("<", "="): throw unsupported(at: start, "a lookbehind '(?<=' is not supported")
        case ("<", "!"): throw unsupported(at: start, "a negative lookbehind '(?<!' is not supported")
        case (">", _): throw unsupported(at: start, "an atomic group '(?>' is not supported")
        case ("#", _): throw unsupported(at: start, "a comment '(?#' is not supported")
        default:
            throw unsupported(at: start, "inline flags and other '(?' groups are not supported; use MATCHES[c] for case-insensitive matching")
        }
    }

    /// Reads a quantifier and applies it to the last item of `group`.
    private mutating func readQuantifier(applyingTo group: inout Group) throws(RegularExpressionError) {
        let start = position
        let symbol = scalars[position]
        position += 1
        var minimum = 0
        var maximum: Int?  // nil: unbounded
        switch symbol {
        case "*": break
        case "+": minimum = 1
        case "?": maximum = 1
        default:
            (minimum, maximum) = try readRepetitionCounts(from: start)
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        if position < scalars.count, scalars[position] == "?" {
            position += 1  // Lazy: the same strings match as a whole.
        } else if position < scalars.count, scalars[position] == "+" {
            throw unsupported(at: start, "a possessive quantifier '\(text)+' is not supported")
        }
        let itemStart: Int
        switch group.last {
        case .none:
            throw malformed(at: start, "'\(text)' has nothing before it to repeat")
        case .assertion:
            throw malformed(at: start, "'\(text)' cannot repeat an anchor or a word boundary")
        case .repeated:
            throw malformed(at: start, "'\(text)' repeats something already repeated; group it first, as in (?:a*)\(text)")
        case let .item(start):
            itemStart = start
        }
        let item = Array(group.sequence[itemStart...])
        // The copies, and a split per optional copy (two and a jump when
        // unbounded).
        let copies = maximum ?? (minimum + 1)
        try grow(by: item.count * (copies - 1) + (copies - minimum) + 1, at: start)
        group.sequence.removeSubrange(itemStart...)
        group.sequence += Self.repetition(item, minimum: minimum, maximum: maximum)
        group.last = .repeated
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` whose `{` is at `start`.
    private mutating func readRepetitionCounts(from start: Int) throws(RegularExpressionError) -> (Int, Int?) {
        let limit = RegularExpression.maximumRepetition
        func number() -> Int? {
            var value: Int?
            while position < scalars.count, ("0"..."9").contains(scalars[position]) {
                value = min((value ?? 0) * 10 + Int(scalars[position].value - 0x30), limit + 1)
                position += 1
            }
            return value
        }
        let expected = "a repetition {n}, {n,} or {n,m} with n ≤ m ≤ \(limit) after '{'; write \\{ for a brace"
        guard let minimum = number() else { throw malformed(at: start, expected) }
        var maximum: Int? = minimum
        if position < scalars.count, scalars[position] == "," {
            position += 1
            maximum = number()
        }
        guard position < scalars.count, scalars[position] == "}" else { throw malformed(at: start, expected) }
        position += 1
        guard minimum <= limit, (maximum ?? 0) <= limit else {
            throw unsupported(at: start, "a repetition count over \(limit) is not supported")
        }
        if let maximum, maximum < minimum { throw malformed(at: start, expected) }
        return (minimum, maximum)
    }

    /// Counts `count` more instructions (at most: a repetition may need
    /// fewer); refuses a program that grows past the limit.
    private mutating func grow(by count: Int, at offset: Int) throws(RegularExpressionError) {
        size += count
        if size > RegularExpression.maximumProgramSize { throw tooLarge(at: offset) }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    // MARK: Fragments

    /// Alternatives, tried all at once: `split` to each, `jump` past the
    /// rest.
    private static func alternation(_ alternatives: [[Instruction]]) -> [Instruction] {
        var result = alternatives[alternatives.count - 1]
        for alternative in alternatives.dropLast().reversed() {
            result = [.split(1, alternative.count + 2)] + alternative + [.jump(result.count + 1)] + result
        }
        return result
    }

    /// `item` repeated from `minimum` to `maximum` times (`nil`: no limit).
    private static func repetition(_ item: [Instruction], minimum: Int, maximum: Int?) -> [Instruction] {
        var result: [Instruction] = []
        for _ in 0..<minimum { result += item }
        if let maximum {
            // Each further copy is optional: item?item?… matches the same
            // strings as (item(item…)?)?.
            for _ in minimum..<maximum { result += [.split(1, item.count + 1)] + item }
        } else {
            result += [.split(1, item.count + 2)] + item + [.jump(-(item.count + 1))]
        }
        return result
    }

    // MARK: Escapes

    private enum Escape {
        case scalar(UInt32)
        case named(ScalarSet.Class)
        case assertion(RegularExpression.Assertion)
    }

    /// Reads an escape at the current `\`.
    private mutating func readEscape(inClass: Bool) throws(RegularExpressionError) -> Escape {
        let start = position
        position += 1
        guard position < scalars.count else {
            throw malformed(at: start, "a '\\' ends the pattern; write \\\\ for a backslash")
        }
        let letter = scalars[position]
        position += 1
        guard Self.isASCIIAlphanumeric(letter) else { return .scalar(letter.value) }
        switch letter {
        case "n": return .scalar(0x0A)
        case "t": return .scalar(0x09)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "x": return .scalar(try readHexEscape(from: start))
        case "u": return .scalar(try readUnicodeEscape(from: start, digits: 4))
        case "U": return .scalar(try readUnicodeEscape(from: start, digits: 8))
        case "d": return .named(.digit)
        case "D": return .named(.notDigit)
        case "w": return .named(.word)
        case "W": return .named(.notWord)
        case "s": return .named(.space)
        case "S": return .named(.notSpace)
        case "b", "B", "A", "z", "Z":
            guard !inClass else {
                if letter == "b" {
                    throw unsupported(at: start, "'\\b' inside a class is not supported; write \\x{8} for a backspace")
                }
                throw malformed(at: start, "an anchor '\\\(letter)' cannot be inside a class")
            }
            switch letter {
            case "b", "B":
                usesWordBoundaries = true
                return .assertion(letter == "b" ? .wordBoundary : .notWordBoundary)
            case "A": return .assertion(.startOfText)
            case "z": return .assertion(.endOfText)
            default: return .assertion(.endOfLine)
            }
        case "1"..."9": throw unsupported(at: start, "a backreference '\\\(letter)' is not supported")
        case "k": throw unsupported(at: start, "a named backreference '\\k' is not supported")
        case "p", "P": throw unsupported(at: start, "a property '\\\(letter){…}' is not supported; use \\d, \\w, \\s or a class")
        case "Q", "E": throw unsupported(at: start, "quoting with '\\Q…\\E' is not supported; escape each character")
        case "N": throw unsupported(at: start, "a named character '\\N{…}' is not supported; write \\x{…}")
        case "0": throw unsupported(at: start, "an octal escape '\\0' is not supported; write \\x{…}")
        case "c": throw unsupported(at: start, "a control escape '\\c' is not supported; write \\x{…}")
        default:
            throw unsupported(at: start, "the escape '\\\(letter)' is not supported")
        }
    }

    /// Reads the rest of `\xhh` or `\x{h…}`.
    private mutating func readHexEscape(from start: Int) throws(RegularExpressionError) -> UInt32 {
        let expected = "'\\x' takes two hexadecimal digits or up to six in braces, as \\x{1F600}, for a Unicode scalar"
        var value: UInt32 = 0
        if position < scalars.count, scalars[position] == "{" {
            position += 1
            var digits = 0
            while position < scalars.count, let digit = Self.hexValue(scalars[position]) {
                value = value << 4 | digit
                digits += 1
                position += 1
                if digits > 6 { throw malformed(at: start, expected) }
            }
            guard digits > 0, position < scalars.count, scalars[position] == "}" else { throw malformed(at: start, expected) }
            position += 1
        } else {
            for _ in 0..<2 {
                guard position < scalars.count, let digit = Self.hexValue(scalars[position]) else {
                    throw malformed(at: start, expected)
                }
                value = value << 4 | digit
                position += 1
            }
        }
        guard Unicode.Scalar(value) != nil else { throw malformed(at: start, expected) }
        return value
    }

    /// Reads the digits of `\uhhhh` (a high surrogate takes a `\uhhhh` low
    /// one after it) or `\Uhhhhhhhh`.
    private mutating func readUnicodeEscape(from start: Int, digits: Int) throws(RegularExpressionError) -> UInt32 {
        func hexDigits() throws(RegularExpressionError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard position < scalars.count, let digit = Self.hexValue(scalars[position]) else {
                    throw malformed(at: start, "\(digits) hexadecimal digits after '\\\(digits == 4 ? "u" : "U")'")
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }
        let value = try hexDigits()
        if digits == 4, (0xD800...0xDBFF).contains(value) {
            guard position + 1 < scalars.count, scalars[position] == "\\", scalars[position + 1] == "u" else {
                throw malformed(at: start, "a low surrogate '\\uDC00'–'\\uDFFF' after the high surrogate")
            }
            position += 2
            let low = try hexDigits()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw malformed(at: start, "a low surrogate '\\uDC00'–'\\uDFFF' after the high surrogate")
            }
            return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard Unicode.Scalar(value) != nil else {
            throw malformed(at: start, "a Unicode scalar, not a lone surrogate or a value over 10FFFF")
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    // MARK: Classes

    /// Reads `[…]` and returns the index of its set.
    private mutating func readClass() throws(RegularExpressionError) -> Int {
        let open = position
        position += 1
        var isNegated = false
        if position < scalars.count, scalars[position] == "^" {
            isNegated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [ScalarSet.Class] = []
        var first = true
        // The last item, when it was a single scalar that a '-' may extend
        // into a range.
        var pendingLow: UInt32?
        // Whether the last item was a range or a named class: a '-' after
        // it is ambiguous.
        var lastWasRangeOrClass = false
        while true {
            guard position < scalars.count else { throw malformed(at: open, "no ']' closes this '['") }
            let start = position
            let scalar = scalars[position]
            if scalar == "]" && !first {
                position += 1
                break
            }
            defer { first = false }
            switch scalar {
            case "[":
                throw unsupported(at: start, "a class inside a class ('[[…]]', '[:name:]') is not supported; escape it as \\[")
            case "&" where position + 1 < scalars.count && scalars[position + 1] == "&":
                throw unsupported(at: start, "class intersection '&&' is not supported")
            case "-" where position + 1 < scalars.count && scalars[position + 1] == "-":
                throw unsupported(at: start, "class difference '--' is not supported; escape a dash as \\-")
            case "-" where !first && !(position + 1 < scalars.count && scalars[position + 1] == "]"):
                // A range, if a single scalar came before and one follows.
                guard let low = pendingLow, !lastWasRangeOrClass else {
                    throw malformed(at: start, "a '-' here is ambiguous; write \\- for a dash, or a range as a-z")
                }
                position += 1
                guard position < scalars.count, scalars[position] != "]", scalars[position] != "[" else {
                    throw malformed(at: start, "a scalar after '-' to end the range")
                }
                let high: UInt32
                if scalars[position] == "\\" {
                    guard case let .scalar(value) = try readEscape(inClass: true) else {
                        throw malformed(at: start, "a single scalar after '-' to end the range, not a class")
                    }
                    high = value
                } else {
                    high = scalars[position].value
                    position += 1
                }
                guard low <= high else { throw malformed(at: start, "a range whose end does not come before its start") }
                ranges[ranges.count - 1] = low...high
                pendingLow = nil
                lastWasRangeOrClass = true
                continue
            case "\\":
                switch try readEscape(inClass: true) {
                case let .scalar(value):
                    ranges.append(value...value)
                    pendingLow = value
                    lastWasRangeOrClass = false
                case let .named(named):
                    classes.append(named)
                    pendingLow = nil
                    lastWasRangeOrClass = true
                case .assertion:
                    throw malformed(at: start, "an anchor cannot be inside a class")
                }
                continue
            default:
                position += 1
                ranges.append(scalar.value...scalar.value)
                pendingLow = scalar.value
                lastWasRangeOrClass = false
            }
        }
        sets.append(ScalarSet(ranges: ranges, classes: classes, isNegated: isNegated, caseInsensitive: caseInsensitive,
                              foldBudget: &foldBudget))
        return sets.count - 1
    }

    // MARK: Errors

    private func malformed(at offset: Int, _ problem: String) -> RegularExpressionError {
        RegularExpressionError(offset: offset, problem: problem, isUnsupported: false)
    }

    private func unsupported(at offset: Int, _ problem: String) -> RegularExpressionError {
        RegularExpressionError(offset: offset, problem: problem, isUnsupported: true)
    }

    private func tooLarge(at offset: Int) -> RegularExpressionError {
        unsupported(
            at: max(offset, 0),
            "it compiles to more than \(RegularExpression.maximumProgramSize) instructions; repetitions multiply what they repeat"
        )
    }
}
