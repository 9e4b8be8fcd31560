import FilterableResults
import FilterableResultsTesting
import Observation
import TestSupport
import Testing

/// `@Observable` elements changed in place are reported as updates, in
/// their places again.
@Suite("Elements that change themselves")
@MainActor
struct LiveElementsTests {
    @Observable final class Todo: Equatable, CustomStringConvertible {
        let id: Int
        var title: String
        var rank: Int
        var isDone = false
        init(id: Int, title: String, rank: Int) {
            self.id = id
            self.title = title
            self.rank = rank
        }
        var description: String { "\(id) \(title) #\(rank)\(isDone ? " ✓" : "")" }
        static func == (lhs: Todo, rhs: Todo) -> Bool { lhs === rhs }
    }

    /// Todos 0..<count sorted by rank (their ids), shown in a simulated view.
    func makeScreen(_ count: Int = 5, filtered: Bool = false) throws -> (ResultsController<Todo, Int>, [Todo], SourceScreen<ResultsController<Todo, Int>>) {
        let todos = (0..<count).map { Todo(id: $0, title: "todo \($0)", rank: $0) }
        var store = ResultsStore<Todo, Int>(key: \.id, sortedBy: [.ascending(\.rank)])
        try store.setData(todos)
        let controller = ResultsController(store: store)
        if filtered { try controller.addFilter(ResultsFilter(title: "open") { !$0.isDone }) }
        return (controller, todos, SourceScreen(controller, comparingDescriptions: true))
    }

    /// Lets the main actor run until `screen` has seen `count` updates (or
    /// a generous number of turns has passed).
    func waitForUpdates(_ count: Int, on screen: SourceScreen<ResultsController<Todo, Int>>) async {
        for _ in 0..<1_000 where screen.updates < count { await Task.yield() }
    }

