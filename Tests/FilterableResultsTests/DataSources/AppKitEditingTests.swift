@testable import FilterableResults
import Foundation
import FilterableResultsTesting
import TestSupport
import Testing

/// What the AppKit shells do when the user edits: a drop (the view does
/// not move the row itself: the update shows the move), a delete of the
/// selected rows, where a row dropped between an `NSTableView`'s rows
/// goes, and where a collection view's proposed drop goes (or why it is
/// refused). Every update goes through the simulated view.
@Suite("AppKit editing")
@MainActor
struct AppKitEditingTests {
    func screen(_ sections: [(String?, [Int])], flavor: ListViewFlavor = .tableView) throws -> Screen {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: false)
        try store.setData(sections: sections.map { ResultsSection(name: $0.0, elements: $0.1.map { Entry(id: $0) }) })
        let screen = Screen(ResultsController(store: store), flavor: flavor)
        screen.dataSource.canMoveRow = { _, _ in true }
        screen.dataSource.canDeleteRow = { _, entry in entry.id != 2 }
        return screen
    }

    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func aRowDroppedLowerInItsSectionLandsBeforeTheRowItWasDroppedAbove(flavor: ListViewFlavor) throws {
        let screen = try screen([("A", [1, 2, 3]), ("B", [4, 5])], flavor: flavor)
        let log = UpdateLog(screen.controller)
        screen.dataSource.dropRow(at: visible(0, 0), before: visible(0, 2))
        #expect(keys(screen.controller.store.rawSections) == [[2, 1, 3], [4, 5]])
        screen.dataSource.dropRow(at: visible(0, 2), before: visible(0, 0))
        #expect(keys(screen.controller.store.rawSections) == [[3, 2, 1], [4, 5]])
        #expect(log.updates.count == 2 && log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func aRowDroppedInAnotherSectionLandsThere(flavor: ListViewFlavor) throws {
        let screen = try screen([("A", [1, 2, 3]), ("B", [4, 5]), ("C", [])], flavor: flavor)
        let log = UpdateLog(screen.controller)
        screen.dataSource.dropRow(at: visible(0, 0), before: visible(1, 2))   // below B's last row
        screen.dataSource.dropRow(at: visible(1, 0), before: visible(2, 0))   // into empty C
        #expect(keys(screen.controller.store.rawSections) == [[2, 3], [5, 1], [4]])
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func aDropWhereTheRowIsChangesNothing() throws {
        let screen = try screen([(nil, [1, 2, 3])])
        let log = UpdateLog(screen.controller)
        screen.dataSource.dropRow(at: visible(0, 1), before: visible(0, 1))
        screen.dataSource.dropRow(at: visible(0, 1), before: visible(0, 2))
        #expect(log.updates.isEmpty)
    }

    @Test func aDropTheSourceRefusesChangesNothingAndReportsWhy() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)])
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2)])
        let screen = Screen(ResultsController(store: store))
        var errors: [ResultsError] = []
        screen.dataSource.onEditingError = { errors.append($0) }
        screen.dataSource.dropRow(at: visible(0, 0), before: visible(0, 2))
        let unsorted = try self.screen([(nil, [1, 2])])
        unsorted.dataSource.onEditingError = { errors.append($0) }
        unsorted.dataSource.dropRow(at: visible(0, 0), before: visible(3, 0))
        #expect(errors.count == 2 && errors.first == .rowsPlacedByStore(operation: "moving a row"))
        if case .indexPathOutOfRange(visible(3, 0), _, _)? = errors.last {} else { Issue.record("\(errors)") }
        #expect(keys(screen.controller.store.rawSections) == [[1, 2]] && keys(unsorted.controller.store.rawSections) == [[1, 2]])
        screen.expectConsistent()
        unsorted.expectConsistent()
    }

    @Test func deletingSelectedRowsRemovesThoseTheUserMayDelete() throws {
        let screen = try screen([("A", [1, 2, 3]), ("B", [4, 5])])
        let log = UpdateLog(screen.controller)
        screen.dataSource.commitDelete(at: [visible(0, 0), visible(0, 1), visible(1, 1), visible(7, 7)])
        #expect(keys(screen.controller.store.rawSections) == [[2, 3], [4]], "2 may not be deleted; 7.7 is no row")
        #expect(log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    /// Drops `source` where a collection view proposes, as the shell does:
    /// validated, retargeted, then dropped; whether it was taken.
    func drop(_ screen: Screen, _ source: ResultsIndexPath, proposed: IndexPath, onto: Bool) -> Bool {
        guard let position = screen.dataSource.dropPosition(dragging: source, proposed: proposed, onto: onto) else { return false }
        screen.dataSource.dropRow(at: source, before: position)
        return true
    }

    @Test(arguments: [ListViewFlavor.collectionView, .tableView])
    func anItemDroppedOntoAnotherGoesBeforeIt(flavor: ListViewFlavor) throws {
        let screen = try screen([("A", [1, 2, 3]), ("B", [4, 5])], flavor: flavor)
        let log = UpdateLog(screen.controller)
        #expect(screen.dataSource.dropPosition(dragging: visible(0, 0), proposed: [1, 1], onto: true) == visible(1, 1))
        #expect(drop(screen, visible(0, 0), proposed: [0, 2], onto: true))    // 1 onto 3: before it
        #expect(keys(screen.controller.store.rawSections) == [[2, 1, 3], [4, 5]])
        #expect(drop(screen, visible(1, 1), proposed: [0, 0], onto: true))    // 5 onto 2: before it
        #expect(keys(screen.controller.store.rawSections) == [[5, 2, 1, 3], [4]])
        #expect(log.updates.count == 2 && log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func anItemDroppedBeforeAnItemOrAtASectionsEndLandsThere() throws {
        let screen = try screen([("A", [1, 2, 3]), ("B", [4]), ("C", [])], flavor: .collectionView)
        let log = UpdateLog(screen.controller)
        #expect(drop(screen, visible(0, 2), proposed: [0, 0], onto: false))   // 3 before 1
        #expect(drop(screen, visible(0, 0), proposed: [1, 1], onto: false))   // 3 at B's end
        #expect(drop(screen, visible(0, 0), proposed: [2, 0], onto: false))   // 1 into empty C
        #expect(keys(screen.controller.store.rawSections) == [[2], [4, 3], [1]])
        #expect(log.updates.count == 3 && log.violations.isEmpty, "\(log.violations)")
        screen.expectConsistent()
    }

    @Test func aCollectionViewDropOutsideTheTableOrOfARowThatMayNotMoveIsRefused() throws {
        let screen = try screen([("A", [1, 2]), ("B", [])], flavor: .collectionView)
        let log = UpdateLog(screen.controller)
        let refused: [(source: ResultsIndexPath, proposed: IndexPath, onto: Bool, why: String)] = [
            (visible(0, 0), IndexPath(indexes: [0, 2]), true, "onto past A's last item"),
            (visible(0, 0), IndexPath(indexes: [1, 0]), true, "onto empty B"),
            (visible(0, 0), IndexPath(indexes: [0, 3]), false, "before past A's end"),
            (visible(0, 0), IndexPath(indexes: [0, -1]), false, "a negative item"),
            (visible(0, 0), IndexPath(indexes: [2, 0]), false, "a section past the table"),
            (visible(0, 0), IndexPath(indexes: [-1, 0]), false, "a negative section"),
            (visible(0, 0), IndexPath(indexes: [0]), false, "one index"),
            (visible(0, 0), IndexPath(indexes: [0, 0, 0]), false, "three indexes"),
            (visible(0, 0), IndexPath(indexes: []), false, "no index"),
            (visible(3, 0), IndexPath(indexes: [0, 0]), false, "a dragged row the table lacks"),
            (visible(0, 0), IndexPath(indexes: [Int.max, Int.max]), false, "huge indexes"),
        ]
        for (source, proposed, onto, why) in refused {
            #expect(screen.dataSource.dropPosition(dragging: source, proposed: proposed, onto: onto) == nil, "\(why)")
        }
        screen.dataSource.canMoveRow = { _, entry in entry.id != 1 }
        #expect(screen.dataSource.dropPosition(dragging: visible(0, 0), proposed: [0, 2], onto: false) == nil, "1 may not move")
        #expect(screen.dataSource.dropPosition(dragging: visible(0, 1), proposed: [1, 0], onto: false) == visible(1, 0))
        #expect(log.updates.isEmpty && keys(screen.controller.store.rawSections) == [[1, 2], []])
        screen.expectConsistent()
    }

    @Test func aCollectionViewDropTheSourceRefusesChangesNothingAndReportsWhy() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)])
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2)])
        let screen = Screen(ResultsController(store: store), flavor: .collectionView)
        screen.dataSource.canMoveRow = { _, _ in true }
        #expect(screen.dataSource.dropPosition(dragging: visible(0, 0), proposed: [0, 1], onto: true) == nil, "a sorted list's rows do not move")
        #expect(keys(screen.controller.store.rawSections) == [[1, 2]])
        screen.expectConsistent()
    }

    @Test func aRowDroppedBetweenATableViewsRowsGoesBeforeTheRowBelowOrAtTheEndOfTheSectionAbove() {
        // Rows: 0 header A, 1-2 A's elements, 3 header B (empty), 4 header C, 5 C's element.
        let layout = FlatListLayout(elementCounts: [2, 0, 1], titles: ["A", "B", "C"])
        #expect(layout.dropPosition(aboveRow: 0) == nil, "above the first header")
        #expect(layout.dropPosition(aboveRow: 1) == visible(0, 0))
        #expect(layout.dropPosition(aboveRow: 2) == visible(0, 1))
        #expect(layout.dropPosition(aboveRow: 3) == visible(0, 2), "above B's header: the end of A")
        #expect(layout.dropPosition(aboveRow: 4) == visible(1, 0), "above C's header: into empty B")
        #expect(layout.dropPosition(aboveRow: 5) == visible(2, 0))
        #expect(layout.dropPosition(aboveRow: 6) == visible(2, 1), "below the last row")
        #expect(layout.dropPosition(aboveRow: 7) == nil && layout.dropPosition(aboveRow: -1) == nil)
        let plain = FlatListLayout(elementCounts: [2], titles: [nil])
        #expect(plain.dropPosition(aboveRow: 0) == visible(0, 0) && plain.dropPosition(aboveRow: 2) == visible(0, 2))
        #expect(FlatListLayout().dropPosition(aboveRow: 0) == nil)
    }
}
