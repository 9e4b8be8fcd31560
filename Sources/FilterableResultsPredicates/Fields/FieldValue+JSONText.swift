import FilterableResults

extension FieldValue {
    /// The value as compact JSON text with Python's `json.dumps` separators,
    /// keys in their stored order: `{"id": 1, "tags": ["a", "b"]}`.
    ///
    /// Integers, and doubles with an integral value within `Int`'s range,
    /// print without a decimal point (`1`, `-3`, `100000`); other numbers
    /// print in the shortest form that reads back as the same double
    /// (`0.1`, `1e-05`, `1.5e+300`). Non-finite doubles, which JSON cannot
    /// express and parsing never produces, print as `null`. Strings escape
    /// `"`, `\` and control characters (`\n`, `\t`, `\u001f`, …) and keep
    /// every other character, non-ASCII included, as UTF-8.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public var jsonText: String {
        var writer = JSONWriter(sortsKeys: false)
        writer.write(self)
        return writer.text
    }

    /// Writes the value's compact JSON text (``jsonText``) to `target` in
    /// pieces of about 64 KB, so that a large value is written without
    /// ever holding its whole text.
    ///
    ///     var text = ""
    ///     FieldValue.array([1, 2]).writeJSONText(to: &text)   // "[1, 2]"
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public func writeJSONText(to target: inout some TextOutputStream) {
        var writer = JSONWriter(sortsKeys: false, pieceSize: 1 << 16)
        writer.write(self) { piece in target.write(piece) }
        target.write(writer.text)
    }

    /// The value as compact JSON text with every object's keys sorted by
    /// Unicode scalar values: the canonical text by which arrays and objects
    /// are ordered. Equal values have equal sorted-keys texts.
    ///
    /// - Complexity: O(*n* log *n*) in the size of the value.
    public var jsonTextWithSortedKeys: String {
        var writer = JSONWriter(sortsKeys: true)
        writer.write(self)
        return writer.text
    }
}

extension FieldValue: CustomStringConvertible {
    /// The value as compact JSON text (``jsonText``).
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public var description: String { jsonText }
}

/// Writes JSON text into a byte buffer.
struct JSONWriter {
    private var bytes: [UInt8] = []
    private let sortsKeys: Bool
    /// The size at which ``write(_:handingOver:)`` hands its text over.
    private let pieceSize: Int
    /// The text before each value of a packed object (`{"id": `,
    /// `, "name": `), by shape, made once per shape a writer meets.
    private var prefixesByShape: [ShapeKey: [[UInt8]]] = [:]
    /// The shape of the last packed object written, and its prefixes: a
    /// run of rows of one shape looks nothing up.
    private var lastShape: (key: ShapeKey, prefixes: [[UInt8]])?

    /// A shape of one shape table. (The table is named by its identity: a
    /// writer writes one value, which keeps every table it uses alive.)
    private struct ShapeKey: Hashable {
        let table: ObjectIdentifier
        let shape: UInt32
    }

