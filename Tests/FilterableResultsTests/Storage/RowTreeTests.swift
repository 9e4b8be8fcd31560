@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The positional index against a plain array of items: random inserts,
/// removals, flag changes, builds and relabels at sizes that cross every
/// node boundary, with every query checked and old versions left intact.
@Suite("Positional index")
struct RowTreeTests {
    /// A plain model: items and flags in order.
    struct Model: Equatable {
        var items: [Int32] = []
        var flags: [Bool] = []

        func counts(_ i: Int, _ measure: TreeMeasure) -> Bool {
            let (item, flag) = (items[i], flags[i])
            switch measure {
            case .items: return true
            case .rows: return item >= 0
            case .visibleRows: return item >= 0 && flag
            case .headers: return item < 0
            case .nonEmptyHeaders: return item < 0 && flag
            }
        }
    }

    static let rowPool = 20_000
    static let sectionPool = 2_000

    static func emptyTree() -> RowTree {
        var tree = RowTree()
        tree.directory.leafOfRow = ChunkedArray(repeating: 0, count: rowPool)
        tree.directory.leafOfSection = ChunkedArray(repeating: 0, count: sectionPool)
        return tree
    }

    /// Checks every query of `tree` against `model`.
    static func expectAgrees(_ tree: RowTree, _ model: Model, _ random: inout SeededRandomNumberGenerator, context: String) {
        tree.checkInvariants()
        #expect(tree.items == model.items, "\(context): items")
        // Prefix counts, counted item by item (the rows after the last
        // header start again at each header), and per measure the indexes
        // it counts: once.
        var prefix = [TreeSummary()]
        prefix.reserveCapacity(model.items.count + 1)
        for (item, flag) in zip(model.items, model.flags) {
            var next = prefix.last!
            if item >= 0 {
                next.rows += 1
                next.rowsAfterLastHeader += 1
                if flag {
                    next.visibleRows += 1
                    next.visibleRowsAfterLastHeader += 1
                }
            } else {
                next.headers += 1
                if flag { next.nonEmptyHeaders += 1 }
                next.rowsAfterLastHeader = 0
                next.visibleRowsAfterLastHeader = 0
            }
            prefix.append(next)
        }
        #expect(tree.count == model.items.count, "\(context): count")
        #expect(tree.summary == prefix.last!, "\(context): summary")
        guard !model.items.isEmpty else { return }
        var flags: [Bool] = []
        tree.forEachItem { _, flag in
            flags.append(flag)
            return true
        }
        #expect(flags == model.flags, "\(context): flags")
        let measures = [TreeMeasure.items, .rows, .visibleRows, .headers, .nonEmptyHeaders]
        let matching = measures.map { measure in model.items.indices.filter { model.counts($0, measure) } }
        for _ in 0..<20 {
            let index = Int.random(in: 0..<model.items.count, using: &random)
            let item = model.items[index]
            let place = tree.place(of: item)
            #expect(place.index == index && place.before == prefix[index], "\(context): place of \(item)")
            for (measure, indexes) in zip(measures, matching) where !indexes.isEmpty {
                let rank = Int.random(in: 0..<indexes.count, using: &random)
                let found = tree.find(rank, by: measure)
                let expected = indexes[rank]
                #expect(found.item == model.items[expected] && found.place.index == expected && found.flag == model.flags[expected],
                        "\(context): rank \(rank) by \(measure)")
            }
            let start = Int.random(in: 0..<model.items.count, using: &random)
            var seen: [Int32] = []
            tree.forEachItem(from: start) { item, _ in
                seen.append(item)
                return seen.count < 70
            }
            #expect(seen == Array(model.items[start...].prefix(70)), "\(context): items from \(start)")
        }
    }

    struct Driver {
        var tree = RowTreeTests.emptyTree()
        var model = Model()
        var random: SeededRandomNumberGenerator
        var freeRows = Array(Int32(0)..<Int32(RowTreeTests.rowPool)).reversed().map { $0 }
        var freeSections = Array(Int32(0)..<Int32(RowTreeTests.sectionPool)).reversed().map { $0 }

        init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

        mutating func newItem() -> Int32? {
            if Int.random(in: 0..<8, using: &random) == 0, let section = freeSections.popLast() { return -1 - section }
            return freeRows.popLast()
        }

        mutating func release(_ item: Int32) {
            if item >= 0 { freeRows.append(item) } else { freeSections.append(-1 - item) }
        }

        mutating func insert(at index: Int) {
            guard let item = newItem() else { return }
            let flag = Bool.random(using: &random)
            tree.insert(item, flag: flag, at: index)
            model.items.insert(item, at: index)
            model.flags.insert(flag, at: index)
        }

        mutating func remove(at index: Int) {
            let removed = tree.remove(at: index)
            #expect(removed.item == model.items[index] && removed.flag == model.flags[index])
            model.items.remove(at: index)
            model.flags.remove(at: index)
            release(removed.item)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomEditsAgreeWithAnArray(seed: UInt64) {
        var driver = Driver(seed: seed)
        // Grow past two inner levels, shrink to nothing, grow again.
        let targets = [3_500, 0, 400, 9_000, 50]
        for target in targets {
            var steps = 0
            while driver.model.items.count != target && steps < 40_000 {
                steps += 1
                let count = driver.model.items.count
                let growing = count < target
                switch Int.random(in: 0..<10, using: &driver.random) {
                case 0..<6 where growing, 0..<2 where !growing:
                    // Inserts cluster at the ends and at one hot spot, to split there.
                    let index = switch Int.random(in: 0..<4, using: &driver.random) {
                    case 0: count
                    case 1: 0
                    case 2: count / 3
                    default: Int.random(in: 0...count, using: &driver.random)
                    }
                    driver.insert(at: index)
                case _ where count > 0 && (!growing || Int.random(in: 0..<4, using: &driver.random) == 0):
                    let index = Int.random(in: 0..<4, using: &driver.random) == 0 ? count / 2 : Int.random(in: 0..<count, using: &driver.random)
                    driver.remove(at: index)
                case _ where count > 0:
                    let index = Int.random(in: 0..<count, using: &driver.random)
                    let flag = Bool.random(using: &driver.random)
                    let changed = driver.tree.setFlag(flag, at: index)
                    #expect(changed == (driver.model.flags[index] != flag))
                    driver.model.flags[index] = flag
                default:
                    driver.insert(at: Int.random(in: 0...count, using: &driver.random))
                }
                if steps % 997 == 0 {
                    RowTreeTests.expectAgrees(driver.tree, driver.model, &driver.random, context: "seed \(seed) step \(steps)")
                }
            }
            RowTreeTests.expectAgrees(driver.tree, driver.model, &driver.random, context: "seed \(seed) at \(target)")
        }
    }

    /// An item's directory entry keeps its offset when the entry was
    /// written; inserts before it in its leaf move it past that hint, by
    /// one place (found beside the hint) or by many (found by the scan).
    @Test(arguments: [1, 3, 40] as [Int])
    func itemsMovedPastTheirOffsetHintAreStillFound(shift: Int) {
        var tree = RowTree()
        tree.directory.leafOfRow = ChunkedArray(repeating: 0, count: 64)
        tree.insert(0, flag: false, at: 0)
        tree.insert(1, flag: true, at: 1)
        #expect(LeafDirectory.offsetHint(tree.directory.entry(of: 1)) == 1)
        for item in 2..<Int32(2 + shift) { tree.insert(item, flag: false, at: 0) }
        #expect(LeafDirectory.offsetHint(tree.directory.entry(of: 1)) == 1)
        #expect(tree.locate(1) == tree.locateBySumming(1))
        #expect(tree.place(of: 1).index == shift + 1)
        var flipped: [Int32] = []
        tree.setFlags([(item: 1, flag: false), (item: 0, flag: true)]) { item, _, _ in flipped.append(item) }
        #expect(Set(flipped) == [0, 1])
        #expect(tree.locate(1).flag == false && tree.locate(0).flag == true)
        tree.checkInvariants()
    }

    @Test func oldVersionsNeverChange() {
        var driver = Driver(seed: 11)
        for _ in 0..<3_000 { driver.insert(at: Int.random(in: 0...driver.model.items.count, using: &driver.random)) }
        var versions: [(RowTree, Model)] = []
        for round in 0..<30 {
            versions.append((driver.tree, driver.model))
            for _ in 0..<50 {
                let count = driver.model.items.count
                switch Int.random(in: 0..<3, using: &driver.random) {
                case 0: driver.insert(at: Int.random(in: 0...count, using: &driver.random))
                case 1 where count > 0: driver.remove(at: Int.random(in: 0..<count, using: &driver.random))
                default:
                    guard count > 0 else { continue }
                    let index = Int.random(in: 0..<count, using: &driver.random)
                    driver.tree.setFlag(!driver.model.flags[index], at: index)
                    driver.model.flags[index].toggle()
                }
            }
            if round % 7 == 0 { driver.tree.relabel() }
            if round % 11 == 0 {
                driver.tree.updateFlags { leaf in leaf.header.flagMask ^ 0b101 & ((leaf.count >= 3) ? ~0 : 0) }
                driver.model.flags = []
                driver.tree.forEachItem { _, flag in
                    driver.model.flags.append(flag)
                    return true
                }
            }
        }
        // Items that left the tree may have been reused, so each version is
        // checked against its own model with its own directory.
        for (index, (tree, model)) in versions.enumerated() {
            RowTreeTests.expectAgrees(tree, model, &driver.random, context: "version \(index)")
        }
    }

    /// Batches of flags (rows and headers, spread out or clustered in a
    /// few leaves, many already right) set at once equal the same flags set
    /// one by one; each item that flips is reported once with the headers
    /// before it, and the version before the batch keeps its flags.
    @Test(arguments: [(31, 9_000), (32, 9_000), (33, 5_000), (34, 40), (35, 1_000)] as [(UInt64, Int)])
    func batchedFlagsEqualFlagsSetOneByOne(seed: UInt64, count: Int) {
        var driver = Driver(seed: seed)
        for _ in 0..<count { driver.insert(at: Int.random(in: 0...driver.model.items.count, using: &driver.random)) }
        // A leaf alone, one inner level, and two or more.
        #expect(count > 64 || driver.tree.height == 0)
        #expect(count < 5_000 || driver.tree.height >= 2)
        for round in 0..<40 {
            let count = driver.model.items.count
            let size = Swift.min(count, [0, 1, 5, 64, 700, 4_000][round % 6])
            // Distinct indexes: anywhere, or a run of neighbours.
            let indexes: [Int] = round % 2 == 0
                ? Array(Set((0..<size).map { _ in Int.random(in: 0..<count, using: &driver.random) }))
                : { let start = Int.random(in: 0..<count, using: &driver.random); return Array(start..<min(count, start + size)) }()
            let batch = indexes.map { (item: driver.model.items[$0], flag: Bool.random(using: &driver.random)) }
            let before = (driver.tree, driver.model)
            var headersBefore: [Int32] = []
            var headers: Int32 = 0
            for item in driver.model.items {
                headersBefore.append(headers)
                if item < 0 { headers += 1 }
            }
            var expectedFlips: [Int32: (headersBefore: Int32, flag: Bool)] = [:]
            for (index, change) in zip(indexes, batch) where driver.model.flags[index] != change.flag {
                expectedFlips[change.item] = (headersBefore[index], change.flag)
                driver.model.flags[index] = change.flag
            }
            var flips: [Int32: (headersBefore: Int32, flag: Bool)] = [:]
            var reportedTwice = false
            driver.tree.setFlags(batch) { item, headersBefore, flag in
                reportedTwice = reportedTwice || flips[item] != nil
                flips[item] = (headersBefore, flag)
            }
            #expect(!reportedTwice && flips.count == expectedFlips.count, "round \(round): \(flips.count) flips reported")
            #expect(flips.allSatisfy { item, flip in expectedFlips[item].map { $0 == flip } ?? false }, "round \(round): the flips reported")
            RowTreeTests.expectAgrees(driver.tree, driver.model, &driver.random, context: "seed \(seed) round \(round)")
            RowTreeTests.expectAgrees(before.0, before.1, &driver.random, context: "seed \(seed) before round \(round)")
            if round % 5 == 0 { RowTreeTests.expectFastPathsAgree(driver.tree, &driver.random, context: "seed \(seed) round \(round)") }
            // Flags already right copy nothing: the root stays the same node.
            let root = driver.tree.root
            driver.tree.setFlags(batch) { _, _, _ in Issue.record("round \(round): a flag already right was reported flipped") }
            #expect(driver.tree.root === root, "round \(round): a batch that changes nothing copied the root")
        }
    }

    @Test func appendingFillsLeavesAndKeepsLabelsInOrder() {
        var driver = Driver(seed: 5)
        for _ in 0..<10_000 { driver.insert(at: driver.model.items.count) }
        RowTreeTests.expectAgrees(driver.tree, driver.model, &driver.random, context: "appended")
        var leaves = 0
        driver.tree.forEachLeaf { _ in leaves += 1 }
        // Appends split off the new item alone, so every leaf but the last is full.
        #expect(leaves <= 10_000 / RowTree.leafCapacity + 1)
    }

    @Test func insertingAtOnePlaceRelabels() {
        var driver = Driver(seed: 8)
        for _ in 0..<200 { driver.insert(at: driver.model.items.count) }
        // Always before the same item: the gap before it halves at every split.
        for _ in 0..<6_000 { driver.insert(at: 100) }
        RowTreeTests.expectAgrees(driver.tree, driver.model, &driver.random, context: "hot spot")
    }

    @Test(arguments: [0, 1, 47, 48, 49, 64, 2_303, 2_304, 2_305, 110_593] as [Int])
    func buildAgreesWithItsInput(count: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(count))
        var tree = RowTree()
        tree.directory.leafOfRow = ChunkedArray(repeating: 0, count: count)
        tree.directory.leafOfSection = ChunkedArray(repeating: 0, count: count / 10 + 1)
        var model = Model()
        var nextSection: Int32 = 0
        var nextRow: Int32 = 0
        for _ in 0..<count {
            if Int.random(in: 0..<10, using: &random) == 0 && Int(nextSection) < count / 10 + 1 {
                model.items.append(-1 - nextSection)
                nextSection += 1
            } else {
                model.items.append(nextRow)
                nextRow += 1
            }
            model.flags.append(Bool.random(using: &random))
        }
        tree.build(model.items, flags: model.flags)
        RowTreeTests.expectAgrees(tree, model, &random, context: "built \(count)")
    }

    /// The prefix-summed descents (`find`, `locate`, and `locate` of many
    /// items at once) against the naive walks that sum every sibling they
    /// pass, on every item and on random ranks of every measure.
    static func expectFastPathsAgree(_ tree: RowTree, _ random: inout SeededRandomNumberGenerator, context: String) {
        tree.checkInvariants()
        let all = tree.items
        // Every item of a small tree; of a large one, its ends and a sample.
        let items = all.count <= 12_000 ? all : [all[0], all[all.count - 1]] + (0..<12_000).map { _ in all.randomElement(using: &random)! }
        var mismatches = 0
        for item in items where tree.locate(item) != tree.locateBySumming(item) { mismatches += 1 }
        #expect(mismatches == 0, "\(context): locate differs from the naive walk for \(mismatches) items")
        // Located together (shuffled, so leaves repeat out of order), as one by one.
        let shuffled = items.shuffled(using: &random)
        for (item, place) in zip(shuffled, tree.locate(shuffled)) where place != tree.locateBySumming(item) { mismatches += 1 }
        #expect(mismatches == 0, "\(context): batched locate differs from the naive walk for \(mismatches) items")
        let summary = tree.summary
        for measure in [TreeMeasure.items, .rows, .visibleRows, .headers, .nonEmptyHeaders] {
            let total = Int(summary[measure])
            guard total > 0 else { continue }
            var ranks = [0, total - 1]
            for _ in 0..<2_000 { ranks.append(Int.random(in: 0..<total, using: &random)) }
            for rank in ranks {
                let fast = tree.find(rank, by: measure)
                let slow = tree.findBySumming(rank, by: measure)
                if fast.item != slow.item || fast.place != slow.place || fast.flag != slow.flag { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(context): find by \(measure) differs from the naive walk for \(mismatches) ranks")
        }
    }

    /// Random trees past 64² items (three levels and more), built and then
    /// edited (inserts, removals, flags, whole-tree flag updates): the fast
    /// descents equal the naive walks everywhere.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func prefixSummedLookupsEqualTheNaiveWalk(seed: UInt64) {
        // Edited from empty to past 64² items: inner nodes split and merge.
        var driver = Driver(seed: seed)
        while driver.model.items.count < 9_000 {
            let count = driver.model.items.count
            switch Int.random(in: 0..<10, using: &driver.random) {
            case 0 where count > 0:
                driver.remove(at: Int.random(in: 0..<count, using: &driver.random))
            case 1 where count > 0:
                let index = Int.random(in: 0..<count, using: &driver.random)
                let flag = Bool.random(using: &driver.random)
                driver.tree.setFlag(flag, at: index)
                driver.model.flags[index] = flag
            default:
                driver.insert(at: Int.random(in: 0...count, using: &driver.random))
            }
        }
        #expect(driver.tree.height >= 2)
        RowTreeTests.expectFastPathsAgree(driver.tree, &driver.random, context: "seed \(seed), edited")
        // Shrunk again: removals merge nodes and drop levels.
        while driver.model.items.count > 3_000 {
            driver.remove(at: Int.random(in: 0..<driver.model.items.count, using: &driver.random))
        }
        RowTreeTests.expectFastPathsAgree(driver.tree, &driver.random, context: "seed \(seed), shrunk")

        // Built at three inner levels, then edited in place and as a copy.
        var random = SeededRandomNumberGenerator(seed: seed &+ 100)
        let count = 120_000
        var tree = RowTree()
        tree.directory.leafOfRow = ChunkedArray(repeating: 0, count: count)
        tree.directory.leafOfSection = ChunkedArray(repeating: 0, count: count)
        var items: [Int32] = []
        var flags: [Bool] = []
        var nextRow: Int32 = 0
        var nextSection: Int32 = 0
        for _ in 0..<count {
            if Int.random(in: 0..<50, using: &random) == 0 {
                items.append(-1 - nextSection)
                nextSection += 1
            } else {
                items.append(nextRow)
                nextRow += 1
            }
            flags.append(Int.random(in: 0..<3, using: &random) != 0)
        }
        tree.build(items, flags: flags)
        #expect(tree.height >= 3)
        RowTreeTests.expectFastPathsAgree(tree, &random, context: "seed \(seed), built")
        let old = tree
        // A whole-tree flag update on a shared tree (copies the changed path),
        // then point edits.
        tree.updateFlags { leaf in leaf.number % 3 == 0 ? leaf.headerMask : leaf.flagMask }
        for _ in 0..<3_000 {
            let index = Int.random(in: 0..<tree.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: tree.setFlag(Bool.random(using: &random), at: index)
            case 1: tree.remove(at: index)
            default:
                tree.insert(nextRow, flag: Bool.random(using: &random), at: index)
                nextRow += 1
            }
        }
        RowTreeTests.expectFastPathsAgree(tree, &random, context: "seed \(seed), built and edited")
        RowTreeTests.expectFastPathsAgree(old, &random, context: "seed \(seed), the old version")
    }

    /// A tree of four inner levels (built past 16³ leaves' worth of
    /// items): point edits in place while an older version shares it, then
    /// removals of runs at random places down to empty. Each version
    /// agrees with its own model, the fast descents with the naive walks,
    /// at every level the tree passes through on its way down.
    @Test func aTreeOfFourLevelsEditedSharedAndEmptiedAgreesWithItsModel() {
        var random = SeededRandomNumberGenerator(seed: 41)
        let count = 260_000
        var tree = RowTree()
        tree.directory.leafOfRow = ChunkedArray(repeating: 0, count: count + 10_000)
        tree.directory.leafOfSection = ChunkedArray(repeating: 0, count: count)
        var model = Model()
        var nextRow: Int32 = 0
        var nextSection: Int32 = 0
        for _ in 0..<count {
            if Int.random(in: 0..<50, using: &random) == 0 {
                model.items.append(-1 - nextSection)
                nextSection += 1
            } else {
                model.items.append(nextRow)
                nextRow += 1
            }
            model.flags.append(Int.random(in: 0..<3, using: &random) != 0)
        }
        tree.build(model.items, flags: model.flags)
        #expect(tree.height == 4)
        RowTreeTests.expectAgrees(tree, model, &random, context: "built")

        // Point edits on a tree an older version shares: each first edit
        // of a path copies it.
        let (old, oldModel) = (tree, model)
        for _ in 0..<2_000 {
            let index = Int.random(in: 0..<model.items.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let flag = Bool.random(using: &random)
                tree.setFlag(flag, at: index)
                model.flags[index] = flag
            case 1:
                tree.remove(at: index)
                model.items.remove(at: index)
                model.flags.remove(at: index)
            default:
                let flag = Bool.random(using: &random)
                tree.insert(nextRow, flag: flag, at: index)
                model.items.insert(nextRow, at: index)
                model.flags.insert(flag, at: index)
                nextRow += 1
            }
        }
        RowTreeTests.expectAgrees(tree, model, &random, context: "edited")
        RowTreeTests.expectAgrees(old, oldModel, &random, context: "the version before the edits")

        // Runs removed at random places: nodes merge and levels go, down
        // to an empty tree.
        var heightsSeen: Set<Int> = [tree.height]
        while !model.items.isEmpty {
            let start = Int.random(in: 0..<model.items.count, using: &random)
            let end = Swift.min(model.items.count, start + Int.random(in: 1...600, using: &random))
            for _ in start..<end { tree.remove(at: start) }
            model.items.removeSubrange(start..<end)
            model.flags.removeSubrange(start..<end)
            if heightsSeen.insert(tree.height).inserted {
                RowTreeTests.expectAgrees(tree, model, &random, context: "shrunk to height \(tree.height)")
                RowTreeTests.expectFastPathsAgree(tree, &random, context: "shrunk to height \(tree.height)")
            }
        }
        #expect(heightsSeen == [0, 1, 2, 3, 4])
        #expect(tree.count == 0 && tree.height == 0 && tree.root == nil)
        RowTreeTests.expectAgrees(old, oldModel, &random, context: "the version before, after the other emptied")
    }
}
