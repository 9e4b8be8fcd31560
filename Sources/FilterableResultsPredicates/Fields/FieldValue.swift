import FilterableResults

/// A value of an element's field: null, a Boolean, a number, a string, an
/// array or an object (the kinds of value JSON has).
///
/// `FieldValue` is what format predicates read from elements' fields and
/// compare, and what scenario files are made of. Values are built from
/// literals or cases and printed as JSON text here; the scenario runner's
/// module, FilterableResultsScenarios, parses them from JSON text
/// (`FieldValue(parsingJSON:)`), keeping what Foundation's `JSONSerialization`
/// loses on Linux: the difference between `1` and `1.5` in the input, exact
/// 64-bit integers, and the order of an object's keys.
///
///     let value: FieldValue = ["id": 1, "title": "Kindle"]
///     let title = value["title"]   // .string("Kindle")
///     let text = value.jsonText    // {"id": 1, "title": "Kindle"}
///
/// ## Numbers
///
/// A number is either ``integer(_:)`` (written without a fraction or an
/// exponent and within `Int`'s range) or ``double(_:)`` (anything else). The
/// two cases are one kind of value: they compare and hash by their
/// mathematical value, exactly, so `.integer(1) == .double(1.0)` while
/// `.integer(9_007_199_254_740_993)` differs from the nearest `Double`.
/// Integral doubles print as integers (`1.0` prints `1`), so equal values
/// always print the same text.
///
/// ## Strings
///
/// Strings compare by their Unicode scalars, not by Swift's canonical
/// equivalence: `"é"` (one scalar) and `"e\u{301}"` (two) are different
/// values, as they print different JSON texts.
///
/// ## Objects
///
/// An object is a ``FieldObject``: its keys are unique and keep their order
/// for printing, while equality and hashing ignore that order.
///
/// ## Depth
///
/// Values built in code may nest to any depth. Equality, hashing, ordering,
/// printing and releasing walk nested values with explicit stacks, not
/// recursion, so a value 100,000 levels deep works on a 512 KB thread. That
/// is why an array's elements are a ``FieldArray`` (whose storage the package
/// owns and takes apart one level at a time) rather than a Swift `Array`;
/// `FieldValue.array(_:)` still takes a Swift array.
public enum FieldValue: Sendable {
    /// Null (`null` in JSON text). A missing field compares as null too.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits in `Int`.
    case integer(Int)
    /// Any other number. Equal to an ``integer(_:)`` of the same value.
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array(FieldArray)
    /// Named values with unique keys in their written order.
    case object(FieldObject)
}

extension FieldValue {
    /// The kinds of field values, in the order values of different kinds sort.
    ///
    /// `null < bool < number < string < array < object`.
    public enum Kind: Int, Hashable, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        /// `null` (and missing fields).
        case null
        /// `true` and `false`.
        case bool
        /// Integers and doubles alike.
        case number
        /// Strings.
        case string
        /// Arrays.
        case array
        /// Objects.
        case object

        /// Orders kinds as their values sort.
        ///
        /// - Complexity: O(1).
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The kind's name as JSON names it: `null`, `boolean`,
        /// `number`, `string`, `array` or `object`.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch self {
            case .null: "null"
            case .bool: "boolean"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }
    }

    /// The value's kind; ``integer(_:)`` and ``double(_:)`` are both `.number`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .integer, .double: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// A number value from an integer; the same as ``integer(_:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func number(_ value: Int) -> FieldValue { .integer(value) }

    /// A number value from a double; the same as ``double(_:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func number(_ value: Double) -> FieldValue { .double(value) }

    /// An array value from a Swift array; the same as the `array` case
    /// with a ``FieldArray``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func array(_ elements: [FieldValue]) -> FieldValue { .array(FieldArray(elements)) }
}

// MARK: - Accessors

extension FieldValue {
    /// Whether the value is `null`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The Boolean, if the value is one.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var boolValue: Bool? {
        if case let .bool(value) = self { value } else { nil }
    }

    /// The number as a `Double`, if the value is a number (large integers
    /// round to the nearest double).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var doubleValue: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .double(value): value
        default: nil
        }
    }

    /// The number as an `Int`, if the value is a number with an integral
    /// value that `Int` represents exactly (`2.0` gives `2`, `2.5` gives nil).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var intValue: Int? {
        switch self {
        case let .integer(value): value
        case let .double(value): Int(exactly: value)
        default: nil
        }
    }

    /// The string, if the value is one.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stringValue: String? {
        if case let .string(value) = self { value } else { nil }
    }

    /// The elements, if the value is an array.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var arrayValue: [FieldValue]? {
        if case let .array(value) = self { value.elements } else { nil }
    }

    /// The members, if the value is an object.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var objectValue: FieldObject? {
        if case let .object(value) = self { value } else { nil }
    }
}

// MARK: - Equality and hashing

extension FieldValue: Hashable {
    /// Whether two values are the same field value.
    ///
    /// Numbers are equal when their mathematical values are (`1 == 1.0`;
    /// NaN, which parsing never produces, equals NaN); strings when their
    /// Unicode scalars are; objects when they have the same keys with equal
    /// values, in any order. Values of different kinds are never equal.
    /// Nested values are compared with an explicit stack, so any depth works
    /// on any thread.
    ///
    /// - Complexity: O(*n*) in the size of the values; objects compare each
    ///   member by key lookup.
    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.array, .array), (.object, .object):
            containersEqual(lhs, rhs)
        default:
            scalarsEqual(lhs, rhs)
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``: equal numbers hash
    /// alike whatever their case, and objects hash independently of key order.
    /// Nested values are hashed with an explicit stack, so any depth works on
    /// any thread.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind.rawValue)
        if isContainer {
            hasher.combine(Self.containerDigest(self))
        } else {
            hashScalar(into: &hasher)
        }
    }
}
