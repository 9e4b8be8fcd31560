import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// When an element stored again under its key counts as changed, and how
/// the changed rows are counted.
@Suite("Content comparison")
@MainActor
struct ContentComparisonTests {
    struct Reading: Equatable, Sendable {
        var id: Int
        var level: Double
    }

    @Test func anElementNotEqualToItselfStoredAgainAsItWasIsNoChange() throws {
        // `==` is reflexive: the same bytes are the same content, though a
        // NaN field makes `==` say otherwise.
        var store = ResultsStore<Reading, Int>(key: \.id)
        let readings = [Reading(id: 1, level: .nan), Reading(id: 2, level: 2)]
        try store.setData(readings)
        _ = store.takeChangeset()

        #expect(try store.setData(readings).updated == 0)
        #expect(try store.merge(readings).updated == 0)
        try store.replace(readings[0])
        #expect(store.takeChangeset().isEmpty)

        // Control: a reading that did change still does.
        #expect(try store.setData([readings[0], Reading(id: 2, level: 3)]).updated == 1)
    }

    @Test func theValidatorAndTheViewAgreeThatTheSameBytesAreNoChange() throws {
        let readings = [Reading(id: 1, level: .nan), Reading(id: 2, level: 2)]
        var store = ResultsStore<Reading, Int>(key: \.id)
        try store.setData(readings)
        let controller = ResultsController(store: store)
        let view = ListViewSimulator<String>(flavor: .tableView, countMode: .readAtBatchStart)
        let dataSource = ResultsDataSource(controller: controller, view: view) { _, reading in "\(reading.id): \(reading.level)" }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        var shown = controller.snapshot.sections.map(ResultsSection.init)
        var violations: [BatchUpdateViolation] = []
        var updated: [[Int]] = []
        let observation = controller.observe { update in
            let new = update.snapshot.sections.map(ResultsSection.init)
            violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: new, key: \.id)
            updated.append(update.changeset.elementChanges.map(\.key))
            shown = new
        }

        try controller.setData([readings[0], Reading(id: 2, level: 3)])

        #expect(updated == [[2]])
        #expect(violations.isEmpty, "\(violations)")
        #expect(view.exception == nil)
        #expect(view.staleRows().isEmpty)
        #expect(view.cells == [["1: nan", "2: 3.0"]])
        // The diff of two tables built apart says the same.
        let apart = try ResultsStore<Reading, Int>.changeset(
            from: [ResultsSection(elements: readings)], to: [ResultsSection(elements: [readings[0], Reading(id: 2, level: 3)])], key: \.id)
        #expect(apart.elementChanges.map(\.key) == [2])
        withExtendedLifetime(observation) {}
    }

    @Test func aKeyRepeatedUnchangedThenChangedIsOneUpdatedRow() throws {
        // The first occurrence leaves the row as it was, the repeat changes
        // it: dense claims (setData) and sparse ones (a small page merged
        // into a larger store).
        let validated = try ValidatedController(keys: Array(1...40))
        let refresh = try validated.controller.setData((1...40).map { Entry(id: $0) } + [Entry(id: 7, value: 7)])
        #expect((refresh.updated, refresh.foldedDuplicates) == (1, 1))
        let page = try validated.controller.merge([Entry(id: 9), Entry(id: 9, value: 9)])
        #expect((page.updated, page.foldedDuplicates) == (1, 1))
        #expect(validated.violations.isEmpty, "\(validated.violations)")
        #expect(validated.controller.visibleElement(forKey: 7)?.value == 7)
        #expect(validated.controller.visibleElement(forKey: 9)?.value == 9)
    }

    @Test func anAppsComparisonIsAskedEvenForTheSameBytes() throws {
        // The app may mean "always reload": its comparison decides.
        let validated = try ValidatedController(ResultsStore<Entry, Int>(key: \.id, isSameContent: { _, _ in false }), isSameContent: { _, _ in false })
        let entries = [Entry(id: 1), Entry(id: 2, value: 5), Entry(id: 3)]
        try validated.controller.setData(entries)

        let refresh = try validated.controller.setData(entries)

        #expect(refresh.updated == 3)
        #expect(validated.violations.isEmpty, "\(validated.violations)")
        #expect(validated.updates.last.map { summary($0.changeset) } == ["update 1 [0, 0]→[0, 0]", "update 2 [0, 1]→[0, 1]", "update 3 [0, 2]→[0, 2]"])
    }

    @Test func setDataCountsTheRowsUpdatedInEverySectionEachOnce() throws {
        let validated = try ValidatedController()
        try validated.controller.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1), Entry(id: 2)]),
            ResultsSection(name: "B", elements: [Entry(id: 3), Entry(id: 4)]),
        ])

        // Rows 1, 2 and 4 change; key 1 comes again in section B, changed
        // again: it folds into its first place, and is one updated row.
        let refresh = try validated.controller.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 1), Entry(id: 2, value: 2)]),
            ResultsSection(name: "B", elements: [Entry(id: 3), Entry(id: 4, value: 4), Entry(id: 1, value: 9)]),
        ])

        #expect(refresh.updated == 3)
        #expect(refresh.foldedDuplicates == 1)
        #expect(validated.violations.isEmpty, "\(validated.violations)")
        #expect(validated.keys == [[1, 2], [3, 4]])
        #expect(validated.controller.visibleElement(forKey: 1)?.value == 9)
    }
}
