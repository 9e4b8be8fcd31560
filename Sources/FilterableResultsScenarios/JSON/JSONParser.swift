import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting
import Foundation

/// A JSON parser over UTF-8 bytes.
///
/// It reads nested arrays and objects with an explicit stack, not
/// recursion, and scans bytes directly: strings without escapes are decoded in one step,
/// integers are accumulated without building text, and simple decimals take
/// an exact fast path. Nesting deeper than ``FieldValue/maximumNestingDepth``
/// is an error (a limit on what files may hold: walks over values, which
/// have no recursion, would handle any depth).
struct JSONParser {
    typealias ParseError = FieldValue.ParseError

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Whether string contents must be checked for valid UTF-8 (input from a
    /// `String` is valid already).
    private let validatesUTF8: Bool
    /// Builds the objects: key lists shared, scalar records packed.
    private var packer = FieldObjectPacker()

    private init(input: UnsafeBufferPointer<UInt8>, validatesUTF8: Bool) {
        self.input = input
        self.validatesUTF8 = validatesUTF8
    }

    /// Parses a whole document.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, validatingUTF8: Bool) -> Result<FieldValue, ParseError> {
        var parser = JSONParser(input: input, validatesUTF8: validatingUTF8)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    private mutating func parseDocument() throws(ParseError) -> FieldValue {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            position = 3
        }
        skipWhitespace()
        guard position < input.count else { throw error("a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        guard position == input.count else { throw error("the end of the input after the JSON value") }
        return value
    }

    // MARK: Values

    /// Reads one value, arrays and objects included, with an explicit stack
    /// of the containers being read rather than recursion, so nesting costs
    /// no thread stack.
    private mutating func parseValue() throws(ParseError) -> FieldValue {
        // The containers open, innermost last: for each, whether it is an
        // object, and its elements or members read so far (and the key of
        // the member being read). Kept in separate arrays so that appending
        // mutates in place.
        var isObject: [Bool] = []
        var arrays: [[FieldValue]] = []
        var objects: [[FieldObject.Member]] = []
        var keys: [String] = []
        // For each open object with many members, its keys so far, so that
        // a repeated key is found in constant time.
        var keySets: [Set<ScalarExactKey>?] = []
        while true {
            guard position < input.count else { throw error("a JSON value") }
            var value: FieldValue
            switch input[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard isObject.count < FieldValue.maximumNestingDepth else {
                    throw error("at most \(FieldValue.maximumNestingDepth) levels of nested arrays and objects")
                }
                let opensObject = input[position] == UInt8(ascii: "{")
                position += 1  // [ or {
                skipWhitespace()
                if position < input.count, input[position] == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = opensObject ? .object(FieldObject()) : .array([])
                    break
                }
                isObject.append(opensObject)
                if opensObject {
                    objects.append([])
                    keySets.append(nil)
                    keys.append(try parseMemberKey(first: true))
                } else {
                    arrays.append([])
                }
                continue
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try parseKeyword("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseKeyword("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseKeyword("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            default:
                throw error("a JSON value")
            }
            // Add the value to its container, and close every container it
            // completes.
            while let object = isObject.last {
                skipWhitespace()
                if object {
                    objects[objects.count - 1].append((keys.removeLast(), value))
                    guard position < input.count else { throw error("',' or '}' after an object member") }
                    if input[position] == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        let keyOffset = position
                        let key = try parseMemberKey(first: false)
                        if Self.contains(key, in: objects[objects.count - 1], keySet: &keySets[keySets.count - 1]) {
                            throw repeatedKeyError(key, at: keyOffset)
                        }
                        keys.append(key)
                        break
                    }
                    guard input[position] == UInt8(ascii: "}") else { throw error("',' or '}' after an object member") }
                    position += 1
                    isObject.removeLast()
                    keySets.removeLast()
                    let members = objects.removeLast()
                    value = .object(packer.object(members))
                } else {
                    arrays[arrays.count - 1].append(value)
                    guard position < input.count else { throw error("',' or ']' after an array element") }
                    if input[position] == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        break
                    }
                    guard input[position] == UInt8(ascii: "]") else { throw error("',' or ']' after an array element") }
                    position += 1
                    isObject.removeLast()
                    value = .array(arrays.removeLast())
                }
            }
            if isObject.isEmpty { return value }
        }
    }

    private mutating func parseKeyword(_ keyword: StaticString) throws(ParseError) {
        let length = keyword.utf8CodeUnitCount
        let bytes = UnsafeBufferPointer(start: keyword.utf8Start, count: length)
        for index in 0..<length where position + index >= input.count || input[position + index] != bytes[index] {
            throw error("'\(keyword)'", at: position + index)
        }
        position += length
    }

    /// Whether `key` is among the keys of `members`, the members read so far
    /// of one object: a scan while the object is small, then a set that
    /// this keeps up to date.
    private static func contains(_ key: String, in members: [FieldObject.Member], keySet: inout Set<ScalarExactKey>?) -> Bool {
        if keySet == nil {
            if members.count < 16 {
                return members.contains { UTF8Bytes.equal($0.key, key) }
            }
            keySet = Set(members.lazy.map { ScalarExactKey(string: $0.key) })
        }
        return !keySet!.insert(ScalarExactKey(string: key)).inserted
    }

    /// The error for a key that repeats one of its object's keys: JSON
    /// leaves the meaning open, and the last one winning would silently
    /// drop the first value.
    private func repeatedKeyError(_ key: String, at offset: Int) -> ParseError {
        var found = error("", at: offset)
        found.expected = "each key at most once in an object"
        found.found = "the key \(FieldValue.string(key).jsonText) a second time"
        return found
    }

    /// Reads an object member's key and the `:` after it, and the
    /// whitespace around them, leaving the position at its value.
    private mutating func parseMemberKey(first: Bool) throws(ParseError) -> String {
        guard position < input.count, input[position] == UInt8(ascii: "\"") else {
            throw error(first ? "a string key or '}'" : "a string key after ','")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw error("':' after the object key")
        }
        position += 1
        skipWhitespace()
        return key
    }

    // MARK: Strings

    /// Parses a string token starting at its opening quote.
    private mutating func parseString() throws(ParseError) -> String {
        let start = position + 1
        var index = start
        // Fast path: no escapes, so the bytes are the string.
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80, validatesUTF8 {
                index += try validatedSequenceLength(at: index)
            } else {
                index += 1
            }
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: input[start..<index]))
        buffer.reserveCapacity(buffer.count + 16)
        while true {
            guard index < input.count else {
                throw error("'\"' to end the string that starts at offset \(start - 1)", at: index)
            }
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "\""):
                position = index + 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index = try parseEscape(at: index, into: &buffer)
            case 0..<0x20:
                throw error("a character other than a raw control character (escape it, as \\n or \\u0000)", at: index)
            case 0x80... where validatesUTF8:
                let length = try validatedSequenceLength(at: index)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<index + length]))
                index += length
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    /// Decodes the escape sequence whose backslash is at `index`, appends its
    /// UTF-8 to `buffer`, and returns the index after it.
    private func parseEscape(at index: Int, into buffer: inout [UInt8]) throws(ParseError) -> Int {
        let escapeIndex = index + 1
        guard escapeIndex < input.count else {
            throw error("an escape sequence after '\\'", at: escapeIndex)
        }
        switch input[escapeIndex] {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var next = escapeIndex + 1
            let unit = try parseHexQuad(at: next)
            next += 4
            var scalarValue = UInt32(unit)
            switch unit {
            case 0xD800...0xDBFF:
                guard next + 1 < input.count, input[next] == UInt8(ascii: "\\"), input[next + 1] == UInt8(ascii: "u") else {
                    throw error("'\\u' and a low surrogate (DC00–DFFF) after the high surrogate \\u\(hex(unit))", at: next)
                }
                let low = try parseHexQuad(at: next + 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a low surrogate (DC00–DFFF) after the high surrogate \\u\(hex(unit))", at: next + 2)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                next += 6
            case 0xDC00...0xDFFF:
                throw error("a high surrogate (D800–DBFF) before the low surrogate \\u\(hex(unit))", at: index)
            default:
                break
            }
            // Every value left is a valid scalar: surrogates were handled above.
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            buffer.append(contentsOf: UTF8.encode(scalar)!)
            return next
        default:
            throw error("an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX) after '\\'", at: escapeIndex)
        }
        return escapeIndex + 1
    }

    private func parseHexQuad(at index: Int) throws(ParseError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < input.count, let digit = hexDigitValue(input[index + offset]) else {
                throw error("four hexadecimal digits after '\\u'", at: index + offset)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The length of the valid multi-byte UTF-8 sequence at `index`.
    private func validatedSequenceLength(at index: Int) throws(ParseError) -> Int {
        let lead = input[index]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw error("valid UTF-8", at: index)
        }
        for offset in 1..<length {
            guard index + offset < input.count else { throw error("valid UTF-8", at: index + offset) }
            let byte = input[index + offset]
            let (low, high) = offset == 1 ? (lowerBound, upperBound) : (0x80, 0xBF)
            guard byte >= low, byte <= high else { throw error("valid UTF-8", at: index + offset) }
        }
        return length
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(ParseError) -> FieldValue {
        let start = position
        var index = position
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < input.count, isDigit(input[index]) else {
            throw error("a digit after '-'", at: index)
        }
        let integerStart = index
        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input[index]) {
                throw error("'.', 'e' or the end of the number after a leading 0 (JSON numbers have no leading zeros)", at: index)
            }
        } else {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        var isInteger = true
        if index < input.count, input[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            fractionStart = index
            guard index < input.count, isDigit(input[index]) else {
                throw error("a digit after the decimal point", at: index)
            }
            while index < input.count, isDigit(input[index]) { index += 1 }
            fractionEnd = index
        }
        var exponent = 0
        var exponentOverflows = false
        if index < input.count, input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") {
                exponentNegative = input[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < input.count, isDigit(input[index]) else {
                throw error("a digit in the exponent", at: index)
            }
            while index < input.count, isDigit(input[index]) {
                if exponent < 100_000 {
                    exponent = exponent * 10 + Int(input[index] - UInt8(ascii: "0"))
                } else {
                    exponentOverflows = true
                }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        position = index

        if isInteger {
            guard let integer = integerValue(integerStart..<integerEnd, negative: negative) else {
                // An integer is exact or refused: the nearest double would
                // silently merge distinct values (two 30-digit keys).
                var refusal = error("", at: start)
                refusal.expected = "an integer from -9223372036854775808 to 9223372036854775807 (64 bits; write larger ones as strings)"
                let literal = String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
                refusal.found = literal.utf8.count <= 40 ? literal : String(literal.prefix(40)) + "… (\(index - start) characters)"
                throw refusal
            }
            return .integer(integer)
        }
        if !exponentOverflows,
           let double = exactDouble(integer: integerStart..<integerEnd, fraction: fractionStart..<fractionEnd,
                                    exponent: exponent, negative: negative) {
            return .double(double)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw error("a number within the range of a 64-bit double", at: start)
        }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The digits as an `Int`, or `nil` when they overflow it.
    private func integerValue(_ digits: Range<Int>, negative: Bool) -> Int? {
        var value = 0
        for index in digits {
            let digit = Int(input[index] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number when its digits fit a double's 53-bit significand and its
    /// decimal exponent is within ±22: one exactly rounded multiplication or
    /// division then gives the correctly rounded result. `nil` otherwise.
    private func exactDouble(integer: Range<Int>, fraction: Range<Int>, exponent: Int, negative: Bool) -> Double? {
        guard integer.count + fraction.count <= 15 else { return nil }
        var significand: UInt64 = 0
        for index in integer { significand = significand * 10 + UInt64(input[index] - UInt8(ascii: "0")) }
        for index in fraction { significand = significand * 10 + UInt64(input[index] - UInt8(ascii: "0")) }
        let scale = exponent - fraction.count
        guard scale >= -22, scale <= 22 else { return nil }
        var value = Double(significand)
        value = scale < 0 ? value / Self.exactPowersOfTen[-scale] : value * Self.exactPowersOfTen[scale]
        return negative ? -value : value
    }

    // MARK: Whitespace and errors

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
            default:
                return
            }
        }
    }

    private func error(_ expected: String) -> ParseError {
        error(expected, at: position)
    }

    private func error(_ expected: String, at offset: Int) -> ParseError {
        let offset = min(offset, input.count)
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: input[..<offset]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return ParseError(offset: offset, line: line, column: column, expected: expected, found: describeInput(at: offset))
    }

    /// What is at `offset`, for error messages.
    private func describeInput(at offset: Int) -> String {
        guard offset < input.count else { return "end of input" }
        let lead = input[offset]
        let length = UTF8Bytes.sequenceLength(lead: lead)
        if offset + length <= input.count {
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: input[offset..<offset + length]).makeIterator()
            if case let .scalarValue(scalar) = decoder.decode(&iterator) {
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    return "control character U+\(hex(UInt16(scalar.value)))"
                }
                return "'\(Character(scalar))'"
            }
        }
        return "byte 0x\(String(lead, radix: 16, uppercase: true)) (not valid UTF-8)"
    }
}
