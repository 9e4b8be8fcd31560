/// The spine of the persistent arrays (``ChunkedArray``, ``SlotArray``,
/// ``KeyTable``): their chunks, in order, under a trie of nodes of at most
/// ``width`` children, so that chunk *i* is found by the digits of *i*.
///
/// Versions share nodes and chunks. A write copies the chunk it lands in
/// and the nodes above it, each a small allocation of 16 references:
/// copying a node retains its 16 children, where a flat array of chunks
/// (the design before) retained every chunk of the array, and a node of 64
/// chunks 64 of them, on objects last touched long ago. Chunks and nodes
/// are kept under glibc's per-thread cache size (1 KB), so that an edit
/// after a large free (another version's whole table) does not pay for
/// sorting the allocator's free lists.
///
/// Chunks are objects of the owner's making; the trie only holds and
/// copies references to them, so it is not generic.
@usableFromInline
struct ChunkTrie {
    /// A chunk when ``depth`` is 0, else a ``TrieNode``; `nil` when empty.
    @usableFromInline var root: AnyObject?
    /// The number of node levels above the chunks.
    @usableFromInline var depth = 0
    /// The number of chunks.
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable static var shift: Int { 4 }
    @inlinable static var width: Int { 1 << shift }
    @inlinable static var digitMask: Int { width &- 1 }

    /// The number of chunks a trie of `depth` node levels holds at most.
    @inlinable static func capacity(depth: Int) -> Int { 1 << (shift &* depth) }

    // MARK: Reading

    /// The chunk at `index`, borrowed: the trie's own references keep it
    /// alive while the trie is, and nothing is retained on the way down.
    ///
    /// - Complexity: O(log₁₆ *n*), one load a level.
    @inlinable @inline(__always) func chunk(at index: Int) -> Unmanaged<AnyObject> {
        var node = Unmanaged.passUnretained(root.unsafelyUnwrapped)
        var level = depth
        while level > 0 {
            level &-= 1
            let digit = (index &>> (Self.shift &* level)) & Self.digitMask
            node = node._withUnsafeGuaranteedRef { node in
                unsafeDowncast(node, to: TrieNode.self).withUnsafeMutablePointerToElements { Unmanaged.passUnretained($0[digit]) }
            }
        }
        return node
    }

    /// Calls `body` with each chunk in order.
    ///
    /// - Complexity: O(*n*) for *n* chunks.
    @inlinable func forEachChunk(_ body: (AnyObject) throws -> Void) rethrows {
        guard let root else { return }
        try Self.forEach(root, depth: depth, body)
    }

    @inlinable static func forEach(_ node: AnyObject, depth: Int, _ body: (AnyObject) throws -> Void) rethrows {
        if depth == 0 { return try body(node) }
        try unsafeDowncast(node, to: TrieNode.self).withUnsafeMutablePointers { count, children in
            for child in 0..<count.pointee { try forEach(children[child], depth: depth - 1, body) }
        }
    }

    /// Whether two tries are the same version: the same root.
    @inlinable func isIdentical(to other: ChunkTrie) -> Bool { root === other.root && count == other.count }

    // MARK: Writing

    /// Calls `body` with the chunk at `index`, made unique first: a chunk
    /// (or node above it) another version shares is replaced by a copy,
    /// made by `copy` for the chunk.
    ///
    /// - Complexity: O(log₁₆ *n*), plus the copies.
    @inlinable @inline(__always) mutating func withUniqueChunk<R>(
        at index: Int, copy: (AnyObject) -> AnyObject, _ body: (AnyObject) throws -> R
    ) rethrows -> R {
        // The root is taken out while it is checked, so that the trie's
        // own reference is the only one.
        var top = root.unsafelyUnwrapped
        root = nil
        defer { root = top }
        if depth == 0 {
            if !isUniqueObject(&top) { top = copy(top) }
            return try Unmanaged.passUnretained(top)._withUnsafeGuaranteedRef(body)
        }
        if !isUniqueObject(&top) { top = TrieNode.copy(unsafeDowncast(top, to: TrieNode.self)) }
        var node = Unmanaged.passUnretained(unsafeDowncast(top, to: TrieNode.self))
        var level = depth
        while true {
            level &-= 1
            let digit = (index &>> (Self.shift &* level)) & Self.digitMask
            // The node is unique now, and kept alive by the trie: its slot
            // is written in place.
            let slot = node._withUnsafeGuaranteedRef { $0.withUnsafeMutablePointerToElements { $0 + digit } }
            if level == 0 {
                if !isUniqueObject(slot) { slot.pointee = copy(slot.pointee) }
                return try Unmanaged.passUnretained(slot.pointee)._withUnsafeGuaranteedRef(body)
            }
            if !isUniqueObject(slot) { slot.pointee = TrieNode.copy(unsafeDowncast(slot.pointee, to: TrieNode.self)) }
            node = Unmanaged.passUnretained(unsafeDowncast(slot.pointee, to: TrieNode.self))
        }
    }

