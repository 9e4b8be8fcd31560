@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The trie under the persistent arrays, against an array of chunk
/// objects: appends and removals through every depth (a chunk alone, and
/// one to five node levels), writes that copy the path, and versions kept
/// along the way that never change.
@Suite("Chunk trie")
struct ChunkTrieTests {
    /// A chunk: a number, changed by writes.
    final class Chunk {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    static func values(_ trie: ChunkTrie) -> [Int] {
        var values: [Int] = []
        trie.forEachChunk { values.append(unsafeDowncast($0, to: Chunk.self).value) }
        return values
    }

    static func expectAgrees(_ trie: ChunkTrie, _ model: [Int], _ random: inout SeededRandomNumberGenerator, context: String) {
        #expect(trie.count == model.count, "\(context): count")
        #expect(values(trie) == model, "\(context): chunks in order")
        #expect(model.count <= ChunkTrie.capacity(depth: trie.depth) && (trie.depth == 0 || model.count > ChunkTrie.capacity(depth: trie.depth - 1)),
                "\(context): depth \(trie.depth) for \(model.count) chunks")
        for _ in 0..<min(model.count, 200) {
            let index = Int.random(in: 0..<model.count, using: &random)
            #expect(trie.chunk(at: index)._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Chunk.self).value } == model[index],
                    "\(context): chunk \(index)")
        }
    }

    /// Writes through the trie: copies the chunk when another version shares it.
    static func write(_ value: Int, at index: Int, in trie: inout ChunkTrie) {
        trie.withUniqueChunk(at: index, copy: { Chunk(unsafeDowncast($0, to: Chunk.self).value) }) {
            unsafeDowncast($0, to: Chunk.self).value = value
        }
    }

    @Test(arguments: [1, 16, 17, 256, 257, 4_096, 4_097, 65_537] as [Int])
    func appendsWritesAndRemovalsAgreeWithAnArray(count: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(count))
        var trie = ChunkTrie()
        var model: [Int] = []
        var versions: [(ChunkTrie, [Int])] = []
        for index in 0..<count {
            trie.append(Chunk(index))
            model.append(index)
            if index % (count / 5 + 1) == 0 { versions.append((trie, model)) }
        }
        Self.expectAgrees(trie, model, &random, context: "\(count) appended")
        if count == 65_537 { #expect(trie.depth == 5) }
        // Writes at random places, each copying its path.
        for step in 0..<300 {
            let index = Int.random(in: 0..<count, using: &random)
            Self.write(-step, at: index, in: &trie)
            model[index] = -step
            if step % 100 == 0 { versions.append((trie, model)) }
        }
        Self.expectAgrees(trie, model, &random, context: "\(count) written")
        // Down to nothing, then up again.
        while !model.isEmpty {
            trie.removeLast()
            model.removeLast()
            if model.count % (count / 3 + 1) == 0 {
                Self.expectAgrees(trie, model, &random, context: "\(count) removed to \(model.count)")
                versions.append((trie, model))
            }
        }
        #expect(trie.root == nil && trie.depth == 0)
        for index in 0..<min(count, 300) {
            trie.append(Chunk(index))
            model.append(index)
        }
        Self.expectAgrees(trie, model, &random, context: "\(count) grown again")
        for (number, (version, expected)) in versions.enumerated() {
            Self.expectAgrees(version, expected, &random, context: "\(count) version \(number)")
        }
    }

    @Test(arguments: [1, 16, 17, 4_097] as [Int])
    func builtTriesEqualAppendedOnes(count: Int) {
        var random = SeededRandomNumberGenerator(seed: 7)
        let built = ChunkTrie(chunks: (0..<count).map { Chunk($0) })
        Self.expectAgrees(built, Array(0..<count), &random, context: "built \(count)")
        var grown = built
        grown.append(Chunk(count))
        Self.expectAgrees(grown, Array(0...count), &random, context: "built \(count) and appended")
        Self.expectAgrees(built, Array(0..<count), &random, context: "built \(count), after the copy grew")
    }

    @Test func aWriteCopiesOnlyItsPath() {
        var trie = ChunkTrie()
        for index in 0..<4_096 { trie.append(Chunk(index)) }
        let copy = trie
        Self.write(-1, at: 1_000, in: &trie)
        #expect(Self.values(copy)[1_000] == 1_000)
        #expect(trie.chunk(at: 1_000).toOpaque() != copy.chunk(at: 1_000).toOpaque())
        // Another branch of the root, and a neighbour under the same nodes: shared.
        #expect(trie.chunk(at: 3_000).toOpaque() == copy.chunk(at: 3_000).toOpaque())
        #expect(trie.chunk(at: 1_001).toOpaque() == copy.chunk(at: 1_001).toOpaque())
        #expect(!trie.isIdentical(to: copy))
        // A second write in the same chunk copies nothing more.
        let chunk = trie.chunk(at: 1_000).toOpaque()
        Self.write(-2, at: 1_000, in: &trie)
        #expect(trie.chunk(at: 1_000).toOpaque() == chunk)
    }
}

