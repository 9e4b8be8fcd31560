import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `remove(key:)` says whether it removed, as `Dictionary.removeValue(forKey:)`
/// does, on the store, the controller, and every ``ResultsSource``; a key
/// that is not there changes nothing and reports nothing.
@MainActor
@Suite("Removing by key")
struct RemoveByKeyTests {
    @Test func theStoreSaysWhetherItRemoved() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData([Entry(id: 1), Entry(id: 2)])
        let old = store.snapshot.sections.map(ResultsSection.init)
        _ = store.takeChangeset()
        #expect(try store.remove(key: 1))
        #expect(try !store.remove(key: 1), "already gone")
        #expect(try !store.remove(key: 42))
        #expect(try store.remove(Entry(id: 2, value: 9)), "by the element's key")
        #expect(try !store.remove(Entry(id: 2)))
        let changes = store.takeChangeset()
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: store.snapshot.sections.map(ResultsSection.init), key: \.id)
        #expect(violations.isEmpty, "\(violations)")
        #expect(changes.elementChanges.map(\.kind) == [.delete, .delete] && store.rawCount == 0)
        var model = ReferenceModel<Entry, Int>(key: { $0.id })
        try model.setData([Entry(id: 1)])
        #expect(model.remove(key: 1) && !model.remove(key: 1), "the reference model agrees")
    }

    @Test func theControllerSaysWhetherItRemovedAndReportsOnlyARemoval() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1), Entry(id: 2)])
        let screen = Screen(controller)
        var updates = 0
        let observation = controller.observe { _ in updates += 1 }
        #expect(try !controller.remove(key: 42))
        #expect(try !controller.remove(Entry(id: 43)))
        #expect(updates == 0, "a key that is not there reports nothing")
        #expect(try controller.remove(key: 1))
        #expect(try controller.remove(Entry(id: 2)))
        #expect(updates == 2 && controller.snapshot.isEmpty)
        screen.expectConsistent()
        observation.cancel()
    }

    @Test func aFilteredOutElementIsStillRemoved() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1), Entry(id: 2, value: 1)])
        try controller.addFilter(ResultsFilter(title: "zero") { $0.value == 0 })
        let screen = Screen(controller)
        #expect(try controller.remove(key: 2), "raw data, not only what shows")
        #expect(controller.store.rawCount == 1 && controller.snapshot.count == 1)
        screen.expectConsistent()
    }

    @Test func everySourceSaysWhetherItRemoved() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1)])
        #expect(try remove(1, from: controller) && !remove(1, from: controller))

        let outline = ResultsOutline<Entry, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([Entry(id: 1), Entry(id: 2, value: 1)])
        #expect(try outline.remove(key: 1), "with its subtree")
        #expect(try !outline.remove(key: 2) && !remove(1, from: outline))

        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        try friends.setData([Entry(id: 1), Entry(id: 2)])
        let composition = ResultsComposition<Entry>([.part(friends)])
        var shown = composition.reportedSnapshot
        var violations: [BatchUpdateViolation] = []
        let observation = composition.observe { update in
            violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
            shown = update.snapshot
        }
        #expect(try composition.remove(key: .row(part: 0, showing: friends, key: 1)))
        #expect(try !composition.remove(key: .row(part: 0, showing: friends, key: 1)))
        #expect(try remove(.row(part: 0, showing: friends, key: 2), from: composition))
        #expect(shown.isEmpty && friends.snapshot.isEmpty && violations.isEmpty, "\(violations)")
        observation.cancel()

        let header = try StaticSections<String> { StaticSection("A") { StaticRow("a") } }
        #expect(throws: ResultsError.rowNotEditable("static row a", reason: "declare the sections without it")) {
            try remove(header.key(ofRow: "a"), from: header)
        }
    }

    /// Removes through the protocol requirement, as a data source does.
    func remove<Source: ResultsSource>(_ key: Source.Key, from source: Source) throws(ResultsError) -> Bool {
        try source.remove(key: key)
    }
}

extension Entry {
    /// The entry this one sits under in an outline: `value` names it (0 for none).
    fileprivate var parent: Int? { value == 0 ? nil : value }
}
