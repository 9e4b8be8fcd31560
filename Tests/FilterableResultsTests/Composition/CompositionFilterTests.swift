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
    static let evenEntries: (Row) -> Bool = { row in if case let .entry(_, entry) = row { entry.id % 2 == 0 } else { true } }

    @Test func aFilterHidesRowsOfEveryPartInOneUpdate() throws {
        let screen = try FriendsScreen()
        screen.composition.setFilter(Self.evenEntries)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:2:0a"], [], ["e2:8:0b"]])
        #expect(screen.screen.updates.count == 1 && screen.composition.isFiltered)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")

        screen.composition.setFilter(nil)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.screen.updates.count == 2)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPartsEditsAreShownThroughTheFilter() throws {
        let screen = try FriendsScreen()
        screen.composition.setFilter(Self.evenEntries)
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
        screen.composition.setFilter(Self.evenEntries)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], [], ["p:no friends"], [], ["e2:8:0b"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aDragInAFilteredPartLandsAmongTheRowsShown() throws {
        let screen = try FriendsScreen(friends: [1, 2, 3, 4, 6])
        screen.composition.setFilter(Self.evenEntries)
        #expect(screen.rows[1] == ["e1:2:0a", "e1:4:0a", "e1:6:0a"])
        try screen.composition.moveRow(from: visible(1, 2), to: visible(1, 0), in: screen.composition.reportedSnapshot)
        #expect(screen.rows[1] == ["e1:6:0a", "e1:2:0a", "e1:4:0a"])
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 6, 2, 3, 4], "6 goes before 2, the row it was dropped above")
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func randomEditsUnderChangingFiltersKeepEveryViewValid() throws {
        let filters: [((Row) -> Bool)?] = [nil, Self.evenEntries, { row in if case let .entry(_, entry) = row { entry.value > 0 } else { false } }]
        for seed in 0..<10 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let screen = try FriendsScreen()
            for step in 0..<40 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: screen.composition.setFilter(filters.randomElement(using: &random)!)
                case 1: try screen.friends.merge([Entry(id: Int.random(in: 1...8, using: &random), value: Int.random(in: 0...2, using: &random))])
                case 2: try screen.suggestions.merge([Entry(id: Int.random(in: 7...14, using: &random), value: Int.random(in: 0...2, using: &random), group: ["a", "b"].randomElement(using: &random)!)])
                case 3:
                    if let id = screen.friends.snapshot.elements.randomElement(using: &random)?.id { try screen.friends.remove(key: id) }
                default:
                    try screen.composition.performBatchUpdates {
                        screen.composition.setFilter(filters.randomElement(using: &random)!)
                        try screen.friends.merge([Entry(id: Int.random(in: 1...8, using: &random))])
                    }
                }
                #expect(screen.screen.problems().isEmpty, "seed \(seed), step \(step): \(screen.screen.problems())")
            }
        }
    }
}
