/// A persistent array: copies share their storage, and a write copies only
/// the chunk it lands in (and the branch above it), never the whole array.
///
/// Elements live in fixed-size chunks of about 4 KB, 64 chunks to a branch,
/// branches in a small top-level array. Keeping an old version alive (a
/// snapshot, the baseline of a changeset, a rollback copy) therefore costs
/// O(1), and each write after that copies at most one chunk and one branch.
///
/// The store uses it for everything indexed by an internal identity: row
/// elements, key buckets, leaf numbers, section records.
@usableFromInline
struct ChunkedArray<Element> {
    /// A chunk of elements: a header holding the count, then the elements.
    @usableFromInline
    final class Chunk: ManagedBuffer<Int, Element> {
        deinit {
            _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
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

    @usableFromInline var branches: ContiguousArray<Branch> = []
    /// The number of elements.
    @usableFromInline private(set) var count = 0
    /// log2 of the chunk capacity.
    @usableFromInline let chunkShift: Int

    /// Creates an empty array whose chunks hold about 4 KB of elements.
    @inlinable init() {
        chunkShift = chunkShiftForFourKilobytes(of: Element.self, atMost: 12)
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
        reserveCapacity(total)
        var start = 0
        var branch: Branch?
        while start < total {
            let length = Swift.min(chunkCapacity, total - start)
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in length }, to: Chunk.self)
            chunk.withUnsafeMutablePointerToElements { initialize($0, start, length) }
            if branch == nil || branch!.header == Self.branchWidth {
                branch = unsafeDowncast(Branch.create(minimumCapacity: Self.branchWidth) { _ in 0 }, to: Branch.self)
                branches.append(branch!)
            }
            branch!.withUnsafeMutablePointers { chunkCount, chunks in
                (chunks + chunkCount.pointee).initialize(to: chunk)
                chunkCount.pointee += 1
            }
            start += length
        }
        count = total
    }

    @inlinable var chunkCapacity: Int { 1 << chunkShift }
    @inlinable var chunkMask: Int { chunkCapacity - 1 }

    @inlinable var isEmpty: Bool { count == 0 }

    @inlinable var indices: Range<Int> { 0..<count }

    /// Reserves room in the top-level array for `capacity` elements.
    @inlinable mutating func reserveCapacity(_ capacity: Int) {
        let perBranch = chunkCapacity << Self.branchShift
        branches.reserveCapacity((capacity + perBranch - 1) / perBranch)
    }

    // MARK: Reading

    /// The element at `index`.
    ///
    /// - Complexity: O(1): three dependent loads.
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
    /// references keep its branches and chunks alive while it is read.
    ///
    /// - Complexity: O(1).
    @inlinable func withElement<R>(at index: Int, _ body: (UnsafeMutablePointer<Element>) throws -> R) rethrows -> R {
        let chunkIndex = index >> chunkShift
        return try branches.withUnsafeBufferPointer { branches in
            let branch = Unmanaged.passUnretained(branches[chunkIndex >> Self.branchShift])
            let chunk: Unmanaged<Chunk> = branch._withUnsafeGuaranteedRef { branch in
                branch.withUnsafeMutablePointerToElements { Unmanaged.passUnretained($0[chunkIndex & (Self.branchWidth - 1)]) }
            }
            return try chunk._withUnsafeGuaranteedRef { chunk in
                try chunk.withUnsafeMutablePointerToElements { try body($0 + (index & chunkMask)) }
            }
        }
    }