    init(sortsKeys: Bool, pieceSize: Int = .max) {
        self.sortsKeys = sortsKeys
        self.pieceSize = pieceSize
        bytes.reserveCapacity(64)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A container being written: the members or elements still to come.
    private enum Frame {
        case array(FieldArray, next: Int)
        case object(FieldObject, next: Int)
    }

    /// Writes `root` with an explicit stack of the containers open, so any
    /// depth works on any thread; whenever the text written reaches the
    /// piece size, hands it to `handOver` and starts again (text that is
    /// not handed over stays in ``text``).
    mutating func write(_ root: FieldValue, handingOver handOver: (String) -> Void = { _ in }) {
        var stack: [Frame] = []
        var next: FieldValue? = root
        while true {
            if let value = next {
                next = nil
                switch value {
                case let .array(elements):
                    bytes.append(UInt8(ascii: "["))
                    if let first = elements.first {
                        stack.append(.array(elements, next: 1))
                        next = first
                        continue
                    }
                    bytes.append(UInt8(ascii: "]"))
                case let .object(object) where !sortsKeys && object.packedPage != nil:
                    writePacked(object)
                case let .object(object):
                    bytes.append(UInt8(ascii: "{"))
                    let members = sortsKeys ? object.sortedByKey : object
                    if let first = members.first {
                        writeString(first.key)
                        append(": ")
                        stack.append(.object(members, next: 1))
                        next = first.value
                        continue
                    }
                    bytes.append(UInt8(ascii: "}"))
                default:
                    writeScalar(value)
                }
            }
            // A value is complete: go on with the container around it.
            if bytes.count >= pieceSize {
                handOver(text)
                bytes.removeAll(keepingCapacity: true)
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case let .array(elements, index):
                if index < elements.count {
                    append(", ")
                    stack.append(.array(elements, next: index + 1))
                    next = elements[index]
                } else {
                    bytes.append(UInt8(ascii: "]"))
                }
            case let .object(members, index):
                if index < members.count {
                    append(", ")
                    writeString(members[index].key)
                    append(": ")
                    stack.append(.object(members, next: index + 1))
                    next = members[index].value
                } else {
                    bytes.append(UInt8(ascii: "}"))
                }
            }
        }
    }

    /// Writes a value that is not an array or an object.
    private mutating func writeScalar(_ value: FieldValue) {
        switch value {
        case .null, .array, .object:
            append("null")
        case let .bool(value):
            append(value ? "true" : "false")
        case let .integer(value):
            writeInteger(value)
        case let .double(value):
            appendText(Self.numberText(value))
        case let .string(value):
            writeString(value)
        }
    }

    /// The JSON text of a double: integral values within `Int`'s range as
    /// integers, others in shortest round-trip form, non-finite as `null`.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value >= -FieldNumber.twoToThe63, value < FieldNumber.twoToThe63, value == value.rounded(.towardZero) {
            return String(Int(value))
        }
        return value.description
    }

    /// Writes an object packed in a page (its values all scalars) from its
    /// stored bytes, in its members' order, decoding no string. The text
    /// before each value (`{"id": `, `, "name": `) is made once per shape.
    private mutating func writePacked(_ object: FieldObject) {
        let page = object.packedPage!
        let key = ShapeKey(table: ObjectIdentifier(page.shapes), shape: page.shape(ofRecord: object.record))
        if lastShape?.key != key {
            let prefixes = prefixesByShape[key] ?? page.keys(ofRecord: object.record).enumerated().map { index, name in
                var prefix = JSONWriter(sortsKeys: false)
                prefix.append(index == 0 ? "{" : ", ")
                prefix.writeString(name)
                prefix.append(": ")
                return prefix.bytes
            }
            prefixesByShape[key] = prefixes
            lastShape = (key, prefixes)
        }
        let prefixes = lastShape!.prefixes
        if prefixes.isEmpty { bytes.append(UInt8(ascii: "{")) }
        var index = 0
        page.forEachValue(ofRecord: object.record) { value in
            bytes.append(contentsOf: prefixes[index])
            index += 1
            switch value {
            case .null: append("null")
            case let .bool(value): append(value ? "true" : "false")
            case let .integer(value): writeInteger(value)
            case let .double(value): appendText(Self.numberText(value))
            case let .string(utf8): writeString(utf8)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `value` in decimal, without making a string of it.
    private mutating func writeInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 20 digits hold any UInt64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// (Named apart from `append(_: StaticString)`, which a string literal
    /// would otherwise not choose.)
    private mutating func appendText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ string: String) {
        UTF8Bytes.withBytes(string) { writeString($0) }
    }

    /// Writes the string whose UTF-8 is `source`, quoted and escaped.
    private mutating func writeString(_ source: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<source.count {
            let byte = source[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                append("\\u00")
                let digits: StaticString = "0123456789abcdef"
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }
}
