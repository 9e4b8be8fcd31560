import FilterableResults

/// The members of an object field value: unique keys, each with a value, in
/// the order they were written.
///
/// The order is kept for printing (``FieldValue/jsonText``); equality and
/// hashing ignore it, as JSON's do. Keys are unique by Unicode scalars: when a
/// key repeats in the input of an initializer, the last value wins and the
/// key keeps its first position, as in `["a": 1, "b": 2, "a": 3]` →
/// `{"a": 3, "b": 2}`. (The scenario parser refuses a repeated key instead.)
///
///     var owner: FieldObject = ["id": 7, "name": "Ada"]
///     let name = owner["name"]             // .string("Ada")
///     owner["email"] = "ada@example.com"   // appended
///     owner["id"] = nil                    // removed
///
/// Lookups scan the members, which is fastest for the small objects records
/// usually are.
public struct FieldObject: Sendable {
    /// A key and its value.
    public typealias Member = (key: String, value: FieldValue)

    /// Where the members are: the object's own ``Storage`` (shared, copy
    /// on write), or a ``PackedPage`` of parsed objects holding its record.
    @usableFromInline
    var buffer: Buffer
    /// The offset of the object's record in ``buffer`` when that is a
    /// packed page; -1 when it is the object's own storage.
    @usableFromInline
    var record: Int

    /// An object whose members are in `storage`.
    init(storage: Storage) {
        buffer = storage
        record = -1
    }

    /// A parsed object packed in `page` at `record`.
    init(page: PackedPage, record: Int) {
        buffer = page
        self.record = record
    }

    /// Creates an empty object.
    ///
    /// - Complexity: O(1).
    public init() {
        self.init(storage: Storage(keys: [], members: []))
    }

    /// Creates an object from key-value pairs; a repeated key keeps its first
    /// position and its last value.
    ///
    /// - Complexity: O(*n*) expected (O(*n*²) key comparisons for fewer than
    ///   sixteen members, which is faster at that size).
    public init(_ members: some Sequence<Member>) {
        let members = Self.foldingDuplicateKeys(Array(members))
        self.init(storage: Storage(keys: members.map(\.key), members: members))
    }

    /// Creates an object from members whose keys are known to be unique (the
    /// caller checked them, as the scenario parser does), with `keys` their
    /// keys, the same by Unicode scalars: objects given the same array share
    /// it.
    ///
    /// - Complexity: O(*n*).
    package init(uniqueMembers members: [Member], keys: [String]) {
        assert(Self.keys(keys, match: members), "the keys given are not the members' keys")
        self.init(storage: Storage(keys: keys, members: members))
    }

    /// The object's own storage, when its members are not packed.
    var ownStorage: Storage? {
        record < 0 ? unsafeDowncast(buffer, to: Storage.self) : nil
    }

    /// The page holding the object's record, when it is packed.
    var packedPage: PackedPage? {
        record < 0 ? nil : unsafeDowncast(buffer, to: PackedPage.self)
    }

    /// Value `index`.
    ///
    /// - Complexity: O(1), or O(*index*) for a packed object.
    package func value(at index: Int) -> FieldValue {
        if let storage = ownStorage { return storage.value(at: index) }
        return packedPage!.value(at: index, ofRecord: record)
    }

    /// Whether two objects are one: the same storage, or the same record.
    func isIdentical(to other: FieldObject) -> Bool {
        buffer === other.buffer && record == other.record
    }

    /// Whether two packed objects have the same bytes (so the same keys
    /// and equal values); `false` says nothing.
    ///
    /// - Complexity: O(*n*) in the size of the records.
    func hasSamePackedRecord(as other: FieldObject) -> Bool {
        guard let page = packedPage, let otherPage = other.packedPage, page.shapes === otherPage.shapes,
              page.shape(ofRecord: record) == otherPage.shape(ofRecord: other.record)
        else { return false }
        let (mine, theirs) = (page.recordBytes(record), otherPage.recordBytes(other.record))
        return mine.elementsEqual(theirs)
    }

    /// The object's own storage, not shared with another object, with
    /// room for `minimumCapacity` members: a packed object is unpacked
    /// into one, a shared one copied.
    ///
    /// - Complexity: O(*n*) when it unpacks or copies, else O(1).
    mutating func uniqueStorage(minimumCapacity: Int = 0) -> Storage {
        if let page = packedPage {
            let values = page.values(ofRecord: record)
            let storage = values.withUnsafeBufferPointer {
                Storage(keys: page.keys(ofRecord: record), values: $0, capacity: minimumCapacity)
            }
            self = FieldObject(storage: storage)
            return storage
        }
        if !isKnownUniquelyReferenced(&buffer) {
            buffer = ownStorage!.copy(minimumCapacity: minimumCapacity)
        }
        return ownStorage!
    }

