import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A user's drag is read in the table the view shows, and lands among the
/// rows the user saw, whatever the source holds meanwhile.
@Suite("User moves on a screen behind its source")
@MainActor
struct UserMoveTests {
    func controller(_ sections: [(String?, [Int])]) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: false)
        try store.setData(sections: sections.map { ResultsSection(name: $0.0, elements: $0.1.map { Entry(id: $0) }) })
        return ResultsController(store: store)
    }

    @Test func aDragWhileUpdatesAreOffMovesTheRowTheUserSawWhereTheyDroppedIt() throws {
        let controller = try controller([(nil, Array(0..<6))])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        let log = UpdateLog(controller)
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 0)   // the screen still shows 0 1 2 3 4 5
        #expect(screen.view.userMovesRow(from: visible(0, 1), to: visible(0, 3)))
        #expect(keys(controller.store.rawSections) == [[2, 3, 1, 4, 5]], "1 lands after 3, where the user dropped it")
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
        #expect(screen.shownRows == [["2:0a", "3:0a", "1:0a", "4:0a", "5:0a"]])
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aDragWhileABatchIsOpenLandsAmongTheRowsShown() throws {
        let controller = try controller([(nil, Array(0..<6))])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        let log = UpdateLog(controller)
        try controller.beginUpdates()
        try controller.remove(key: 0)
        try controller.add(Entry(id: 9))
        #expect(screen.view.userMovesRow(from: visible(0, 4), to: visible(0, 0)))
        #expect(keys(controller.store.rawSections) == [[4, 1, 2, 3, 5, 9]])
        try controller.endUpdates()
        screen.expectConsistent()
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aDragToAnotherSectionUsesTheRowBelowWhenTheRowAboveIsGone() throws {
        let controller = try controller([("A", [1, 2, 3]), ("B", [4, 5])])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 4)
        // The user drops 1 between 4 and 5 of B.
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(1, 1)))
        #expect(keys(controller.store.rawSections) == [[2, 3], [1, 5]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
    }

    @Test func aDragIntoASectionFindsItByNameAfterSectionsChanged() throws {
        let controller = try controller([("A", [1, 2]), ("B", [])])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        try controller.setUpdatesEnabled(false)
        try controller.insertSection(ResultsSection(name: "New", elements: [Entry(id: 7)]), at: 0)
        // B shows no row: the section is found by its name, not its index.
        #expect(screen.view.userMovesRow(from: visible(0, 1), to: visible(1, 0)))
        #expect(keys(controller.store.rawSections) == [[7], [1], [2]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
    }

    @Test func aDragIntoAnEmptyUnnamedSectionLandsThere() throws {
        let controller = try controller([(nil, [1, 2]), (nil, [])])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(1, 0)))
        #expect(keys(controller.store.rawSections) == [[2], [1]])
        screen.expectConsistent()
    }

    @Test func aDragUnderAFilterKeepsHiddenRowsInPlace() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData((1...6).map { Entry(id: $0, value: $0) })
        store.addFilter(VisibleIndexPathTests.even)   // shows 2 4 6
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        try controller.setUpdatesEnabled(false)
        try controller.add(Entry(id: 8, value: 8))
        #expect(screen.view.userMovesRow(from: visible(0, 2), to: visible(0, 1)))   // 6 between 2 and 4
        #expect(keys(controller.store.rawSections) == [[1, 2, 3, 6, 4, 5, 8]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
    }

    @Test func aDragOfARowRemovedMeanwhileIsRefusedAndChangesNothing() throws {
        let controller = try controller([(nil, [1, 2, 3])])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        var errors: [ResultsError] = []
        screen.dataSource.onEditingError = { errors.append($0) }
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 1)
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 2)))
        #expect(errors == [.moveNotAllowed(from: visible(0, 0), to: visible(0, 2), reason: "its element was removed after the view showed it")])
        #expect(keys(controller.store.rawSections) == [[2, 3]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
    }

    @Test func aDragIntoASectionRemovedMeanwhileIsRefusedAndChangesNothing() throws {
        let controller = try controller([("A", [1, 2]), ("B", [3])])
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        var errors: [ResultsError] = []
        screen.dataSource.onEditingError = { errors.append($0) }
        try controller.setUpdatesEnabled(false)
        try controller.removeSection(at: 1)
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(1, 1)))
        #expect(errors.map(\.code) == ["invalidOperation"])
        #expect(errors.first?.description.contains("destination section was removed") == true)
        #expect(keys(controller.store.rawSections) == [[1, 2]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
    }

    @Test func aSortedControllerNeverOffersADrag() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)])
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2)])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        var errors: [ResultsError] = []
        screen.dataSource.onEditingError = { errors.append($0) }
        #expect(!controller.canMoveRow(at: visible(0, 0), in: controller.reportedSnapshot))
        #expect(!screen.dataSource.canMoveRow(at: visible(0, 0)), "even though its canMoveRow says yes")
        #expect(!screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 1)))
        // A move the view makes anyway is refused and put back.
        screen.dataSource.moveRow(at: visible(0, 0), to: visible(0, 1))
        #expect(errors == [.rowsPlacedByStore(operation: "moving a row")])
        #expect(keys(controller.store.rawSections) == [[1, 2]])
        screen.expectConsistent()
    }

    @Test func aMoveOutsideTheShownTableIsRefusedNamingThePath() throws {
        let controller = try controller([(nil, [1, 2])])
        let shown = controller.reportedSnapshot
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 5), sectionCount: 1, rowCount: 2)) {
            try controller.moveRow(from: visible(0, 5), to: visible(0, 0), in: shown)
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 2), sectionCount: 1, rowCount: 1)) {
            try controller.moveRow(from: visible(0, 0), to: visible(0, 2), in: shown)
        }
        #expect(throws: ResultsError.indexPathOutOfRange(visible(3, 0), sectionCount: 1, rowCount: nil)) {
            try controller.moveRow(from: visible(0, 0), to: visible(3, 0), in: shown)
        }
        #expect(keys(controller.store.rawSections) == [[1, 2]])
    }

    @Test func aDragInAComposedScreenLandsAmongTheRowsOfThePartTheUserSaw() throws {
        let screen = try FriendsScreen(friends: [1, 2, 3, 4])
        for (_, dataSource) in screen.screen.views { dataSource.canMoveRow = { _, _ in true } }
        try screen.friends.setUpdatesEnabled(false)
        try screen.friends.remove(key: 2)   // the composed screen still shows 1 2 3 4
        let (view, _) = screen.screen.views[0]
        #expect(view.userMovesRow(from: visible(1, 3), to: visible(1, 1)))   // 4 between 1 and 2
        #expect(keys(screen.friends.store.rawSections) == [[1, 4, 3]])
        // Behind its part, the screen went back to what it was told: 1 2 3 4.
        #expect(view.cells[1] == ["e1:1:0a", "e1:2:0a", "e1:3:0a", "e1:4:0a"])
        #expect(view.userMovesRow(from: visible(1, 2), to: visible(1, 0)))   // 3 to the top, above 1
        #expect(keys(screen.friends.store.rawSections) == [[3, 1, 4]], "3 goes before 1, the row it was dropped above")
        try screen.friends.setUpdatesEnabled(true)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aComposedScreenOffersDragsOnlyWhereItsPartsAllowThem() throws {
        let screen = try FriendsScreen()
        let shown = screen.composition.reportedSnapshot
        #expect(!screen.composition.canMoveRow(at: visible(0, 0), in: shown), "a static row")
        #expect(screen.composition.canMoveRow(at: visible(1, 0), in: shown), "a friend")
        #expect(!screen.composition.canMoveRow(at: visible(2, 0), in: shown), "a suggestion: its controller is sectioned by value")
        #expect(!screen.composition.canMoveRow(at: visible(9, 0), in: shown), "no such row")
    }

    /// User drags interleaved with edits the screen has not applied yet
    /// (updates off, batches open, filters): each drag lands next to the
    /// rows the user dropped it between, and nothing else moves.
    @Test(arguments: 0..<24)
    func randomDragsOnAScreenBehindItsControllerLandWhereTheUserDroppedThem(seed: Int) throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let names: [String?] = seed % 3 == 0 ? [nil, nil] : ["A", "B", "C"]
        var nextID = 0
        let controller = try controller(names.map { name in
            (name, (0..<Int.random(in: 0...5, using: &random)).map { _ in nextID += 1; return nextID })
        })
        let screen = Screen(controller)
        screen.dataSource.canMoveRow = { _, _ in true }
        let log = UpdateLog(controller)
        var dragged = 0
        for _ in 0..<60 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                if !controller.isBatching { try controller.setUpdatesEnabled(!controller.updatesEnabled) }
            case 1:
                if controller.isBatching { try controller.endUpdates() } else { try controller.beginUpdates() }
            case 2:
                let section = Int.random(in: 0..<controller.store.numberOfRawSections, using: &random)
                nextID += 1
                try controller.modify { store throws(ResultsError) in try store.add(Entry(id: nextID, value: nextID), toSection: section) }
            case 3:
                if let key = controller.store.rawSections.flatMap(\.elements).randomElement(using: &random)?.id {
                    try controller.remove(key: key)
                }
            case 4:
                if controller.store.filters.isEmpty {
                    try controller.addFilter(VisibleIndexPathTests.even)
                } else {
                    try controller.clearFilters()
                }
            default:
                let shown = screen.dataSource.snapshot
                let before = controller.store.rawSections.map { $0.elements.map(\.id) }
                let sources = (0..<shown.numberOfSections).flatMap { s in (0..<shown.numberOfElements(inSection: s)!).map { visible(s, $0) } }
                guard let source = sources.randomElement(using: &random) else { continue }
                let section = Int.random(in: 0..<shown.numberOfSections, using: &random)
                let limit = shown.numberOfElements(inSection: section)! - (section == source.section ? 1 : 0)
                let destination = visible(section, Int.random(in: 0...limit, using: &random))
                guard source != destination else { continue }
                let key = shown.key(at: source)!
                var seen = shown.sections.map { $0.elements.map(\.id) }
                seen[source.section].remove(at: source.row)
                seen[destination.section].insert(key, at: destination.row)
                let above = destination.row > 0 ? seen[destination.section][destination.row - 1] : nil
                let below = destination.row + 1 < seen[destination.section].count ? seen[destination.section][destination.row + 1] : nil
                let context = "seed \(seed): drag of \(key) from \(source) to \(destination) over \(before), shown \(shown.sections.map { $0.elements.map(\.id) })"
                var errors: [ResultsError] = []
                screen.dataSource.onEditingError = { errors.append($0) }
                #expect(screen.view.userMovesRow(from: source, to: destination), "\(context)")
                let after = controller.store.rawSections.map { $0.elements.map(\.id) }
                if !before.joined().contains(key) {
                    #expect(errors.count == 1 && after == before, "\(context): a removed row is refused, \(errors)")
                    continue
                }
                #expect(errors.isEmpty, "\(context): \(errors)")
                #expect(after.map { $0.filter { $0 != key } } == before.map { $0.filter { $0 != key } }, "\(context): other rows moved: \(after)")
                let target = after.firstIndex { $0.contains(key) }!
                if let name = shown.name(ofSection: section) {
                    #expect(controller.store.rawSections[target].name == name, "\(context): landed in \(after)")
                }
                let row = after[target].firstIndex(of: key)!
                if let below, after[target].contains(below) {
                    #expect(after[target][row + 1] == below, "\(context): not before \(below): \(after)")
                } else if let above, after[target].contains(above) {
                    #expect(after[target][row - 1] == above, "\(context): not after \(above): \(after)")
                }
                dragged += 1
            }
        }
        if controller.isBatching { try controller.endUpdates() }
        if !controller.updatesEnabled { try controller.setUpdatesEnabled(true) }
        screen.expectConsistent("seed \(seed)")
        #expect(log.violations.isEmpty, "seed \(seed): \(log.violations)")
        #expect(dragged > 0, "seed \(seed) made no drag")
    }
}
