import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The examples of the testing library's documentation comments, line for
/// line as they are shown (`.ci/snippets/check` finds each here), with what
/// their documentation says they do.
@MainActor
@Suite("Documentation examples: the testing library")
struct TestingExamplesTests {
    struct Item: Equatable, Sendable {
        var id: Int
        var title = ""
    }

    /// A data source of the documentation: a flat list of items, changed by hand.
    @MainActor
    final class MyDataSource: ListViewDataSource {
        var items: [String] = ["a", "b", "c"]

        func numberOfSections() -> Int { 1 }
        func numberOfRows(inSection section: Int) -> Int { items.count }
        func cell(at indexPath: ResultsIndexPath) -> String { items[indexPath.row] }
        func titleForHeader(inSection section: Int) -> String? { nil }
        func titleForFooter(inSection section: Int) -> String? { nil }
        func sectionIndexTitles() -> [String]? { nil }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int { index }
        func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
        func commitDelete(at indexPath: ResultsIndexPath) {}
        func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
        func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
        func didSelectRow(at indexPath: ResultsIndexPath) {}
    }

    @Test func theSimulatorChecksABatchAsUIKitDoes() {
        let newItems = ["a", "b", "c", "d"]
        let dataSource = MyDataSource()
        let view = ListViewSimulator(dataSource: dataSource, flavor: .collectionView)
        view.layoutIfNeeded()
        view.performBatchUpdates({
            dataSource.items = newItems           // change the data inside the batch
            view.insertRows(at: [ResultsIndexPath(row: 3, section: 0)])
        }, completion: nil)
        #expect(view.exception == nil)
        #expect(view.staleRows().isEmpty)
        #expect(view.cells == [newItems])

        // The same batch without its insert is what UIKit refuses.
        let wrong = ListViewSimulator(dataSource: MyDataSource(), flavor: .collectionView)
        wrong.layoutIfNeeded()
        wrong.performBatchUpdates({ (wrong.dataSource as? MyDataSource)?.items = newItems }, completion: nil)
        #expect(wrong.exception != nil)
    }

    @Test func theValidatorChecksAChangesetBetweenTwoTables() throws {
        let oldSections = [ResultsSection(elements: [Item(id: 1), Item(id: 2)])]
        let newSections = [ResultsSection(elements: [Item(id: 2)])]
        let changeset = ResultsChangeset<Item, Int>(elementChanges: [
            .init(.delete(at: ResultsIndexPath(row: 0, section: 0)), key: 1, element: Item(id: 1)),
        ])
        let violations = BatchUpdateValidator.violations(
            of: changeset, from: oldSections, to: newSections, key: \.id)
        #expect(violations.isEmpty, "\(violations)")

        let (old, new) = (oldSections, newSections)
        try BatchUpdateValidator.validate(changeset, from: old, to: new, key: \.id) { $0 == $1 }
        let wrong = ResultsChangeset<Item, Int>(elementChanges: [
            .init(.delete(at: ResultsIndexPath(row: 1, section: 0)), key: 1, element: Item(id: 1)),
        ])
        #expect(throws: (any Error).self) { try BatchUpdateValidator.validate(wrong, from: old, to: new, key: \.id) { $0 == $1 } }
    }

    @Test func theValidatorChecksAnUpdateAgainstTheTableShown() throws {
        let controller = ResultsController(store: ResultsStore<Item, Int>(key: \.id))
        var shown = controller.reportedSnapshot
        var checked = 0
        let observation = controller.observe { update in
            let violations = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
            #expect(violations.isEmpty, "\(violations)")
            checked += 1
            shown = update.snapshot
        }
        try controller.setData([Item(id: 1), Item(id: 2)])
        try controller.update(1) { $0.title = "one" }
        let byKey = controller.observe { [shown] update in
            let violations = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot, key: \.id)
            #expect(violations.isEmpty, "\(violations)")
        }
        try controller.remove(key: 2)
        #expect(checked == 3)
        observation.cancel()
        byKey.cancel()
    }

    @Test @MainActor func theRecorderListsTheCallsAViewWouldGet() throws {
        var store = ResultsStore<Item, Int>(key: \.id)
        try store.setData([Item(id: 1), Item(id: 2)])
        _ = store.takeChangeset()
        try store.remove(key: 2)
        let changeset = store.takeChangeset()
        let recorder = BatchUpdateRecorder()
        changeset.apply(to: recorder, updateDataSource: {})
        #expect(recorder.calls == [.deleteRows([ResultsIndexPath(row: 1, section: 0)])])
    }

    @Test func aSeededGeneratorReplaysItsNumbers() {
        var again = SeededRandomNumberGenerator(seed: 42)
        var random = SeededRandomNumberGenerator(seed: 42)
        let n = Int.random(in: 0..<10, using: &random)
        #expect((0..<10).contains(n) && n == Int.random(in: 0..<10, using: &again))
    }

    @Test func theReferenceModelDoesWhatTheStoreDoes() throws {
        let item = Item(id: 1)
        var store = ResultsStore<Item, Int>(key: \.id)
        var model = ReferenceModel<Item, Int>(key: { $0.id })
        try model.add(item)
        try store.add(item)
        #expect(model.sections == store.rawSections)
        #expect(throws: ResultsError.duplicateKey("1")) { try model.add(item) }
    }
}
