import FilterableResults

/// The elements of an array field value: an ordered list of values.
///
/// `FieldArray` is a collection of ``FieldValue``s that owns its storage, so
/// that releasing a value nested thousands of levels deep takes no thread
/// stack: Swift's own `Array` releases nested arrays recursively, which
/// overflows a 512 KB stack a few thousand levels down.
///
///     var tags: FieldArray = ["a", "b"]
///     tags.append("c")
///     let text = FieldValue.array(tags).jsonText   // ["a", "b", "c"]
public struct FieldArray: Sendable {
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
    public init(_ elements: some Sequence<FieldValue>) {
        storage = Storage(Array(elements))
    }

    /// Creates an array holding the elements of a Swift array.
    ///
    /// - Complexity: O(1); the elements are shared until either changes.
    public init(_ elements: [FieldValue]) {
        storage = Storage(elements)
    }

    /// The elements as a Swift array.
    ///
    /// - Complexity: O(1); a later change to either copies the elements.
    public var elements: [FieldValue] {
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
    mutating func mutateElements<R>(_ body: (inout [FieldValue]) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.elements)
        }
        return try body(&storage.elements)
    }
}

// MARK: - Collection

extension FieldArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
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
    public subscript(position: Int) -> FieldValue {
        get { storage.elements[position] }
        set { mutateElements { $0[position] = newValue } }
    }

    /// Replaces the elements in `subrange` with `newElements`.
    ///
    /// - Complexity: O(*n* + *m*) in the lengths of the array and of
    ///   `newElements`.
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<FieldValue>) {
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

extension FieldArray: ExpressibleByArrayLiteral {
    /// Creates an array from an array literal.
    ///
    /// - Complexity: O(*n*).
    public init(arrayLiteral elements: FieldValue...) {
        self.init(elements)
    }
}

extension FieldArray: Hashable {
    /// Whether two arrays have equal elements in the same order, as
    /// ``FieldValue/==(_:_:)`` compares them (without recursion).
    ///
    /// - Complexity: O(*n*) in the size of the arrays, nested values included.
    public static func == (lhs: FieldArray, rhs: FieldArray) -> Bool {
        FieldValue.array(lhs) == FieldValue.array(rhs)
    }

    /// Hashes the elements in order, as ``FieldValue/hash(into:)`` does.
    ///
    /// - Complexity: O(*n*) in the size of the array, nested values included.
    public func hash(into hasher: inout Hasher) {
        FieldValue.array(self).hash(into: &hasher)
    }
}

extension FieldArray: CustomStringConvertible {
    /// The array as compact JSON text (``FieldValue/jsonText``).
    ///
    /// - Complexity: O(*n*) in the size of the array.
    public var description: String { FieldValue.array(self).jsonText }
}
