import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// After the view: a hook when an update has been shown, and no animation
/// for a view nobody sees.
@Suite("When the view has finished")
@MainActor
struct DataSourceCompletionTests {
    func controller() throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData([Entry(id: 1), Entry(id: 2)])
        return ResultsController(store: store)
    }

    @Test(arguments: [ListViewFlavor.tableView, .collectionView])
    func theHookRunsOnceTheViewShowsTheUpdate(flavor: ListViewFlavor) throws {
        let controller = try controller()
        let screen = Screen(controller, flavor: flavor)
        var shownWhenFinished: [[[String]]] = []
        var finished: [ResultsController<Entry, Int>.Update] = []
        screen.dataSource.onUpdateFinished = { update in
            finished.append(update)
            shownWhenFinished.append(screen.view.cells)
        }
        try controller.add(Entry(id: 3))
        #expect(finished.count == 1 && finished[0].changeset.elementChanges.count == 1)
        #expect(shownWhenFinished == [[["1:0a", "2:0a", "3:0a"]]], "the view already shows the new row")
        try controller.setUpdatesEnabled(false)
        try controller.remove(key: 1)
        try controller.setUpdatesEnabled(true)
        #expect(finished.count == 2 && finished[1].isReload)
        screen.expectConsistent()
    }

    @Test func aViewOffScreenIsReloadedNotAnimated() throws {
        let controller = try controller()
        let screen = Screen(controller)
        var finished = 0
        screen.dataSource.onUpdateFinished = { _ in finished += 1 }
        let (batches, reloads) = (screen.view.completedBatchCount, screen.view.reloadCount)
        screen.view.isInWindow = false
        try controller.add(Entry(id: 3))
        try controller.remove(key: 1)
        #expect(screen.view.completedBatchCount == batches, "no batch animates off screen")
        #expect(screen.view.reloadCount == reloads + 2)
        #expect(finished == 2)
        screen.expectConsistent()
        screen.view.isInWindow = true
        try controller.add(Entry(id: 4))
        #expect(screen.view.completedBatchCount == batches + 1)
        screen.expectConsistent()
    }

    @Test func anUpdateAppliedByHandCallsItsCompletion() throws {
        let controller = try controller()
        let view = ListViewSimulator<String>(flavor: .tableView)
        var shown = controller.reportedSnapshot
        let dataSource = ShownSnapshot { shown }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        var completions: [Bool] = []
        let observation = controller.observe { update in
            update.apply(to: view, updateDataSource: { shown = update.snapshot }) { completions.append($0) }
        }
        try controller.add(Entry(id: 3))
        #expect(completions == [true])
        #expect(view.cells == [["1:0a", "2:0a", "3:0a"]] && view.exception == nil)
        observation.cancel()
    }
}

/// The smallest data source of one's own: it serves whatever snapshot
/// `shown` returns.
@MainActor
final class ShownSnapshot: ListViewDataSource {
    let shown: () -> ResultsSnapshot<Entry, Int>
    init(_ shown: @escaping () -> ResultsSnapshot<Entry, Int>) { self.shown = shown }
    func numberOfSections() -> Int { shown().numberOfSections }
    func numberOfRows(inSection section: Int) -> Int { shown().numberOfElements(inSection: section) ?? 0 }
    func cell(at indexPath: ResultsIndexPath) -> String { shown().element(at: indexPath)!.description }
    func titleForHeader(inSection section: Int) -> String? { shown().name(ofSection: section) }
    func sectionIndexTitles() -> [String]? { nil }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { 0 }
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func commitDelete(at indexPath: ResultsIndexPath) {}
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
}
