import FilterableResults
import FilterableResultsTesting
import Foundation
import Observation
import TestSupport
import Testing

/// Drags that write ranks into class elements, in place (the store's
/// elements too): with element trackers, batches that roll back, sort keys
/// before the rank, and ranks at their types' limits.
@Suite("Reordering class elements")
@MainActor
struct ClassElementReorderingTests {
    // MARK: - Elements

    typealias Todo = ReorderingTests.Todo

    final class Card: Equatable, CustomStringConvertible {
        let id: Int
        var group: Int
        var order: Int
        init(id: Int, group: Int = 0, order: Int) { (self.id, self.group, self.order) = (id, group, order) }
        var description: String { "\(id) in \(group) #\(order)" }
        static func == (lhs: Card, rhs: Card) -> Bool { lhs === rhs }
    }

    @Observable final class Live: Equatable, CustomStringConvertible {
        let id: Int
        var title: String
        var rank: Int
        var group = 0
        var isDone = false
        init(id: Int, rank: Int, group: Int = 0) { (self.id, self.title, self.rank, self.group) = (id, "t\(id)", rank, group) }
        var description: String { "\(id) \(title) #\(rank) g\(group)\(isDone ? " done" : "")" }
        static func == (lhs: Live, rhs: Live) -> Bool { lhs === rhs }
    }

    func ids<E>(_ controller: ResultsController<E, Int>, _ id: (E) -> Int) -> [[Int]] {
        controller.store.rawSections.map { $0.elements.map(id) }
    }

    func waitForUpdates<S: ResultsSource>(_ count: Int, on screen: SourceScreen<S>) async {
        for _ in 0..<1_000 where screen.updates < count { await Task.yield() }
        for _ in 0..<50 { await Task.yield() }
    }

    func liveScreen(_ ranks: [Int], groups: [Int]? = nil, sortedBy keys: [ResultsSortKey<Live>] = [.ascending(\.rank)],
                    filtered: Bool = false) throws -> (ResultsController<Live, Int>, [Live], SourceScreen<ResultsController<Live, Int>>) {
        let todos = ranks.indices.map { Live(id: $0, rank: ranks[$0], group: groups?[$0] ?? 0) }
        var store = ResultsStore<Live, Int>(key: \.id, sortedBy: keys)
        try store.setData(todos)
        let controller = ResultsController(store: store)
        if filtered { try controller.addFilter(ResultsFilter(title: "open") { !$0.isDone }) }
        let screen = SourceScreen(controller, comparingDescriptions: true)
        screen.dataSource.canMoveRow = { _, _ in true }
        return (controller, todos, screen)
    }

    /// `cards` sorted by `keys`, reordered by their `order` (spacing 10),
    /// in a simulated view that allows drags and records the refusals.
    @MainActor final class CardScreen {
        let controller: ResultsController<Card, Int>
        let screen: SourceScreen<ResultsController<Card, Int>>
        var refusal: ResultsError?

        init(_ cards: [Card], sortedBy keys: [ResultsSortKey<Card>]) throws {
            var store = ResultsStore<Card, Int>(key: \.id, sortedBy: keys)
            try store.setData(cards)
            controller = ResultsController(store: store)
            screen = SourceScreen(controller, comparingDescriptions: true)
            screen.dataSource.canMoveRow = { _, _ in true }
            controller.allowsReordering(by: \.order, spacing: 10)
            screen.dataSource.onEditingError = { [unowned self] in refusal = $0 }
        }
    }

    /// Drags the rows of `screen`'s first section as the user does, each
    /// of `drags` in turn: each is accepted and lands where it was dropped.
    func expectDragsLandWhereDropped<Element>(
        _ drags: [(from: Int, to: Int)], in screen: SourceScreen<ResultsController<Element, Int>>, id: (Element) -> Int, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (from, to) in drags {
            var expected = screen.rows[0].map(id)
            expected.insert(expected.remove(at: from), at: to)
            var refusal: ResultsError?
            screen.dataSource.onEditingError = { refusal = $0 }
            screen.view.userMovesRow(from: visible(0, from), to: visible(0, to))
            #expect(refusal == nil, "\(context) \(from)->\(to)", sourceLocation: sourceLocation)
            #expect(screen.rows[0].map(id) == expected, "\(context) \(from)->\(to): \(screen.rows[0])", sourceLocation: sourceLocation)
            screen.expectConsistent(sourceLocation: sourceLocation)
        }
    }

    // MARK: - An atomic batch around a class drag, rolled back

