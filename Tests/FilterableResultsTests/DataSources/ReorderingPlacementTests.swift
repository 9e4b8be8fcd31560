@testable import FilterableResults
import Foundation
import FilterableResultsTesting
import TestSupport
import Testing

/// Where a dragged row of a sorted list lands once its rank is written:
/// straight at the drop when the sort keys put it strictly between the
/// rows it was dropped between; else where the store's stable sort puts
/// it, and the drag is refused, changing nothing, unless that is the drop.
/// Strategies here write ranks the shipped ones never do (past the
/// neighbours, level with one), as an app's own strategy could.
@Suite("Placing a reordered row")
@MainActor
struct ReorderingPlacementTests {
    typealias Todo = ReorderingTests.Todo
    typealias Screen = ReorderingTests.Screen<Todo>

    /// Rows 0, 1, … with `ranks`, sorted by `keys`, whose drags write the
    /// rank `strategy` gives for the rows dropped between; what drags
    /// were refused.
    @MainActor final class List {
        let screen: Screen
        var refusals: [ResultsError] = []
        /// The element the last drag wrote.
        var written: Todo?

        init(_ ranks: [Double], groups: [Int]? = nil, sortedBy keys: [ResultsSortKey<Todo>] = [.ascending(\.rank)],
             writing strategy: @escaping (_ lower: Todo?, _ upper: Todo?) -> Double) throws {
            let rows = ranks.indices.map { Todo(id: $0, rank: ranks[$0], group: groups?[$0] ?? 0) }
            screen = try Screen(ResultsStore<Todo, Int>(key: \.id, sortedBy: keys), rows)
            screen.controller.reordering = .init(
                place: { [unowned self] row, lower, upper, _ in
                    row.rank = strategy(lower, upper)
                    written = row
                    return true
                },
                renumber: { _, _ in false },
                isAscending: { $0.rank <= $1.rank },
                sortsLowerRanksFirst: { _, _, _ in nil },
                noteRanks: { _ in ({}, { [] }) },
                didRerank: { [unowned screen] in screen.reranked.append($0) })
            screen.screen.dataSource.onEditingError = { [unowned self] in refusals.append($0) }
        }

        var elements: [Todo] { screen.controller.store.allElements }

        /// Drags as the user does and checks that the drag was refused and
        /// changed nothing, or made the arrangement `expected`.
        func drag(_ from: Int, _ to: Int, expecting expected: [Int]?, sourceLocation: SourceLocation = #_sourceLocation) {
            let (before, refused, updates) = (elements, refusals.count, screen.screen.updates)
            screen.drag(visible(0, from), visible(0, to))
            if let expected {
                #expect(refusals.count == refused, "refused: \(refusals)", sourceLocation: sourceLocation)
                #expect(screen.ids == [expected], sourceLocation: sourceLocation)
                #expect(screen.screen.updates == updates + 1, sourceLocation: sourceLocation)
            } else {
                #expect(refusals.count == refused + 1, "not refused", sourceLocation: sourceLocation)
                #expect(elements == before, sourceLocation: sourceLocation)
                #expect(screen.screen.updates == updates, sourceLocation: sourceLocation)
            }
            screen.screen.expectConsistent(sourceLocation: sourceLocation)
        }
    }

