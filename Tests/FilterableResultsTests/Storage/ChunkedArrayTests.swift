@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("Chunked arrays and the key table")
struct ChunkedArrayTests {
    @Test(arguments: [0, 1, 511, 512, 513, 32_767, 32_768, 32_769, 70_000] as [Int])
    func appendsReadsAndWritesAgreeWithAnArray(count: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(count))
        var array = ChunkedArray<Int32>()
        var model: [Int32] = []
        for i in 0..<count {
            array.append(Int32(i))
            model.append(Int32(i))
        }
        #expect(array.count == model.count)
        #expect(array.elements == model)
        let copy = array
        for _ in 0..<min(count, 500) {
            let index = Int.random(in: 0..<count, using: &random)
            let value = Int32.random(in: -9...9, using: &random)
            array[index] = value
            model[index] = value
        }
        #expect(array.elements == model)
        #expect(copy.elements == Array(0..<Int32(count)), "a copy keeps its values")
        while array.count > count / 2 {
            #expect(array.removeLast() == model.removeLast())
        }
        #expect(array.elements == model)
    }

    @Test func aWriteCopiesOneChunkAndSharesTheRest() {
        var array = ChunkedArray<String>((0..<5_000).map(String.init))
        let copy = array
        array[2_500] = "changed"
        #expect(copy[2_500] == "2500")
        #expect(!array.sharesChunk(containing: 2_500, with: copy))
        #expect(array.sharesChunk(containing: 0, with: copy))
        #expect(array.sharesChunk(containing: 4_999, with: copy))
    }

    @Test func updatingEveryChunkLeavesCopiesAlone() {
        var array = ChunkedArray<Int>(0..<3_000)
        let copy = array
        array.updateEachChunk { _, chunk in
            for i in chunk.indices { chunk[i] *= 2 }
        }
        #expect(array.elements == (0..<3_000).map { $0 * 2 })
        #expect(copy.elements == Array(0..<3_000))
    }

    @Test func overwritingWritesUniqueChunksInPlaceAndCopiesSharedOnes() {
        var array = ChunkedArray<UInt32>((0..<3_000).map(UInt32.init))
        let before = array
        array.overwrite(with: (0..<3_000).map { UInt32($0) * 3 })
        #expect(array.elements == (0..<3_000).map { UInt32($0) * 3 })
        #expect(before.elements == (0..<3_000).map(UInt32.init))
        #expect(!array.sharesChunk(containing: 0, with: before))

        // Unique now: written in place, each chunk the one it was.
        let chunks = (0..<array.trie.count).map { array.trie.chunk(at: $0).toOpaque() }
        array.overwrite(with: [UInt32](repeating: 7, count: 3_000))
        #expect(array.elements == [UInt32](repeating: 7, count: 3_000))
        #expect((0..<array.trie.count).map { array.trie.chunk(at: $0).toOpaque() } == chunks)
    }

    @Test func theKeyTableFindsEveryKeyThroughGrowthAndRemoval() {
        var random = SeededRandomNumberGenerator(seed: 4)
        var slots = SlotArray<Int>()   // each row's object is its key
        var table = KeyTable()
        var live = Set<Int32>()
        let keyOf = KeyReader<Int, Int>(keyOf: { $0 }, keyAt: { $0.pointee }, keysAreStable: true)
        for step in 0..<20_000 {
            if live.isEmpty || Int.random(in: 0..<3, using: &random) != 0 {
                // Keys collide often: multiples of the table size land in one cluster.
                let key = Int.random(in: 0..<1_000_000, using: &random) * 64
                guard table.row(for: key, in: slots, reader: keyOf) == nil else { continue }
                let row = Int32(slots.appendSlot())
                slots[Int(row)] = key
                table.insert(row, key: key, in: slots, reader: keyOf)
                live.insert(row)
            } else {
                let row = live.randomElement(using: &random)!
                table.remove(row, home: KeyTable.home(of: slots[Int(row)]!.hashValue))
                live.remove(row)
            }
            if step % 2_000 == 0 {
                #expect(table.count == live.count)
                table.checkInvariants { KeyTable.home(of: slots[Int($0)]!.hashValue) }
                for row in live { #expect(table.row(for: slots[Int(row)]!, in: slots, reader: keyOf) == row) }
            }
        }
        for row in live { #expect(table.row(for: slots[Int(row)]!, in: slots, reader: keyOf) == row) }
    }

    /// Up to 9,000 slots of 32 a chunk: three levels of trie nodes.
    @Test(arguments: [1, 31, 32, 33, 511, 512, 513, 9_000] as [Int])
    func slotsAgreeWithAnArrayOfOptionalsAndKeepTheirVersions(count: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(count))
        var slots = SlotArray<String>()
        var model: [String?] = []
        for _ in 0..<count {
            slots.appendSlot()
            model.append(nil)
        }
        var versions: [(SlotArray<String>, [String?])] = []
        for step in 0..<(count * 3) {
            let index = Int.random(in: 0..<count, using: &random)
            // Heap-allocated strings, so a leak or a double free would show.
            let value: String? = Bool.random(using: &random) ? String(repeating: "x", count: 20) + "\(step)" : nil
            slots[index] = value
            model[index] = value
            if step % (count / 2 + 1) == 0 { versions.append((slots, model)) }
        }
        for (version, expected) in versions + [(slots, model)] {
            #expect((0..<count).map { version[$0] } == expected)
            #expect((0..<count).map { version.isLive($0) } == expected.map { $0 != nil })
            let bits = version.bits { $0.pointee.hasSuffix("7") }
            let passing: [Bool] = (0..<count).map { index in bits[index >> 6] & (1 << UInt64(index & 63)) != 0 }
            let expectedPassing: [Bool] = expected.map { value in value?.hasSuffix("7") ?? false }
            #expect(passing == expectedPassing)
        }
    }
}