    /// A batch that throws after a drag of class elements returns the
    /// store to its state before it, the ranks written into the objects
    /// the store holds included (a rank between its neighbours', or the
    /// section renumbered), so the store stays sorted.
    @Test(arguments: [(spaced: true, from: 0, to: 2), (spaced: false, from: 3, to: 0)])
    func aBatchRolledBackAfterADragWritesTheRanksBack(_ drag: (spaced: Bool, from: Int, to: Int)) throws {
        struct Boom: Error {}
        let ranks = (0..<4).map { drag.spaced ? $0 * 10 : 0 }
        var store = ResultsStore<Card, Int>(key: \.id, sortedBy: [.ascending(\.order)])
        try store.setData(ranks.indices.map { Card(id: $0, order: ranks[$0]) })
        let controller = ResultsController(store: store)
        controller.allowsReordering(by: \.order, spacing: 10)
        #expect(throws: Boom.self) {
            try controller.performBatchUpdates { () throws in
                try controller.moveRow(from: visible(0, drag.from), to: visible(0, drag.to), in: controller.reportedSnapshot)
                throw Boom()
            }
        }
        #expect(controller.store.allElements.map(\.id) == [0, 1, 2, 3])
        #expect(controller.store.allElements.map(\.order) == ranks)
        try controller.add(Card(id: 9, order: 15))   // debug builds check the store is sorted
    }

    /// A batch rolled back inside the batch of a drag made before it (in
    /// a manual batch between them) writes back none of that drag's ranks:
    /// the store it returns to holds the drag.
    @Test func aBatchRolledBackAfterADragKeepsTheDragsRanks() throws {
        struct Boom: Error {}
        let list = try CardScreen((0..<4).map { Card(id: $0, order: $0 * 10) }, sortedBy: [.ascending(\.order)])
        let controller = list.controller
        try controller.performBatchUpdates { () throws in
            try controller.beginUpdates()
            try controller.moveRow(from: visible(0, 0), to: visible(0, 2), in: controller.reportedSnapshot)
            try controller.endUpdates()
            #expect(throws: Boom.self) { try controller.performBatchUpdates { () throws in throw Boom() } }
        }
        #expect(controller.store.allElements.map(\.id) == [1, 2, 0, 3])
        #expect(controller.store.allElements.map(\.order) == [10, 20, 25, 30])
        list.screen.expectConsistent()
    }

    // MARK: - Trackers: a refused drag, hidden rows, didRerank

    /// A refused drag of a tracked element writes its rank and writes it
    /// back, and reports nothing: the element is observed again all the
    /// same, and a later change of its title is reported.
    @Test func aTrackedElementIsStillObservedAfterARefusedDrag() async throws {
        // Sorted by group then rank: 1 2 3 | 0 by group.
        let (controller, todos, screen) = try liveScreen([0, 1, 2, 3], groups: [1, 0, 0, 0],
                                                         sortedBy: [.ascending(\.group), .ascending(\.rank)])
        controller.allowsReordering(by: \.rank, spacing: 10)
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.rank }
        var refusal: ResultsError?
        screen.dataSource.onEditingError = { refusal = $0 }
        #expect(ids(controller, \.id) == [[1, 2, 3, 0]])
        _ = screen.view.userMovesRow(from: visible(0, 3), to: visible(0, 0))
        guard case .moveNotAllowed? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        await waitForUpdates(screen.updates + 1, on: screen)
        let before = screen.updates
        todos[0].title = "renamed after a refused drag"
        await waitForUpdates(before + 1, on: screen)
        #expect(screen.updates == before + 1, "the change in place was not reported")
        #expect(screen.view.cells[0][3].contains("renamed"))
        screen.expectConsistent()
        tracking.cancel()
    }

    /// A renumber writes ranks into hidden rows too, which no update
    /// shows: they are observed again all the same, and one shown again
    /// later is reported.
    @Test func hiddenRowsRenumberedByADragAreStillObserved() async throws {
        let (controller, todos, screen) = try liveScreen([5, 5, 5, 5], filtered: true)
        controller.allowsReordering(by: \.rank, spacing: 10)
        todos[1].isDone = true
        try controller.markChanged(keys: [1])   // hidden
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.rank; _ = $0.isDone }
        #expect(screen.rows.map { $0.map(\.id) } == [[0, 2, 3]])
        // 3 between 0 and 2, the hidden 1 just above 2: equal ranks, so the section is renumbered, hidden 1 too.
        #expect(screen.view.userMovesRow(from: visible(0, 2), to: visible(0, 1)))
        await waitForUpdates(screen.updates + 1, on: screen)
        let before = screen.updates
        todos[1].isDone = false   // shows again
        await waitForUpdates(before + 1, on: screen)
        #expect(screen.updates == before + 1, "un-hiding the row was not reported")
        #expect(screen.rows.map { $0.map(\.id) }.flatMap { $0 }.contains(1))
        screen.expectConsistent()
        tracking.cancel()
    }

    /// `didRerank` changing the moved elements in place (an app stamping
    /// them "saved"): the change is reported, as any change in place.
    @Test func aChangeMadeInDidRerankIsReported() async throws {
        let (controller, todos, screen) = try liveScreen([0, 10, 20, 30])
        controller.allowsReordering(by: \.rank, spacing: 10) { moved in
            for todo in moved { todo.title = "saved" }
        }
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.rank }
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 2)))
        await waitForUpdates(screen.updates + 1, on: screen)
        #expect(screen.view.cells[0].contains { $0.hasPrefix("0 saved") }, "the cell still shows the old title")
        screen.expectConsistent()
        // And the element is no longer observed at all.
        let before = screen.updates
        todos[0].title = "again"
        await waitForUpdates(before + 1, on: screen)
        #expect(screen.updates == before + 1, "a later change of the moved element is not reported")
        tracking.cancel()
    }

    // MARK: - Class elements: the section's direction

    /// A class element cannot be copied to ask the sort keys which way the
    /// rank sorts: the dragged element and its neighbour are asked, given
    /// two ranks one way then the other, and their own ranks back. A key
    /// before the rank, whose groups the section's ends are in, does not
    /// mislead it, as it does not for the same rows as structs.
    @Test func classElementsSortedByAKeyBeforeTheRankCanBeDragged() throws {
        let cards = [Card(id: 0, group: 0, order: 10), Card(id: 1, group: 0, order: 20),
                     Card(id: 2, group: 0, order: 30), Card(id: 3, group: 1, order: 0)]
        let list = try CardScreen(cards, sortedBy: [.ascending(\.group), .ascending(\.order)])
        #expect(list.screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 1)))
        #expect(list.refusal == nil)
        #expect(ids(list.controller, \.id) == [[1, 0, 2, 3]])
        list.screen.expectConsistent()

        // Structs, the same ranks: moves.
        var structs = ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.group), .ascending(\.rank)])
        try structs.setData([Todo(id: 0, rank: 10), Todo(id: 1, rank: 20), Todo(id: 2, rank: 30), Todo(id: 3, rank: 0, group: 1)])
        let other = ResultsController(store: structs)
        other.allowsReordering(by: \.rank)
        try other.moveRow(from: visible(0, 0), to: visible(0, 1), in: other.reportedSnapshot)
        #expect(ids(other, \.id) == [[1, 0, 2, 3]])
    }

    /// Equal ranks (new rows) in a descending list of class elements: the
    /// direction is the sort keys', and the renumber places the row.
    @Test func classElementsWithEqualRanksInADescendingListCanBeDragged() throws {
        let list = try CardScreen((0..<4).map { Card(id: $0, order: 0) }, sortedBy: [.descending(\.order)])
        #expect(list.screen.view.userMovesRow(from: visible(0, 3), to: visible(0, 1)))
        #expect(list.refusal == nil)
        #expect(ids(list.controller, \.id) == [[0, 3, 1, 2]])
        list.screen.expectConsistent()
    }

    // MARK: - Stores that place rows but do not sort

    /// A store sectioned by value that sorts by nothing does not sort by
    /// the rank either: the view is not offered the drag, and a drag made
    /// anyway is refused, naming why, and changes nothing.
    @Test func aStoreSectionedByValueThatSortsByNothingOffersNoDrag() throws {
        var store = ResultsStore<Todo, Int>(key: \.id, sectionedBy: .by(\.list))
        try store.setData((0..<4).map { Todo(id: $0, list: "A", rank: Double($0)) })
        let controller = ResultsController(store: store)
        let screen = SourceScreen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        controller.allowsReordering(by: \.rank)
        var refusal: ResultsError?
        screen.dataSource.onEditingError = { refusal = $0 }
        #expect(!screen.dataSource.canMoveRow(at: visible(0, 0)))
        screen.dataSource.moveRow(at: visible(0, 0), to: visible(0, 2))
        guard case let .moveNotAllowed(_, _, reason)? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(reason.contains("sort it by the rank"))
        #expect(ids(controller, \.id) == [[0, 1, 2, 3]])
        screen.expectConsistent()
    }

    // MARK: - Ranks at their limits, random drags, batches

    @Test func floatingRanksAtTheirLimits() throws {
        for ranks: [Double] in [[0, .infinity, .infinity], [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude],
                                [0, 0x1p53, 0x1p53 + 2], [-0.0, 0.0, .leastNonzeroMagnitude], [.nan, .nan, .nan], [1e300, 1e300, 1e300]] {
            for descending in [false, true] {
                var store = ResultsStore<Todo, Int>(key: \.id, sortedBy: [descending ? .descending(\.rank) : .ascending(\.rank)])
                try store.setData(ranks.indices.map { Todo(id: $0, rank: ranks[$0]) })
                let controller = ResultsController(store: store)
                let screen = SourceScreen(controller)
                screen.dataSource.canMoveRow = { _, _ in true }
                controller.allowsReordering(by: \.rank)
                expectDragsLandWhereDropped([(0, 2), (2, 0), (0, 1), (2, 1)], in: screen, id: \.id, "\(ranks) \(descending)")
            }
        }
    }

    struct Chore: Equatable, CustomStringConvertible {
        var id: Int
        var order: Int8
        var description: String { "\(id)" }
    }

    /// A floating-point rank too narrow to number the section (Float16
    /// holds every integer up to 2,048 only): the drag is refused, naming
    /// why, and nothing changes.
    @Test func aRankTooNarrowToNumberTheSectionRefusesTheDrag() throws {
        struct Note: Equatable, CustomStringConvertible {
            var id: Int
            var rank: Float16
            var description: String { "\(id)" }
        }
        var store = ResultsStore<Note, Int>(key: \.id, sortedBy: [.ascending(\.rank)])
        try store.setData((0..<2_050).map { Note(id: $0, rank: 0) })
        let controller = ResultsController(store: store)
        controller.allowsReordering(by: \.rank)
        let before = controller.store.allElements
        #expect {
            try controller.moveRow(from: visible(0, 0), to: visible(0, 5), in: controller.reportedSnapshot)
        } throws: { error in
            guard case let .moveNotAllowed(_, _, reason) = error as? ResultsError else { return false }
            return reason.contains("more rows than the rank's type can number")
        }
        #expect(controller.store.allElements == before)
    }

    @Test func integerRanksNearOverflow() throws {
        for ranks: [Int8] in [[.min, .min + 1, .max - 1, .max], [.max, .max, .max, .max], [-1, 0, 1, 2], [.min, .min, .max, .max]] {
            for descending in [false, true] {
                var store = ResultsStore<Chore, Int>(key: \.id, sortedBy: [descending ? .descending(\.order) : .ascending(\.order)])
                try store.setData(ranks.indices.map { Chore(id: $0, order: ranks[$0]) })
                let controller = ResultsController(store: store)
                let screen = SourceScreen(controller)
                screen.dataSource.canMoveRow = { _, _ in true }
                controller.allowsReordering(by: \.order, spacing: 100)
                expectDragsLandWhereDropped([(0, 3), (3, 0), (0, 1), (3, 2), (1, 2)], in: screen, id: \.id, "\(ranks) \(descending)")
            }
        }
    }

    /// Class elements, random drags, sectioned and filtered, via the
    /// UIKit path and the AppKit drop path.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func randomClassDrags(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        final class Item: Equatable, CustomStringConvertible {
            let id: Int; var list: String; var rank: Double
            init(id: Int, list: String, rank: Double) { (self.id, self.list, self.rank) = (id, list, rank) }
            var description: String { "\(id) \(list) #\(rank)" }
            static func == (l: Item, r: Item) -> Bool { l === r }
        }
        let items = (0..<24).map { Item(id: $0, list: ["A", "B"].randomElement(using: &random)!, rank: Double(Int.random(in: 0..<3, using: &random))) }
        var store = ResultsStore<Item, Int>(key: \.id, sortedBy: [.ascending(\.rank)], sectionedBy: seed % 2 == 0 ? .by(\.list) : nil)
        try store.setData(items)
        let controller = ResultsController(store: store)
        let screen = SourceScreen(controller, comparingDescriptions: true)
        screen.dataSource.canMoveRow = { _, _ in true }
        controller.allowsReordering(by: \.rank)
        if seed % 3 == 0 { try controller.addFilter(ResultsFilter(title: "some") { $0.id % 3 != 0 }) }
        var refusals: [ResultsError] = []
        screen.dataSource.onEditingError = { refusals.append($0) }
        for step in 0..<30 {
            let rows = screen.rows.map { $0.map(\.id) }
            let sections = rows.indices.filter { rows[$0].count > 1 }
            guard let section = sections.randomElement(using: &random) else { break }
            let from = Int.random(in: 0..<rows[section].count, using: &random)
            var to = Int.random(in: 0..<rows[section].count - 1, using: &random)
            if to >= from { to += 1 }
            var expected = rows
            expected[section].insert(expected[section].remove(at: from), at: to)
            if step % 2 == 0 {
                screen.view.userMovesRow(from: visible(section, from), to: visible(section, to))
            } else {
                screen.dataSource.dropRow(at: visible(section, from), before: visible(section, to > from ? to + 1 : to))
            }
            #expect(refusals.isEmpty, "seed \(seed) step \(step): \(refusals)")
            #expect(screen.rows.map { $0.map(\.id) } == expected, "seed \(seed) step \(step)")
            // Spurious updates (rule 6) are reported by their own test below.
            let violations = screen.violations.filter { !$0.contains("rule 6") }
            #expect(violations.isEmpty, "seed \(seed) step \(step): \(violations)")
            #expect(screen.view.exception == nil)
            #expect(screen.view.cells == screen.rows.map { $0.map { "\($0)" } }, "seed \(seed) step \(step)")
            #expect(screen.view.staleRows().isEmpty, "seed \(seed) step \(step)")
            refusals = []
        }
    }

    // MARK: - Rows renumbered to the rank they had

    /// A renumber of class elements reports only the rows whose rank
    /// changed (and the dragged row), as structs renumbered the same way:
    /// no update of a row that did not change (the validator's rule 6).
    @Test func aRenumberReportsOnlyTheRowsWhoseRankChanged() throws {
        let list = try CardScreen((0..<3).map { Card(id: $0, order: 0) }, sortedBy: [.ascending(\.order)])
        #expect(list.screen.view.userMovesRow(from: visible(0, 2), to: visible(0, 1)))   // 0 2 1: renumbered 0, 10, 20
        #expect(list.controller.store.allElements.map(\.id) == [0, 2, 1])
        #expect(list.screen.lastUpdate?.changeset.elementChanges.map(\.key).sorted() == [1, 2], "card 0 kept its rank")
        list.screen.expectConsistent()

        // Structs: card 0 keeps rank 0 and is not reported.
        var structs = ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)])
        try structs.setData((0..<3).map { Todo(id: $0, rank: 0) })
        let other = ResultsController(store: structs)
        let otherScreen = SourceScreen(other)
        otherScreen.dataSource.canMoveRow = { _, _ in true }
        other.allowsReordering(by: \.rank)
        #expect(otherScreen.view.userMovesRow(from: visible(0, 2), to: visible(0, 1)))
        otherScreen.expectConsistent()
    }

    /// A drag while a batch is open or updates are off, class elements.
    @Test func classDragsWhileABatchIsOpenOrUpdatesAreOff() throws {
        let list = try CardScreen((0..<5).map { Card(id: $0, order: 0) }, sortedBy: [.ascending(\.order)])
        let (controller, screen) = (list.controller, list.screen)
        try controller.beginUpdates()
        #expect(screen.view.userMovesRow(from: visible(0, 4), to: visible(0, 0)))
        // The view shows the table last reported until the batch ends: 4 is
        // still last there, and lands between 0 and 1.
        #expect(screen.view.userMovesRow(from: visible(0, 4), to: visible(0, 1)))
        try controller.endUpdates()
        #expect(ids(controller, \.id) == [[0, 4, 1, 2, 3]])
        screen.expectConsistent()
        try controller.setUpdatesEnabled(false)
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 4)))
        try controller.setUpdatesEnabled(true)
        #expect(ids(controller, \.id) == [[4, 1, 2, 3, 0]])
        screen.expectConsistent()
        let ranks = controller.store.allElements.map(\.order)
        #expect(ranks == ranks.sorted())
    }

    /// `didRerank` editing the controller from inside: refused edits are
    /// typed errors, and the view stays consistent.
    @Test func didRerankEditingTheController() throws {
        var store = ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)])
        try store.setData((0..<5).map { Todo(id: $0, rank: Double($0)) })
        let controller = ResultsController(store: store)
        let screen = SourceScreen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        var errors: [Error] = []
        controller.allowsReordering(by: \.rank) { [unowned controller] moved in
            do {
                try controller.remove(key: 4)
                try controller.add(Todo(id: 9, rank: -1))
                try controller.moveRow(from: visible(0, 0), to: visible(0, 1), in: controller.reportedSnapshot)
            } catch { errors.append(error) }
        }
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 3)))
        screen.expectConsistent()
    }
}
