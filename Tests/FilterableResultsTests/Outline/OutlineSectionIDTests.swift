@testable import FilterableResults
import Foundation
import Testing

/// An outline sectioned as a store is: by name in the sectioning's order,
/// or by an id of its own with a title that may repeat and may change,
/// shown in a simulated list view and an outline view.
@MainActor
struct OutlineSectionIDTests {
    /// Items sectioned by a day, their version: folders 1 and 2 of days 9
    /// and 8 (both "Earlier"), folder 3 of day 10, each with a child.
    static func days(_ clock: DayClock) throws -> Outline {
        let outline = Outline(key: \.id, parentKey: \.parent, sectionedBy: .by(\.version, title: { clock.coarseTitle(of: $0) }))
        try outline.setData([
            Item(1, version: 9), Item(2, version: 8), Item(3, version: 10),
            Item(11, under: 1), Item(21, under: 2), Item(31, under: 3),
        ])
        return outline
    }

    @Test func sectionsWithOneTitleAreTwoSectionsInTheOrderOfTheirIDs() throws {
        let outline = try Self.days(DayClock(today: 10))
        let screen = OutlineScreen(outline)
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["Earlier", "Earlier", "Today"])
        #expect((0..<3).map { outline.reportedSnapshot.id(ofSection: $0) as? Int } == [8, 9, 10])
        #expect(screen.rows == [["2-"], ["1-"], ["3-"]])

        try outline.add(Item(4, version: 8))   // into the first "Earlier", not the second
        #expect(screen.rows == [["2-", "4"], ["1-"], ["3-"]])
        try outline.add(Item(5, version: 7))   // a new "Earlier" section, first by its id
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["Earlier", "Earlier", "Earlier", "Today"])
        #expect(screen.rows == [["5"], ["2-", "4"], ["1-"], ["3-"]])
        try outline.remove(key: 1)
        #expect(screen.rows == [["5"], ["2-", "4"], ["3-"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func refreshedTitlesRefreshTheHeadersAndKeepTheRows() throws {
        let clock = DayClock(today: 10)
        let outline = try Self.days(clock)
        let screen = OutlineScreen(outline)
        try outline.expand(3)
        #expect(screen.view.headerTitles == ["Earlier", "Earlier", "Today"])
        let made = screen.updates.count

        clock.today = 8
        try outline.refreshSectionTitles()
        let changeset = try #require(screen.updates.last).changeset
        #expect(screen.updates.count == made + 1)
        #expect(changeset.sectionChanges.isEmpty && changeset.elementChanges.isEmpty, "\(changeset)")
        #expect(changeset.sectionUpdates.map(\.newIndex) == [0, 1, 2])
        #expect(screen.view.headerTitles == ["Today", "Later", "Later"])
        #expect(screen.rows == [["2-"], ["1-"], ["3+", " 31"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")

        try outline.refreshSectionTitles()   // nothing changed: nothing is reported
        #expect(screen.updates.count == made + 1)
    }

    @Test func aSectionMadeAfterTheClockMovedIsTitledThenTheOthersAtTheRefresh() throws {
        let clock = DayClock(today: 10)
        let outline = try Self.days(clock)
        clock.today = 11
        try outline.add(Item(6, version: 11))
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["Earlier", "Earlier", "Today", "Today"], "day 10 keeps its title until a refresh")
        try outline.refreshSectionTitles()
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["Earlier", "Earlier", "Earlier", "Today"])
    }

    @Test func namedSectionsFollowTheSectioningsOrder() throws {
        let outline = Outline(key: \.id, parentKey: \.parent, sectionedBy: .by(\.name, order: .caseInsensitive))
        try outline.setData([Item(1, "b"), Item(2, "B"), Item(3, "a"), Item(4, "C")])
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["a", "b", "B", "C"], "level names in the order their items come")
        try outline.add(Item(5, "A"))
        #expect(outline.reportedSnapshot.sections.map(\.name) == ["a", "A", "b", "B", "C"], "a new section after those level with it")
    }

    @Test func anOutlineViewShowsSectionsWithOneTitleApartAndReloadsForNewTitles() throws {
        let clock = DayClock(today: 10)
        let outline = try Self.days(clock)
        let view = ReplayedOutlineView(outline)
        #expect(view.rows == [["2-"], ["1-"], ["3-"]])
        try outline.add(Item(4, version: 9))   // into the second "Earlier"
        #expect(view.rows == [["2-"], ["1-", "4"], ["3-"]])
        #expect(view.reloads == 0, "an insert into a section whose title another has is animated")
        #expect(view.problems().isEmpty, "\(view.problems())")

        clock.today = 9
        try outline.refreshSectionTitles()
        #expect(view.reloads == 1, "new titles: the view is reloaded")
        let group = try #require(view.adapter.items[.section(OutlineSection(id: SectionID(9), name: ""))])
        guard case let .section(section) = group.node else { throw CancellationError() }
        #expect(section.name == "Today", "the group row is titled anew")
        #expect(view.problems().isEmpty, "\(view.problems())")
    }
}
