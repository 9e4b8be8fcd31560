import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A filter over the joined table: one update per change of it, and every
/// part's later updates shown through it, valid in every view.
@MainActor
@Suite("Composition filters")
struct CompositionFilterTests {
    /// Rows with an even entry id, static rows always.
    static let evenEntries = ResultsFilter<Row>(title: "even") { row in if case let .entry(_, entry) = row { entry.id % 2 == 0 } else { true } }

    @Test func aFilterHidesRowsOfEveryPartInOneUpdate() throws {
        let screen = try FriendsScreen()
        try screen.composition.addFilter(Self.evenEntries)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:2:0a"], [], ["e2:8:0b"]])
        #expect(screen.screen.updates.count == 1 && screen.composition.filters.map(\.title) == ["even"])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")

        try screen.composition.clearFilters()
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.screen.updates.count == 2)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPartsEditsAreShownThroughTheFilter() throws {
        let screen = try FriendsScreen()
        try screen.composition.addFilter(Self.evenEntries)
        try screen.friends.add(Entry(id: 5))   // hidden: no update
        let count = screen.screen.updates.count
        #expect(screen.rows[1] == ["e1:2:0a"])
        try screen.friends.add(Entry(id: 4))
        try screen.friends.update(2) { $0.value = 7 }
        #expect(screen.screen.updates.count == count + 2)
        #expect(screen.rows[1] == ["e1:2:7a", "e1:4:0a"])
        #expect(screen.lastRowChanges == ["update [1, 0]→[1, 0]"])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPartWhoseRowsAreAllFilteredOutShowsItsPlaceholder() throws {
        let screen = try FriendsScreen(friends: [1, 3], placeholder: nil)
        try screen.composition.addFilter(Self.evenEntries)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], [], ["p:no friends"], [], ["e2:8:0b"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aDragInAFilteredPartLandsAmongTheRowsShown() throws {
        let screen = try FriendsScreen(friends: [1, 2, 3, 4, 6])
        try screen.composition.addFilter(Self.evenEntries)
        #expect(screen.rows[1] == ["e1:2:0a", "e1:4:0a", "e1:6:0a"])
        try screen.composition.moveRow(from: visible(1, 2), to: visible(1, 0), in: screen.composition.reportedSnapshot)
        #expect(screen.rows[1] == ["e1:6:0a", "e1:2:0a", "e1:4:0a"])
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 6, 2, 3, 4], "6 goes before 2, the row it was dropped above")
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func randomEditsUnderChangingFiltersKeepEveryViewValid() throws {
        let filters: [[ResultsFilter<Row>]] = [[], [Self.evenEntries], [ResultsFilter(title: "valued") { row in if case let .entry(_, entry) = row { entry.value > 0 } else { false } }]]
        for seed in 0..<10 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let screen = try FriendsScreen()
            for step in 0..<40 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: try screen.composition.replaceFilters(with: filters.randomElement(using: &random)!)
                case 1: try screen.friends.merge([Entry(id: Int.random(in: 1...8, using: &random), value: Int.random(in: 0...2, using: &random))])
                case 2: try screen.suggestions.merge([Entry(id: Int.random(in: 7...14, using: &random), value: Int.random(in: 0...2, using: &random), group: ["a", "b"].randomElement(using: &random)!)])
                case 3:
                    if let id = screen.friends.snapshot.elements.randomElement(using: &random)?.id { try screen.friends.remove(key: id) }
                default:
                    try screen.composition.performBatchUpdates {
                        try screen.composition.replaceFilters(with: filters.randomElement(using: &random)!)
                        try screen.friends.merge([Entry(id: Int.random(in: 1...8, using: &random))])
                    }
                }
                #expect(screen.screen.problems().isEmpty, "seed \(seed), step \(step): \(screen.screen.problems())")
            }
        }
    }

    @Test func filtersSpeakTheControllersWords() throws {
        let screen = try FriendsScreen()
        let all = screen.rows
        let odd = ResultsFilter<Row>(title: "odd", group: "parity") { row in if case let .entry(_, entry) = row { entry.id % 2 == 1 } else { true } }
        let even = ResultsFilter<Row>(title: "even", group: "parity") { row in if case let .entry(_, entry) = row { entry.id % 2 == 0 } else { true } }
        try screen.composition.addFilter(odd)
        try screen.composition.addFilter(even)   // replaces its group's filter
        #expect(screen.composition.filters.map(\.title) == ["even"])
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:2:0a"], [], ["e2:8:0b"]])

        try screen.composition.search(for: "e1:", in: [\Row.description])
        #expect(screen.composition.filters.map(\.title) == ["even", "search"])
        #expect(screen.composition.reportedSnapshot.elements.allSatisfy { $0.description.hasPrefix("e1:2") || $0.description.hasPrefix("p:") })
        try screen.composition.search(for: "", in: [\Row.description])   // empty text ends the search
        #expect(screen.composition.filters.map(\.title) == ["even"])

        try screen.composition.removeFilter(title: "even", group: nil)   // another group: nothing to remove
        #expect(screen.composition.filters.count == 1)
        try screen.composition.removeFilter(title: "even", group: "parity")
        #expect(screen.composition.filters.isEmpty && screen.rows == all)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aBatchThatThrowsTakesBackItsFilters() throws {
        struct Cancelled: Error {}
        let screen = try FriendsScreen()
        let before = screen.rows
        let updates = screen.screen.updates.count
        #expect(throws: Cancelled.self) {
            try screen.composition.performBatchUpdates { () throws(any Error) in
                try screen.composition.addFilter(Self.evenEntries)
                try screen.friends.add(Entry(id: 4))
                throw Cancelled()
            }
        }
        #expect(screen.composition.filters.isEmpty)
        #expect(screen.rows == before)
        #expect(screen.screen.updates.count == updates)
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 2, 3], "the part's own batch rolled back too")
    }

    @Test func anObserverCannotChangeTheFilters() throws {
        let screen = try FriendsScreen()
        var refusal: ResultsError?
        let observation = screen.composition.observe { _ in
            do throws(ResultsError) { try screen.composition.clearFilters() } catch { refusal = error }
            do throws(ResultsError) { try screen.composition.addFilter(Self.evenEntries) } catch { refusal = error }
        }
        try screen.friends.add(Entry(id: 4))
        #expect(refusal == .changedDuringNotification)
        #expect(screen.composition.filters.isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
        observation.cancel()
    }
}
