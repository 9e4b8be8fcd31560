import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// A data source in the old style: it serves the controller's table as it
/// is now and applies each update's changes without swapping anything.
@MainActor
final class LiveDataSource: ListViewDataSource {
    let controller: ResultsController<Entry, Int>
    init(controller: ResultsController<Entry, Int>) { self.controller = controller }
    func numberOfSections() -> Int { controller.numberOfSections }
    func numberOfRows(inSection section: Int) -> Int { controller.numberOfElements(inSection: section) ?? 0 }
    func cell(at indexPath: ResultsIndexPath) -> String { controller.element(at: indexPath)?.description ?? "?" }
    func titleForHeader(inSection section: Int) -> String? { controller.name(ofSection: section) }
    func sectionIndexTitles() -> [String]? { nil }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { 0 }
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func commitDelete(at indexPath: ResultsIndexPath) {}
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
}

@Suite("Data sources in simulated views")
@MainActor
struct DataSourceTests {
    func controller(_ sections: [ResultsSection<Entry>], hidesEmptySections: Bool = false) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: hidesEmptySections)
        try store.setData(sections: sections)
        return ResultsController(store: store)
    }

    /// The NSFetchedResultsController + collection view crash: a data source
    /// that already serves the new table when the batch starts gives a
    /// collection view that reads its counts there "invalid number of items".
    @Test func theClassicCollectionViewCrashHappensWithALiveDataSource() throws {
        let controller = try controller([ResultsSection(elements: [Entry(id: 1)])])
        let dataSource = LiveDataSource(controller: controller)
        let view = ListViewSimulator(dataSource: dataSource, flavor: .collectionView, countMode: .readAtBatchStart)
        view.reloadData()
        let observation = controller.observe { update in
            update.changeset.apply(to: view) {}   // nothing to swap: it already serves the new table
        }
        try controller.add(Entry(id: 2))
        observation.cancel()
        let exception = try #require(view.exception)
        #expect(exception.reason.contains("Invalid update: invalid number of items in section 0"))
    }

    @Test(arguments: [ListViewCountMode.cached, .readAtBatchStart])
    func theDataSourceSwapsInsideTheBatchAndNeverCrashes(countMode: ListViewCountMode) throws {
        let controller = try controller([ResultsSection(elements: [Entry(id: 1)])])
        let screen = Screen(controller, flavor: .collectionView, countMode: countMode)
        try controller.add(Entry(id: 2))
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.remove(key: 1)
            try controller.addSection(ResultsSection(name: "B", elements: [Entry(id: 3)]))
        }
        screen.expectConsistent()
        #expect(screen.shownRows == [["2:0a"], ["3:0a"]])
    }

    @Test func contentChangesAreReconfiguredSoNoCellIsStale() throws {
        let controller = try controller([ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2)]), ResultsSection(name: "B", elements: [Entry(id: 3)])])
        let screen = Screen(controller)
        // A move and a content change in one batch, and sections that move.
        try controller.setData(sections: [
            ResultsSection(name: "B", elements: [Entry(id: 3, value: 7)]),
            ResultsSection(name: "A", elements: [Entry(id: 2, value: 1), Entry(id: 1, value: 5)]),
        ])
        screen.expectConsistent()
    }

    @Test func reloadsInsideTheBatchStayOutOfBatchesThatMoveSections() throws {
        let controller = try controller([ResultsSection(name: "A", elements: [Entry(id: 1)]), ResultsSection(name: "B", elements: [Entry(id: 2), Entry(id: 3), Entry(id: 4)])])
        let screens = everyViewKind.map { Screen(controller, flavor: $0.0, countMode: $0.1) }
        for screen in screens { screen.dataSource.contentUpdates = .reload }
        // B's rows change while B moves before A: reloads there would land in the wrong section.
        try controller.setData(sections: [
            ResultsSection(name: "B", elements: [Entry(id: 2, value: 1), Entry(id: 3, value: 1), Entry(id: 4, value: 1)]),
            ResultsSection(name: "A", elements: [Entry(id: 1)]),
        ])
        for screen in screens { screen.expectConsistent("\(screen.view.flavor) \(screen.view.countMode)") }
        // Without section moves, reloads go in the batch.
        let before = screens[0].view.completedBatchCount
        try controller.replace(Entry(id: 1, value: 9))
        for screen in screens { screen.expectConsistent("\(screen.view.flavor) \(screen.view.countMode)") }
        #expect(screens[0].view.completedBatchCount == before + 1)
    }

    @Test func aReloadReloadsTheView() throws {
        let controller = try controller([ResultsSection(elements: [Entry(id: 1)])])
        let screen = Screen(controller, flavor: .collectionView, countMode: .readAtBatchStart)
        try controller.setUpdatesEnabled(false)
        try controller.setData([Entry(id: 4), Entry(id: 5)])
        #expect(screen.shownRows == [["1:0a"]])
        try controller.setUpdatesEnabled(true)
        screen.expectConsistent()
        #expect(screen.shownRows == [["4:0a", "5:0a"]])
    }
}

@Suite("Random operations through data sources")
@MainActor
struct DataSourceRandomTests {
    @Test(arguments: RandomOperationTests.configurations)
    func everyBatchAppliesInEveryKindOfView(_ configuration: RandomStoreConfiguration<Entry>) {
        var batches = 0
        for seed in 1...12 as ClosedRange<UInt64> {
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: RandomOperationTests.vocabulary, seed: seed)
            let screens = everyViewKind.map { Screen(runner.controller, flavor: $0.0, countMode: $0.1) }
            runner.afterBatch = { [unowned runner] in
                batches += 1
                for screen in screens {
                    let consistent = screen.expectConsistent("seed \(seed) \(configuration) \(screen.view.flavor) \(screen.view.countMode) at operation \(runner.operationCount - 1)")
                    if !consistent { return "\(screen.view.flavor) \(screen.view.countMode) disagrees" }
                }
                return nil
            }
            if let failure = runner.run(operations: 240) {
                Issue.record("\(failure)")
                return
            }
        }
        #expect(batches > 1_000)
    }

    @Test func everyPairOfSmallTablesAppliesInEveryKindOfView() throws {
        let tables = ExhaustiveTableTests.tables(sections: 2, rows: 2, keys: 3, names: ["A"], contents: true)
        var random = SeededRandomNumberGenerator(seed: 12)
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let screens = everyViewKind.map { Screen(controller, flavor: $0.0, countMode: $0.1) }
        for _ in 0..<3_000 {
            let new = tables.randomElement(using: &random)!
            try controller.setData(sections: new)
            for screen in screens {
                screen.expectConsistent("\(screen.view.flavor) \(screen.view.countMode) to \(new.map { "\($0.name ?? "-"):\($0.elements)" })")
            }
            if screens.contains(where: { $0.view.hasCrashed }) { return }
        }
    }
}
