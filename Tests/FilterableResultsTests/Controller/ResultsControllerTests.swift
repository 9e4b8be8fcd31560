import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("ResultsController batching and events")
struct ResultsControllerTests {
    let delegate = RecordingDelegate()

    func controller(_ ids: [Int] = []) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(ids.map { Entry(id: $0) })
        let controller = ResultsController(store: store)
        controller.delegate = delegate
        return controller
    }

    @Test func loneMutationIsABatchOfItsOwn() throws {
        let controller = try controller([1])
        try controller.add(Entry(id: 2))
        #expect(delegate.calls == ["will", "insert 2", "did"])
    }

    @Test func nestedBatchesReportOnceAtTheOutermostEnd() throws {
        let controller = try controller([1])
        try controller.beginUpdates()
        try controller.add(Entry(id: 2))
        try controller.beginUpdates()
        try controller.add(Entry(id: 3))
        try controller.endUpdates()
        #expect(delegate.calls.isEmpty)
        try controller.endUpdates()
        #expect(delegate.calls == ["will", "insert 2", "insert 3", "did"])
    }

    @Test func insertThenRemoveInOneBatchReportsNothing() throws {
        let controller = try controller([1])
        try controller.performBatchUpdates {
            try controller.add(Entry(id: 2))
            try controller.remove(key: 2)
        }
        #expect(delegate.calls.isEmpty)
    }

    @Test func removeThenReAddIsTheSameRow() throws {
        let controller = try controller([1, 2, 3])
        let old = controller.store.snapshot.sections.map(ResultsSection.init)
        try controller.performBatchUpdates {
            try controller.remove(key: 1)
            try controller.add(Entry(id: 1, value: 5))
        }
        #expect(delegate.calls == ["will", "move 1", "did"])
        let changeset = try #require(delegate.changesets.first)
        #expect(changeset.elementChanges.first?.isUpdated == true)
        #expect(BatchUpdateValidator.violations(of: changeset, from: old, to: controller.store.snapshot.sections.map(ResultsSection.init), key: \.id).isEmpty)
    }

    @Test func throwingBatchRollsBackAndReportsNothing() throws {
        let controller = try controller([1, 2])
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try controller.performBatchUpdates {
                try controller.add(Entry(id: 3))
                try controller.remove(key: 1)
                throw Failure()
            }
        }
        #expect(keys(controller.store.rawSections) == [[1, 2]])
        #expect(delegate.calls.isEmpty)
        try controller.add(Entry(id: 4))
        #expect(delegate.calls == ["will", "insert 4", "did"])
    }

    @Test func endUpdatesWithoutBeginIsAnError() throws {
        let controller = try controller()
        #expect(throws: ResultsError.unbalancedEndUpdates) { try controller.endUpdates() }
    }

    @Test func errorInsideABatchRefusesOnlyThatOperation() throws {
        let controller = try controller([1])
        try controller.beginUpdates()
        try controller.add(Entry(id: 2))
        #expect(throws: ResultsError.duplicateKey("1")) { try controller.add(Entry(id: 1)) }
        try controller.endUpdates()
        #expect(delegate.calls == ["will", "insert 2", "did"])
    }

    @Test func mutatingFromInsideACallbackIsAClearError() throws {
        let controller = try controller([1])
        delegate.mutatesInCallback = true
        try controller.add(Entry(id: 2))
        #expect(delegate.mutationError == .changedDuringNotification)
        #expect(controller.store.contains(key: 999) == false)
    }

    @Test func disabledUpdatesEmitOneReloadWhenReEnabledAfterAChange() throws {
        let controller = try controller([1])
        try controller.setUpdatesEnabled(false)
        try controller.add(Entry(id: 2))
        try controller.remove(key: 1)
        #expect(delegate.calls.isEmpty)
        try controller.setUpdatesEnabled(true)
        #expect(delegate.calls == ["reload"])
    }

    /// A batch of exactly `reloadThreshold` changes is reported as changes;
    /// one more change makes it a reload.
    @Test(arguments: [1, 2, 5])
    func reloadThresholdIsABoundNotALimit(threshold: Int) throws {
        let controller = try controller([])
        controller.reloadThreshold = threshold
        try controller.setData((0..<threshold).map { Entry(id: $0) })
        #expect(delegate.calls.contains("reload") == false)
        #expect(delegate.calls.filter { $0.hasPrefix("insert") }.count == threshold)
        delegate.calls.removeAll()
        try controller.setData([Entry(id: 1_000)])   // threshold deletes and one insert
        #expect(delegate.calls == ["reload"])
    }

    @Test func reEnablingWithoutAVisibleChangeEmitsNothing() throws {
        let controller = try controller([1])
        try controller.setUpdatesEnabled(false)
        try controller.add(Entry(id: 2))
        try controller.remove(key: 2)
        try controller.setUpdatesEnabled(true)
        #expect(delegate.calls.isEmpty)
    }

    @Test func togglingUpdatesInsideABatchIsRefused() throws {
        let controller = try controller([1])
        try controller.beginUpdates()
        #expect(throws: ResultsError.updatesToggledDuringBatch) { try controller.setUpdatesEnabled(false) }
        try controller.endUpdates()
    }

    @Test func reloadThresholdReplacesTheGroupWithAReload() throws {
        let controller = try controller([1])
        controller.reloadThreshold = 2
        try controller.setData([Entry(id: 5), Entry(id: 6), Entry(id: 7)])
        #expect(delegate.calls == ["reload"])
    }

    @Test func closureObserverReceivesTheChangeset() throws {
        let controller = try controller([1])
        var received: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
        let observation = controller.observe { received.append($0) }
        defer { observation.cancel() }
        try controller.replace(Entry(id: 1, value: 2))
        let update = try #require(received.first)
        #expect(!update.isReload)
        #expect(summary(update.changeset) == ["update 1 [0, 0]→[0, 0]"])
        #expect(update.snapshot.element(at: ResultsIndexPath(row: 0, section: 0))?.value == 2)
    }

    @Test func delegateIsHeldWeakly() throws {
        let controller = try controller([1])
        do {
            let temporary = RecordingDelegate()
            controller.delegate = temporary
        }
        #expect(controller.delegate == nil)
        try controller.add(Entry(id: 2))
    }

    @Test func accessorsShowTheTableNowAndTheReportedSnapshotWaitsForTheReport() throws {
        let controller = try controller([1, 2])
        try controller.beginUpdates()
        try controller.remove(key: 1)
        try controller.add(Entry(id: 3))
        #expect(controller.numberOfElements(inSection: 0) == 2)
        #expect(controller.element(at: visible(0, 0))?.id == 2)
        #expect(controller.reportedSnapshot.element(at: visible(0, 0))?.id == 1)
        #expect(delegate.updates.isEmpty)
        try controller.endUpdates()
        #expect(controller.reportedSnapshot.element(at: visible(0, 0))?.id == 2)
        #expect(controller.numberOfSections == 1)
        #expect(controller.element(at: visible(0, 1))?.id == 3)
        #expect(controller.element(at: visible(0, 2)) == nil)
        #expect(controller.numberOfElements(inSection: 4) == nil)
    }

    @Test func theUpdateCarriesTheTableAfterIt() throws {
        let controller = try controller([1])
        let before = controller.snapshot
        try controller.add(Entry(id: 2))
        let update = try #require(delegate.updates.last)
        #expect(update.snapshot.elements.map(\.id) == [1, 2])
        #expect(before.elements.map(\.id) == [1], "an earlier snapshot never changes")
    }

    @Test func theTableIsTheNewOneInsideTheCallbacks() throws {
        let controller = try controller([1])
        var countsSeen: [Int?] = []
        let observation = controller.observe { _ in countsSeen.append(controller.numberOfElements(inSection: 0)) }
        defer { observation.cancel() }
        try controller.add(Entry(id: 2))
        #expect(countsSeen == [2])
    }

    @Test func theReportedSnapshotWaitsWhileUpdatesAreDisabled() throws {
        let controller = try controller([1])
        controller.delegate = nil
        try controller.setUpdatesEnabled(false)
        try controller.setData([Entry(id: 5), Entry(id: 6)])
        #expect(controller.reportedSnapshot.numberOfElements(inSection: 0) == 1)
        #expect(controller.reportedSnapshot.element(at: visible(0, 0))?.id == 1)
        #expect(controller.numberOfElements(inSection: 0) == 2)
        var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
        let observation = controller.observe { updates.append($0) }
        defer { observation.cancel() }
        try controller.setUpdatesEnabled(true)
        #expect(controller.reportedSnapshot.numberOfElements(inSection: 0) == 2)
        #expect(updates.count == 1 && updates[0].isReload && updates[0].snapshot.elements.map(\.id) == [5, 6])
    }

    @Test func theReportedTableFollowsFiltersAndHiddenSections() throws {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [ResultsSection(name: "A", elements: [Entry(id: 1, value: 1)]), ResultsSection(name: "B", elements: [Entry(id: 2, value: 2)])])
        let controller = ResultsController(store: store)
        try controller.addFilter(ResultsFilter(title: "even") { $0.value % 2 == 0 })
        #expect(controller.numberOfSections == 1)
        #expect(controller.name(ofSection: 0) == "B")
        #expect(controller.element(at: ResultsIndexPath(row: 0, section: 0))?.id == 2)
    }
}