    /// Whether `keys` are the keys of `members`, in order, by Unicode
    /// scalars.
    ///
    /// - Complexity: O(*n*) for *n* members.
    package static func keys(_ keys: [String], match members: [Member]) -> Bool {
        keys.count == members.count && zip(keys, members).allSatisfy { UTF8Bytes.equal($0, $1.key) }
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

extension FieldObject {
    /// The position of the member with `key`, if there is one.
    ///
    /// - Complexity: O(*n*).
    public func index(forKey key: String) -> Int? {
        UTF8Bytes.withBytes(key) { index(forKeyUTF8: $0) }
    }

    /// The position of the member whose key's UTF-8 is `key`, if there is
    /// one: a lookup that reads no string of the caller's.
    ///
    /// - Complexity: O(*n*).
    package func index(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
        if let page = packedPage { return page.shapes.index(ofKey: key, inShape: page.shape(ofRecord: record)) }
        let keys = self.keys
        for index in keys.indices where keys[index].utf8.count == key.count {
            if UTF8Bytes.withBytes(keys[index], { UTF8Bytes.equal($0, key) }) { return index }
        }
        return nil
    }

    /// The value for `key`, or `nil` if the object has no such key. Setting a
    /// value replaces the member in place or appends a new one; setting `nil`
    /// removes the member.
    ///
    /// - Complexity: O(*n*).
    public subscript(key: String) -> FieldValue? {
        get {
            index(forKey: key).map(value(at:))
        }
        set {
            let existing = index(forKey: key)
            guard existing != nil || newValue != nil else { return }
            let storage = uniqueStorage(minimumCapacity: existing == nil ? count + 1 : 0)
            switch (existing, newValue) {
            case let (index?, value?): storage.setValue(value, at: index)
            case let (index?, nil): storage.remove(at: index)
            case let (nil, value?): storage.append(key: key, value: value)
            case (nil, nil):
                break
            }
        }
    }

    /// Makes room for `minimumCapacity` members, so that adding up to that
    /// many allocates nothing more (until the object is copied).
    ///
    /// - Complexity: O(*n*) at most.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        if ownStorage != nil, isKnownUniquelyReferenced(&buffer) {
            ownStorage!.reserveCapacity(minimumCapacity)
        } else if minimumCapacity > count {
            _ = uniqueStorage(minimumCapacity: minimumCapacity)
        }
    }

    /// The keys, in order.
    ///
    /// - Complexity: O(1).
    public var keys: [String] {
        if let storage = ownStorage { return storage.keys }
        return packedPage!.keys(ofRecord: record)
    }

    /// The values, in the order of their keys.
    ///
    /// - Complexity: O(*n*).
    public var values: [FieldValue] {
        if let storage = ownStorage { return storage.withValues(Array.init) }
        return packedPage!.values(ofRecord: record)
    }

    /// The members with their keys sorted by Unicode scalar values, as the
    /// sorted-keys JSON text prints them.
    ///
    /// - Complexity: O(*n* log *n*).
    public var membersSortedByKey: [Member] {
        sorted { UTF8Bytes.compare($0.key, $1.key) == .orderedAscending }
    }

    /// The object with its members sorted by key (itself when they are).
    ///
    /// - Complexity: O(*n*) when the keys are sorted, else O(*n* log *n*).
    var sortedByKey: FieldObject {
        let keys = self.keys
        if keys.indices.dropFirst().allSatisfy({ UTF8Bytes.compare(keys[$0 - 1], keys[$0]) == .orderedAscending }) { return self }
        let sorted = membersSortedByKey
        return FieldObject(uniqueMembers: sorted, keys: sorted.map(\.key))
    }
}

// MARK: - Collection

extension FieldObject: RandomAccessCollection {
    /// The position of the first member.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The position after the last member.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int {
        if let storage = ownStorage { return storage.count }
        return packedPage!.count(ofRecord: record)
    }

    /// The number of members.
    ///
    /// - Complexity: O(1).
    public var count: Int { endIndex }

    /// The member at `position`.
    ///
    /// - Complexity: O(1) (O(*position*) for an object a parse packed).
    public subscript(position: Int) -> Member {
        if let storage = ownStorage { return storage.member(at: position) }
        let page = packedPage!
        let value = page.value(at: position, ofRecord: record)
        return (page.keys(ofRecord: record)[position], value)
    }
}

// MARK: - Literals

extension FieldObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal, keeping the written order;
    /// a repeated key keeps its first position and its last value.
    ///
    /// - Complexity: O(*n*) expected.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

// MARK: - Equality and hashing

extension FieldObject: Hashable {
    /// Whether two objects have the same keys with equal values, in any
    /// order, as ``FieldValue/==(_:_:)`` compares them (without recursion).
    ///
    /// - Complexity: O(*n*) in the size of the objects when the keys are in
    ///   the same order, else O(*n*²) per small object and O(*n*) expected
    ///   per large one.
    public static func == (lhs: FieldObject, rhs: FieldObject) -> Bool {
        FieldValue.object(lhs) == FieldValue.object(rhs)
    }

    /// Hashes the members independently of their order, as
    /// ``FieldValue/hash(into:)`` does (without recursion).
    ///
    /// - Complexity: O(*n*) in the size of the object, nested values included.
    public func hash(into hasher: inout Hasher) {
        FieldValue.object(self).hash(into: &hasher)
    }
}

extension FieldObject: CustomStringConvertible {
    /// The object as compact JSON text, in its key order.
    ///
    /// - Complexity: O(*n*) in the size of the object.
    public var description: String { FieldValue.object(self).jsonText }
}
