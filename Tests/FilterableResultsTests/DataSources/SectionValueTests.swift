import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Section values: a header that shows more than the name ("a (2)") is
/// refreshed in place when a batch changes it, in every view flavour, and
/// every batch carries exactly the section updates the validator asks for.
@MainActor
struct SectionValueTests {
    /// A controller sectioned by group, its headers counting the rows shown.
    func countedGroups(_ entries: [Entry], hidesEmptySections: Bool = false) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.group), hidesEmptySections: hidesEmptySections)
        try store.setData(entries)
        let controller = ResultsController(store: store)
        try controller.setSectionValues { section in ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))") }
        return controller
    }

    /// Records every update and checks it with the validator, values included.
    final class ValueLog {
        private(set) var updates: [ResultsController<Entry, Int>.Update] = []
        private(set) var violations: [BatchUpdateViolation] = []
        private var shown: ResultsSnapshot<Entry, Int>
        private var observation: ResultsObservation?

        init(_ controller: ResultsController<Entry, Int>) {
            shown = controller.reportedSnapshot
            observation = controller.observe { [unowned self] update in
                updates.append(update)
                if !update.isReload {
                    violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot, key: \.id)
                }
                shown = update.snapshot
            }
        }
    }

    @Test func aHeaderCountingItsRowsIsRefreshedWhenARowArrives() throws {
        for (flavor, countMode) in everyViewKind {
            let controller = try countedGroups([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
            let log = ValueLog(controller)
            let screen = Screen(controller, flavor: flavor, countMode: countMode)
            #expect(screen.view.headerTitles == ["a (1)", "b (1)"])

            try controller.add(Entry(id: 3, group: "a"))
            #expect(log.updates.last?.changeset.sectionUpdates == [.init(index: 0, newIndex: 0)])
            #expect(screen.view.headerTitles == ["a (2)", "b (1)"], "\(flavor), \(countMode)")
            #expect(screen.view.cells[0] == ["1:0a", "3:0a"], "the cells stay: no section reload")
            screen.expectConsistent("\(flavor), \(countMode)")
            #expect(log.violations.isEmpty, "\(log.violations)")
        }
    }

    @Test func aBatchThatLeavesEveryValueAloneHasNoSectionUpdate() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        let log = ValueLog(controller)
        _ = try controller.update(1) { $0.value = 9 }   // content, not count
        #expect(log.updates.count == 1 && log.updates[0].changeset.sectionUpdates.isEmpty)
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aHeaderOfASectionThatMovesIsRefreshedAtItsNewIndex() throws {
        var store = ResultsStore<Entry, Int>(key: \.id)
        try store.setData(sections: [
            ResultsSection(name: "x", elements: [Entry(id: 1)]), ResultsSection(name: "y", elements: [Entry(id: 2)]),
        ])
        let controller = ResultsController(store: store)
        let titles = ["x": "Ex", "y": "Why"]
        try controller.setSectionValues { section in ResultsSectionValue(title: titles[section.name ?? ""]) }
        let log = ValueLog(controller)
        let screen = Screen(controller)
        #expect(screen.view.headerTitles == ["Ex", "Why"])

        let renamed = ["x": "Ex", "y": "Wye"]
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.setData(sections: [
                ResultsSection(name: "y", elements: [Entry(id: 2)]), ResultsSection(name: "x", elements: [Entry(id: 1)]),
            ])
            try controller.setSectionValues { section in ResultsSectionValue(title: renamed[section.name ?? ""]) }
        }
        let changes = try #require(log.updates.last).changeset
        #expect(changes.sectionMoves.count == 1)
        #expect(changes.sectionUpdates.map(\.newIndex) == [0], "only y's title changed; it moved to 0")
        #expect(screen.view.headerTitles == ["Wye", "Ex"])
        screen.expectConsistent()
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func settingTheFunctionAgainUpdatesOnlyTheSectionsWhoseValueChanged() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a"), Entry(id: 2, group: "b"), Entry(id: 3, group: "c")])
        let log = ValueLog(controller)
        let screen = Screen(controller, flavor: .collectionView)
        try controller.setSectionValues { section in
            ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))", footerTitle: section.name == "b" ? "Bees" : nil)
        }
        #expect(log.updates.last?.changeset.sectionUpdates == [.init(index: 1, newIndex: 1)])
        #expect(log.updates.last?.changeset.elementChanges.isEmpty == true)
        #expect(screen.view.footerTitles == [nil, "Bees", nil])
        screen.expectConsistent()
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func removingTheFunctionShowsTheNamesAgain() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        let screen = Screen(controller)
        try controller.setSectionValues(nil)
        #expect(screen.view.headerTitles == ["a"])
        screen.expectConsistent()
    }

    @Test func aFilterThatHidesRowsRefreshesTheCountsItChanged() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a"), Entry(id: 2, group: "a"), Entry(id: 3, group: "b")])
        let log = ValueLog(controller)
        let screen = Screen(controller)
        try controller.addFilter(ResultsFilter(title: "not 2") { $0.id != 2 })
        #expect(screen.view.headerTitles == ["a (1)", "b (1)"])
        #expect(log.updates.last?.changeset.sectionUpdates == [.init(index: 0, newIndex: 0)])
        screen.expectConsistent()
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func anInsertedSectionShowsItsValueWithoutASectionUpdate() throws {
        let controller = try countedGroups([Entry(id: 1, group: "b")])
        let log = ValueLog(controller)
        let screen = Screen(controller, flavor: .collectionView, countMode: .readAtBatchStart)
        try controller.add(Entry(id: 2, group: "a"))
        #expect(log.updates.last?.changeset.sectionUpdates.isEmpty == true)
        #expect(screen.view.headerTitles == ["a (1)", "b (1)"])
        screen.expectConsistent()
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aValueSetInsideABatchIsReportedWithIt() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        let log = ValueLog(controller)
        try controller.beginUpdates()
        try controller.setSectionValues { _ in ResultsSectionValue(title: "All") }
        #expect(log.updates.isEmpty)
        try controller.add(Entry(id: 2, group: "a"))
        try controller.endUpdates()
        #expect(log.updates.count == 1 && log.updates[0].changeset.sectionUpdates == [.init(index: 0, newIndex: 0)])
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func aBatchThatThrowsTakesBackTheFunctionItSet() throws {
        struct Failure: Error {}
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        let log = ValueLog(controller)
        #expect(throws: Failure.self) {
            try controller.performBatchUpdates {
                try controller.setSectionValues { _ in ResultsSectionValue(title: "All") }
                throw Failure()
            }
        }
        #expect(controller.snapshot.value(ofSection: 0)?.title == "a (1)")
        try controller.add(Entry(id: 2, group: "a"))
        #expect(log.updates.count == 1 && controller.reportedSnapshot.value(ofSection: 0)?.title == "a (2)")
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    /// Logs what a delegate is told, in order.
    final class DelegateLog: ResultsControllerDelegate {
        var calls: [String] = []
        func controllerWillChangeContent(_ controller: ResultsController<Entry, Int>) { calls.append("will") }
        func controller(_ controller: ResultsController<Entry, Int>, didChange change: ResultsChangeset<Entry, Int>.ElementChange) { calls.append("\(change.change)") }
        func controller(_ controller: ResultsController<Entry, Int>, didUpdateSection section: ResultsChangeset<Entry, Int>.SectionUpdate) {
            calls.append("header \(section.index)→\(section.newIndex)")
        }
        func controllerDidChangeContent(_ controller: ResultsController<Entry, Int>) { calls.append("did") }
    }

    @Test func theDelegateIsToldWhichHeadersToRefresh() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        let delegate = DelegateLog()
        controller.delegate = delegate
        try controller.add(Entry(id: 3, group: "b"))
        #expect(delegate.calls == ["will", "insert [1, 1]", "header 1→1", "did"])
    }

    @Test func aValueSetWhileUpdatesAreOffIsShownByTheReload() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        let screen = Screen(controller)
        try controller.setUpdatesEnabled(false)
        try controller.setSectionValues { _ in ResultsSectionValue(title: "All") }
        #expect(screen.view.headerTitles == ["a (1)"])
        try controller.setUpdatesEnabled(true)
        #expect(screen.view.headerTitles == ["All"] && screen.view.reloadCount == 1)
        screen.expectConsistent()
    }

    @Test func settingTheFunctionFromAnUpdateIsRefused() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        var refusal: ResultsError?
        let observation = controller.observe { _ in
            do throws(ResultsError) { try controller.setSectionValues(nil) } catch { refusal = error }
        }
        try controller.add(Entry(id: 2, group: "a"))
        #expect(refusal == .changedDuringNotification)
        #expect(controller.reportedSnapshot.value(ofSection: 0)?.title == "a (2)")
        _ = observation
    }

    @Test func aViewOffScreenIsReloadedWithTheNewValues() throws {
        let controller = try countedGroups([Entry(id: 1, group: "a")])
        let screen = Screen(controller)
        screen.view.isInWindow = false
        try controller.add(Entry(id: 2, group: "a"))
        #expect(screen.view.headerTitles == ["a (2)"] && screen.view.reloadCount == 1)
        screen.expectConsistent()
    }

    @Test func randomEditsKeepEveryHeaderFreshAndEveryBatchValid() throws {
        for seed in 0..<12 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let controller = try countedGroups([], hidesEmptySections: seed % 2 == 0)
            let log = ValueLog(controller)
            let (flavor, countMode) = everyViewKind[seed % everyViewKind.count]
            let screen = Screen(controller, flavor: flavor, countMode: countMode)
            let groups = ["a", "b", "c", "d"]
            for step in 0..<60 {
                let id = Int.random(in: 0..<30, using: &random)
                let entry = Entry(id: id, value: Int.random(in: 0..<3, using: &random), group: groups.randomElement(using: &random)!)
                try controller.performBatchUpdates { () throws(ResultsError) in
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        switch Int.random(in: 0..<6, using: &random) {
                        case 0, 1: try controller.merge([entry])
                        case 2: _ = try controller.remove(keys: [id])
                        case 3: try controller.replaceFilters(with: [ResultsFilter(title: "odd") { $0.value != 1 || $0.id % 2 == 0 }])
                        case 4: try controller.replaceFilters(with: [])
                        default:
                            let suffix = Bool.random(using: &random) ? "" : "!"
                            try controller.setSectionValues { section in ResultsSectionValue(title: "\(section.name ?? "")\(suffix) (\(section.count))") }
                        }
                    }
                }
                screen.expectConsistent("seed \(seed), step \(step)")
            }
            #expect(log.violations.isEmpty, "seed \(seed): \(log.violations)")
            #expect(log.updates.contains { !$0.changeset.sectionUpdates.isEmpty }, "seed \(seed): no section update exercised")
        }
    }
}