    /// Adds a chunk at the end.
    ///
    /// - Complexity: O(log₁₆ *n*), plus the copies of shared nodes on the
    ///   way to the end.
    @inlinable mutating func append(_ chunk: AnyObject) {
        guard root != nil else {
            root = chunk
            depth = 0
            count = 1
            return
        }
        var top = root.unsafelyUnwrapped
        root = nil
        if count == Self.capacity(depth: depth) {
            // Full: a new root above the old one.
            let node = TrieNode.make()
            node.append(top)
            top = node
            depth += 1
        }
        if !isUniqueObject(&top) { top = TrieNode.copy(unsafeDowncast(top, to: TrieNode.self)) }
        Self.append(chunk, at: count, to: unsafeDowncast(top, to: TrieNode.self), level: depth)
        root = top
        count += 1
    }

    /// Appends `chunk` as chunk `index` under `node`, a unique node `level`
    /// levels above the chunks.
    @inlinable static func append(_ chunk: AnyObject, at index: Int, to node: TrieNode, level: Int) {
        let digit = (index &>> (shift &* (level &- 1))) & digitMask
        if level == 1 {
            node.append(chunk)
            return
        }
        if digit == node.count {
            let child = TrieNode.make()
            node.append(child)
        }
        let slot = node.withUnsafeMutablePointerToElements { $0 + digit }
        if !isUniqueObject(slot) { slot.pointee = TrieNode.copy(unsafeDowncast(slot.pointee, to: TrieNode.self)) }
        append(chunk, at: index, to: unsafeDowncast(slot.pointee, to: TrieNode.self), level: level &- 1)
    }

    /// Removes the last chunk.
    ///
    /// - Complexity: O(log₁₆ *n*), plus the copies of shared nodes on the
    ///   way to the end.
    @inlinable mutating func removeLast() {
        precondition(count > 0, "ChunkTrie: removeLast from an empty trie")
        count -= 1
        if count == 0 {
            root = nil
            depth = 0
            return
        }
        var top = root.unsafelyUnwrapped
        root = nil
        if !isUniqueObject(&top) { top = TrieNode.copy(unsafeDowncast(top, to: TrieNode.self)) }
        Self.removeChunk(at: count, from: unsafeDowncast(top, to: TrieNode.self), level: depth)
        // A root with one child gives way to it.
        while depth > 0 && unsafeDowncast(top, to: TrieNode.self).count == 1 {
            top = unsafeDowncast(top, to: TrieNode.self).withUnsafeMutablePointerToElements { $0[0] }
            depth -= 1
        }
        root = top
    }

    /// Removes chunk `index`, the last one, from under a unique node.
    @inlinable static func removeChunk(at index: Int, from node: TrieNode, level: Int) {
        let digit = (index &>> (shift &* (level &- 1))) & digitMask
        if level == 1 {
            node.removeLast()
            return
        }
        let slot = node.withUnsafeMutablePointerToElements { $0 + digit }
        if !isUniqueObject(slot) { slot.pointee = TrieNode.copy(unsafeDowncast(slot.pointee, to: TrieNode.self)) }
        let child = unsafeDowncast(slot.pointee, to: TrieNode.self)
        removeChunk(at: index, from: child, level: level &- 1)
        if child.count == 0 { node.removeLast() }
    }

