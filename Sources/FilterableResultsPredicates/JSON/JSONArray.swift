import FilterableResults

/// The elements of a JSON array: an ordered list of values.
///
/// `JSONArray` is a collection of ``JSONValue``s that owns its storage, so
/// that releasing a value nested thousands of levels deep takes no thread
/// stack: Swift's own `Array` releases nested arrays recursively, which
/// overflows a 512 KB stack a few thousand levels down.
///
///     var tags: JSONArray = ["a", "b"]
///     tags.append("c")
///     let text = JSONValue.array(tags).jsonText   // ["a", "b", "c"]
public struct JSONArray: Sendable {
    /// The shared, copy-on-write buffer of elements.
    @usableFromInline
    var storage: Storage

    /// Creates an empty array.
    ///
    /// - Complexity: O(1).
    public init() {
        storage = Storage([])
    }

    /// Creates an array of `elements`, in order.
    ///
    /// - Complexity: O(*n*) in the number of elements.
    public init(_ elements: some Sequence<JSONValue>) {
        storage = Storage(Array(elements))
    }

    /// Creates an array holding the elements of a Swift array.
    ///
    /// - Complexity: O(1); the elements are shared until either changes.
    public init(_ elements: [JSONValue]) {
        storage = Storage(elements)
    }

    /// The elements as a Swift array.
    ///
    /// - Complexity: O(1); a later change to either copies the elements.
    public var elements: [JSONValue] {
        get { storage.elements }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.elements = newValue
            } else {
                storage = Storage(newValue)
            }
        }
    }

    /// Runs `body` on the elements, copying them first if another array
    /// shares them.
    @inlinable
    mutating func mutateElements<R>(_ body: (inout [JSONValue]) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.elements)
        }
        return try body(&storage.elements)
    }
}

// MARK: - Collection

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// The position of the first element.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The position after the last element.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { storage.elements.count }

    /// The element at `position`.
    ///
    /// - Complexity: O(1), plus a copy of the elements when setting into an
    ///   array that shares them.
    public subscript(position: Int) -> JSONValue {
        get { storage.elements[position] }
        set { mutateElements { $0[position] = newValue } }
    }

    /// Replaces the elements in `subrange` with `newElements`.
    ///
    /// - Complexity: O(*n* + *m*) in the lengths of the array and of
    ///   `newElements`.
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<JSONValue>) {
        mutateElements { $0.replaceSubrange(subrange, with: newElements) }
    }

    /// Reserves room for `minimumCapacity` elements.
    ///
    /// - Complexity: O(*n*).
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        mutateElements { $0.reserveCapacity(minimumCapacity) }
    }
}

// MARK: - Literals, equality, printing

extension JSONArray: ExpressibleByArrayLiteral {
    /// Creates an array from an array literal.
    ///
    /// - Complexity: O(*n*).
    public init(arrayLiteral elements: JSONValue...) {
        self.init(elements)
    }
}

extension JSONArray: Hashable {
    /// Whether two arrays have equal elements in the same order, as
    /// ``JSONValue/==(_:_:)`` compares them (without recursion).
    ///
    /// - Complexity: O(*n*) in the size of the arrays, nested values included.
    public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
        JSONValue.array(lhs) == JSONValue.array(rhs)
    }

    /// Hashes the elements in order, as ``JSONValue/hash(into:)`` does.
    ///
    /// - Complexity: O(*n*) in the size of the array, nested values included.
    public func hash(into hasher: inout Hasher) {
        JSONValue.array(self).hash(into: &hasher)
    }
}

extension JSONArray: CustomStringConvertible {
    /// The array as compact JSON text (``JSONValue/jsonText``).
    ///
    /// - Complexity: O(*n*) in the size of the array.
    public var description: String { JSONValue.array(self).jsonText }
}
