import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Sections with an id of their own: any `Hashable` value identifies a
/// section (a day, a tag), its name is a title that may repeat and may
/// change in place, and every batch keeps UIKit's rules.
@MainActor
struct SectionIDTests {
    /// An event on a day.
    struct Event: Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var day: Date
        var text = ""
        var description: String { "\(id)\(text)" }
    }

    /// The day `n` days after the reference date.
    static func day(_ n: Int) -> Date { Date(timeIntervalSinceReferenceDate: Double(n) * 86_400) }

    /// What "today" is, for titles that depend on it.
    typealias Clock = DayClock

    /// A controller shown by a data source in a simulated view, every
    /// update checked by the validator, the cells the data source makes
    /// counted.
    @MainActor final class Screen {
        let controller: ResultsController<Event, Int>
        let view: ListViewSimulator<String>
        let dataSource: ResultsDataSource<ResultsController<Event, Int>, String>
        private let made: Counter
        private(set) var updates: [ResultsController<Event, Int>.Update] = []
        private(set) var violations: [BatchUpdateViolation] = []
        private var shown: ResultsSnapshot<Event, Int>
        private var observation: ResultsObservation?

        final class Counter { var count = 0 }

        init(_ controller: ResultsController<Event, Int>, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached) {
            self.controller = controller
            let made = Counter()
            self.made = made
            view = ListViewSimulator(flavor: flavor, countMode: countMode)
            dataSource = ResultsDataSource(controller: controller, view: view) { _, event in
                made.count += 1
                return event.description
            }
            view.dataSource = dataSource
            view.layoutIfNeeded()
            shown = controller.reportedSnapshot
            observation = controller.observe { [unowned self] update in
                updates.append(update)
                if !update.isReload {
                    violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot, key: \.id)
                }
                shown = update.snapshot
            }
        }

        /// The cells the data source made so far.
        var cellsMade: Int { made.count }

        /// Checks the view against the data source and the validator's findings.
        func expectConsistent(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(view.exception == nil, "\(context): \(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
            let served = dataSource.snapshot.sections.map { $0.elements.map(\.description) }
            #expect(view.cells == served, "\(context): the view shows \(view.cells), the data source serves \(served)", sourceLocation: sourceLocation)
            #expect(view.staleRows().isEmpty, "\(context): stale rows \(view.staleRows())", sourceLocation: sourceLocation)
            #expect(view.staleHeaderSections().isEmpty, "\(context): stale headers \(view.staleHeaderSections())", sourceLocation: sourceLocation)
            #expect(violations.isEmpty, "\(context): \(violations)", sourceLocation: sourceLocation)
        }
    }

    /// A store of events sectioned by day, titled by `clock`.
    static func days(_ clock: Clock, _ events: [Event]) throws -> ResultsStore<Event, Int> {
        var store = ResultsStore<Event, Int>(key: \.id, sectionedBy: .by(\.day, title: { clock.title(of: $0) }))
        try store.setData(events)
        return store
    }

    // MARK: - Identity

    @Test func aStoreSectionedByDayHasOneTitledSectionPerDayInDayOrder() throws {
        let clock = Clock(today: 10)
        let store = try Self.days(clock, [
            Event(id: 1, day: Self.day(10)), Event(id: 2, day: Self.day(3)), Event(id: 3, day: Self.day(9)), Event(id: 4, day: Self.day(10)),
        ])
        #expect(store.rawSections.map(\.name) == ["Day 3", "Yesterday", "Today"])
        #expect(store.rawSections.map { $0.id as? Date } == [Self.day(3), Self.day(9), Self.day(10)])
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[2], [3], [1, 4]])
        let snapshot = store.snapshot
        #expect(snapshot.id(ofSection: 2) as? Date == Self.day(10))
        #expect(snapshot.index(ofSectionWithID: Self.day(9)) == 1)
        #expect(snapshot.index(ofSectionWithID: Self.day(4)) == nil)
        #expect(snapshot.index(ofSectionWithID: "Today") == nil, "a title is not an id")
        #expect(snapshot.sections[1].id == ResultsSections(snapshot)[1].id && snapshot.sections[1].id != snapshot.sections[2].id)
    }

    /// An id whose description (and title) says nothing about its value.
    struct Tag: Hashable, Comparable, Sendable, CustomStringConvertible {
        var raw: Int
        var description: String { "tag" }
        static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.raw < rhs.raw }
    }

    struct Tagged: Equatable, Sendable {
        var id: Int
        var tag: Tag
    }

    @Test func twoIdsWithEqualDescriptionsAndTitlesStayTwoSections() throws {
        var store = ResultsStore<Tagged, Int>(key: \.id, sectionedBy: .by(\.tag, title: { $0.description }))
        try store.setData([Tagged(id: 1, tag: Tag(raw: 2)), Tagged(id: 2, tag: Tag(raw: 1)), Tagged(id: 3, tag: Tag(raw: 2))])
        #expect(store.rawSections.map(\.name) == ["tag", "tag"])
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[2], [1, 3]])

        // An element changing tag moves to the other section; the sections stay.
        let old = store.snapshot.sections.map(ResultsSection.init)
        _ = takeAll(&store)
        try store.replace(Tagged(id: 2, tag: Tag(raw: 2)))
        let changeset = store.takeChangeset()
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[1, 3, 2]])
        let new = store.snapshot.sections.map(ResultsSection.init)
        #expect(BatchUpdateValidator.violations(of: changeset, from: old, to: new, key: \.id).isEmpty)
        #expect(changeset.sectionChanges == [.delete(at: 0, name: "tag")], "\(changeset)")
    }

    @Test func snapshotsWhoseSectionsDifferOnlyByIdAreNotEqual() throws {
        var tagged = ResultsStore<Tagged, Int>(key: \.id, sectionedBy: .by(\.tag, title: { $0.description }))
        try tagged.setData([Tagged(id: 1, tag: Tag(raw: 1))])
        var retagged = ResultsStore<Tagged, Int>(key: \.id, sectionedBy: .by(\.tag, title: { $0.description }))
        try retagged.setData([Tagged(id: 1, tag: Tag(raw: 1))])
        #expect(tagged.snapshot == retagged.snapshot)

        // The same title and the same element, under another id.
        var manual = ResultsStore<Entry, Int>(key: \.id)
        try manual.setData(sections: [ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1)])])
        var other = ResultsStore<Entry, Int>(key: \.id)
        try other.setData(sections: [ResultsSection(name: "Inbox", id: 2, elements: [Entry(id: 1)])])
        var unidentified = ResultsStore<Entry, Int>(key: \.id)
        try unidentified.setData(sections: [ResultsSection(name: "Inbox", elements: [Entry(id: 1)])])
        #expect(manual.snapshot != other.snapshot)
        #expect(manual.snapshot != unidentified.snapshot)
        try other.setData(sections: [ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1)])])
        #expect(manual.snapshot == other.snapshot)
    }

    func takeAll<Element, Key>(_ store: inout ResultsStore<Element, Key>) -> ResultsChangeset<Element, Key> { store.takeChangeset() }

    @Test func manualSectionsWithIdsMayShareANameAndAreFoundByID() throws {
        var store = ResultsStore<Entry, Int>(key: \.id)
        try store.setData(sections: [
            ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1)]),
            ResultsSection(name: "Inbox", id: 2, elements: [Entry(id: 2)]),
            ResultsSection(name: "Inbox", elements: [Entry(id: 3)]),
        ])
        #expect(store.snapshot.index(ofSectionWithID: 2) == 1)
        try store.removeSection(id: 1)
        #expect(keys(store.rawSections) == [[2], [3]])
        try store.removeSection(id: 7)   // none: nothing happens
        #expect(keys(store.rawSections) == [[2], [3]])
    }

    // MARK: - Bad input

    @Test func repeatedIdsAreRefusedNamingTheIdAndChangeNothing() throws {
        var store = ResultsStore<Entry, Int>(key: \.id)
        try store.setData(sections: [ResultsSection(name: "A", id: Tag(raw: 1), elements: [Entry(id: 1)])])
        let before = store.rawSections
        #expect(throws: ResultsError.duplicateSection("tag")) {
            try store.setData(sections: [
                ResultsSection(name: "x", id: Tag(raw: 5), elements: []), ResultsSection(name: "y", id: Tag(raw: 5), elements: []),
            ])
        }
        #expect(throws: ResultsError.duplicateSection("tag")) {
            try store.addSection(ResultsSection(name: "B", id: Tag(raw: 1), elements: [Entry(id: 2)]))
        }
        #expect(throws: ResultsError.duplicateSection("tag")) {
            try store.insertSection(ResultsSection(id: Tag(raw: 1), elements: []), at: 0)
        }
        #expect(store.rawSections == before)
        // A name another section has is no clash when the ids differ.
        try store.addSection(ResultsSection(name: "A", id: Tag(raw: 2), elements: [Entry(id: 2)]))
        #expect(store.rawSections.map(\.name) == ["A", "A"])
    }

    // MARK: - Titles

    @Test func aTitleChangeAtMidnightRefreshesTheHeaderAndKeepsTheCells() throws {
        for (flavor, countMode) in everyViewKind {
            let clock = Clock(today: 10)
            let controller = ResultsController(store: try Self.days(clock, [
                Event(id: 1, day: Self.day(9)), Event(id: 2, day: Self.day(10)), Event(id: 3, day: Self.day(10)),
            ]))
            let screen = Screen(controller, flavor: flavor, countMode: countMode)
            #expect(screen.view.headerTitles == ["Yesterday", "Today"])
            let made = screen.cellsMade

            clock.today = 11
            try controller.refreshSectionTitles()
            let update = try #require(screen.updates.last)
            #expect(update.changeset.sectionChanges.isEmpty && update.changeset.elementChanges.isEmpty, "\(update.changeset)")
            #expect(update.changeset.sectionUpdates == [.init(index: 0, newIndex: 0), .init(index: 1, newIndex: 1)])
            #expect(screen.view.headerTitles == ["Day 9", "Yesterday"], "\(flavor), \(countMode)")
            #expect(screen.cellsMade == made, "no cell is made again: \(flavor), \(countMode)")
            #expect(screen.view.reloadCount == 0)
            screen.expectConsistent("\(flavor), \(countMode)")

            // Nothing changed: nothing is emitted.
            let count = screen.updates.count
            try controller.refreshSectionTitles()
            #expect(screen.updates.count == count)
        }
    }

    @Test func aTitleThatChangesWithRowsInOneBatchIsOneUpdate() throws {
        let clock = Clock(today: 10)
        let controller = ResultsController(store: try Self.days(clock, [Event(id: 1, day: Self.day(10)), Event(id: 2, day: Self.day(8))]))
        let screen = Screen(controller)
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.add(Event(id: 3, day: Self.day(11)))
            clock.today = 11
            try controller.refreshSectionTitles()
        }
        #expect(screen.updates.count == 1)
        #expect(screen.view.headerTitles == ["Day 8", "Yesterday", "Today"])
        #expect(screen.updates[0].changeset.sectionUpdates == [.init(index: 1, newIndex: 1)])
        screen.expectConsistent("batch")
    }

    @Test func setDataRederivesTitlesAsSectionUpdates() throws {
        let clock = Clock(today: 10)
        let events = [Event(id: 1, day: Self.day(10)), Event(id: 2, day: Self.day(9))]
        let controller = ResultsController(store: try Self.days(clock, events))
        let screen = Screen(controller)
        let made = screen.cellsMade
        clock.today = 11
        try controller.setData(events)
        #expect(screen.view.headerTitles == ["Day 9", "Yesterday"])
        #expect(screen.updates.last?.changeset.sectionChanges == [])
        #expect(screen.cellsMade == made)
        screen.expectConsistent("setData")
    }

    @Test func theValidatorAsksForASectionUpdateWhenATitleChangesUnderTheSameID() throws {
        let old = [ResultsSection(name: "Today", id: 10, elements: [Entry(id: 1)])]
        let new = [ResultsSection(name: "Yesterday", id: 10, elements: [Entry(id: 1)])]
        let missing = BatchUpdateValidator.violations(of: ResultsChangeset<Entry, Int>(), from: old, to: new, key: \.id)
        #expect(Set(missing.map(\.rule)) == [6, 7], "the header goes stale, and an empty batch is not enough: \(missing)")
        let refreshed = ResultsChangeset<Entry, Int>(sectionUpdates: [.init(index: 0, newIndex: 0)])
        #expect(BatchUpdateValidator.violations(of: refreshed, from: old, to: new, key: \.id).isEmpty)
        // Without ids, a new name is a new section: a section update is not enough.
        let unnamedOld = [ResultsSection(name: "Today", elements: [Entry(id: 1)])]
        let unnamedNew = [ResultsSection(name: "Yesterday", elements: [Entry(id: 1)])]
        #expect(!BatchUpdateValidator.violations(of: refreshed, from: unnamedOld, to: unnamedNew, key: \.id).isEmpty)
    }

    // MARK: - Sections that move while their rows change

    /// A controller of sections with ids 1, 2 and 3, each with two rows.
    static func threeSections() throws -> ResultsController<Event, Int> {
        var store = ResultsStore<Event, Int>(key: \.id)
        try store.setData(sections: (1...3).map { section in
            ResultsSection(name: "S\(section)", id: section, elements: [Event(id: 10 * section, day: day(0)), Event(id: 10 * section + 1, day: day(0))])
        })
        return ResultsController(store: store)
    }

    @Test func aSectionWhoseRowsChangeStaysAndTheCleanSectionsMoveAroundIt() throws {
        for (flavor, countMode) in everyViewKind {
            let controller = try Self.threeSections()
            let screen = Screen(controller, flavor: flavor, countMode: countMode)
            let made = screen.cellsMade
            // Section 1 goes last and one of its rows changes, renamed too.
            try controller.setData(sections: [
                ResultsSection(name: "S2", id: 2, elements: [Event(id: 20, day: Self.day(0)), Event(id: 21, day: Self.day(0))]),
                ResultsSection(name: "S3", id: 3, elements: [Event(id: 30, day: Self.day(0)), Event(id: 31, day: Self.day(0))]),
                ResultsSection(name: "First", id: 1, elements: [Event(id: 10, day: Self.day(0), text: "!"), Event(id: 11, day: Self.day(0))]),
            ])
            let changeset = try #require(screen.updates.last).changeset
            #expect(!changeset.sectionChanges.contains { $0.kind != .move }, "no section is deleted or inserted: \(changeset)")
            #expect(changeset.sectionChanges.count == 2, "the two clean sections move: \(changeset)")
            #expect(changeset.sectionUpdates == [.init(index: 0, newIndex: 2)], "the title is refreshed: \(changeset)")
            #expect(screen.cellsMade == made + 1, "only the changed row's cell is made again: \(flavor), \(countMode)")
            #expect(screen.view.headerTitles == ["S2", "S3", "First"])
            screen.expectConsistent("\(flavor), \(countMode)")
        }
    }

    @Test func twoSectionsThatSwapWhileBothChangeReplaceOneOfThemAsRuleThreeForces() throws {
        for (flavor, countMode) in everyViewKind {
            let controller = try Self.threeSections()
            let screen = Screen(controller, flavor: flavor, countMode: countMode)
            let made = screen.cellsMade
            try controller.setData(sections: [
                ResultsSection(name: "S2", id: 2, elements: [Event(id: 20, day: Self.day(0), text: "!"), Event(id: 21, day: Self.day(0))]),
                ResultsSection(name: "S1", id: 1, elements: [Event(id: 10, day: Self.day(0), text: "!"), Event(id: 11, day: Self.day(0))]),
                ResultsSection(name: "S3", id: 3, elements: [Event(id: 30, day: Self.day(0)), Event(id: 31, day: Self.day(0))]),
            ])
            let changeset = try #require(screen.updates.last).changeset
            let kinds = changeset.sectionChanges.map(\.kind)
            #expect(kinds.filter { $0 == .delete }.count == 1 && kinds.filter { $0 == .insert }.count == 1 && !kinds.contains(.move),
                    "one of the two is deleted and inserted: \(changeset)")
            // The replaced section's two cells, and the other's changed row.
            #expect(screen.cellsMade == made + 3, "\(flavor), \(countMode): \(screen.cellsMade - made) cells made")
            screen.expectConsistent("\(flavor), \(countMode)")
        }
    }

    @Test func diffableIdentifiersFollowTheIDNotTheTitle() throws {
        let clock = Clock(today: 10)
        var store = try Self.days(clock, [Event(id: 1, day: Self.day(10)), Event(id: 2, day: Self.day(9))])
        let before = ResultsUpdate<ResultsSnapshot<Event, Int>>.Identifiers(store.snapshot).sectionIdentifiers
        clock.today = 11
        store.refreshSectionTitles()
        let after = ResultsUpdate<ResultsSnapshot<Event, Int>>.Identifiers(store.snapshot).sectionIdentifiers
        #expect(before == after, "the same sections: \(before) → \(after)")
        #expect(after.map(\.name) == ["Day 9", "Yesterday"])
        #expect(after.map { $0.id as? Date } == [Self.day(9), Self.day(10)])
        #expect(after[0] != ResultsUpdate<ResultsSnapshot<Event, Int>>.SectionIdentifier(name: "Day 9"), "an id is not a name")
    }

    @Test func aControllerRemovesASectionByID() throws {
        let controller = try Self.threeSections()
        let screen = Screen(controller)
        try controller.removeSection(id: 2)
        #expect(screen.view.headerTitles == ["S1", "S3"])
        #expect(screen.updates.last?.changeset.sectionChanges == [.delete(at: 1, name: "S2")])
        screen.expectConsistent("remove")
    }
}

