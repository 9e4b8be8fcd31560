/// A persistent array: copies share their storage, and a write copies only
/// the chunk it lands in and the few small nodes above it, never the whole
/// array.
///
/// Elements live in chunks of under 1 KB under a ``ChunkTrie``. Keeping an
/// old version alive (a snapshot, the baseline of a changeset, a rollback
/// copy) therefore costs O(1), and each write after that copies one chunk
/// and O(log₁₆ *n*) nodes of 16 references.
///
/// The store uses it for everything indexed by an internal identity but
/// the elements and the keys: leaf numbers, leaf labels, section records.
@usableFromInline
struct ChunkedArray<Element> {
    /// A chunk of elements: a header holding the count, then the elements.
    @usableFromInline
    final class Chunk: ManagedBuffer<Int, Element> {
        deinit {
            _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
        }
    }

    @usableFromInline var trie = ChunkTrie()
    /// The number of elements.
    @usableFromInline private(set) var count = 0
    /// log2 of the chunk capacity.
    @usableFromInline let chunkShift: Int

    /// Creates an empty array whose chunks hold under 1 KB of elements.
    @inlinable init() {
        chunkShift = persistentChunkShift(for: Element.self)
    }

    /// Creates an array of `count` copies of `value`.
    @inlinable init(repeating value: Element, count: Int) {
        self.init()
        fill(count: count) { elements, _, length in elements.initialize(repeating: value, count: length) }
    }

    /// Appends `count` elements to an empty array, a chunk at a time:
    /// `initialize` fills `length` elements at a pointer, the first of them
    /// being element `start`.
    @inlinable mutating func fill(count total: Int, _ initialize: (UnsafeMutablePointer<Element>, _ start: Int, _ length: Int) -> Void) {
        precondition(count == 0, "ChunkedArray.fill on a non-empty array")
        var chunks: [AnyObject] = []
        chunks.reserveCapacity((total + chunkCapacity - 1) >> chunkShift)
        var start = 0
        while start < total {
            let length = Swift.min(chunkCapacity, total - start)
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in length }, to: Chunk.self)
            chunk.withUnsafeMutablePointerToElements { initialize($0, start, length) }
            chunks.append(chunk)
            start += length
        }
        trie = ChunkTrie(chunks: chunks)
        count = total
    }

    @inlinable var chunkCapacity: Int { 1 << chunkShift }
    @inlinable var chunkMask: Int { chunkCapacity &- 1 }

    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable var indices: Range<Int> { 0..<count }

    /// Kept for callers that reserve: the trie needs no room ahead.
    @inlinable mutating func reserveCapacity(_ capacity: Int) {}

    // MARK: Reading

    /// The element at `index`.
    ///
    /// - Complexity: O(log₁₆ *n*): a load a level of the trie.
    @inlinable subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            return withElement(at: index) { $0.pointee }
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            withUniqueChunk(containing: index) { elements, offset in elements[offset] = newValue }
        }
    }

    /// Calls `body` with a pointer to the element at `index`, valid only
    /// during the call. Nothing is retained on the way: the array's own
    /// references keep its nodes and chunks alive while it is read.
    ///
    /// - Complexity: O(log₁₆ *n*).
    @inlinable @inline(__always) func withElement<R>(at index: Int, _ body: (UnsafeMutablePointer<Element>) throws -> R) rethrows -> R {
        try trie.chunk(at: index &>> chunkShift)._withUnsafeGuaranteedRef { chunk in
            try unsafeDowncast(chunk, to: Chunk.self).withUnsafeMutablePointerToElements { try body($0 + (index & chunkMask)) }
        }
    }

    /// Calls `body` with each chunk's elements in order, and the index of
    /// the first of them.
    ///
    /// - Complexity: O(*n*).
    @inlinable func forEachChunk(_ body: (_ start: Int, UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        var start = 0
        try trie.forEachChunk { object in
            let length = try unsafeDowncast(object, to: Chunk.self).withUnsafeMutablePointers { length, elements in
                try body(start, UnsafeBufferPointer(start: elements, count: length.pointee))
                return length.pointee
            }
            start += length
        }
    }

    // MARK: Writing

    /// Calls `body` with the elements of the chunk holding `index`, made
    /// unique first, and the offset of `index` in it.
    @inlinable mutating func withUniqueChunk<R>(
        containing index: Int, _ body: (UnsafeMutablePointer<Element>, Int) throws -> R
    ) rethrows -> R {
        let capacity = chunkCapacity
        let offset = index & chunkMask
        return try trie.withUniqueChunk(at: index &>> chunkShift, copy: { Self.copy(unsafeDowncast($0, to: Chunk.self), capacity: capacity) }) { chunk in
            try unsafeDowncast(chunk, to: Chunk.self).withUnsafeMutablePointerToElements { try body($0, offset) }
        }
    }

    /// Calls `body` with each chunk's elements, made unique first, and the
    /// index of the first of them.
    ///
    /// - Complexity: O(*n*), plus a copy of every chunk another version shares.
    @inlinable mutating func updateEachChunk(_ body: (_ start: Int, UnsafeMutableBufferPointer<Element>) throws -> Void) rethrows {
        var start = 0
        for chunkIndex in 0..<trie.count {
            let length = Swift.min(chunkCapacity, count - start)
            try withUniqueChunk(containing: start) { elements, _ in
                try body(start, UnsafeMutableBufferPointer(start: elements, count: length))
            }
            start += length
            _ = chunkIndex
        }
    }

    /// Appends an element.
    ///
    /// - Complexity: O(log₁₆ *n*).
    @inlinable mutating func append(_ element: Element) {
        if count & chunkMask == 0 {
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in 0 }, to: Chunk.self)
            trie.append(chunk)
        }
        let capacity = chunkCapacity
        trie.withUniqueChunk(at: count &>> chunkShift, copy: { Self.copy(unsafeDowncast($0, to: Chunk.self), capacity: capacity) }) { object in
            unsafeDowncast(object, to: Chunk.self).withUnsafeMutablePointers { length, elements in
                (elements + length.pointee).initialize(to: element)
                length.pointee += 1
            }
        }
        count += 1
    }

    /// Removes and returns the last element.
    ///
    /// - Complexity: O(log₁₆ *n*), plus the copy of a shared chunk.
    @inlinable @discardableResult mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty ChunkedArray")
        let capacity = chunkCapacity
        let element: Element = trie.withUniqueChunk(at: (count - 1) &>> chunkShift, copy: { Self.copy(unsafeDowncast($0, to: Chunk.self), capacity: capacity) }) { object in
            unsafeDowncast(object, to: Chunk.self).withUnsafeMutablePointers { length, elements in
                length.pointee -= 1
                return (elements + length.pointee).move()
            }
        }
        count -= 1
        if count & chunkMask == 0 { trie.removeLast() }
        return element
    }

    /// Removes every element.
    @inlinable mutating func removeAll() {
        trie = ChunkTrie()
        count = 0
    }

    /// A copy of a chunk with room for `capacity` elements.
    @inlinable static func copy(_ chunk: Chunk, capacity: Int) -> Chunk {
        let length = chunk.withUnsafeMutablePointerToHeader { $0.pointee }
        let copy = unsafeDowncast(Chunk.create(minimumCapacity: capacity) { _ in length }, to: Chunk.self)
        copy.withUnsafeMutablePointerToElements { target in
            chunk.withUnsafeMutablePointerToElements { source in
                target.initializeOneByOne(from: source, count: length)
            }
        }
        return copy
    }
}

