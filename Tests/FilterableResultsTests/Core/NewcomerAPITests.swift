import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// What a newcomer writes first works: sections by a number, search over
/// optional fields, readable printouts, observations kept in a set.
@Suite("A newcomer's first code")
struct NewcomerAPITests {
    struct Player: Equatable, Sendable {
        var id: Int
        var name: String
        var nickname: String?
        var score: Int
        var team: String
    }

    let players = [
        Player(id: 1, name: "Ann", nickname: nil, score: 10, team: "b2"),
        Player(id: 2, name: "Bob", nickname: "Bobby", score: 2, team: "B10"),
        Player(id: 3, name: "Cy", nickname: "Ace", score: -5, team: "a"),
        Player(id: 4, name: "Di", nickname: nil, score: 2, team: "b2"),
    ]

    @Test func sectionsByANumberAreNamedByItAndInNumericOrder() throws {
        var store = ResultsStore<Player, Int>(key: \.id, sectionedBy: .by(\.score))
        try store.setData(players)
        #expect(store.rawSections.map(\.name) == ["-5", "2", "10"])
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[3], [2, 4], [1]])
        try store.replace(Player(id: 3, name: "Cy", score: 100, team: "a"))
        #expect(store.rawSections.map(\.name) == ["2", "10", "100"])
    }

    @Test func aValueNotEqualToItselfGetsASectionAfterTheNumbers() throws {
        struct Reading: Equatable, Sendable { var id: Int; var value: Double }
        var store = ResultsStore<Reading, Int>(key: \.id, sectionedBy: .by(\.value))
        try store.setData([Reading(id: 1, value: .nan), Reading(id: 2, value: 2), Reading(id: 3, value: -1), Reading(id: 4, value: .nan)])
        #expect(store.rawSections.map(\.name) == ["-1.0", "2.0", "nan"])
        #expect(store.rawSections.last?.elements.map(\.id) == [1, 4])
    }

    @Test func sectionsCanBeInTheLocalizedNumericAwareOrder() throws {
        var scalar = ResultsStore<Player, Int>(key: \.id, sectionedBy: .by(\.team))
        try scalar.setData(players)
        #expect(scalar.rawSections.map(\.name) == ["B10", "a", "b2"], "the default: Unicode scalars")
        var localized = ResultsStore<Player, Int>(key: \.id, sectionedBy: .by(\.team, order: .localizedStandard))
        try localized.setData(players)
        #expect(localized.rawSections.map(\.name) == ["a", "b2", "B10"])
    }

    @Test func aSearchTakesOptionalAndNonStringFieldsDirectly() throws {
        var store = ResultsStore<Player, Int>(key: \.id)
        try store.setData(players)
        store.search(for: "bob", in: [\.name, \.nickname])
        #expect(store.snapshot.map(\.id) == [2])
        store.search(for: "ace", in: [\.name, \.nickname])
        #expect(store.snapshot.map(\.id) == [3])
        store.search(for: "-5", in: [\.name, \.score])
        #expect(store.snapshot.map(\.id) == [3], "a number is found by its digits")
        store.search(for: "", in: [\.nickname])
        #expect(store.snapshot.count == 4)
    }

    @Test func changesetsUpdatesAndSnapshotsPrintWhatTheyHold() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        _ = store.takeChangeset()
        try store.add(Entry(id: 3, group: "c"))
        try store.remove(key: 1)
        let changeset = store.takeChangeset()
        #expect(changeset.description == #"ResultsChangeset(2 section changes, 0 element changes: insert section 1 "c"; delete section 0 "a")"#
            || changeset.description == #"ResultsChangeset(2 section changes, 0 element changes: delete section 0 "a"; insert section 1 "c")"#)
        #expect(store.snapshot.description == #"ResultsSnapshot(2 sections, 2 elements: "b" [2], "c" [3])"#)
        #expect(ResultsChangeset<Entry, Int>().description == "ResultsChangeset(no changes)")
        let change = ResultsChangeset<Entry, Int>.ElementChange(.move(from: visible(0, 2), to: visible(0, 0), isUpdated: true), key: 7, element: Entry(id: 7))
        #expect(change.description == "move [0, 2] → [0, 0], updated (key 7)")
        var big = ResultsStore<Entry, Int>.items()
        try big.setData((0..<100).map { Entry(id: $0) })
        #expect(big.snapshot.description == "ResultsSnapshot(1 section, 100 elements)")
        #expect(big.takeChangeset().description == "ResultsChangeset(0 section changes, 100 element changes)")
    }

    @Test @MainActor func anUpdatePrintsItsChangesetAndTheTableAfterIt() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        var printed: [String] = []
        let observation = controller.observe { printed.append($0.description) }
        try controller.add(Entry(id: 1))
        #expect(printed == ["ResultsUpdate(ResultsChangeset(0 section changes, 1 element change: insert [0, 0] (key 1)) → 1 section, 1 element)"])
        observation.cancel()
    }

    @Test @MainActor func observationsKeptInASetDeliverUntilTheSetLetsThemGo() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        var observations: Set<ResultsObservation> = []
        var count = 0
        controller.observe { _ in count += 1 }.store(in: &observations)
        try controller.add(Entry(id: 1))
        #expect(count == 1 && observations.count == 1)
        observations.removeAll()
        try controller.add(Entry(id: 2))
        #expect(count == 1)
    }
}
