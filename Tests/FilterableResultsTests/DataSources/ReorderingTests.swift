import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A list sorted by a rank the user reorders by hand: each drag writes a
/// rank that sorts the row where it was dropped, and the view shows the
/// drag as the user made it.
@Suite("Reordering a sorted list")
@MainActor
struct ReorderingTests {
    struct Todo: Equatable, CustomStringConvertible {
        var id: Int
        var list = "Inbox"
        var rank: Double
        var group = 0
        var description: String { "\(id)" }
    }

    struct Chore: Equatable, CustomStringConvertible {
        var id: Int
        var order: Int16
        var description: String { "\(id)" }
    }

    /// Rows with ids 0, 1, … and `ranks`, sorted by them (`sortedBy` before
    /// the rank), shown in a simulated collection view that allows drags;
    /// what the drags rewrote.
    @MainActor final class Screen<Element: Equatable> {
        let controller: ResultsController<Element, Int>
        let screen: SourceScreen<ResultsController<Element, Int>>
        var reranked: [[Element]] = []

        init(_ store: ResultsStore<Element, Int>, _ elements: [Element]) throws {
            var store = store
            try store.setData(elements)
            controller = ResultsController(store: store)
            screen = SourceScreen(controller)
            screen.dataSource.canMoveRow = { _, _ in true }
        }

        /// Drags the row at `from` to `to` as the user does; whether the
        /// view let it move.
        @discardableResult
        func drag(_ from: ResultsIndexPath, _ to: ResultsIndexPath) -> Bool {
            screen.view.userMovesRow(from: from, to: to)
        }

        var ids: [[Int]] { screen.rows.map { $0.map { "\($0)" }.compactMap(Int.init) } }
    }

    func todos(_ ranks: [Double], sortedBy keys: [ResultsSortKey<Todo>] = [.ascending(\.rank)]) throws -> Screen<Todo> {
        let screen = try Screen(ResultsStore<Todo, Int>(key: \.id, sortedBy: keys), ranks.enumerated().map { Todo(id: $0.offset, rank: $0.element) })
        screen.controller.allowsReordering(by: \.rank) { [unowned screen] in screen.reranked.append($0) }
        return screen
    }

    @Test func aDragWritesTheMidpointOfItsNeighboursAndShowsAsTheUserMadeIt() throws {
        let list = try todos([0, 1, 2, 3, 4])
        let reloads = list.screen.view.reloadCount
        #expect(list.drag(visible(0, 4), visible(0, 1)))
        #expect(list.ids == [[0, 4, 1, 2, 3]])
        #expect(list.reranked == [[Todo(id: 4, rank: 0.5)]])
        #expect(list.screen.updates == 1)
        let changes = try #require(list.screen.lastUpdate).changeset.elementChanges.map(\.change)
        #expect(changes == [.move(from: visible(0, 4), to: visible(0, 1), isUpdated: true)])
        #expect(list.screen.view.reloadCount == reloads, "the view already shows the drag")
        list.screen.expectConsistent()
    }

    @Test func dragsToEitherEndRankPastTheEnd() throws {
        let list = try todos([0, 1, 2])
        list.drag(visible(0, 2), visible(0, 0))
        list.drag(visible(0, 1), visible(0, 2))
        #expect(list.ids == [[2, 1, 0]])
        #expect(list.reranked == [[Todo(id: 2, rank: -1)], [Todo(id: 0, rank: 2)]])
        list.screen.expectConsistent()
    }

    @Test func equalRanksAreRenumberedInTheirNewOrder() throws {
        let list = try todos([0, 0, 0, 0])
        let reloads = list.screen.view.reloadCount
        list.drag(visible(0, 3), visible(0, 1))
        #expect(list.ids == [[0, 3, 1, 2]])
        #expect(list.reranked == [[Todo(id: 0, rank: 0), Todo(id: 3, rank: 1), Todo(id: 1, rank: 2), Todo(id: 2, rank: 3)]])
        #expect(list.controller.store.allElements.map(\.rank) == [0, 1, 2, 3])
        #expect(list.screen.updates == 1)
        #expect(list.screen.view.reloadCount == reloads, "rows renumbered are updated in place")
        list.screen.expectConsistent()
    }

    @Test func aDescendingListRanksDownwards() throws {
        let list = try todos([0, 1, 2, 3], sortedBy: [.descending(\.rank)])
        #expect(list.ids == [[3, 2, 1, 0]])
        list.drag(visible(0, 3), visible(0, 0))
        list.drag(visible(0, 0), visible(0, 2))
        #expect(list.ids == [[3, 2, 0, 1]])
        #expect(list.reranked == [[Todo(id: 0, rank: 4)], [Todo(id: 0, rank: 1.5)]])
        list.screen.expectConsistent()
    }

