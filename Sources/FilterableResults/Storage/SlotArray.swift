/// The elements of a store by row identity: a persistent array of optional
/// elements that keeps each element in place, unwrapped, beside a bit per
/// slot saying whether the slot holds one.
///
/// Compared with a ``ChunkedArray`` of optionals, an element is read in
/// place (a predicate or a key function borrows it, no copy and no
/// retain), whether a slot is live is one bit, and elements whose type has
/// no spare bits take no extra byte. Versions share chunks as a
/// ``ChunkedArray`` does: a write copies one chunk (its live elements) and
/// the branch above it.
@usableFromInline
struct SlotArray<Element> {
    /// A chunk's header: which slots hold an element (the bits come first,
    /// so the header's address is the first bit word's), and how many
    /// slots the chunk covers.
    @usableFromInline struct Header {
        @usableFromInline var bits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        @usableFromInline var length: Int

        @inlinable init(length: Int) {
            bits = (0, 0, 0, 0, 0, 0, 0, 0)
            self.length = length
        }
    }

    /// Up to ``maximumChunkCapacity`` slots; only those whose bit is set
    /// hold an initialised element.
    @usableFromInline
    final class Chunk: ManagedBuffer<Header, Element> {
        deinit {
            withUnsafeMutablePointers { header, elements in
                guard !_isPOD(Element.self) else { return }
                SlotArray.forEachLiveRun(header) { (elements + $0).deinitialize(count: $1) }
            }
        }
    }

    /// 64 chunk references (fewer in the last branch).
    @usableFromInline
    final class Branch: ManagedBuffer<Int, Chunk> {
        deinit {
            _ = withUnsafeMutablePointers { count, chunks in chunks.deinitialize(count: count.pointee) }
        }
    }

    @inlinable static var branchShift: Int { 6 }
    @inlinable static var branchWidth: Int { 1 << branchShift }
    /// The bit words of a header hold 512 slots.
    @inlinable static var maximumChunkCapacity: Int { 512 }

    @usableFromInline var branches: ContiguousArray<Branch> = []
    /// The number of slots, live or free.
    @usableFromInline private(set) var count = 0
    /// log2 of the chunk capacity.
    @usableFromInline let chunkShift: Int

    /// Creates an empty array whose chunks hold about 4 KB of elements.
    @inlinable init() {
        chunkShift = chunkShiftForFourKilobytes(of: Element.self, atMost: 9)   // 512 = maximumChunkCapacity
    }

    @inlinable var chunkCapacity: Int { 1 << chunkShift }
    @inlinable @inline(__always) var chunkMask: Int { chunkCapacity &- 1 }

    // MARK: Bits

    @inlinable static func bitWords(_ header: UnsafeMutablePointer<Header>) -> UnsafeMutablePointer<UInt64> {
        UnsafeMutableRawPointer(header).assumingMemoryBound(to: UInt64.self)
    }

