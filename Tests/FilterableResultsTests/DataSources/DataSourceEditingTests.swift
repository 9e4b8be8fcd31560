import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The user edits the view: deletes and moves go through the snapshot the
/// view shows, and the view ends up showing the model.
@Suite("Editing through a data source")
@MainActor
struct DataSourceEditingTests {
    func filteredController(hidesEmptySections: Bool = true) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: hidesEmptySections)
        try store.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3), Entry(id: 4, value: 4)]),
            ResultsSection(name: "B", elements: [Entry(id: 5, value: 5)]),
            ResultsSection(name: "C", elements: [Entry(id: 6, value: 6)]),
        ])
        store.addFilter(VisibleIndexPathTests.even)
        return ResultsController(store: store)
    }

    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func swipeToDeleteUnderAFilterRemovesTheRowTheUserSaw(flavor: ListViewFlavor) throws {
        let controller = try filteredController()
        let screen = Screen(controller, flavor: flavor, countMode: .readAtBatchStart)
        screen.dataSource.canDeleteRow = { _, _ in true }
        #expect(screen.shownRows == [["2:2a", "4:4a"], ["6:6a"]])
        #expect(screen.view.userDeletesRow(at: visible(0, 1)))
        #expect(!controller.store.contains(key: 4) && controller.store.contains(key: 2) && controller.store.contains(key: 3))
        screen.expectConsistent()
        // The last row of a section: the section goes too, as empty sections are hidden.
        #expect(screen.view.userDeletesRow(at: visible(1, 0)))
        screen.expectConsistent()
        #expect(screen.shownRows == [["2:2a"]])
    }

    @Test func swipeToDeleteRemovesWhatTheViewShowsEvenInsideAnOpenBatch() throws {
        let controller = try filteredController()
        let screen = Screen(controller)
        screen.dataSource.canDeleteRow = { _, _ in true }
        try controller.beginUpdates()
        try controller.remove(key: 2)   // not reported yet: the view still shows 2 at [0, 0]
        #expect(screen.view.userDeletesRow(at: visible(0, 0)))
        #expect(controller.store.contains(key: 4), "the row shown at [0, 0] was 2, already gone; 4 stays")
        try controller.endUpdates()
        screen.expectConsistent()
    }

    @Test func aRowTheDataSourceDoesNotLetTheUserDeleteStays() throws {
        let controller = try filteredController()
        let screen = Screen(controller)
        screen.dataSource.canDeleteRow = { _, entry in entry.id != 2 }
        #expect(!screen.view.userDeletesRow(at: visible(0, 0)))
        #expect(controller.store.contains(key: 2))
    }

    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func aUserMoveUpdatesTheModelWithoutEchoingTheMove(flavor: ListViewFlavor) throws {
        let controller = try filteredController()
        let screen = Screen(controller, flavor: flavor, countMode: .readAtBatchStart)
        screen.dataSource.canMoveRow = { _, _ in true }
        let batches = screen.view.completedBatchCount
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(1, 1)))
        #expect(controller.indexPath(forKey: 2) == visible(1, 1))
        #expect(keys(controller.store.rawSections) == [[1, 3, 4], [5], [6, 2]])
        #expect(screen.view.completedBatchCount == batches, "the move was not sent back to the view")
        screen.expectConsistent()
        // Within a section, past hidden rows.
        #expect(screen.view.userMovesRow(from: visible(0, 0), to: visible(0, 0)))
        try controller.add(Entry(id: 8, value: 8), toSection: 0)
        #expect(screen.view.userMovesRow(from: visible(0, 1), to: visible(0, 0)))
        #expect(keys(controller.store.rawSections) == [[1, 3, 8, 4], [5], [6, 2]])
        screen.expectConsistent()
    }

    @Test func headerAndIndexTitlesFollowTheSections() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "apple"), Entry(id: 2, group: "avocado"), Entry(id: 3, group: "cherry")])
        let controller = ResultsController(store: store)
        let screen = Screen(controller)
        screen.dataSource.sectionIndex = .firstLetters
        screen.view.reloadData()
        #expect(screen.view.headerTitles == ["apple", "avocado", "cherry"])
        #expect(screen.view.indexTitles == ["A", "C"])
        #expect(screen.view.userTapsSectionIndexTitle(at: 1) == 2)
        try controller.add(Entry(id: 4, group: "banana"))
        screen.expectConsistent()
        #expect(screen.view.indexTitles == ["A", "B", "C"])
        #expect(!screen.view.indexTitlesAreStale)
    }
}
