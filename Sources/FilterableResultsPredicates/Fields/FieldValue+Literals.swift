import FilterableResults

// Literal conformances, so values read as the JSON text they print:
//
//     let value: FieldValue = ["id": 1, "tags": ["a", "b"], "price": 9.5, "sold": false]
//
// There is deliberately no `ExpressibleByNilLiteral`: `nil` stays the
// `Optional` that means "missing", and a null value is spelled `.null`.

extension FieldValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value.
    ///
    /// - Complexity: O(1).
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension FieldValue: ExpressibleByIntegerLiteral {
    /// Creates an ``integer(_:)`` value.
    ///
    /// - Complexity: O(1).
    public init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension FieldValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)`` value.
    ///
    /// - Complexity: O(1).
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension FieldValue: ExpressibleByStringLiteral {
    /// Creates a string value.
    ///
    /// - Complexity: O(1).
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension FieldValue: ExpressibleByArrayLiteral {
    /// Creates an array value.
    ///
    /// - Complexity: O(*n*).
    public init(arrayLiteral elements: FieldValue...) {
        self = .array(FieldArray(elements))
    }
}

extension FieldValue: ExpressibleByDictionaryLiteral {
    /// Creates an object value in the written key order; a repeated key keeps
    /// its first position and its last value.
    ///
    /// - Complexity: O(*n*) expected.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self = .object(FieldObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