/// The validator's rules for section updates.
struct SectionUpdateValidationTests {
    func controller(_ entries: [Entry]) throws -> ResultsController<Entry, Int> {
        var store = ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.group))
        try store.setData(entries)
        let controller = ResultsController(store: store)
        try controller.setSectionValues { section in ResultsSectionValue(title: "\(section.count)") }
        return controller
    }

    @Test func aChangedValueWithoutASectionUpdateBreaksRuleSix() throws {
        let controller = try controller([Entry(id: 1, group: "a")])
        let old = controller.reportedSnapshot
        var update: ResultsController<Entry, Int>.Update?
        let observation = controller.observe { update = $0 }
        try controller.add(Entry(id: 2, group: "a"))
        var changes = try #require(update).changeset
        changes.sectionUpdates = []
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: controller.reportedSnapshot, key: \.id)
        #expect(violations.map(\.rule) == [6], "\(violations)")
        _ = observation
    }

    @Test func aSectionUpdateOfAnUnchangedValueBreaksRuleSeven() throws {
        let controller = try controller([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        let old = controller.reportedSnapshot
        try controller.add(Entry(id: 3, group: "a"))
        let changes = ResultsChangeset<Entry, Int>(
            elementChanges: [.init(.insert(at: ResultsIndexPath(row: 1, section: 0)), key: 3, element: Entry(id: 3, group: "a"))],
            sectionUpdates: [.init(index: 0, newIndex: 0), .init(index: 1, newIndex: 1)])
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: controller.reportedSnapshot, key: \.id)
        #expect(violations.map(\.rule) == [7], "\(violations)")
    }

    @Test func aSectionUpdateOfADeletedSectionBreaksRuleThree() throws {
        let controller = try controller([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        let old = controller.reportedSnapshot
        try controller.remove(key: 1)
        let changes = ResultsChangeset<Entry, Int>(
            sectionChanges: [.delete(at: 0, name: "a")], sectionUpdates: [.init(index: 0, newIndex: 0)])
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: controller.reportedSnapshot, key: \.id)
        #expect(violations.map(\.rule).contains(3), "\(violations)")
    }

    @Test func aSectionUpdateAtTheWrongNewIndexBreaksRuleFive() throws {
        let controller = try controller([Entry(id: 1, group: "b"), Entry(id: 2, group: "c")])
        let old = controller.reportedSnapshot
        try controller.add(Entry(id: 3, group: "a"))
        try controller.add(Entry(id: 4, group: "b"))
        let changes = ResultsChangeset<Entry, Int>(
            sectionChanges: [.insert(at: 0, name: "a")],
            elementChanges: [.init(.insert(at: ResultsIndexPath(row: 1, section: 1)), key: 4, element: Entry(id: 4, group: "b"))],
            sectionUpdates: [.init(index: 0, newIndex: 0)])
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: controller.reportedSnapshot, key: \.id)
        #expect(violations.map(\.rule).contains(5), "\(violations)")
    }
}
