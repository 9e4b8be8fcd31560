import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@MainActor
@Suite("Changing sort keys and sectioning")
struct OrganizingTests {
    /// Keys 1...6 with values and groups that order them differently.
    static let entries = [
        Entry(id: 1, value: 30, group: "b"), Entry(id: 2, value: 10, group: "a"), Entry(id: 3, value: 20, group: "c"),
        Entry(id: 4, value: 10, group: "b"), Entry(id: 5, value: 50, group: "a"), Entry(id: 6, value: 40, group: "c"),
    ]

    func screen(_ store: ResultsStore<Entry, Int>) throws -> ValidatedController {
        let screen = try ValidatedController(store)
        try screen.controller.setData(Self.entries)
        return screen
    }

    @Test func aNewSortOrderMovesEveryRowThatMovedInOneUpdate() throws {
        let screen = try screen(.items())
        try screen.controller.setSortKeys([.ascending(\.value)])
        #expect(screen.keys == [[2, 4, 3, 1, 6, 5]], "ties keep their order")
        try screen.controller.setSortKeys([.descending(\.value)])
        #expect(screen.keys == [[5, 6, 1, 3, 2, 4]])
        #expect(screen.updates.count == 3)
        #expect(screen.updates.last?.changeset.elementChanges.allSatisfy { $0.kind == .move } == true)
        #expect(screen.violations.isEmpty)
    }

    @Test func newRowsAreSortedByTheNewKeys() throws {
        let screen = try screen(.items(sortedBy: [.ascending(\.id)]))
        try screen.controller.setSortKeys([.descending(\.id)])
        try screen.controller.add(Entry(id: 7))
        try screen.controller.add(Entry(id: 0))
        #expect(screen.keys == [[7, 6, 5, 4, 3, 2, 1, 0]])
        #expect(screen.violations.isEmpty)
    }

    @Test func removingTheSortKeysKeepsTheRowsWhereTheyAre() throws {
        let screen = try screen(.items(sortedBy: [.ascending(\.value)]))
        try screen.controller.setSortKeys([])
        #expect(screen.keys == [[2, 4, 3, 1, 6, 5]])
        try screen.controller.add(Entry(id: 0, value: 0))
        #expect(screen.keys == [[2, 4, 3, 1, 6, 5, 0]], "no longer sorted: a new row is appended")
        #expect(screen.violations.isEmpty)
    }

    @Test func filtersStayWhenTheSortOrderChanges() throws {
        let screen = try screen(.items())
        try screen.controller.addFilter(ResultsFilter(title: "big", group: nil) { $0.value >= 20 })
        try screen.controller.setSortKeys([.descending(\.value)])
        #expect(screen.keys == [[5, 6, 1, 3]])
        #expect(screen.controller.store.filters.map(\.title) == ["big"])
        try screen.controller.clearFilters()
        #expect(screen.keys == [[5, 6, 1, 3, 2, 4]])
        #expect(screen.violations.isEmpty)
    }

    @Test func sectioningByValueFilesEveryRowInItsSection() throws {
        let screen = try screen(.items(sortedBy: [.ascending(\.value)]))
        try screen.controller.setSectioning(.by(\.group))
        #expect(screen.controller.snapshot.sections.map(\.name) == ["a", "b", "c"])
        #expect(screen.keys == [[2, 5], [4, 1], [3, 6]])
        #expect(screen.updates.count == 2)
        #expect(screen.violations.isEmpty)
    }

    @Test func aSectionThatKeepsItsNameIsMovedNotReplaced() throws {
        let screen = try screen(.items(sectionedBy: .by(\.group)))
        let reversed = ResultsSectioning<Entry>(sectionName: \.group) { $0 > $1 }
        try screen.controller.setSectioning(reversed)
        #expect(screen.controller.snapshot.sections.map(\.name) == ["c", "b", "a"])
        let kinds = screen.updates.last?.changeset.sectionChanges.map(\.kind)
        #expect(kinds?.allSatisfy { $0 == .move } == true)
        #expect(screen.violations.isEmpty)
    }

    @Test func noSectioningKeepsOneSectionInTheCurrentOrder() throws {
        let screen = try screen(.items(sectionedBy: .by(\.group)))
        try screen.controller.setSectioning(nil)
        #expect(screen.keys == [[2, 5, 1, 4, 3, 6]])
        #expect(screen.controller.snapshot.sections.map(\.name) == [nil])
        try screen.controller.addSection(ResultsSection(name: "more", elements: [Entry(id: 9)]))
        #expect(screen.keys == [[2, 5, 1, 4, 3, 6], [9]], "sections are made by hand again")
        #expect(screen.violations.isEmpty)
    }

    @Test func anEmptySectionedStoreLosingItsSectioningHasOneEmptySection() throws {
        let screen = try ValidatedController(.items(sectionedBy: .by(\.group)))
        try screen.controller.setSectioning(nil)
        #expect(screen.keys == [[]])
        #expect(screen.violations.isEmpty)
    }

    @Test func aSortAndSectioningChangeInOneBatchIsOneUpdate() throws {
        let screen = try screen(.items())
        try screen.controller.performBatchUpdates {
            try screen.controller.setSectioning(.by(\.group))
            try screen.controller.setSortKeys([.descending(\.value)])
            try screen.controller.remove(key: 3)
        }
        #expect(screen.keys == [[5, 2], [1, 4], [6]])
        #expect(screen.updates.count == 2)
        #expect(screen.violations.isEmpty)
    }

    static func isDescending(_ a: Entry, _ b: Entry, by keys: [ResultsSortKey<Entry>]) -> Bool {
        keys.lazy.map { $0.compare(a, b) }.first { $0 != .orderedSame } == .orderedDescending
    }

    @Test(arguments: 0..<8)
    func randomReorganisationsAreValidBatches(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let entries = (0..<40).map { Entry(id: $0, value: Int.random(in: 0..<8, using: &random), group: ["a", "b", "c", "d"].randomElement(using: &random)!) }
        let screen = try ValidatedController()
        try screen.controller.setData(entries)
        try screen.controller.addFilter(ResultsFilter(title: "odd", group: nil) { $0.id % 3 != 0 })
        let sortings: [[ResultsSortKey<Entry>]] = [[], [.ascending(\.value)], [.descending(\.value), .ascending(\.id)], [.descending(\.id)]]
        let sectionings: [ResultsSectioning<Entry>?] = [nil, .by(\.group), ResultsSectioning(sectionName: { "\($0.value % 3)" })]
        for _ in 0..<12 {
            if Bool.random(using: &random) {
                try screen.controller.setSortKeys(sortings.randomElement(using: &random)!)
            } else {
                try screen.controller.setSectioning(sectionings.randomElement(using: &random)!)
            }
            let store = screen.controller.store
            let shown = screen.keys.flatMap { $0 }
            #expect(Set(shown) == Set(entries.map(\.id).filter { $0 % 3 != 0 }), "no row lost or duplicated")
            for section in store.snapshot.sections.map(ResultsSection.init) where !store.sortKeys.isEmpty {
                let objects = section.elements
                #expect(zip(objects, objects.dropFirst()).allSatisfy { !Self.isDescending($0, $1, by: store.sortKeys) })
            }
        }
        #expect(screen.violations.isEmpty)
    }
}
