import FilterableResults

extension FieldObject {
    /// What holds an object's members: its own ``Storage``, or a
    /// ``PackedPage`` of parsed objects. A class of its own so that a
    /// ``FieldObject`` holds either in one reference, copied on write.
    @usableFromInline
    class Buffer: @unchecked Sendable {
        @usableFromInline init() {}
    }

    /// The members of an object that has its own: the keys, an array that
    /// objects of one shape may share (the parser gives objects with the
    /// same keys in the same order one array), and the values in a buffer
    /// of their own. (The parser packs objects of scalars tighter still,
    /// in a ``PackedPage``.)
    ///
    /// An object of four members whose keys are shared takes a 40-byte
    /// box (48 once malloc rounds it) and 96 bytes of values, where an
    /// array of members in a box took 216 bytes. (A
    /// `ManagedBuffer` would hold the values in the box, but freeing one
    /// looked up its generic superclass's metadata every time, which cost
    /// the scenario log, whose lines are short-lived objects, more than the
    /// pointer saves.) The class is the package's own, so that its `deinit`
    /// can take nested values apart without recursion
    /// (``FieldValue/dismantle(_:)``). It is changed only through a uniquely
    /// referenced `FieldObject` (copy on write), which makes sharing it
    /// across threads safe and its properties free of exclusivity checks.
    @usableFromInline
    final class Storage: Buffer, @unchecked Sendable {
        /// The keys, in order.
        @exclusivity(unchecked) private(set) var keys: [String]
        /// The values, as many as the keys, in room for `capacity`: with
        /// no room, an aligned placeholder that is never read or freed.
        @exclusivity(unchecked) private var values: UnsafeMutablePointer<FieldValue>
        /// How many values `values` has room for (0 for the placeholder).
        @exclusivity(unchecked) private var capacity: Int

        /// Room for `capacity` values, allocating none for none.
        private static func allocate(capacity: Int) -> UnsafeMutablePointer<FieldValue> {
            guard capacity > 0 else { return UnsafeMutablePointer(bitPattern: MemoryLayout<FieldValue>.alignment)! }
            return .allocate(capacity: capacity)
        }

        /// A buffer holding `keys` with the values of `members`, whose keys
        /// they are (`keys` may be an array other objects share).
        ///
        /// - Complexity: O(*n*).
        init(keys: [String], members: [Member]) {
            precondition(keys.count == members.count, "an object needs one value per key")
            self.keys = keys
            capacity = keys.count
            values = Self.allocate(capacity: capacity)
            super.init()
            for index in members.indices { (values + index).initialize(to: members[index].value) }
        }

        /// A buffer holding `keys` with `values`, which are as many, with
        /// room for `capacity` members.
        ///
        /// - Complexity: O(*n*).
        init(keys: [String], values source: UnsafeBufferPointer<FieldValue>, capacity: Int) {
            precondition(keys.count == source.count, "an object needs one value per key")
            self.keys = keys
            self.capacity = Swift.max(capacity, keys.count)
            values = Self.allocate(capacity: self.capacity)
            super.init()
            if let base = source.baseAddress { values.initialize(from: base, count: source.count) }
        }

        /// A copy with room for `minimumCapacity` members, for a change to
        /// an object that shares this buffer.
        ///
        /// - Complexity: O(*n*).
        func copy(minimumCapacity: Int = 0) -> Storage {
            let copy = withValues { Storage(keys: keys, values: $0, capacity: minimumCapacity) }
            if minimumCapacity > count { copy.keys.reserveCapacity(minimumCapacity) }
            return copy
        }

        /// The number of members.
        ///
        /// - Complexity: O(1).
        var count: Int { keys.count }

        /// The value of member `index`.
        ///
        /// - Complexity: O(1).
        func value(at index: Int) -> FieldValue {
            precondition(index >= 0 && index < count, "member index out of range")
            return values[index]
        }

        /// Member `index`: its key and its value.
        ///
        /// - Complexity: O(1).
        func member(at index: Int) -> Member {
            precondition(index >= 0 && index < count, "member index out of range")
            return (keys[index], values[index])
        }

        /// Runs `body` on the values in order (the buffer lives as long as
        /// this call).
        ///
        /// - Complexity: O(1) plus `body`.
        func withValues<R>(_ body: (UnsafeBufferPointer<FieldValue>) throws -> R) rethrows -> R {
            try body(UnsafeBufferPointer(start: values, count: count))
        }

        // The changes below are made only by an object holding the only
        // reference (copy on write).

        /// Replaces the value of member `index`.
        ///
        /// - Complexity: O(1).
        func setValue(_ value: FieldValue, at index: Int) {
            precondition(index >= 0 && index < count, "member index out of range")
            values[index] = value
        }

        /// Adds a member after the others.
        ///
        /// - Complexity: amortized O(1), plus a copy of the keys when other
        ///   objects share them.
        func append(key: String, value: FieldValue) {
            if count == capacity { reserveCapacity(Swift.max(4, capacity * 2)) }
            (values + count).initialize(to: value)
            keys.append(key)
        }

        /// Makes room for `minimumCapacity` members.
        ///
        /// - Complexity: O(*n*) when it grows (the keys copied too when
        ///   other objects share them), else O(1).
        func reserveCapacity(_ minimumCapacity: Int) {
            guard minimumCapacity > capacity else { return }
            keys.reserveCapacity(minimumCapacity)
            let larger = Self.allocate(capacity: minimumCapacity)
            larger.moveInitialize(from: values, count: count)
            if capacity > 0 { values.deallocate() }
            values = larger
            capacity = minimumCapacity
        }

        /// Removes member `index`.
        ///
        /// - Complexity: O(*n*).
        func remove(at index: Int) {
            precondition(index >= 0 && index < count, "member index out of range")
            (values + index).deinitialize(count: 1)
            (values + index).moveInitialize(from: values + index + 1, count: count - index - 1)
            keys.remove(at: index)
        }

        /// Moves the nested arrays and objects out, leaving `null` in their
        /// place, so that releasing this buffer releases no container.
        ///
        /// - Complexity: O(*n*).
        func takeContainers() -> [FieldValue] {
            var containers: [FieldValue] = []
            for index in 0..<count where values[index].isContainer {
                containers.append(values[index])
                values[index] = .null
            }
            return containers
        }

        deinit {
            // Every value is scanned (a compare each), so that a nested
            // container is released from the explicit stack, never by
            // recursion.
            var pending = takeContainers()
            values.deinitialize(count: count)
            if capacity > 0 { values.deallocate() }
            if !pending.isEmpty { FieldValue.dismantle(&pending) }
        }
    }
}
