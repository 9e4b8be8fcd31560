import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

extension FieldValue {
    /// The deepest nesting of arrays and objects the JSON parser accepts; deeper
    /// input is a ``ParseError``.
    ///
    /// Every operation on a value (parsing, printing, comparing, hashing,
    /// releasing) works without recursion, at any depth; the limit keeps
    /// files to what a person writes and refuses hostile nesting early.
    /// (It is serde_json's limit too; real documents rarely nest deeper
    /// than a dozen levels.)
    ///
    /// - Complexity: O(1).
    public static let maximumNestingDepth = 128

    /// Parses one JSON value (RFC 8259) from text.
    ///
    /// The whole text must be one value, with optional whitespace around it;
    /// anything after it is an error. Integers become `FieldValue.integer(_:)`,
    /// numbers with a fraction or an exponent `FieldValue.double(_:)`
    /// (correctly rounded). Nothing is lost silently: an integer outside
    /// `Int`'s 64 bits, which no case holds exactly, and an object key
    /// written twice, whose first value would be dropped, are errors at
    /// their position.
    ///
    ///     let value = try FieldValue(parsingJSON: "[1, 2.5, \"three\"]")
    ///
    /// - Throws: ``ParseError`` naming the line, column and offset of the
    ///   first problem and what was expected there.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsingJSON text: String) throws(ParseError) {
        var text = text
        let result = text.withUTF8 { JSONParser.parse($0, validatingUTF8: false) }
        self = try result.get()
    }

    /// Parses one JSON value from UTF-8 bytes, such as a file's `Data`.
    ///
    /// A leading UTF-8 byte order mark is skipped; bytes that are not valid
    /// UTF-8 are an error.
    ///
    /// - Throws: ``ParseError`` naming the position of the first problem.
    /// - Complexity: O(*n*) in the number of bytes.
    public init<Bytes: Collection<UInt8>>(parsingJSON bytes: Bytes) throws(ParseError) {
        let result = bytes.withContiguousStorageIfAvailable { JSONParser.parse($0, validatingUTF8: true) }
            ?? Array(bytes).withUnsafeBufferPointer { JSONParser.parse($0, validatingUTF8: true) }
        self = try result.get()
    }
}

extension FieldValue {
    /// Why a text is not valid JSON, and where.
    ///
    /// The description reads like
    /// `line 2, column 9 (offset 14): expected ',' or '}' after an object member, found ']'`.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 0-based offset of the problem, in UTF-8 bytes from the start.
        ///
        /// - Complexity: O(1).
        public var offset: Int
        /// The 1-based line of the problem.
        ///
        /// - Complexity: O(1).
        public var line: Int
        /// The 1-based column of the problem, counted in Unicode scalars.
        ///
        /// - Complexity: O(1).
        public var column: Int
        /// What the parser expected at that point.
        ///
        /// - Complexity: O(1).
        public var expected: String
        /// What it found instead: a quoted character, `end of input`, or a
        /// byte that is not valid UTF-8.
        ///
        /// - Complexity: O(1).
        public var found: String

        /// Creates a parse error.
        ///
        /// - Complexity: O(1).
        public init(offset: Int, line: Int, column: Int, expected: String, found: String) {
            self.offset = offset
            self.line = line
            self.column = column
            self.expected = expected
            self.found = found
        }

        /// The position, what was expected and what was found.
        ///
        /// - Complexity: O(*n*) in the length of the message.
        public var description: String {
            "line \(line), column \(column) (offset \(offset)): expected \(expected), found \(found)"
        }
    }
}
