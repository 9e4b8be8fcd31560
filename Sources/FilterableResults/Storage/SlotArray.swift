/// The elements of a store by row identity: a persistent array of optional
/// elements that keeps each element in place, unwrapped, beside a bit per
/// slot saying whether the slot holds one.
///
/// Compared with a ``ChunkedArray`` of optionals, an element is read in
/// place (a predicate or a key function borrows it, no copy and no
/// retain), whether a slot is live is one bit, and elements whose type has
/// no spare bits take no extra byte. Versions share chunks as a
/// ``ChunkedArray`` does: a write copies one chunk (under 1 KB of
/// elements) and the small nodes of the trie above it.
@usableFromInline
struct SlotArray<Element> {
    /// A chunk's header: which slots hold an element (a chunk has at most
    /// 64 slots; the header's address is the bit word's).
    @usableFromInline struct Header {
        @usableFromInline var bits: UInt64

        @inlinable init() { bits = 0 }
    }

    /// Up to 64 slots; only those whose bit is set hold an initialised
    /// element.
    @usableFromInline
    final class Chunk: ManagedBuffer<Header, Element> {
        deinit {
            withUnsafeMutablePointers { header, elements in
                guard !_isPOD(Element.self) else { return }
                SlotArray.forEachLiveRun(header) { (elements + $0).deinitialize(count: $1) }
            }
        }
    }

    @usableFromInline var trie = ChunkTrie()
    /// The number of slots, live or free.
    @usableFromInline private(set) var count = 0
    /// log2 of the chunk capacity.
    @usableFromInline let chunkShift: Int

    /// Creates an empty array whose chunks hold under 1 KB of elements.
    @inlinable init() {
        chunkShift = persistentChunkShift(for: Element.self, atMost: 6)
    }

    @inlinable var chunkCapacity: Int { 1 << chunkShift }
    @inlinable @inline(__always) var chunkMask: Int { chunkCapacity &- 1 }

    /// Whether two arrays are the same version (for a quick equality).
    @inlinable func isIdentical(to other: SlotArray) -> Bool { trie.isIdentical(to: other.trie) }

    // MARK: Bits