    /// Calls `body` with each chunk's elements in order, and the index of
    /// the first of them.
    ///
    /// - Complexity: O(*n*).
    @inlinable func forEachChunk(_ body: (_ start: Int, UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        var start = 0
        for branch in branches {
            let chunkCount = branch.header
            for c in 0..<chunkCount {
                let chunk = branch.withUnsafeMutablePointerToElements { $0[c] }
                let length = chunk.header
                try chunk.withUnsafeMutablePointerToElements { elements in
                    try body(start, UnsafeBufferPointer(start: elements, count: length))
                }
                start += length
            }
        }
    }

    // MARK: Writing

    /// Calls `body` with the elements of the chunk holding `index`, made
    /// unique first, and the offset of `index` in it.
    @inlinable mutating func withUniqueChunk<R>(
        containing index: Int, _ body: (UnsafeMutablePointer<Element>, Int) throws -> R
    ) rethrows -> R {
        let chunkIndex = index >> chunkShift
        let branchIndex = chunkIndex >> Self.branchShift
        let capacity = chunkCapacity
        let offset = index & chunkMask
        return try branches.withUnsafeMutableBufferPointer { branches in
            let branchSlot = branches.baseAddress! + branchIndex
            if !isKnownUniquelyReferenced(&branchSlot.pointee) {
                branchSlot.pointee = Self.copy(branchSlot.pointee, capacity: Self.branchWidth)
            }
            // Unique now, and kept alive by the array: borrowed without a retain.
            return try Unmanaged.passUnretained(branchSlot.pointee)._withUnsafeGuaranteedRef { branch in
                try branch.withUnsafeMutablePointerToElements { chunks in
                    let slot = chunks + (chunkIndex & (Self.branchWidth - 1))
                    if !isKnownUniquelyReferenced(&slot.pointee) {
                        slot.pointee = Self.copy(slot.pointee, capacity: capacity)
                    }
                    return try Unmanaged.passUnretained(slot.pointee)._withUnsafeGuaranteedRef { chunk in
                        try chunk.withUnsafeMutablePointerToElements { try body($0, offset) }
                    }
                }
            }
        }
    }

    /// Calls `body` with each chunk's elements, made unique first, and the
    /// index of the first of them.
    ///
    /// - Complexity: O(*n*), plus a copy of every chunk another version shares.
    @inlinable mutating func updateEachChunk(_ body: (_ start: Int, UnsafeMutableBufferPointer<Element>) throws -> Void) rethrows {
        var start = 0
        for b in branches.indices {
            if !isKnownUniquelyReferenced(&branches[b]) {
                branches[b] = Self.copy(branches[b], capacity: Self.branchWidth)
            }
            let branch = branches[b]
            let chunkCount = branch.header
            for c in 0..<chunkCount {
                let chunk: Chunk = branch.withUnsafeMutablePointerToElements { chunks in
                    let slot = chunks + c
                    if !isKnownUniquelyReferenced(&slot.pointee) {
                        slot.pointee = Self.copy(slot.pointee, capacity: chunkCapacity)
                    }
                    return slot.pointee
                }
                let length = chunk.header
                try chunk.withUnsafeMutablePointerToElements { elements in
                    try body(start, UnsafeMutableBufferPointer(start: elements, count: length))
                }
                start += length
            }
        }
    }

    /// Appends an element.
    ///
    /// - Complexity: amortised O(1).
    @inlinable mutating func append(_ element: Element) {
        let offset = count & chunkMask
        if offset == 0 {
            // A new chunk, and a new branch when the last one is full.
            let chunk = unsafeDowncast(Chunk.create(minimumCapacity: chunkCapacity) { _ in 0 }, to: Chunk.self)
            let chunkIndex = count >> chunkShift
            if chunkIndex & (Self.branchWidth - 1) == 0 {
                let branch = unsafeDowncast(Branch.create(minimumCapacity: Self.branchWidth) { _ in 0 }, to: Branch.self)
                branches.append(branch)
            }
            let b = branches.count - 1
            if !isKnownUniquelyReferenced(&branches[b]) {
                branches[b] = Self.copy(branches[b], capacity: Self.branchWidth)
            }
            branches[b].withUnsafeMutablePointers { chunkCount, chunks in
                (chunks + chunkCount.pointee).initialize(to: chunk)
                chunkCount.pointee += 1
            }
        }
        let lastBranch = branches.count - 1
        if !isKnownUniquelyReferenced(&branches[lastBranch]) {
            branches[lastBranch] = Self.copy(branches[lastBranch], capacity: Self.branchWidth)
        }
        branches[lastBranch].withUnsafeMutablePointers { chunkCount, chunks in
            let slot = chunks + (chunkCount.pointee - 1)
            if !isKnownUniquelyReferenced(&slot.pointee) {
                slot.pointee = Self.copy(slot.pointee, capacity: chunkCapacity)
            }
            slot.pointee.withUnsafeMutablePointers { length, elements in
                (elements + length.pointee).initialize(to: element)
                length.pointee += 1
            }
        }
        count += 1
    }

    /// Removes and returns the last element.
    ///
    /// - Complexity: O(1), plus the copy of a shared chunk.
    @inlinable @discardableResult mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty ChunkedArray")
        let lastBranch = branches.count - 1
        if !isKnownUniquelyReferenced(&branches[lastBranch]) {
            branches[lastBranch] = Self.copy(branches[lastBranch], capacity: Self.branchWidth)
        }
        let element: Element = branches[lastBranch].withUnsafeMutablePointers { chunkCount, chunks in
            let slot = chunks + (chunkCount.pointee - 1)
            if !isKnownUniquelyReferenced(&slot.pointee) {
                slot.pointee = Self.copy(slot.pointee, capacity: chunkCapacity)
            }
            let element = slot.pointee.withUnsafeMutablePointers { length, elements in
                length.pointee -= 1
                return (elements + length.pointee).move()
            }
            if slot.pointee.header == 0 {
                slot.deinitialize(count: 1)
                chunkCount.pointee -= 1
            }
            return element
        }
        if branches[lastBranch].header == 0 { branches.removeLast() }
        count -= 1
        return element
    }

    /// Removes every element.
    @inlinable mutating func removeAll() {
        branches = []
        count = 0
    }

    /// A copy of a chunk or branch with room for `capacity` elements.
    @inlinable static func copy<Buffer: ManagedBuffer<Int, Item>, Item>(_ buffer: Buffer, capacity: Int) -> Buffer {
        let copy = unsafeDowncast(Buffer.create(minimumCapacity: capacity) { _ in buffer.header }, to: Buffer.self)
        copy.withUnsafeMutablePointerToElements { target in
            buffer.withUnsafeMutablePointerToElements { source in
                target.initializeOneByOne(from: source, count: buffer.header)
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
        let chunkIndex = index >> chunkShift
        func chunk(of array: ChunkedArray) -> Chunk {
            array.branches[chunkIndex >> Self.branchShift].withUnsafeMutablePointerToElements { $0[chunkIndex & (Self.branchWidth - 1)] }
        }
        return chunk(of: self) === chunk(of: other)
    }
}

/// log2 of a chunk capacity that holds about 4 KB of `element`s: between 3
/// (8 elements) and `maximumShift`.
@inlinable func chunkShiftForFourKilobytes<Element>(of element: Element.Type, atMost maximumShift: Int) -> Int {
    let stride = Swift.max(1, MemoryLayout<Element>.stride)
    var shift = 3
    while shift < maximumShift && (1 << (shift + 1)) * stride <= 4096 { shift += 1 }
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
}
