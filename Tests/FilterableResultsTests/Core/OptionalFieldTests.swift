import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A contact whose nickname and rank may be missing.
private struct Contact: Equatable, Sendable {
    var id: Int
    var name: String
    var nickname: String?
    var rank: Int?
    var team: String?
}

@Suite("Optional fields")
struct OptionalFieldTests {
    private static let people = [
        Contact(id: 1, name: "Ada", nickname: "Countess", rank: 3, team: "b"),
        Contact(id: 2, name: "Grace", nickname: nil, rank: nil, team: nil),
        Contact(id: 3, name: "Linus", nickname: "Penguin", rank: 1, team: "a"),
        Contact(id: 4, name: "Bjarne", nickname: nil, rank: 2, team: "a"),
    ]

    @Test func searchLooksIntoOptionalAndPlainFieldsAlike() throws {
        var store = ResultsStore<Contact, Int>(key: \.id)
        try store.setData(Self.people)
        store.search(for: "PENG", in: [.field(\.name), .field(\.nickname)])
        #expect(store.snapshot.elements.map(\.id) == [3])
        store.search(for: "a", in: [.field(\.name), .field(\.nickname)])
        #expect(store.snapshot.elements.map(\.id) == [1, 2, 4])
        store.search(for: "", in: [.field(\.name), .field(\.nickname)])
        #expect(store.snapshot.elements.count == 4)
    }

    @Test func optionalSortKeysPutNilFirstAscendingAndLastDescending() throws {
        var ascending = ResultsStore<Contact, Int>(key: \.id, sortedBy: [.ascending(\.rank)])
        try ascending.setData(Self.people)
        #expect(ascending.allElements.map(\.id) == [2, 3, 4, 1])
        var descending = ResultsStore<Contact, Int>(key: \.id, sortedBy: [.descending(\.rank)])
        try descending.setData(Self.people)
        #expect(descending.allElements.map(\.id) == [1, 4, 3, 2])
    }

    @Test func anOptionalSectionFieldFilesNilUnderTheEmptyName() throws {
        var store = ResultsStore<Contact, Int>(key: \.id, sectionedBy: .by(\.team))
        try store.setData(Self.people)
        #expect(store.rawSections.map(\.name) == ["", "a", "b"])
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[2], [3, 4], [1]])
    }

    @Test func lookupsOfAMissingSectionAreNilOnStoreSnapshotAndController() throws {
        var store = ResultsStore<Contact, Int>(key: \.id)
        try store.setData(Self.people)
        let controller = ResultsController(store: store)
        #expect(store.numberOfRawElements(inSection: 3) == nil)
        #expect(store.snapshot.numberOfElements(inSection: 3) == nil)
        #expect(controller.numberOfElements(inSection: 3) == nil)
        #expect(controller.name(ofSection: 3) == nil && store.snapshot.name(ofSection: -1) == nil)
        // A filter or section that is not there: nothing happens, on both.
        store.removeFilter(title: "nope", group: "none")
        try controller.removeFilter(title: "nope", group: "none")
        try store.removeSection(named: "nope")
        try controller.removeSection(named: "nope")
        #expect(store.rawCount == 4 && controller.store.rawCount == 4)
    }
}