    @inlinable static func bitWords(_ header: UnsafeMutablePointer<Header>) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutableRawPointer(header).assumingMemoryBound(to: UInt64.self)
    }

    @inlinable static func isSet(_ header: UnsafeMutablePointer<Header>, _ offset: Int) -> Bool {
        header.pointee.bits & (1 &<< UInt64(offset)) != 0
    }

    @inlinable static func set(_ header: UnsafeMutablePointer<Header>, _ offset: Int, _ live: Bool) {
        let bit: UInt64 = 1 &<< UInt64(offset)
        if live { header.pointee.bits |= bit } else { header.pointee.bits &= ~bit }
    }

    /// Calls `body` with each run of consecutive live slots of a chunk, in order.
    @inlinable static func forEachLiveRun(_ header: UnsafeMutablePointer<Header>, _ body: (_ start: Int, _ count: Int) throws -> Void) rethrows {
        var bits = header.pointee.bits
        while bits != 0 {
            let start = bits.trailingZeroBitCount
            let count = (~(bits &>> UInt64(start))).trailingZeroBitCount
            try body(start, count)
            bits = start + count >= 64 ? 0 : bits & ~((1 &<< UInt64(start + count)) &- 1)
        }
    }

    // MARK: Reading

    /// Calls `body` with the chunk holding `index` and the offset in it,
    /// retaining nothing (the array's references keep them alive). Always
    /// inlined, so that `body` is too: a slot read or write is no call
    /// through a closure context.
    @inlinable @inline(__always) func withChunk<R>(
        containing index: Int, _ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<Element>, Int) throws -> R
    ) rethrows -> R {
        precondition(index >= 0 && index < count, "SlotArray index \(index) out of range 0..<\(count)")
        let offset = index & chunkMask
        return try trie.chunk(at: index &>> chunkShift)._withUnsafeGuaranteedRef { chunk in
            try unsafeDowncast(chunk, to: Chunk.self).withUnsafeMutablePointers { header, elements in try body(header, elements, offset) }
        }
    }

    /// Whether the slot at `index` holds an element.
    ///
    /// - Complexity: O(log₁₆ *n*).
    @inlinable func isLive(_ index: Int) -> Bool {
        index >= 0 && index < count && withChunk(containing: index) { header, _, offset in Self.isSet(header, offset) }
    }

    /// Calls `body` with a pointer to the element at `index`, in place,
    /// valid only during the call.
    ///
    /// - Precondition: the slot holds an element.
    /// - Complexity: O(log₁₆ *n*).
    @inlinable func withPointer<R>(at index: Int, _ body: (UnsafePointer<Element>) throws -> R) rethrows -> R {
        try withChunk(containing: index) { header, elements, offset in
            precondition(Self.isSet(header, offset), "SlotArray slot \(index) holds no object")
            return try body(elements + offset)
        }
    }

    /// Calls `body` with each chunk's first index, elements and bit word,
    /// and the number of its slots, in order; only the elements whose bit
    /// is set are initialised.
    ///
    /// - Complexity: O(*n*).
    @inlinable func forEachChunk(
        _ body: (_ start: Int, _ elements: UnsafeMutablePointer<Element>, _ bits: UnsafeMutablePointer<UInt64>, _ length: Int) throws -> Void
    ) rethrows {
        var start = 0
        let (capacity, total) = (chunkCapacity, count)
        try trie.forEachChunk { object in
            try unsafeDowncast(object, to: Chunk.self).withUnsafeMutablePointers { header, elements in
                try body(start, elements, Self.bitWords(header), Swift.min(capacity, total - start))
            }
            start += capacity
        }
    }

    /// A bit per slot: set where the slot holds an element that `passes`.
    /// Each element is tested in place, not copied out.
    ///
    /// - Complexity: O(*n*) calls of `passes`, one per live slot.
    @inlinable func bits(where passes: (UnsafePointer<Element>) -> Bool) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (count + 63) >> 6)
        bits.withUnsafeMutableBufferPointer { bits in
            // A chunk holds at most 64 slots, a power of two, so its bits
            // fall in one word of these, at the chunk's start.
            forEachChunk { start, elements, live, _ in
                var remaining = live.pointee
                var passing: UInt64 = 0
                while remaining != 0 {
                    let bit = remaining.trailingZeroBitCount
                    if passes(elements + bit) { passing |= 1 &<< UInt64(bit) }
                    remaining &= remaining &- 1
                }
                bits[start >> 6] |= passing &<< UInt64(start & 63)
            }
        }
        return bits
    }

    /// The element at `index`, or `nil` for a free slot; setting `nil`
    /// frees the slot.
    ///
    /// - Complexity: O(log₁₆ *n*), plus the copy of a shared chunk when written.
    @inlinable subscript(index: Int) -> Element? {
        get {
            withChunk(containing: index) { header, elements, offset in
                Self.isSet(header, offset) ? elements[offset] : nil
            }
        }
        set {
            withUniqueChunk(containing: index) { header, elements, offset in
                let live = Self.isSet(header, offset)
                switch (live, newValue) {
                case let (true, value?): elements[offset] = value
                case let (false, value?): (elements + offset).initialize(to: value)
                case (true, nil): (elements + offset).deinitialize(count: 1)
                case (false, nil): return
                }
                Self.set(header, offset, newValue != nil)
            }
        }
    }

    // MARK: Writing

    /// Calls `body` with the chunk holding `index`, made unique first.
    /// Always inlined, as ``withChunk(containing:_:)``.
    @inlinable @inline(__always) mutating func withUniqueChunk<R>(
        containing index: Int, _ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<Element>, Int) throws -> R
    ) rethrows -> R {
        precondition(index >= 0 && index < count, "SlotArray index \(index) out of range 0..<\(count)")
        let offset = index & chunkMask
        let capacity = chunkCapacity
        return try trie.withUniqueChunk(at: index &>> chunkShift, copy: { Self.copy(unsafeDowncast($0, to: Chunk.self), capacity: capacity) }) { chunk in
            try unsafeDowncast(chunk, to: Chunk.self).withUnsafeMutablePointers { header, elements in try body(header, elements, offset) }
        }
    }

    /// Adds a free slot at the end; returns its index.
    ///
    /// - Complexity: O(log₁₆ *n*).
    @inlinable @discardableResult mutating func appendSlot() -> Int {
        let index = count
        if index & chunkMask == 0 {
            trie.append(unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in Header() }, to: Chunk.self))
        }
        count += 1
        return index
    }

    /// Frees every live slot whose bit is set in `freed` (a bit per slot)
    /// in one pass over the chunks: a shared chunk is copied with only the
    /// slots that stay (a chunk all of whose slots go is not copied at all),
    /// a unique one freed in place.
    ///
    /// - Complexity: O(*n* / 64) for *n* slots, plus the elements freed or copied.
    @inlinable mutating func free(_ freed: [UInt64]) {
        let capacity = chunkCapacity
        for chunk in 0..<trie.count {
            let start = chunk &* capacity
            guard start < count, start >> 6 < freed.count else { break }
            // A chunk's slots fall in one word of `freed` (see `bits(where:)`).
            let span: UInt64 = capacity == 64 ? ~0 : (1 &<< UInt64(capacity)) &- 1
            let mask = (freed[start >> 6] &>> UInt64(start & 63)) & span
            guard mask != 0 else { continue }
            let live = trie.chunk(at: chunk)._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Chunk.self).header.bits }
            guard live & mask != 0 else { continue }
            trie.withUniqueChunk(at: chunk, copy: { Self.copy(unsafeDowncast($0, to: Chunk.self), capacity: capacity, keeping: ~mask) }) { object in
                unsafeDowncast(object, to: Chunk.self).withUnsafeMutablePointers { header, elements in
                    let going = header.pointee.bits & mask
                    guard going != 0 else { return }
                    var gone = Header()
                    gone.bits = going
                    withUnsafeMutablePointer(to: &gone) { gone in
                        Self.forEachLiveRun(gone) { (elements + $0).deinitialize(count: $1) }
                    }
                    header.pointee.bits &= ~going
                }
            }
        }
    }

    /// A copy of a chunk: its bits and its live elements (those whose bit
    /// is set in `kept`).
    @inlinable static func copy(_ chunk: Chunk, capacity: Int, keeping kept: UInt64 = ~0) -> Chunk {
        var bits = chunk.withUnsafeMutablePointerToHeader { $0.pointee }
        bits.bits &= kept
        let copy = unsafeDowncast(Chunk.create(minimumCapacity: capacity) { _ in bits }, to: Chunk.self)
        copy.withUnsafeMutablePointerToElements { target in
            chunk.withUnsafeMutablePointers { _, source in
                var header = bits
                withUnsafeMutablePointer(to: &header) { header in
                    forEachLiveRun(header) { (target + $0).initializeOneByOne(from: source + $0, count: $1) }
                }
            }
        }
        return copy
    }
}

extension SlotArray: @unchecked Sendable where Element: Sendable {}
