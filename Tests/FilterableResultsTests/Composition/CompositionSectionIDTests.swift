import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A composition's sections with an id of their own: folded by id, they
/// stay folded while their titles change and while they move with their
/// rows changing; every batch checked in simulated views of every kind.
@MainActor
@Suite("Composition sections with ids")
struct CompositionSectionIDTests {
    typealias SectionID = ResultsComposition<Row>.SectionID

    typealias Clock = DayClock

    /// A header, then entries sectioned by their `value` (a day), titled
    /// by `clock`, in a composition shown in every kind of view.
    @MainActor struct DaysScreen {
        let days: ResultsController<Entry, Int>
        let composition: ResultsComposition<Row>
        let screen: CompositionScreen

        init(_ clock: Clock, _ entries: [Entry]) throws {
            let header = try StaticSections<Row> { StaticSection("Account") { fixed("profile") } }
            var store = ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.value, title: { clock.title(of: $0) }))
            try store.setData(entries)
            days = ResultsController(store: store)
            composition = ResultsComposition([.part(header), .part(days, as: { Row.entry(source: 1, $0) })])
            screen = CompositionScreen(composition)
        }

        var titles: [String?] { composition.reportedSnapshot.sections.map(\.name) }
        var rows: [[String]] { FilterableResultsTests.rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) }
    }

    @Test func aSectionFoldedByIDStaysFoldedWhenItsTitleChanges() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 9), Entry(id: 2, value: 10), Entry(id: 3, value: 10)])
        let today = SectionID(part: 1, id: 10)
        try screen.composition.foldSection(today)
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], []])

        clock.today = 11
        try screen.days.refreshSectionTitles()
        let changeset = try #require(screen.screen.updates.last).changeset
        #expect(changeset.sectionChanges.isEmpty && changeset.elementChanges.isEmpty, "titles only: \(changeset)")
        #expect(changeset.sectionUpdates.map(\.newIndex) == [1, 2])
        #expect(screen.titles == ["Account", "Day 9", "Yesterday"])
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], []], "the renamed section is still folded")
        #expect(screen.composition.isFolded(today) && screen.composition.reportedSnapshot.isSectionFolded(2))
        #expect(screen.composition.foldedSections == [today])
        #expect(screen.screen.problems().isEmpty)

        try screen.composition.unfoldSection(today)
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], ["e1:2:10a", "e1:3:10a"]])
        #expect(!screen.composition.isFolded(today))
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func aSectionIsFoldedByItsNameOrByItsID() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 10)])
        let composition = screen.composition
        let day = 10
        try composition.foldSection(.init(part: 0, name: "Account"))
        try composition.foldSection(.init(part: 1, id: day))   // titled "Today", then "Yesterday"
        clock.today = 11
        try screen.days.refreshSectionTitles()
        #expect(screen.titles == ["Account", "Yesterday"])
        #expect((0..<2).map(composition.reportedSnapshot.isSectionFolded) == [true, true])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aSectionFoldedByItsTitleIsRememberedByItsID() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 9), Entry(id: 2, value: 10)])
        try screen.composition.foldSection(SectionID(part: 1, name: "Today"))
        #expect(screen.composition.foldedSections == [SectionID(part: 1, id: 10)])
        #expect(screen.composition.isFolded(SectionID(part: 1, name: "Today")))

        clock.today = 11
        try screen.days.refreshSectionTitles()
        #expect(screen.titles == ["Account", "Day 9", "Yesterday"])
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], []])
        #expect(!screen.composition.isFolded(SectionID(part: 1, name: "Today")), "no section has that title now")
        #expect(screen.composition.isFolded(SectionID(part: 1, name: "Yesterday")), "the title it has now finds it")

        try screen.composition.unfoldSection(SectionID(part: 1, name: "Yesterday"))
        #expect(screen.composition.foldedSections.isEmpty)
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], ["e1:2:10a"]])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func aFoldedSectionWithAnIDKeepsItsFoldWhileItGoesAndComesBack() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 9), Entry(id: 2, value: 10)])
        let today = SectionID(part: 1, id: 10)
        try screen.composition.foldSection(today)
        try screen.days.remove(key: 2)                       // the section goes
        #expect(screen.titles == ["Account", "Yesterday"])
        #expect(screen.composition.isFolded(today))
        clock.today = 11
        try screen.days.add(Entry(id: 4, value: 10))        // and comes back under another title, folded
        #expect(screen.titles == ["Account", "Yesterday", "Yesterday"], "day 9's title is not derived again")
        #expect(screen.rows == [["f:profilev0"], ["e1:1:9a"], []])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func foldedSectionsThatSwapWhileTheirRowsAndTitlesChangeMoveWithoutRowEvents() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>(key: \.id))
        try controller.setData(sections: [
            ResultsSection(name: "Old", id: 1, elements: [Entry(id: 1), Entry(id: 2)]),
            ResultsSection(name: "New", id: 2, elements: [Entry(id: 3)]),
            ResultsSection(name: "Open", id: 3, elements: [Entry(id: 4)]),
        ])
        let composition = ResultsComposition([.part(controller, as: { Row.entry(source: 1, $0) })])
        let screen = CompositionScreen(composition)
        try composition.foldSection(SectionID(part: 0, id: 1))
        try composition.foldSection(SectionID(part: 0, id: 2))

        // Both folded sections move, change their rows and are renamed: the
        // part replaces one of them (UIKit's rule three); the composition,
        // which shows none of their rows, moves it.
        try controller.setData(sections: [
            ResultsSection(name: "Newer", id: 2, elements: [Entry(id: 3, value: 1), Entry(id: 5)]),
            ResultsSection(name: "Older", id: 1, elements: [Entry(id: 2)]),
            ResultsSection(name: "Open", id: 3, elements: [Entry(id: 4)]),
        ])
        let changeset = try #require(screen.updates.last).changeset
        #expect(changeset.sectionChanges.allSatisfy { if case .move = $0 { true } else { false } }, "\(changeset.sectionChanges)")
        #expect(changeset.elementChanges.isEmpty, "no row of a folded section is animated: \(changeset.elementChanges.map(\.change))")
        #expect(composition.reportedSnapshot.sections.map(\.name) == ["Newer", "Older", "Open"])
        #expect((0..<3).map(composition.reportedSnapshot.isSectionFolded) == [true, true, false])
        #expect(composition.foldedSections == [SectionID(part: 0, id: 1), SectionID(part: 0, id: 2)])
        #expect(screen.problems().isEmpty, "\(screen.problems())")

        try composition.unfoldSection(SectionID(part: 0, id: 2))
        #expect(FilterableResultsTests.rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) == [["e1:3:1a", "e1:5:0a"], [], ["e1:4:0a"]])
        #expect(screen.problems().isEmpty)
    }

    @Test func aNameFoldsTheSectionWithoutAnIDThatHasItBeforeTheSectionsWithIDsTitledSo() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>(key: \.id))
        try controller.setData(sections: [
            ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1)]),
            ResultsSection(name: "Inbox", elements: [Entry(id: 2)]),
            ResultsSection(name: "Later", id: 2, elements: [Entry(id: 3)]),
            ResultsSection(name: "Later", id: 3, elements: [Entry(id: 4)]),
        ])
        let composition = ResultsComposition([.part(controller, as: { Row.entry(source: 1, $0) })])
        let screen = CompositionScreen(composition)
        func folded() -> [Bool] { (0..<4).map(composition.reportedSnapshot.isSectionFolded) }

        try composition.foldSection(SectionID(part: 0, name: "Inbox"))
        #expect(folded() == [false, true, false, false], "the name identifies the section without an id")
        try composition.foldSection(SectionID(part: 0, id: 1))
        #expect(folded() == [true, true, false, false])
        try composition.unfoldSection(SectionID(part: 0, name: "Inbox"))
        #expect(folded() == [true, false, false, false], "the section with an id stays folded")

        try composition.foldSection(SectionID(part: 0, name: "Later"))
        #expect(folded() == [true, false, true, true], "no section without an id has it: it stands for both titled so")
        #expect(composition.foldedSections == [SectionID(part: 0, id: 1), SectionID(part: 0, id: 2), SectionID(part: 0, id: 3)])
        try composition.unfoldSection(SectionID(part: 0, id: 3))
        #expect(composition.isFolded(SectionID(part: 0, name: "Later")), "one of them is folded")
        try composition.foldSection(SectionID(part: 0, name: "Later"))
        #expect(folded() == [true, false, true, true], "the title folds the one not folded yet")
        try composition.unfoldSection(SectionID(part: 0, id: 3))
        try composition.unfoldSection(SectionID(part: 0, name: "Later"))
        #expect(folded() == [true, false, false, false], "the title unfolds every one")
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aSectionReplacedByOneThatLooksTheSameWithAnotherIDIsReported() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>(key: \.id))
        try controller.setData(sections: [ResultsSection(name: "x", id: 1, elements: [])])
        let composition = ResultsComposition([.part(controller, as: { Row.entry(source: 1, $0) })])
        let screen = CompositionScreen(composition)
        try controller.modify { store throws(ResultsError) in
            try store.replaceSection(at: 0, with: ResultsSection(name: "x", id: 2, elements: []))
        }
        let changeset = try #require(screen.updates.last).changeset
        #expect(changeset.sectionChanges == [.delete(at: 0, name: "x"), .insert(at: 0, name: "x")], "\(changeset.sectionChanges)")
        #expect(composition.reportedSnapshot.id(ofSection: 0) as? Int == 2)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func twoPartsSectionsWithOneIDHaveTwoDiffableIdentifiers() throws {
        let clock = Clock(today: 10)
        let first = ResultsController(store: ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.value, title: { clock.title(of: $0) })))
        let second = ResultsController(store: ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.value, title: { clock.title(of: $0) })))
        try first.setData([Entry(id: 1, value: 10)])
        try second.setData([Entry(id: 2, value: 10), Entry(id: 3, value: 9)])
        let composition = ResultsComposition([.part(first, as: { Row.entry(source: 1, $0) }), .part(second, as: { Row.entry(source: 2, $0) })])
        typealias Identifiers = ResultsUpdate<ResultsComposition<Row>.Snapshot>.Identifiers
        let before = Identifiers(composition.reportedSnapshot).sections.map(\.identifier)
        #expect(Set(before).count == 3, "unique, as a diffable snapshot requires: \(before)")
        #expect(before.map(\.name) == ["Today", "Yesterday", "Today"])

        clock.today = 11
        try second.refreshSectionTitles()
        let after = Identifiers(composition.reportedSnapshot).sections.map(\.identifier)
        #expect(after == before, "the same sections, retitled")
        #expect(after.map(\.name) == ["Today", "Day 9", "Yesterday"])
    }

    @Test func aSectionIDIsItsPartAndItsIDWhateverItsTitle() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 9), Entry(id: 2, value: 10)])
        let read = try #require(screen.composition.reportedSnapshot.sectionID(at: 2))
        #expect(read.id as? Int == 10 && read.name == "Today")
        #expect(read == SectionID(part: 1, id: 10, name: "Yesterday"))
        #expect(read.hashValue == SectionID(part: 1, id: 10).hashValue)
        #expect(read != SectionID(part: 1, name: "Today"), "a title is not an id")
        #expect(read != SectionID(part: 0, id: 10))
        #expect(SectionID(part: 1, id: "10") != SectionID(part: 1, id: 10), "ids compare as values, not descriptions")
        #expect(read.description == "section id 10 of part 1")
        #expect(screen.composition.reportedSnapshot.sectionID(at: 0) == SectionID(part: 0, name: "Account"))
    }

    @Test func anIDThePartDoesNotShowIsRefusedNamingItAndChangesNothing() throws {
        let clock = Clock(today: 10)
        let screen = try DaysScreen(clock, [Entry(id: 1, value: 9), Entry(id: 2, value: 10)])
        let before = screen.rows
        let updates = screen.screen.updates.count
        for attempt: (SectionID) throws(ResultsError) -> Void in [screen.composition.foldSection, screen.composition.unfoldSection] {
            do {
                try attempt(SectionID(part: 1, id: 99))
                Issue.record("folding an id the part does not show was accepted")
            } catch {
                #expect(error == .sectionNotFound(part: 1, name: nil, id: "99"))
                #expect(error.description == "section id 99 of part 1 is not shown")
            }
        }
        #expect(throws: ResultsError.sectionNotFound(part: 0, name: nil, id: "10")) {
            try screen.composition.foldSection(SectionID(part: 0, id: 10))   // the id is part 1's
        }
        #expect(screen.rows == before && screen.screen.updates.count == updates)
        #expect(screen.composition.foldedSections.isEmpty)
    }
}