    @Test func aPropertyChangedInPlaceIsAnUpdateOfItsRow() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        todos[2].title = "renamed"
        await waitForUpdates(1, on: screen)
        #expect(screen.updates == 1)
        #expect(screen.lastUpdate?.changeset.elementChanges.map(\.change) == [.update(at: visible(0, 2), newIndexPath: visible(0, 2))])
        #expect(screen.view.cells[0][2] == "2 renamed #2", "the cell is configured again")
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func changesMadeBeforeTheMainActorRunsAreOneUpdate() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.isDone }
        todos[0].title = "first"
        todos[4].isDone = true
        todos[0].title = "first again"
        await waitForUpdates(1, on: screen)
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == 1)
        #expect(Set(screen.lastUpdate?.changeset.elementChanges.map(\.key) ?? []) == [0, 4])
        #expect(screen.view.cells[0][0] == "0 first again #0")
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func anElementIsObservedAgainAfterItsChangeIsReported() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        for round in 1...3 {
            todos[1].title = "round \(round)"
            await waitForUpdates(round, on: screen)
            #expect(screen.updates == round)
        }
        #expect(screen.view.cells[0][1] == "1 round 3 #1")
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func aChangeToWhatTheStoreSortsOrFiltersByMovesOrHidesTheRow() async throws {
        let (controller, todos, screen) = try makeScreen(5, filtered: true)
        let tracking = controller.tracksElements { _ = $0.rank; _ = $0.isDone }
        todos[0].rank = 10   // sorts last now
        await waitForUpdates(1, on: screen)
        #expect(screen.rows.map { $0.map(\.id) } == [[1, 2, 3, 4, 0]])
        todos[3].isDone = true   // the filter hides it
        await waitForUpdates(2, on: screen)
        #expect(screen.rows.map { $0.map(\.id) } == [[1, 2, 4, 0]])
        screen.expectConsistent()
        tracking.cancel()
    }

    /// Edits in the same turn as changes in place (an action handler that
    /// changes a todo's rank, then adds another): the changes are reported
    /// first, so each edit finds every row in its place, and the list ends
    /// sorted. A change reported so is observed again at once (a second
    /// change later in the turn is reported too), and reported again when
    /// a batch that held its report is rolled back.
    @Test func changesInPlaceAreReportedBeforeAnEditAndNeverLost() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.rank }
        todos[2].rank = 10
        try controller.add(Todo(id: 5, title: "new", rank: 6))
        todos[2].rank = -1
        try controller.add(Todo(id: 6, title: "newer", rank: 7))
        try controller.performBatchUpdates { () throws(ResultsError) in
            todos[1].rank = 8
            try controller.add(Todo(id: 7, title: "newest", rank: 9))
        }
        await waitForUpdates(3, on: screen)
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.rows.map { $0.map(\.id) } == [[2, 0, 3, 4, 5, 6, 1, 7]])
        #expect(throws: ResultsError.self) {
            try controller.performBatchUpdates { () throws(ResultsError) in
                todos[0].rank = 20
                try controller.add(Todo(id: 8, title: "last", rank: 11))
                try controller.add(Todo(id: 8, title: "twin", rank: 12))   // a duplicate key: the batch rolls back
            }
        }
        for _ in 0..<50 { await Task.yield() }
        #expect(controller.store.rawSections.map { $0.elements.map(\.id) } == [[2, 3, 4, 5, 6, 1, 7, 0]])
        #expect(screen.rows.map { $0.map(\.id) } == [[2, 3, 4, 5, 6, 1, 7, 0]])
        screen.expectConsistent()
        tracking.cancel()
    }

    /// A drag in the same turn as changes in place not yet reported (a
    /// row renamed, another given a rank that sorts it first): the view
    /// shows the drag as the user made it, then the changes, and ends as
    /// the store is.
    @Test func aDragInTheSameTurnAsChangesInPlaceEndsAsTheStoreIs() async throws {
        let (controller, todos, screen) = try makeScreen()
        controller.allowsReordering(by: \.rank, spacing: 10)
        screen.dataSource.canMoveRow = { _, _ in true }
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.rank }
        todos[3].title = "renamed"
        todos[4].rank = -5
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 2)))
        await waitForUpdates(1, on: screen)
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.rows.map { $0.map(\.id) } == [[4, 1, 2, 0, 3]])
        #expect(screen.view.cells[0][4].hasPrefix("3 renamed"))
        #expect(controller.store.rawSections.map { $0.elements.map(\.id) } == [[4, 1, 2, 0, 3]])
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func elementsAddedLaterAreObservedAndElementsRemovedAreNot() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        let added = Todo(id: 9, title: "added", rank: 9)
        try controller.add(added)
        try controller.remove(key: 0)
        #expect(screen.updates == 2)
        todos[0].title = "gone"   // no longer held: nothing to report
        added.title = "added, renamed"
        await waitForUpdates(3, on: screen)
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == 3)
        #expect(screen.lastUpdate?.changeset.elementChanges.map(\.key) == [9])
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func aReplacedElementIsObservedInsteadOfTheOldOne() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        let replacement = Todo(id: 2, title: "replacement", rank: 2)
        try controller.replace(replacement)
        let before = screen.updates
        todos[2].title = "old object"   // no longer the element of key 2
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == before)
        replacement.title = "replacement, renamed"
        await waitForUpdates(before + 1, on: screen)
        #expect(screen.view.cells[0][2] == "2 replacement, renamed #2")
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func cancellingStopsTheReports() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        tracking.cancel()
        todos[1].title = "unseen"
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == 0)
        #expect(controller.store.element(forKey: 1)?.title == "unseen", "the element itself changed")
    }

    @Test func aChangeWhileUpdatesArePausedShowsWhenTheyResume() async throws {
        let (controller, todos, screen) = try makeScreen()
        let tracking = controller.tracksElements { _ = $0.title }
        try controller.setUpdatesEnabled(false)
        todos[3].title = "while paused"
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == 0)
        try controller.setUpdatesEnabled(true)
        #expect(screen.updates == 1)
        #expect(screen.view.cells[0][3] == "3 while paused #3")
        // Observed again after the reload.
        todos[3].title = "after"
        await waitForUpdates(2, on: screen)
        #expect(screen.view.cells[0][3] == "3 after #3")
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func theDocumentationExample() async throws {
        let (controller, todos, screen) = try makeScreen(1)
        let tracking = controller.tracksElements { todo in
            _ = todo.title
            _ = todo.isDone
        }   // keep it
        todos[0].isDone = true
        await waitForUpdates(1, on: screen)
        #expect(screen.view.cells == [["0 todo 0 #0 ✓"]])
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func aRowThatStaysHiddenIsObservedAgainAndShowsWhenItPassesTheFilter() async throws {
        let (controller, todos, screen) = try makeScreen(5, filtered: true)
        let tracking = controller.tracksElements { _ = $0.title; _ = $0.isDone }
        todos[3].isDone = true   // hidden
        await waitForUpdates(1, on: screen)
        todos[3].title = "renamed while hidden"   // stays hidden: no update
        for _ in 0..<20 { await Task.yield() }
        #expect(screen.updates == 1)
        todos[3].isDone = false   // shown again
        await waitForUpdates(2, on: screen)
        #expect(screen.updates == 2)
        #expect(screen.view.cells == [["0 todo 0 #0", "1 todo 1 #1", "2 todo 2 #2", "3 renamed while hidden #3", "4 todo 4 #4"]])
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func aChangeToWhatTheStoreSectionsByMovesTheRowToItsSection() async throws {
        let todos = (0..<4).map { Todo(id: $0, title: "todo \($0)", rank: $0) }
        var store = ResultsStore<Todo, Int>(
            key: \.id, sortedBy: [.ascending(\.rank)], sectionedBy: ResultsSectioning { $0.isDone ? "Done" : "Open" })
        try store.setData(todos)
        let controller = ResultsController(store: store)
        let screen = SourceScreen(controller, comparingDescriptions: true)
        let tracking = controller.tracksElements { _ = $0.isDone; _ = $0.rank }
        todos[2].isDone = true   // a section of its own
        await waitForUpdates(1, on: screen)
        #expect(screen.rows.map { $0.map(\.id) } == [[2], [0, 1, 3]])
        todos[0].isDone = true
        todos[3].rank = -1   // first of the open ones
        await waitForUpdates(2, on: screen)
        #expect(screen.updates == 2)
        #expect(screen.rows.map { $0.map(\.id) } == [[0, 2], [3, 1]])
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test func severalRowsThatChangeTheirOrderTogetherEndSorted() async throws {
        let (controller, todos, screen) = try makeScreen(6)
        let tracking = controller.tracksElements { _ = $0.rank }
        todos[0].rank = 10
        todos[5].rank = -1
        todos[2].rank = 4   // level with todo 4: either order sorts
        await waitForUpdates(1, on: screen)
        #expect(screen.updates == 1)
        #expect(screen.rows.map { $0.map(\.id) } == [[5, 1, 3, 4, 2, 0]] || screen.rows.map { $0.map(\.id) } == [[5, 1, 3, 2, 4, 0]])
        #expect(screen.rows[0].map(\.rank) == screen.rows[0].map(\.rank).sorted())
        screen.expectConsistent()
        tracking.cancel()
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func rowsMarkedTogetherEndSortedWhateverTheirNewRanks(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let (controller, todos, screen) = try makeScreen(12)
        for _ in 0..<6 {
            // Distinct rows, each given a rank it does not have: every one marked changed.
            let changed = Array(Array(0..<12).shuffled(using: &random).prefix(Int.random(in: 2...5, using: &random)))
            for index in changed {
                let old = todos[index].rank
                repeat { todos[index].rank = Int.random(in: -3...15, using: &random) } while todos[index].rank == old
            }
            try controller.markChanged(keys: changed)
            let ranks = screen.rows[0].map(\.rank)
            #expect(ranks == ranks.sorted(), "seed \(seed): \(screen.rows[0])")
            screen.expectConsistent()
        }
    }

    /// Todos in two sections by whether they are done, sorted by rank
    /// (pairs level), rank 5 filtered out, marked changed in random groups:
    /// each time, the rows stand as a stable sort puts them (in each
    /// section, the rows that stayed in their old order, then those new
    /// to it in theirs), the empty sections gone, every batch valid.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func rowsMarkedTogetherLandWhereAStableSortPutsThem(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let todos = (0..<16).map { Todo(id: $0, title: "todo \($0)", rank: $0 / 2) }
        func makeStore() -> ResultsStore<Todo, Int> {
            ResultsStore(key: \.id, sortedBy: [.ascending(\.rank)], sectionedBy: ResultsSectioning { $0.isDone ? "Done" : "Open" })
        }
        var store = makeStore()
        try store.setData(todos)
        let controller = ResultsController(store: store)
        try controller.addFilter(ResultsFilter(title: "not 5") { $0.rank != 5 })
        let screen = SourceScreen(controller, comparingDescriptions: true)
        for round in 0..<8 {
            let before = controller.store.rawSections
            let changed = Array(todos.indices.shuffled(using: &random).prefix(Int.random(in: 2...6, using: &random)))
            for index in changed {
                // A rank of its own (ties included), its section toggled now and then: a change its cell shows.
                let old = todos[index].rank
                if Int.random(in: 0..<3, using: &random) == 0 { todos[index].isDone.toggle() }
                repeat { todos[index].rank = Int.random(in: -2...9, using: &random) } while todos[index].rank == old
            }
            // What a stable sort of each section gives: the rows that stayed, then the newcomers.
            var stayed: [String: [Todo]] = [:], came: [String: [Todo]] = [:]
            for section in before {
                for todo in section.elements {
                    let name = todo.isDone ? "Done" : "Open"
                    if name == section.name { stayed[name, default: []].append(todo) } else { came[name, default: []].append(todo) }
                }
            }
            var expected = makeStore()
            try expected.setData(["Done", "Open"].flatMap { stayed[$0, default: []] + came[$0, default: []] })
            try controller.markChanged(keys: changed)
            #expect(controller.store.rawSections.map { $0.elements.map(\.id) } == expected.rawSections.map { $0.elements.map(\.id) },
                    "seed \(seed), round \(round)")
            #expect(controller.store.rawSections.map(\.name) == expected.rawSections.map(\.name))
            screen.expectConsistent()
        }
    }

    @Test func markingAClassElementChangedByHandPlacesItAgain() throws {
        let (controller, todos, screen) = try makeScreen(5, filtered: true)
        todos[0].rank = 10
        todos[2].isDone = true
        #expect(try controller.markChanged(keys: [0, 2, 99]) == 2)
        #expect(screen.updates == 1)
        #expect(screen.rows.map { $0.map(\.id) } == [[1, 3, 4, 0]])
        #expect(Set(screen.lastUpdate?.changeset.elementChanges.map(\.kind) ?? []) == [.move, .delete])
        screen.expectConsistent()
    }
}
