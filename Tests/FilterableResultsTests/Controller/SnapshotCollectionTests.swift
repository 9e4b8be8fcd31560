import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A snapshot and its sections read in place, as SwiftUI's `List` and
/// `ForEach` read them: random-access collections, sections identified.
@Suite("Snapshots as collections")
struct SnapshotCollectionTests {
    func store() throws -> ResultsStore<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: false)
        try store.setData(sections: [
            ResultsSection(name: "A", elements: [Entry(id: 1, value: 1), Entry(id: 2, value: 2)]),
            ResultsSection(elements: [Entry(id: 3, value: 3)]),
            ResultsSection(elements: []),
            ResultsSection(name: "B", elements: [Entry(id: 4, value: 4), Entry(id: 5, value: 5), Entry(id: 6, value: 6)]),
        ])
        return store
    }

    @Test func theSectionsReadInPlaceAsTheTableShowsThem() throws {
        var store = try store()
        store.addFilter(VisibleIndexPathTests.even)
        let sections = store.snapshot.sections
        #expect(sections.count == 4)
        #expect(sections.map(\.name) == ["A", nil, nil, "B"])
        #expect(sections.map { $0.map(\.id) } == [[2], [], [], [4, 6]])
        #expect(sections[3].count == 2 && sections[3][1] == Entry(id: 6, value: 6) && sections[3].index == 3)
        #expect(sections.map(ResultsSection.init) == [
            ResultsSection(name: "A", elements: [Entry(id: 2, value: 2)]), ResultsSection(elements: []),
            ResultsSection(elements: []), ResultsSection(name: "B", elements: [Entry(id: 4, value: 4), Entry(id: 6, value: 6)]),
        ])
    }

    @Test func everySectionHasItsOwnIdentityNamedByNameUnnamedByIndex() throws {
        let sections = try store().snapshot.sections
        let ids = sections.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.map(\.description) == ["\"A\"", "#1", "#2", "\"B\""])
        // A named section keeps its identity when others come and go.
        var other = try store()
        try other.removeSection(at: 0)
        #expect(other.snapshot.sections.first { $0.name == "B" }?.id == sections[3].id)
    }

    @Test func theSnapshotIsTheFlatCollectionOfTheElementsShown() throws {
        var store = try store()
        store.addFilter(VisibleIndexPathTests.even)
        let snapshot = store.snapshot
        #expect(Array(snapshot) == snapshot.elements)
        #expect(snapshot.map(\.id) == [2, 4, 6])
        #expect(snapshot.count == 3 && snapshot[2].id == 6 && snapshot.first?.id == 2)
        #expect(ResultsStore<Entry, Int>.items().snapshot.isEmpty)
    }

    @Test @MainActor func aCompositionsSectionsReadInPlaceToo() throws {
        let screen = try FriendsScreen()
        let sections = screen.composition.reportedSnapshot.sections
        #expect(sections.map(\.name) == ["Account", nil, "a", "b"])
        #expect(sections.map(\.count) == [2, 3, 1, 2])
        #expect(sections[1].map(\.description) == ["e1:1:0a", "e1:2:0a", "e1:3:0a"])
        #expect(Set(sections.map(\.id)).count == 4)
    }

    @Test @MainActor func twoPartsWithASectionOfOneNameGiveTwoIdentities() throws {
        let left = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        let right = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        try left.setData([Entry(id: 1, group: "a")])
        try right.setData([Entry(id: 2, group: "a")])
        let composition = ResultsComposition<Entry>([.part(left), .part(right, placeholder: .row(Entry(id: 0)))])
        let ids = composition.reportedSnapshot.sections.map(\.id)
        #expect(composition.reportedSnapshot.sections.map(\.name) == ["a", "a"])
        #expect(ids.count == 2 && ids[0] != ids[1])
        #expect(ids.map(\.description) == [#"section "a" of part 0"#, #"section "a" of part 1"#])
        try right.setData([])
        #expect(composition.reportedSnapshot.sections.map(\.id.description).last == "the placeholder of part 1")
    }
}