/// A day's title, as an app would make it.
private func dayTitle(_ day: Date) -> String {
    let n = Int((day.timeIntervalSinceReferenceDate / 86_400).rounded())
    return "Day \(n)"
}

/// The examples of the documentation comments, compiled and checked.
@MainActor
struct SectionIDDocumentedExamplesTests {
    typealias Event = SectionIDTests.Event

    struct Player: Sendable {
        var id: Int
        var team: Int
    }

    @Test func aSectioningByIDWithItsOwnOrderAndTitles() throws {
        let teams = [1: "Reds", 2: "Blues"]
        let byTeam = ResultsSectioning<Player>(sectionID: \.team, title: { teams[$0] ?? "" }, areInIncreasingOrder: { $0 < $1 })
        var store = ResultsStore<Player, Int>(key: \.id, sectionedBy: byTeam)
        try store.setData([Player(id: 1, team: 2), Player(id: 2, team: 1), Player(id: 3, team: 3)])
        #expect(store.rawSections.map(\.name) == ["Reds", "Blues", ""])
        #expect(store.rawSections.map { $0.id as? Int } == [1, 2, 3])
    }

    @Test func aStoreOfEventsByDay() throws {
        var events = ResultsStore<Event, Int>(key: \.id, sectionedBy: .by(\.day, title: { dayTitle($0) }))
        try events.setData([Event(id: 1, day: SectionIDTests.day(4))])
        #expect(events.rawSections.map(\.name) == ["Day 4"])
        var store = events
        store.refreshSectionTitles()                 // at midnight
        #expect(store.takeChangeset().sectionUpdates.isEmpty, "titles that do not change need no update")
        let snapshot = store.snapshot
        let today = snapshot.index(ofSectionWithID: Calendar.current.startOfDay(for: .now))
        #expect(today == nil)
        #expect(snapshot.index(ofSectionWithID: SectionIDTests.day(4)) == 0)
    }
}

extension DayClock {
    /// "Today", "Yesterday", or "Day n" for the day of `date`.
    func title(of date: Date) -> String { title(of: Int((date.timeIntervalSinceReferenceDate / 86_400).rounded())) }
}
