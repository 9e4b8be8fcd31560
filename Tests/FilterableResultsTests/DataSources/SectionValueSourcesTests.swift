@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Section values through every source and view: a composition's parts,
/// static sections' footers, and a list without sections (`NSTableView`).
@MainActor
struct SectionValueSourcesTests {
    @Test func aPartsSectionUpdateIsShiftedToTheComposedTable() throws {
        let screen = try FriendsScreen()
        try screen.suggestions.setSectionValues { section in ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))") }
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
        try screen.suggestions.add(Entry(id: 10, group: "b"))
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(changes.sectionUpdates == [.init(index: 3, newIndex: 3)], "b is the part's section 1, after two sections")
        #expect(screen.screen.views.allSatisfy { $0.view.headerTitles == ["Account", nil, "a (1)", "b (3)"] })
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aCompositionBatchComparesTheValuesOfEverySectionItKeeps() throws {
        let screen = try FriendsScreen()
        try screen.suggestions.setSectionValues { section in ResultsSectionValue(title: "\(section.count)") }
        try screen.composition.performBatchUpdates {
            try screen.friends.add(Entry(id: 4))
            try screen.suggestions.remove(key: 8)
        }
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(changes.sectionUpdates == [.init(index: 3, newIndex: 3)])
        #expect(screen.screen.views.allSatisfy { $0.view.headerTitles[3] == "1" })
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aCollapsedSectionKeepsItsHeaderFresh() throws {
        let screen = try FriendsScreen()
        try screen.suggestions.setSectionValues { section in ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))") }
        try screen.composition.foldSection(ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        try screen.suggestions.remove(key: 9)
        #expect(screen.screen.views.allSatisfy { $0.view.headerTitles[3] == "b (1)" && $0.view.cells[3].isEmpty })
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aStaticSectionsFooterChangeRefreshesItInPlace() throws {
        let settings = try StaticSections<Row> {
            StaticSection("Sync", footer: "Last synced: never") { fixed("sync") }
            StaticSection("About") { fixed("version") }
        }
        let screen = CompositionScreen(ResultsComposition([.part(settings)]))
        #expect(screen.views.allSatisfy { $0.view.footerTitles == ["Last synced: never", nil] })
        try settings.setSections {
            StaticSection("Sync", footer: "Last synced: today") { fixed("sync") }
            StaticSection("About") { fixed("version") }
        }
        #expect(screen.updates.last?.changeset.sectionUpdates == [.init(index: 0, newIndex: 0)])
        #expect(screen.updates.last?.changeset.elementChanges.isEmpty == true)
        #expect(screen.views.allSatisfy { $0.view.footerTitles == ["Last synced: today", nil] })
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aListWithoutSectionsReplacesOnlyTheHeaderRowsThatChanged() throws {
        var store = ResultsStore<Entry, Int>(key: \.id, sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        let controller = ResultsController(store: store)
        try controller.setSectionValues { section in ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))") }
        let screen = FlatScreen(controller)
        #expect(screen.list.rows == ["# a (1)", "1:0a", "# b (1)", "2:0b"])
        try controller.add(Entry(id: 3, group: "b"))
        #expect(screen.list.rows == ["# a (1)", "1:0a", "# b (2)", "2:0b", "3:0b"])
        #expect(screen.calls == [.beginUpdates, .removeRows([2]), .insertRows([2, 4]), .endUpdates])
        screen.expectConsistent()

        screen.forgetCalls()
        try controller.setSectionValues { section in ResultsSectionValue(title: section.name == "a" ? nil : section.name) }
        #expect(screen.list.rows == ["1:0a", "# b", "2:0b", "3:0b"], "a header that goes away is removed")
        #expect(screen.calls == [.beginUpdates, .removeRows([0, 2]), .insertRows([1]), .endUpdates])
        #expect(screen.reloads == 0)
        screen.expectConsistent()
    }
}