    /// Ranks that tell no direction at the section's ends (all equal, as
    /// new rows get, or NaN): the store's sort says which way the section
    /// ranks, so a drag renumbers it that way and lands where dropped.
    @Test(arguments: [
        ([0, 0, 0, 0], false, visible(0, 0), visible(0, 3)),
        ([0, 0, 0, 0], true, visible(0, 3), visible(0, 1)),
        ([.nan, .nan, 0, 1], true, visible(0, 3), visible(0, 1)),
        ([.nan, 5, 5, 1], false, visible(0, 0), visible(0, 2)),
    ] as [([Double], Bool, ResultsIndexPath, ResultsIndexPath)])
    func ranksThatTellNoDirectionFollowTheSort(ranks: [Double], ascending: Bool, from: ResultsIndexPath, to: ResultsIndexPath) throws {
        let list = try todos(ranks, sortedBy: [ascending ? .ascending(\.rank) : .descending(\.rank)])
        var expected = list.ids[0]
        expected.insert(expected.remove(at: from.row), at: to.row)
        #expect(list.drag(from, to))
        #expect(list.ids == [expected])
        #expect(list.controller.store.rawSections[0].elements.map(\.id) == expected, "the store's order is the one dropped")
        list.screen.expectConsistent()
    }

    /// A sort key before the rank sorts copies of one row level: the rank's
    /// own direction decides, and equal ranks are renumbered that way.
    @Test func aSortKeyBeforeTheRankLeavesTheDirectionToTheRank() throws {
        let list = try todos([0, 0, 0, 0], sortedBy: [.ascending(\.group), .descending(\.rank)])
        var expected = list.ids[0]
        expected.insert(expected.remove(at: 0), at: 2)
        #expect(list.drag(visible(0, 0), visible(0, 2)))
        #expect(list.ids == [expected])
        #expect(list.controller.store.rawSections[0].elements.map(\.rank) == [3, 2, 1, 0], "renumbered downwards")
        list.screen.expectConsistent()
    }

    @Test func integerRanksRenumberWithTheirSpacingOrTakeTheMidpoint() throws {
        let list = try Screen(
            ResultsStore<Chore, Int>(key: \.id, sortedBy: [.ascending(\.order)]),
            [Chore(id: 0, order: 0), Chore(id: 1, order: 10), Chore(id: 2, order: 11)])
        list.controller.allowsReordering(by: \.order, spacing: 100) { [unowned list] in list.reranked.append($0) }
        list.drag(visible(0, 0), visible(0, 1))   // between 10 and 11: none fits
        list.drag(visible(0, 2), visible(0, 1))   // between 0 and 100
        #expect(list.ids == [[1, 2, 0]])
        #expect(list.reranked == [[Chore(id: 1, order: 0), Chore(id: 0, order: 100), Chore(id: 2, order: 200)], [Chore(id: 2, order: 50)]])
        list.screen.expectConsistent()
    }

    @Test func integerRanksAtTheEndsOfTheirTypeRenumberDensely() throws {
        let list = try Screen(
            ResultsStore<Chore, Int>(key: \.id, sortedBy: [.ascending(\.order)]),
            [Chore(id: 0, order: .min), Chore(id: 1, order: .max)])
        list.controller.allowsReordering(by: \.order) { [unowned list] in list.reranked.append($0) }
        list.drag(visible(0, 0), visible(0, 1))   // past Int16.max: renumbered
        #expect(list.ids == [[1, 0]])
        #expect(list.controller.store.allElements.map(\.order) == [0, 1024])
        list.screen.expectConsistent()
    }