    @inlinable static func isSet(_ header: UnsafeMutablePointer<Header>, _ offset: Int) -> Bool {
        bitWords(header)[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    @inlinable static func set(_ header: UnsafeMutablePointer<Header>, _ offset: Int, _ live: Bool) {
        let words = bitWords(header)
        let bit: UInt64 = 1 << UInt64(offset & 63)
        if live { words[offset >> 6] |= bit } else { words[offset >> 6] &= ~bit }
    }

    /// Calls `body` with each run of consecutive live slots of a chunk, in order.
    @inlinable static func forEachLiveRun(_ header: UnsafeMutablePointer<Header>, _ body: (_ start: Int, _ count: Int) throws -> Void) rethrows {
        let words = bitWords(header)
        for word in 0..<((header.pointee.length + 63) >> 6) {
            var bits = words[word]
            while bits != 0 {
                let start = bits.trailingZeroBitCount
                let count = (~(bits >> UInt64(start))).trailingZeroBitCount
                try body(word << 6 | start, count)
                bits = start + count >= 64 ? 0 : bits & ~((1 << UInt64(start + count)) &- 1)
            }
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
        let chunkIndex = index >> chunkShift
        let offset = index & chunkMask
        return try branches.withUnsafeBufferPointer { branches in
            let branch = Unmanaged.passUnretained(branches[chunkIndex >> Self.branchShift])
            let chunk: Unmanaged<Chunk> = branch._withUnsafeGuaranteedRef { branch in
                branch.withUnsafeMutablePointerToElements { Unmanaged.passUnretained($0[chunkIndex & (Self.branchWidth - 1)]) }
            }
            return try chunk._withUnsafeGuaranteedRef { chunk in
                try chunk.withUnsafeMutablePointers { header, elements in try body(header, elements, offset) }
            }
        }
    }

    /// Whether the slot at `index` holds an element.
    ///
    /// - Complexity: O(1).
    @inlinable func isLive(_ index: Int) -> Bool {
        index >= 0 && index < count && withChunk(containing: index) { header, _, offset in Self.isSet(header, offset) }
    }

    /// Calls `body` with a pointer to the element at `index`, in place,
    /// valid only during the call.
    ///
    /// - Precondition: the slot holds an element.
    /// - Complexity: O(1).
    @inlinable func withPointer<R>(at index: Int, _ body: (UnsafePointer<Element>) throws -> R) rethrows -> R {
        try withChunk(containing: index) { header, elements, offset in
            precondition(Self.isSet(header, offset), "SlotArray slot \(index) holds no object")
            return try body(elements + offset)
        }
    }

    /// Calls `body` with each chunk's first index, elements and bit words,
    /// in order; only the elements whose bit is set are initialised.
    ///
    /// - Complexity: O(*n*).
    @inlinable func forEachChunk(
        _ body: (_ start: Int, _ elements: UnsafeMutablePointer<Element>, _ bits: UnsafeMutablePointer<UInt64>, _ length: Int) throws -> Void
    ) rethrows {
        var start = 0
        for branch in branches {
            for c in 0..<branch.header {
                let chunk = branch.withUnsafeMutablePointerToElements { $0[c] }
                try chunk.withUnsafeMutablePointers { header, elements in
                    try body(start, elements, Self.bitWords(header), header.pointee.length)
                }
                start += chunkCapacity
            }
        }
    }

    /// A bit per slot: set where the slot holds an element that `passes`.
    /// Each element is tested in place, not copied out.
    ///
    /// - Complexity: O(*n*) calls of `passes`, one per live slot.
    @inlinable func bits(where passes: (UnsafePointer<Element>) -> Bool) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (count + 63) >> 6)
        bits.withUnsafeMutableBufferPointer { bits in
            // A chunk of 64 slots or more starts at a multiple of 64, so a
            // word of its bits is a word of these; a smaller one (elements
            // wider than 64 bytes) is one word, shifted to where it starts.
            forEachChunk { start, elements, live, length in
                for word in 0..<((length + 63) >> 6) {
                    var remaining = live[word]
                    var passing: UInt64 = 0
                    while remaining != 0 {
                        let bit = remaining.trailingZeroBitCount
                        if passes(elements + (word << 6 | bit)) { passing |= 1 << UInt64(bit) }
                        remaining &= remaining &- 1
                    }
                    bits[(start >> 6) + word] |= passing << UInt64(start & 63)
                }
            }
        }
        return bits
    }

    /// The element at `index`, or `nil` for a free slot; setting `nil`
    /// frees the slot.
    ///
    /// - Complexity: O(1), plus the copy of a shared chunk when written.
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
        let chunkIndex = index >> chunkShift
        let offset = index & chunkMask
        let capacity = chunkCapacity
        return try branches.withUnsafeMutableBufferPointer { branches in
            let branchSlot = branches.baseAddress! + (chunkIndex >> Self.branchShift)
            if !isKnownUniquelyReferenced(&branchSlot.pointee) { branchSlot.pointee = Self.copy(branchSlot.pointee) }
            // Unique now, and kept alive by the array: borrowed without a retain.
            return try Unmanaged.passUnretained(branchSlot.pointee)._withUnsafeGuaranteedRef { branch in
                try branch.withUnsafeMutablePointerToElements { chunks in
                    let slot = chunks + (chunkIndex & (Self.branchWidth - 1))
                    if !isKnownUniquelyReferenced(&slot.pointee) { slot.pointee = Self.copy(slot.pointee, capacity: capacity) }
                    return try Unmanaged.passUnretained(slot.pointee)._withUnsafeGuaranteedRef { chunk in
                        try chunk.withUnsafeMutablePointers { header, elements in try body(header, elements, offset) }
                    }
                }
            }
        }
    }

    /// Adds a free slot at the end; returns its index.
    ///
    /// - Complexity: amortised O(1).
    @inlinable @discardableResult mutating func appendSlot() -> Int {
        let index = count
        if index & chunkMask == 0 {
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in Header(length: 0) }, to: Chunk.self)
            if (index >> chunkShift) & (Self.branchWidth - 1) == 0 {
                branches.append(unsafeDowncast(Branch.create(minimumCapacity: Self.branchWidth) { _ in 0 }, to: Branch.self))
            }
            let last = branches.count - 1
            if !isKnownUniquelyReferenced(&branches[last]) { branches[last] = Self.copy(branches[last]) }
            branches[last].withUnsafeMutablePointers { chunkCount, chunks in
                (chunks + chunkCount.pointee).initialize(to: chunk)
                chunkCount.pointee += 1
            }
        }
        count += 1
        withUniqueChunk(containing: index) { header, _, offset in header.pointee.length = offset + 1 }
        return index
    }

    /// A copy of a chunk: its bits and its live elements.
    @inlinable static func copy(_ chunk: Chunk, capacity: Int) -> Chunk {
        let copy = unsafeDowncast(Chunk.create(minimumCapacity: capacity) { _ in chunk.header }, to: Chunk.self)
        copy.withUnsafeMutablePointerToElements { target in
            chunk.withUnsafeMutablePointers { header, source in
                forEachLiveRun(header) { (target + $0).initializeOneByOne(from: source + $0, count: $1) }
            }
        }
        return copy
    }

    /// A copy of a branch: its chunk references.
    @inlinable static func copy(_ branch: Branch) -> Branch {
        let copy = unsafeDowncast(Branch.create(minimumCapacity: branchWidth) { _ in branch.header }, to: Branch.self)
        copy.withUnsafeMutablePointerToElements { target in
            branch.withUnsafeMutablePointerToElements { source in target.initializeOneByOne(from: source, count: branch.header) }
        }
        return copy
    }
}

extension SlotArray: @unchecked Sendable where Element: Sendable {}