extension ChunkedArray: @unchecked Sendable where Element: Sendable {}

extension ChunkedArray {
    /// Creates an array holding `elements`.
    ///
    /// - Complexity: O(*n*).
    @inlinable init(_ elements: some Collection<Element>) {
        self.init()
        let array = ContiguousArray(elements)
        array.withUnsafeBufferPointer { source in
            fill(count: source.count) { target, start, length in
                target.initialize(from: source.baseAddress! + start, count: length)
            }
        }
    }

    /// Replaces every element by the element at the same index of
    /// `elements`, which has as many, writing into the chunks in place
    /// where no other version shares them.
    ///
    /// A store's per-row arrays grow a chunk at a time, between the
    /// allocations of the rows themselves; writing them anew rather than
    /// replacing them leaves no freed chunks scattered among the rows'.
    ///
    /// - Complexity: O(*n*), plus a copy of every chunk another version shares.
    @inlinable mutating func overwrite(with elements: [Element]) {
        precondition(elements.count == count, "ChunkedArray.overwrite with \(elements.count) elements, not \(count)")
        elements.withUnsafeBufferPointer { source in
            updateEachChunk { start, chunk in
                _ = chunk.update(fromContentsOf: source[start..<start + chunk.count])
            }
        }
    }

    /// The elements, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEachChunk { _, chunk in result.append(contentsOf: chunk) }
        return result
    }

    /// Whether another version shares the chunk holding `index` (for tests).
    @inlinable func sharesChunk(containing index: Int, with other: ChunkedArray) -> Bool {
        trie.chunk(at: index >> chunkShift).toOpaque() == other.trie.chunk(at: index >> chunkShift).toOpaque()
    }
}

/// The bytes a chunk of a persistent array holds at most: what fits under
/// glibc's per-thread cache of freed blocks (1,032 bytes a block) with the
/// chunk's headers.
@inlinable var chunkBytes: Int { 960 }

/// log2 of a chunk capacity that holds at most ``chunkBytes`` of
/// `element`s (at least one element), and at most 2^`maximumShift`.
@inlinable func persistentChunkShift<Element>(for element: Element.Type, atMost maximumShift: Int = 12) -> Int {
    let stride = Swift.max(1, MemoryLayout<Element>.stride)
    var shift = 0
    while shift < maximumShift && (1 << (shift + 1)) * stride <= chunkBytes { shift += 1 }
    return shift
}

extension UnsafeMutablePointer {
    /// Initializes `count` elements from `source`, one by one when they
    /// hold references: in code specialised for the element type, each copy
    /// is then its inline retains, where `initialize(from:count:)` calls
    /// into the runtime, which copies each element through its type's value
    /// witnesses.
    @inlinable func initializeOneByOne(from source: UnsafePointer<Pointee>, count: Int) {
        if _isPOD(Pointee.self) {
            initialize(from: source, count: count)
            return
        }
        for index in 0..<count { (self + index).initialize(to: source[index]) }
    }

    /// Deinitializes `count` elements, one by one when they hold
    /// references, as ``initializeOneByOne(from:count:)`` copies them.
    @inlinable func deinitializeOneByOne(count: Int) {
        if _isPOD(Pointee.self) { return }
        for index in 0..<count { (self + index).deinitialize(count: 1) }
    }
}
