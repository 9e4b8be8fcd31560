import FilterableResults

/// The members of a JSON object: unique keys, each with a value, in the order
/// they were written.
///
/// The order is kept for printing (``JSONValue/jsonText``); equality and
/// hashing ignore it, as JSON does. Keys are unique by Unicode scalars: when a
/// key repeats in the input of an initializer (or of the parser), the last
/// value wins and the key keeps its first position, as in
/// `{"a": 1, "b": 2, "a": 3}` → `{"a": 3, "b": 2}`.
///
///     var owner: JSONObject = ["id": 7, "name": "Ada"]
///     owner["name"]             // .string("Ada")
///     owner["email"] = "ada@example.com"   // appended
///     owner["id"] = nil                    // removed
///
/// Lookups scan the members, which is fastest for the small objects JSON
/// records usually are.
public struct JSONObject: Sendable {
    /// A key and its value.
    public typealias Member = (key: String, value: JSONValue)

    /// The members in order; keys are unique.
    @usableFromInline
    internal var members: [Member]

    /// Creates an empty object.
    ///
    /// - Complexity: O(1).
    public init() {
        members = []
    }

    /// Creates an object from key-value pairs; a repeated key keeps its first
    /// position and its last value.
    ///
    /// - Complexity: O(*n*) expected (O(*n*²) key comparisons for fewer than
    ///   sixteen members, which is faster at that size).
    public init(_ members: some Sequence<Member>) {
        self.members = Self.foldingDuplicateKeys(Array(members))
    }

    /// Creates an object from members whose keys are known to be unique.
    init(uniqueMembers members: [Member]) {
        self.members = members
    }

    /// Removes repeated keys: the first position, the last value.
    static func foldingDuplicateKeys(_ members: [Member]) -> [Member] {
        if members.count < 16 {
            var result: [Member] = []
            result.reserveCapacity(members.count)
            outer: for member in members {
                for index in result.indices where UTF8Bytes.equal(result[index].key, member.key) {
                    result[index].value = member.value
                    continue outer
                }
                result.append(member)
            }
            return result
        }
        var positions: [ScalarExactKey: Int] = [:]
        positions.reserveCapacity(members.count)
        var result: [Member] = []
        result.reserveCapacity(members.count)
        for member in members {
            if let position = positions[ScalarExactKey(string: member.key)] {
                result[position].value = member.value
            } else {
                positions[ScalarExactKey(string: member.key)] = result.count
                result.append(member)
            }
        }
        return result
    }
}

// MARK: - Keyed access

extension JSONObject {
    /// The position of the member with `key`, if there is one.
    ///
    /// - Complexity: O(*n*).
    public func index(forKey key: String) -> Int? {
        let count = key.utf8.count
        return UTF8Bytes.withBytes(key) { keyBytes in
            for index in members.indices where members[index].key.utf8.count == count {
                if UTF8Bytes.withBytes(members[index].key, { UTF8Bytes.equal($0, keyBytes) }) {
                    return index
                }
            }
            return nil
        }
    }

    /// The value for `key`, or `nil` if the object has no such key. Setting a
    /// value replaces the member in place or appends a new one; setting `nil`
    /// removes the member.
    ///
    /// - Complexity: O(*n*).
    public subscript(key: String) -> JSONValue? {
        get {
            index(forKey: key).map { members[$0].value }
        }
        set {
            let existing = index(forKey: key)
            switch (existing, newValue) {
            case let (index?, value?): members[index].value = value
            case let (index?, nil): members.remove(at: index)
            case let (nil, value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The keys, in order.
    ///
    /// - Complexity: O(*n*).
    public var keys: [String] { members.map(\.key) }

    /// The values, in the order of their keys.
    ///
    /// - Complexity: O(*n*).
    public var values: [JSONValue] { members.map(\.value) }

    /// The members with their keys sorted by Unicode scalar values, as the
    /// sorted-keys JSON text prints them.
    ///
    /// - Complexity: O(*n* log *n*).
    public var membersSortedByKey: [Member] {
        members.sorted { UTF8Bytes.compare($0.key, $1.key) == .orderedAscending }
    }
}

// MARK: - Collection

extension JSONObject: RandomAccessCollection {
    /// The position of the first member.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { members.startIndex }

    /// The position after the last member.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { members.endIndex }

    /// The member at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Member { members[position] }
}

// MARK: - Literals

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal, keeping the written order;
    /// a repeated key keeps its first position and its last value.
    ///
    /// - Complexity: O(*n*) expected.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

// MARK: - Equality and hashing

extension JSONObject: Hashable {
    /// Whether two objects have the same keys with equal values, in any order.
    ///
    /// - Complexity: O(*n*) when the keys are in the same order, else O(*n*²)
    ///   for small objects and O(*n*) expected for large ones.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        // Fast path: the same keys in the same order.
        var index = 0
        while index < lhs.members.count, UTF8Bytes.equal(lhs.members[index].key, rhs.members[index].key) {
            guard lhs.members[index].value == rhs.members[index].value else { return false }
            index += 1
        }
        if index == lhs.members.count { return true }
        let remaining = lhs.members[index...]
        if lhs.members.count - index < 16 {
            return remaining.allSatisfy { member in rhs[member.key].map { $0 == member.value } ?? false }
        }
        var rhsValues: [ScalarExactKey: JSONValue] = [:]
        rhsValues.reserveCapacity(rhs.members.count - index)
        for member in rhs.members[index...] { rhsValues[ScalarExactKey(string: member.key)] = member.value }
        return remaining.allSatisfy { member in rhsValues[ScalarExactKey(string: member.key)] == member.value }
    }

    /// Hashes the members independently of their order.
    ///
    /// - Complexity: O(*n*).
    public func hash(into hasher: inout Hasher) {
        var combined: UInt = 0
        for member in members {
            var memberHasher = Hasher()
            UTF8Bytes.hash(member.key, into: &memberHasher)
            memberHasher.combine(member.value)
            combined &+= UInt(bitPattern: memberHasher.finalize())
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text, in its key order.
    ///
    /// - Complexity: O(*n*) in the size of the object.
    public var description: String { JSONValue.object(self).jsonText }
}