    /// A trie holding `chunks`, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable init(chunks: [AnyObject]) {
        count = chunks.count
        guard !chunks.isEmpty else { return }
        var level = chunks
        while level.count > 1 {
            var next: [AnyObject] = []
            next.reserveCapacity((level.count + Self.width - 1) / Self.width)
            var start = 0
            while start < level.count {
                let node = TrieNode.make()
                for child in level[start..<Swift.min(start + Self.width, level.count)] { node.append(child) }
                next.append(node)
                start += Self.width
            }
            level = next
            depth += 1
        }
        root = level[0]
    }
}

extension ChunkTrie: @unchecked Sendable {}

/// A node of a ``ChunkTrie``: its child count, then up to 16 references.
///
/// Copying a node retains its children, and freeing one releases them:
/// objects another version last touched long ago, so each of those would
/// wait for memory in turn (a retain is an atomic operation, which waits
/// for its cache line). Both first read every child's first word, loads
/// the processor overlaps, so the retains and releases then find their
/// lines in the cache.
@usableFromInline
final class TrieNode: ManagedBuffer<Int, AnyObject> {
    @inlinable static func make() -> TrieNode {
        unsafeDowncast(TrieNode.create(minimumCapacity: ChunkTrie.width) { _ in 0 }, to: TrieNode.self)
    }

    /// A copy sharing the children.
    @inlinable static func copy(_ node: TrieNode) -> TrieNode {
        let copy = make()
        node.withUnsafeMutablePointers { count, source in
            touchObjects(source, count: count.pointee)
            copy.withUnsafeMutablePointers { copyCount, target in
                target.initializeOneByOne(from: source, count: count.pointee)
                copyCount.pointee = count.pointee
            }
        }
        return copy
    }

    /// The number of children (the header, read through its pointer: a
    /// class property's accesses are checked for exclusivity).
    @inlinable var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    @inlinable func append(_ child: AnyObject) {
        withUnsafeMutablePointers { count, children in
            precondition(count.pointee < ChunkTrie.width, "TrieNode: a node holds at most \(ChunkTrie.width) children")
            (children + count.pointee).initialize(to: child)
            count.pointee += 1
        }
    }

    @inlinable func removeLast() {
        withUnsafeMutablePointers { count, children in
            count.pointee -= 1
            (children + count.pointee).deinitialize(count: 1)
        }
    }

    deinit {
        withUnsafeMutablePointers { count, children in
            touchObjects(children, count: count.pointee)
            children.deinitializeOneByOne(count: count.pointee)
        }
    }
}

/// Whether the object `reference` points at has no other strong
/// reference. `isKnownUniquelyReferenced(_:)` of an `AnyObject` is always
/// `false` in unoptimized Swift 6 builds (so every write would copy its
/// path there); the objects here are native Swift objects, whose count is
/// read the same way whatever their class, so the reference is read as a
/// ``TrieNode``'s.
@inlinable @inline(__always)
func isUniqueObject(_ reference: UnsafeMutablePointer<AnyObject>) -> Bool {
    reference.withMemoryRebound(to: TrieNode.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
}

/// Reads the first word of `count` objects, loads that do not wait for one
/// another, so that the cache lines of their reference counts are on their
/// way before they are retained or released one by one. The isa word is
/// read, which no other thread writes.
@inlinable @inline(__always)
func touchObjects(_ objects: UnsafeMutablePointer<AnyObject>, count: Int) {
    guard count > 1 else { return }
    var sum: UInt = 0
    let references = UnsafeRawPointer(objects).assumingMemoryBound(to: UnsafeRawPointer.self)
    for index in 0..<count { sum &+= references[index].load(as: UInt.self) }
    // Never true (isa words are aligned pointers): it only keeps the loads.
    if sum == 1 { keepLoaded(sum) }
}

/// What ``touchObjects(_:count:)`` calls when its sum is 1, which it never
/// is: the compiler may not drop loads whose result decides a call.
@usableFromInline @inline(never) @_optimize(none) func keepLoaded(_ value: UInt) {}