    @Test func aDragIntoAnotherSectionOfASortedListIsRefusedAndChangesNothing() throws {
        var store = ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)], sectionedBy: .by(\.list))
        try store.setData([Todo(id: 0, list: "A", rank: 0), Todo(id: 1, list: "A", rank: 1), Todo(id: 2, list: "B", rank: 0)])
        let list = try Screen(store, store.allElements)
        list.controller.allowsReordering(by: \.rank) { [unowned list] in list.reranked.append($0) }
        var refusal: ResultsError?
        list.screen.dataSource.onEditingError = { refusal = $0 }
        let before = list.controller.store.allElements
        list.drag(visible(0, 0), visible(1, 0))
        guard case .moveNotAllowed? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(list.controller.store.allElements == before)
        #expect(list.reranked.isEmpty)
        #expect(list.ids == [[0, 1], [2]])
        list.screen.expectConsistent()
        // Within its section, the same row moves.
        list.drag(visible(0, 0), visible(0, 1))
        #expect(list.ids == [[1, 0], [2]])
        list.screen.expectConsistent()
    }

    @Test func aDragTheSortKeysBeforeTheRankWouldUndoIsRefusedAndChangesNothing() throws {
        let list = try todos([0, 1, 2, 3], sortedBy: [.ascending(\.group), .ascending(\.rank)])
        try list.controller.replace(Todo(id: 0, rank: 0, group: 1))   // 1 2 3 | 0
        var refusal: ResultsError?
        list.screen.dataSource.onEditingError = { refusal = $0 }
        let before = list.controller.store.allElements
        list.drag(visible(0, 3), visible(0, 0))   // its group sorts it last whatever its rank
        guard case let .moveNotAllowed(_, _, reason)? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(reason.contains("sort keys"))
        #expect(list.controller.store.allElements == before)
        #expect(list.reranked.isEmpty)
        list.screen.expectConsistent()
    }

    /// A class element whose rank a drag writes in place (in the store's
    /// element too): a renumbered section ends sorted where it was
    /// dropped, and a refused drag writes every rank back.
    @Test func classElementsAreRenumberedInPlaceAndARefusedDragWritesTheirRanksBack() throws {
        final class Card: Equatable, CustomStringConvertible {
            let id: Int
            var group: Int
            var order: Int
            init(id: Int, order: Int) { (self.id, self.group, self.order) = (id, 0, order) }
            var description: String { "\(id) in \(group) #\(order)" }
            static func == (lhs: Card, rhs: Card) -> Bool { lhs === rhs }
        }
        let cards = (0..<4).map { Card(id: $0, order: $0) }
        var store = ResultsStore<Card, Int>(key: \.id, sortedBy: [.ascending(\.group), .ascending(\.order)])
        try store.setData(cards)
        let controller = ResultsController(store: store)
        // Cells show the rank: an update is a change the view can see.
        let screen = SourceScreen(controller, comparingDescriptions: true)
        screen.dataSource.canMoveRow = { _, _ in true }
        controller.allowsReordering(by: \.order, spacing: 10)
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 2)))   // between 2 and 3: adjacent ranks, renumbered
        #expect(controller.store.allElements.map(\.id) == [1, 2, 0, 3])
        #expect(controller.store.allElements.map(\.order) == [0, 10, 20, 30])
        screen.expectConsistent()
        var refusal: ResultsError?
        screen.dataSource.onEditingError = { refusal = $0 }
        cards[3].group = 1
        try controller.markChanged(keys: [3])   // 1 2 0 | 3, by its group
        _ = screen.view.userMovesRow(from: visible(0, 3), to: visible(0, 0))   // its group sorts it last whatever its rank
        guard case .moveNotAllowed? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(controller.store.allElements.map(\.order) == [0, 10, 20, 30], "the ranks written back")
        #expect(controller.store.allElements.map(\.id) == [1, 2, 0, 3])
        screen.expectConsistent()
    }

    /// A row dropped from another part of a composition into a list that
    /// reorders by rank lands where it was dropped, given the rank of that
    /// place (`didRerank` is told), as a drag within the list would; into
    /// a list that does not reorder, at its sorted place (after its ties).
    @Test func aRowDroppedFromAnotherPartLandsWhereDroppedByTheRankItIsGiven() throws {
        for reorders in [true, false] {
            let a = ResultsController(store: ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)]))
            let b = ResultsController(store: ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)]))
            try a.setData([Todo(id: 0, rank: 0), Todo(id: 1, rank: 1), Todo(id: 2, rank: 2)])
            try b.setData([Todo(id: 10, rank: 0), Todo(id: 11, rank: 1), Todo(id: 12, rank: 2)])
            var reranked: [[Todo]] = []
            a.allowsReordering(by: \.rank) { reranked.append($0) }
            if reorders { b.allowsReordering(by: \.rank) { reranked.append($0) } }
            let composition = ResultsComposition<Todo>([.part(a), .part(b)])
            let screen = SourceScreen(composition)
            screen.dataSource.canMoveRow = { _, _ in true }
            var refusal: ResultsError?
            screen.dataSource.onEditingError = { refusal = $0 }
            #expect(screen.view.userMovesRow(from: visible(0, 2), to: visible(1, 1)))   // between 10 and 11
            #expect(refusal == nil)
            #expect(a.store.allElements.map(\.id) == [0, 1])
            #expect(b.store.allElements.map(\.id) == (reorders ? [10, 2, 11, 12] : [10, 11, 12, 2]), "reorders: \(reorders)")
            #expect(reranked.map { $0.map(\.id) } == (reorders ? [[2]] : []))
            screen.expectConsistent()
        }
    }

    @Test func aListThatDoesNotSortMovesTheRowAndWritesItsRank() throws {
        let list = try Screen(ResultsStore<Todo, Int>(key: \.id), (0..<4).map { Todo(id: $0, rank: Double($0)) })
        list.controller.allowsReordering(by: \.rank) { [unowned list] in list.reranked.append($0) }
        list.drag(visible(0, 0), visible(0, 3))
        #expect(list.ids == [[1, 2, 3, 0]])
        #expect(list.reranked == [[Todo(id: 0, rank: 4)]])
        list.screen.expectConsistent()
    }

    @Test func withoutReorderingASortedListRefusesDrags() throws {
        let list = try Screen(ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)]), (0..<3).map { Todo(id: $0, rank: Double($0)) })
        #expect(!list.drag(visible(0, 0), visible(0, 2)))
        #expect(list.ids == [[0, 1, 2]])
    }

    @Test func theDocumentationExamples() throws {
        struct Todo: Identifiable, Equatable { var id: Int; var rank: Double }
        final class Database { var saved: [[Todo]] = []; func save(_ todos: [Todo]) { saved.append(todos) } }
        let database = Database()
        let todos = ResultsController(store: ResultsStore<Todo, Todo.ID>(
            key: \.id, sortedBy: [.ascending(\.rank)]))
        todos.allowsReordering(by: \.rank) { moved in database.save(moved) }
        try todos.setData([Todo(id: 0, rank: 0), Todo(id: 1, rank: 1), Todo(id: 2, rank: 2)])
        try todos.moveRow(from: visible(0, 2), to: visible(0, 0), in: todos.reportedSnapshot)
        #expect(database.saved == [[Todo(id: 2, rank: -1)]])

        struct Item: Equatable { var id: Int; var displayOrder: Int }
        var saved: [[Item]] = []
        func save(_ moved: [Item]) { saved.append(moved) }
        let items = ResultsController(store: ResultsStore<Item, Int>(key: \.id, sortedBy: [.ascending(\.displayOrder)]))
        items.allowsReordering(by: \.displayOrder, spacing: 1_000) { moved in save(moved) }
        try items.setData([Item(id: 0, displayOrder: 0), Item(id: 1, displayOrder: 1)])
        try items.moveRow(from: visible(0, 0), to: visible(0, 1), in: items.reportedSnapshot)
        #expect(saved == [[Item(id: 0, displayOrder: 1_001)]])
    }

    /// Random drags in lists sorted by ranks drawn from a few values (ties
    /// renumber), ascending or descending, sectioned, with rows hidden by a
    /// filter: after each, the rows are as the user arranged them, in one
    /// valid update the view shows without a reload.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func randomDragsLeaveTheRowsAsTheUserArrangedThem(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let descending = seed % 2 == 1
        let rank: ResultsSortKey<Todo> = descending ? .descending(\.rank) : .ascending(\.rank)
        var store = ResultsStore<Todo, Int>(key: \.id, sortedBy: [rank], sectionedBy: seed % 3 == 0 ? .by(\.list) : nil)
        try store.setData((0..<30).map { Todo(id: $0, list: ["A", "B"].randomElement(using: &random)!, rank: Double(Int.random(in: 0..<4, using: &random))) })
        let list = try Screen(store, store.allElements)
        list.controller.allowsReordering(by: \.rank) { [unowned list] in list.reranked.append($0) }
        if seed % 4 == 1 { try list.controller.addFilter(ResultsFilter(title: "odd") { $0.id % 3 != 0 }) }
        let reloads = list.screen.view.reloadCount
        for step in 0..<40 {
            let ids = list.ids
            let sections = ids.indices.filter { !ids[$0].isEmpty }
            guard let section = sections.randomElement(using: &random), ids[section].count > 1 else { continue }
            let from = Int.random(in: 0..<ids[section].count, using: &random)
            var to = Int.random(in: 0..<ids[section].count - 1, using: &random)
            if to >= from { to += 1 }
            var expected = ids
            expected[section].insert(expected[section].remove(at: from), at: to)
            let updates = list.screen.updates
            #expect(list.drag(visible(section, from), visible(section, to)), "seed \(seed) step \(step)")
            #expect(list.ids == expected, "seed \(seed) step \(step): dragged \(ids[section][from]) from \(from) to \(to)")
            #expect(list.screen.updates == updates + 1, "seed \(seed) step \(step)")
            list.screen.expectConsistent()
        }
        #expect(list.screen.view.reloadCount == reloads)
        #expect(!list.reranked.isEmpty)
    }
}
