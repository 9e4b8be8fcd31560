import FilterableResults

/// Splits format text into tokens, one at a time, so the parser reports the
/// first problem in reading order.
struct PredicateLexer {
    /// The text being read.
    let source: String
    let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ text: String) {
        source = text
        scalars = Array(text.unicodeScalars)
    }

    /// The 0-based character (grapheme cluster) offset of a scalar offset,
    /// as error messages count positions.
    func characterOffset(_ scalarOffset: Int) -> Int {
        let scalarView = source.unicodeScalars
        let clamped = min(max(scalarOffset, 0), scalars.count)
        let index = scalarView.index(scalarView.startIndex, offsetBy: clamped)
        return source.distance(from: source.startIndex, to: index)
    }

    /// The text of the scalars in `range`.
    func text(_ range: Range<Int>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
        return String(text)
    }

    /// Reads the next token.
    mutating func next() throws(PredicateLexicalError) -> PredicateToken {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        let start = position
        guard position < scalars.count else { return PredicateToken(kind: .end, start: start, end: start) }
        let scalar = scalars[position]
        let kind: PredicateToken.Kind
        switch scalar {
        case _ where Self.isWordStart(scalar):
            kind = .word(try readWord())
        case "#":
            position += 1
            guard position < scalars.count, Self.isWordStart(scalars[position]) else {
                throw PredicateLexicalError(position: position, expected: "a key path after '#'")
            }
            kind = .escapedWord(try readWord())
        case "'", "\"":
            kind = .string(try readString())
        case "0"..."9":
            if scalar == "0", position + 2 < scalars.count, Self.isRadixPrefix(scalars[position + 1], scalars[position + 2]) {
                throw PredicateLexicalError(
                    position: position,
                    expected: "a decimal number (hexadecimal, octal and binary numbers such as 0x1F are not supported)"
                )
            }
            kind = .number(try readNumber())
        case "-" where position + 1 < scalars.count && ("0"..."9").contains(scalars[position + 1]):
            kind = .number(try readNumber())
        case "@" where position + 1 < scalars.count && Self.isWordStart(scalars[position + 1]):
            position += 1
            let start = position
            while position < scalars.count, Self.isWordContinuation(scalars[position]) { position += 1 }
            kind = .collectionOperator(text(start..<position))
        case "%":
            let following = position + 1 < scalars.count ? scalars[position + 1] : nil
            switch following {
            case "@": kind = .placeholder(.value)
            case "K": kind = .placeholder(.keyPath)
            default:
                throw PredicateLexicalError(position: position, expected: "%@ (a value argument) or %K (a key path argument) after '%'")
            }
            position += 2
        default:
            kind = .symbol(try readSymbol())
        }
        return PredicateToken(kind: kind, start: start, end: position)
    }

    /// Whether `text` is a key path as the language writes one: words
    /// joined by dots, each starting with a letter, `_` or `$`.
    static func isKeyPath(_ text: String) -> Bool {
        var atWordStart = true
        for scalar in text.unicodeScalars {
            if atWordStart {
                guard isWordStart(scalar) else { return false }
                atWordStart = false
            } else if scalar == "." {
                atWordStart = true
            } else if !isWordContinuation(scalar) {
                return false
            }
        }
        return !atWordStart
    }

    /// Whether `letter` and `digit` after a `0` spell NSPredicate's
    /// hexadecimal, octal or binary prefix (`0x1F`, `0o17`, `0b101`), which
    /// the language refuses by name.
    static func isRadixPrefix(_ letter: Unicode.Scalar, _ digit: Unicode.Scalar) -> Bool {
        switch letter {
        case "x", "X": ("0"..."9").contains(digit) || ("a"..."f").contains(digit) || ("A"..."F").contains(digit)
        case "o", "O": ("0"..."7").contains(digit)
        case "b", "B": digit == "0" || digit == "1"
        default: false
        }
    }

    static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    static func isWordContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if isWordStart(scalar) || scalar.properties.numericType != nil { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true  // "e\u{301}" is a letter too
        default: return false
        }
    }

    /// Reads `word(.word)*`; a `.` before `@` ends the word (it starts a
    /// collection operator: `tags.@count`).
    private mutating func readWord() throws(PredicateLexicalError) -> String {
        let start = position
        while true {
            while position < scalars.count, Self.isWordContinuation(scalars[position]) { position += 1 }
            guard position < scalars.count, scalars[position] == "." else { break }
            if position + 1 < scalars.count, scalars[position + 1] == "@" { break }
            position += 1
            guard position < scalars.count, Self.isWordStart(scalars[position]) else {
                throw PredicateLexicalError(position: position, expected: "a field name after '.' in '\(text(start..<position))'")
            }
        }
        return text(start..<position)
    }

    /// Reads a quoted string and decodes its escapes.
    private mutating func readString() throws(PredicateLexicalError) -> String {
        let quote = scalars[position]
        let start = position
        position += 1
        var result = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote {
                position += 1
                return String(result)
            }
            guard scalar == "\\", position + 1 < scalars.count else {
                result.append(scalar)
                position += 1
                continue
            }
            let escaped = scalars[position + 1]
            position += 2
            switch escaped {
            case "\\", "'", "\"": result.append(escaped)
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u": result.append(try readUnicodeEscape())
            default:
                // Kept as written, so regular expressions and LIKE patterns
                // can use `\d`, `\*` and the like without doubling.
                result.append("\\")
                result.append(escaped)
            }
        }
        throw PredicateLexicalError(
            position: scalars.count,
            expected: "a closing \(quote) to end the string that starts at character \(characterOffset(start))"
        )
    }

    /// The source offset of every scalar of the string literal that starts
    /// (at its quote) at `start`, as ``next()`` decoded it, and last the
    /// offset of the closing quote: so a problem found inside a decoded
    /// string (a regular expression) can be reported where it was written.
    func decodedStringOffsets(from start: Int) -> [Int] {
        var copy = self
        copy.position = start
        var offsets: [Int] = []
        let quote = scalars[start]
        copy.position += 1
        while copy.position < scalars.count, scalars[copy.position] != quote {
            let escapeStart = copy.position
            guard scalars[copy.position] == "\\", copy.position + 1 < scalars.count else {
                offsets.append(copy.position)
                copy.position += 1
                continue
            }
            let escaped = scalars[copy.position + 1]
            copy.position += 2
            switch escaped {
            case "\\", "'", "\"", "n", "t", "r":
                offsets.append(escapeStart)
            case "u":
                _ = try? copy.readUnicodeEscape()
                offsets.append(escapeStart)
            default:
                offsets.append(escapeStart)
                offsets.append(escapeStart + 1)
            }
        }
        offsets.append(copy.position)
        return offsets
    }

    /// Reads the `XXXX` of `\uXXXX` (and a low surrogate's `\uXXXX` after a
    /// high one).
    private mutating func readUnicodeEscape() throws(PredicateLexicalError) -> Unicode.Scalar {
        let high = try readHexQuad()
        if (0xDC00...0xDFFF).contains(high) {
            throw PredicateLexicalError(position: position - 6, expected: "a Unicode escape that is not a lone low surrogate")
        }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard position + 1 < scalars.count, scalars[position] == "\\", scalars[position + 1] == "u" else {
            throw PredicateLexicalError(position: position, expected: "'\\u' and a low surrogate after the high surrogate")
        }
        position += 2
        let low = try readHexQuad()
        guard (0xDC00...0xDFFF).contains(low) else {
            throw PredicateLexicalError(position: position - 4, expected: "a low surrogate (DC00–DFFF) after the high surrogate")
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func readHexQuad() throws(PredicateLexicalError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < scalars.count,
                  let digit = Self.hexDigitValue(scalars[position]) ?? Self.hexLetterValue(scalars[position])
            else {
                throw PredicateLexicalError(position: position, expected: "four hexadecimal digits after '\\u'")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt32? {
        ("0"..."9").contains(scalar) ? scalar.value - 0x30 : nil
    }

    private static func hexLetterValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// Reads `-?digits(.digits)?([eE][+-]?digits)?`.
    private mutating func readNumber() throws(PredicateLexicalError) -> FieldValue {
        let start = position
        if scalars[position] == "-" { position += 1 }
        skipDigits()
        var isInteger = true
        if position < scalars.count, scalars[position] == "." {
            isInteger = false
            position += 1
            guard position < scalars.count, ("0"..."9").contains(scalars[position]) else {
                throw PredicateLexicalError(position: position, expected: "a digit after the decimal point")
            }
            skipDigits()
        }
        if position < scalars.count, scalars[position] == "e" || scalars[position] == "E" {
            // An exponent only if digits follow; otherwise the number ends here.
            var lookahead = position + 1
            if lookahead < scalars.count, scalars[lookahead] == "+" || scalars[lookahead] == "-" { lookahead += 1 }
            if lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) {
                isInteger = false
                position = lookahead
                skipDigits()
            } else {
                throw PredicateLexicalError(position: lookahead, expected: "a digit in the exponent")
            }
        }
        let text = text(start..<position)
        if isInteger {
            // An integer is exact or refused, as in a scenario file's JSON:
            // beyond 64 bits it would be rounded to a double.
            guard let integer = Int(text) else {
                throw PredicateLexicalError(position: start, expected: "an integer within 64 bits (write a decimal point for a double)")
            }
            return .integer(integer)
        }
        guard let double = Double(text), double.isFinite else {
            throw PredicateLexicalError(position: start, expected: "a number within the range of a 64-bit double")
        }
        return .double(double)
    }

    private mutating func skipDigits() {
        while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
    }

    private mutating func readSymbol() throws(PredicateLexicalError) -> PredicateToken.Symbol {
        let scalar = scalars[position]
        let following: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
        let symbol: PredicateToken.Symbol
        switch (scalar, following) {
        case ("=", "="): symbol = .equal
        case ("=", _): symbol = .assign
        case ("!", "="): symbol = .notEqual
        case ("!", _): symbol = .not
        case ("<", ">"): symbol = .lessOrGreater
        case ("<", "="): symbol = .lessOrEqual
        case ("<", _): symbol = .less
        case (">", "="): symbol = .greaterOrEqual
        case (">", _): symbol = .greater
        case ("&", "&"): symbol = .and
        case ("|", "|"): symbol = .or
        case ("(", _): symbol = .openParenthesis
        case (")", _): symbol = .closeParenthesis
        case ("{", _): symbol = .openBrace
        case ("}", _): symbol = .closeBrace
        case (",", _): symbol = .comma
        case ("[", _): symbol = .openBracket
        case ("]", _): symbol = .closeBracket
        case ("+", _): symbol = .plus
        case ("-", _): symbol = .minus
        case ("*", "*"): symbol = .power
        case ("*", _): symbol = .times
        case ("/", _): symbol = .divide
        case (".", _): symbol = .dot
        case ("&", _):
            throw PredicateLexicalError(position: position, expected: "'&&' (a single '&' is not an operator)")
        case ("|", _):
            throw PredicateLexicalError(position: position, expected: "'||' (a single '|' is not an operator)")
        default:
            throw PredicateLexicalError(
                position: position,
                expected: "a key path, a value, an operator or a parenthesis (not '\(Character(scalar))')"
            )
        }
        position += symbol.rawValue.unicodeScalars.count
        return symbol
    }
}