    /// A count of the comparisons a sort key by rank made.
    final class Comparisons: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        /// The comparisons made since the last call, counting from 0 again.
        func take() -> Int { lock.withLock { defer { count = 0 }; return count } }
        /// An ascending sort key by rank that counts its comparisons here.
        var rankKey: ResultsSortKey<Todo> {
            ResultsSortKey { [self] a, b in
                lock.withLock { count += 1 }
                return a.rank < b.rank ? .orderedAscending : a.rank > b.rank ? .orderedDescending : .orderedSame
            }
        }
    }

    @Test func aRankPastTheRowsDroppedBetweenSortsTheRowElsewhereSoTheDragIsRefused() throws {
        let last = try List([0, 1, 2, 3, 4]) { _, _ in 10 }
        last.drag(0, 2, expecting: nil)   // between 2 and 3, but 10 sorts it last
        last.drag(0, 4, expecting: [1, 2, 3, 4, 0])
        #expect(last.screen.reranked == [[Todo(id: 0, rank: 10)]])
        let first = try List([0, 1, 2, 3, 4]) { _, _ in -1 }
        first.drag(4, 2, expecting: nil)   // between 1 and 2, but -1 sorts it first
        first.drag(4, 0, expecting: [4, 0, 1, 2, 3])
    }

    @Test func aRankLevelWithARowItWasDroppedNextToLandsWhereTheStableSortKeepsIt() throws {
        let list = try List([0, 1, 2, 3, 4]) { _, _ in 2 }
        // Level with 2, a row from above stays before it: dropped after it, refused.
        list.drag(0, 2, expecting: nil)
        list.drag(0, 1, expecting: [1, 0, 2, 3, 4])
        // From below, it stays after the rows level with it (0 and 2).
        list.drag(4, 1, expecting: nil)
        list.drag(4, 2, expecting: nil)
        list.drag(4, 3, expecting: [1, 0, 2, 4, 3])
        #expect(list.elements.map(\.rank) == [1, 2, 2, 2, 3])
    }

    @Test func aDropAfterARowOfALaterGroupIsRefused() throws {
        // Sorted by group, then rank: 1 2 3 | 0, and 1 dropped after 0.
        let list = try List([0, 1, 2, 3], groups: [1, 0, 0, 0], sortedBy: [.ascending(\.group), .ascending(\.rank)]) { lower, _ in
            (lower?.rank ?? 0) + 1
        }
        #expect(list.screen.ids == [[1, 2, 3, 0]])
        list.drag(0, 3, expecting: nil)
        list.drag(0, 2, expecting: [2, 3, 1, 0])
        // Back to the top of its group.
        list.drag(2, 0, expecting: [1, 2, 3, 0])
    }

    @Test func aDropStrictlyBetweenItsNeighboursIsPlacedWithoutASearch() throws {
        // A sort key that counts its comparisons: a drop the new rank
        // sorts strictly between is checked against those two rows only;
        // a rank past them is searched for among 1,024 rows.
        let comparisons = Comparisons()
        let counting = comparisons.rankKey
        let ranks = (0..<1024).map(Double.init)
        let between = try List(ranks, sortedBy: [counting]) { lower, upper in ((lower?.rank ?? -1) + (upper?.rank ?? 1024)) / 2 }
        _ = comparisons.take()
        between.drag(10, 500, expecting: Array(0..<1024).moved(from: 10, to: 500))
        let placed = comparisons.take()
        #expect(placed <= 4, "\(placed) comparisons")

        // Past the neighbours (5000 between 499 and 500): searched for,
        // found last, so refused.
        let past = try List(ranks, sortedBy: [counting]) { _, _ in 5000 }
        _ = comparisons.take()
        past.drag(10, 500, expecting: nil)
        #expect(comparisons.take() >= 10, "the search descends about log2(1024) times")
    }

    @Test func aDropBetweenItsNeighboursInASortedSectionedListIsPlacedWithoutASearch() throws {
        // Two groups of 512 rows sorted by a counting rank, sectioned by
        // group: a drag inside the second section checks the two rows it
        // was dropped between, as in a list of one section.
        let comparisons = Comparisons()
        let counting = comparisons.rankKey
        let rows = (0..<1024).map { Todo(id: $0, rank: Double($0 % 512), group: $0 / 512) }
        let screen = try Screen(ResultsStore<Todo, Int>(key: \.id, sortedBy: [counting], sectionedBy: .by(\.group)), rows)
        screen.controller.reordering = .init(
            place: { row, lower, upper, _ in
                row.rank = ((lower?.rank ?? -1) + (upper?.rank ?? 512)) / 2
                return true
            },
            renumber: { _, _ in false },
            isAscending: { $0.rank <= $1.rank },
            sortsLowerRanksFirst: { _, _, _ in nil },
            noteRanks: { _ in ({}, { [] }) },
            didRerank: { [unowned screen] in screen.reranked.append($0) })
        _ = comparisons.take()
        #expect(screen.drag(visible(1, 10), visible(1, 500)))
        #expect(comparisons.take() <= 4, "placed between its neighbours without a search")
        #expect(screen.ids[0] == Array(0..<512))
        #expect(screen.ids[1] == Array(512..<1024).moved(from: 10, to: 500))
        #expect(screen.reranked.count == 1 && screen.reranked[0].map(\.id) == [522])
        screen.screen.expectConsistent()
    }

    /// Random drags whose strategy writes the midpoint of the neighbours,
    /// a neighbour's rank (a tie), or any rank, in lists sorted up, down
    /// or by group first, some with hidden rows: each drag ends as the
    /// store's own placement (a replace, then a search) of the rank
    /// written says: there, or refused with nothing changed.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func dragsEndWhereTheStoresPlacementPutsTheRankWritten(seed: UInt64) throws {
        final class Random { var generator: SeededRandomNumberGenerator; init(_ seed: UInt64) { generator = .init(seed: seed) } }
        let random = Random(seed &+ 100)
        let keys: [ResultsSortKey<Todo>] = [[.ascending(\.rank)], [.descending(\.rank)], [.ascending(\.group), .ascending(\.rank)]][Int(seed % 3)]
        let ranks = (0..<24).map { _ in Double(Int.random(in: 0..<6, using: &random.generator)) }
        let groups = (0..<24).map { _ in Int.random(in: 0..<2, using: &random.generator) }
        let list = try List(ranks, groups: groups, sortedBy: keys) { lower, upper in
            let choices = [lower.map(\.rank), upper.map(\.rank), lower.flatMap { a in upper.map { (a.rank + $0.rank) / 2 } },
                           Double(Int.random(in: -2..<14, using: &random.generator)) / 2].compactMap { $0 }
            return choices.randomElement(using: &random.generator)!
        }
        if seed % 2 == 1 { try list.screen.controller.addFilter(ResultsFilter(title: "some") { $0.id % 4 != 0 }) }
        var accepted = 0
        for step in 0..<60 {
            let shown = list.screen.controller.reportedSnapshot
            let rows = shown.numberOfElements(inSection: 0)!
            let from = Int.random(in: 0..<rows, using: &random.generator)
            var to = Int.random(in: 0..<(rows - 1), using: &random.generator)
            if to >= from { to += 1 }
            let before = list.screen.controller.store
            let drop = try before.rawDrag(ofRowShownAt: visible(0, from), to: visible(0, to), in: shown)
            list.written = nil
            let expected = list.screen.ids[0].moved(from: from, to: to)
            list.screen.drag(visible(0, from), visible(0, to))
            let row = try #require(list.written, "seed \(seed) step \(step)")
            // The store's own placement of the rank written.
            var placed = before
            try placed.replace(row)
            if placed.rawIndexPath(forKey: row.id) == drop.to {
                accepted += 1
                #expect(list.refusals.isEmpty, "seed \(seed) step \(step)")
                #expect(list.elements == placed.allElements, "seed \(seed) step \(step)")
                #expect(list.screen.ids == [expected], "seed \(seed) step \(step)")
            } else {
                #expect(list.refusals.count == 1, "seed \(seed) step \(step)")
                #expect(list.elements == before.allElements, "seed \(seed) step \(step)")
            }
            list.refusals = []
            list.screen.screen.expectConsistent()
        }
        #expect(accepted >= 5 && accepted <= 55, "seed \(seed): \(accepted) of 60 drags accepted")
    }
}

extension Array {
    /// The array with the element at `from` moved to `to` (its index after the move).
    fileprivate func moved(from: Int, to: Int) -> Array {
        var copy = self
        copy.insert(copy.remove(at: from), at: to)
        return copy
    }
}