/// The key index against a dictionary: random inserts and removals with
/// keys that collide, through growth, tombstone rebuilds and deletion to
/// empty, with copies taken along the way checked unchanged, for keys read
/// in place (stable) and keys kept by home bits (an app may change them).
@Suite("Key table against a dictionary")
struct KeyTableEquivalenceTests {
    /// Rows whose objects are their keys, and the key index over them.
    struct Index {
        var slots = SlotArray<Int>()
        var reader: KeyReader<Int, Int>
        var table = KeyTable()
        var rows: [Int: Int32] = [:]

        init(stable: Bool) {
            reader = KeyReader(keyOf: { $0 }, keyAt: { $0.pointee }, keysAreStable: stable)
        }

        mutating func add(_ key: Int) {
            let row = Int32(slots.appendSlot())
            reader.appendSlot()
            slots[Int(row)] = key
            let hash = key.hashValue
            reader.recordIndexed(key, hash: hash, ofRow: row)
            table.insert(row, hash: hash, in: slots, reader: reader)
            rows[key] = row
        }

        mutating func remove(_ key: Int) {
            let row = rows.removeValue(forKey: key)!
            let found = table.remove(row, home: reader.indexedHome(ofRow: row, in: slots))
            #expect(found, "row \(row) of key \(key) is where its key leads")
            slots[Int(row)] = nil
        }

        func expectAgrees(_ context: String) {
            table.checkInvariants { reader.indexedHome(ofRow: $0, in: slots) }
            #expect(table.count == rows.count, "\(context): count")
            for (key, row) in rows {
                if table.row(for: key, in: slots, reader: reader) != row { Issue.record("\(context): key \(key) not at row \(row)") }
            }
            // Keys never added, and keys removed.
            for missing in [-1, -2, 1 << 40] where table.row(for: missing, in: slots, reader: reader) != nil {
                Issue.record("\(context): found missing key \(missing)")
            }
        }
    }

    @Test(arguments: [(1, true), (2, false), (3, true), (4, false)] as [(UInt64, Bool)])
    func randomEditsAgreeWithADictionary(seed: UInt64, stable: Bool) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var index = Index(stable: stable)
        var versions: [(Index, String)] = []
        // Grow to 6,000 keys, shrink to nothing, grow again, churn in place.
        for (round, target) in [6_000, 0, 2_000, 2_000].enumerated() {
            var steps = 0
            while (round < 3 ? index.rows.count != target : steps < 4_000) && steps < 40_000 {
                steps += 1
                let growing = index.rows.count < target || (round == 3 && Bool.random(using: &random))
                if growing || index.rows.isEmpty {
                    // Multiples of a large power of two: hashes spread, but
                    // a few small keys and repeats keep probes long.
                    let key = Int.random(in: 0..<(Bool.random(using: &random) ? 1 << 20 : 64), using: &random) << 20
                    if index.rows[key] == nil { index.add(key) }
                } else {
                    index.remove(index.rows.keys.randomElement(using: &random)!)
                }
                if steps % 1_500 == 0 {
                    index.expectAgrees("seed \(seed) round \(round) step \(steps)")
                    versions.append((index, "seed \(seed) round \(round) step \(steps)"))
                }
            }
            index.expectAgrees("seed \(seed) round \(round)")
            if round == 1 { #expect(index.table.count == 0 && index.table.tombstones <= KeyTable.limit(groups: index.table.groupCount)) }
        }
        for (version, context) in versions { version.expectAgrees("\(context), kept") }
    }

    @Test func reservingMakesRoomForEveryKeyAtOnce() {
        var index = Index(stable: true)
        index.table.reserve(10_000, in: index.slots, reader: index.reader)
        let groups = index.table.groupCount
        // Room for a tenth more, so that the table filled is not rebuilt at the next insert.
        #expect(groups == KeyTable.groups(toHold: 11_000) && KeyTable.limit(groups: groups) >= 10_000)
        for key in 0..<10_000 { index.add(key) }
        #expect(index.table.groupCount == groups, "no growth after reserving")
        index.expectAgrees("reserved and filled")
    }
}
