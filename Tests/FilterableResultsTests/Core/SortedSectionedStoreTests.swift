import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("Sorted and sectioned stores")
struct SortedSectionedStoreTests {
    static let byValue: [ResultsSortKey<Entry>] = [.ascending(\.value)]

    @Test func addGoesAfterItsTies() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue)
        try store.setData([Entry(id: 1, value: 5), Entry(id: 2, value: 1), Entry(id: 3, value: 5)])
        #expect(keys(store.rawSections) == [[2, 1, 3]])
        let changes = try store.validatedChanges { try $0.add(Entry(id: 4, value: 5)) }
        #expect(keys(store.rawSections) == [[2, 1, 3, 4]])
        #expect(summary(changes) == ["insert 4→[0, 3]"])
    }

    @Test func aReplaceKeepsItsPlaceAmongTies() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue)
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 2), Entry(id: 4, value: 3)])
        let update = try store.validatedChanges { try $0.replace(Entry(id: 3, value: 2, group: "b")) }
        #expect(keys(store.rawSections) == [[1, 2, 3, 4]])
        #expect(summary(update) == ["update 3 [0, 2]→[0, 2]"])
        let move = try store.validatedChanges { try $0.replace(Entry(id: 1, value: 9)) }
        #expect(keys(store.rawSections) == [[2, 3, 4, 1]])
        #expect(summary(move) == ["move 1 [0, 0]→[0, 3] updated"])
    }

    @Test func aReplacedRowLandsWhereAStableSortPutsIt() throws {
        // Every row of a table with runs of ties, given every value: moving
        // up, down, into a run of ties, or staying among its own.
        let values = [1, 2, 2, 2, 3, 3, 5]
        let table = values.enumerated().map { Entry(id: $0.offset + 1, value: $0.element) }
        for index in table.indices {
            for value in 0...6 {
                var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue)
                try store.setData(table)
                var edited = table
                edited[index].value = value
                _ = try store.validatedChanges { try $0.replace(edited[index]) }
                let stablySorted = edited.sorted { $0.value < $1.value }.map(\.id)
                #expect(keys(store.rawSections) == [stablySorted], "row \(index + 1) given \(value)")
            }
        }
    }

    @Test func descendingAndMultiKeySorts() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.group), .descending(\.value)])
        try store.setData([Entry(id: 1, value: 1, group: "b"), Entry(id: 2, value: 3, group: "a"), Entry(id: 3, value: 2, group: "b"), Entry(id: 4, value: 4, group: "a")])
        #expect(keys(store.rawSections) == [[4, 2, 3, 1]])
    }

    @Test func insertAndAMergesOwnSortAreRefusedInASortedStore() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue)
        #expect(throws: ResultsError.self) { try store.insert(Entry(id: 1), at: raw(0, 0)) }
        #expect(throws: ResultsError.self) { try store.merge([Entry(id: 1)], sortedBy: Self.byValue) }
        #expect(store.rawCount == 0)
    }

    @Test func mergeSortsOnceAndStably() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue)
        try store.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2), Entry(id: 3, value: 3), Entry(id: 4, value: 4)])
        try store.validatedChanges { try $0.merge([Entry(id: 2, value: 4), Entry(id: 3, value: 4), Entry(id: 5, value: 0)]) }
        #expect(keys(store.rawSections) == [[5, 1, 2, 3, 4]])
    }

    @Test func sectionsComeFromValuesInScalarOrder() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: Self.byValue, sectionedBy: .by(\.group))
        #expect(store.numberOfRawSections == 0)
        try store.setData([Entry(id: 1, value: 2, group: "b"), Entry(id: 2, value: 1, group: "B"), Entry(id: 3, value: 1, group: "b")])
        #expect(store.rawSections.map(\.name) == ["B", "b"])
        #expect(keys(store.rawSections) == [[2], [3, 1]])
    }

    @Test func aRowMovesIntoANewSectionAndOutOfOneThatDisappearsInOneBatch() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b"), Entry(id: 3, group: "b")])
        let changes = try store.validatedChanges {
            try $0.replace(Entry(id: 1, group: "c"))
            try $0.replace(Entry(id: 2, group: "c"))
        }
        #expect(store.rawSections.map(\.name) == ["b", "c"])
        #expect(keys(store.rawSections) == [[3], [1, 2]])
        #expect(changes.sectionChanges.contains { $0.kind == .delete && $0.name == "a" })
        #expect(changes.sectionChanges.contains { $0.kind == .insert && $0.name == "c" })
    }

    @Test func sectionOperationsAreRefusedInASectionedStore() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        #expect(throws: ResultsError.self) { try store.addSection(ResultsSection(elements: [])) }
        #expect(throws: ResultsError.self) { try store.removeSection(at: 0) }
        #expect(throws: ResultsError.self) { try store.add(Entry(id: 1), toSection: 0) }
        #expect(throws: ResultsError.self) { try store.insert(Entry(id: 1), at: raw(0, 0)) }
        #expect(store.rawCount == 0)
    }

    @Test func mergeWithSectionsFilesNewAndMovedRowsInInputOrder() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a"), Entry(id: 2, group: "b")])
        try store.validatedChanges { try $0.merge([Entry(id: 3, group: "a"), Entry(id: 2, group: "a"), Entry(id: 4, group: "c")], prune: false) }
        #expect(keys(store.rawSections) == [[1, 3, 2], [4]])
        #expect(store.rawSections.map(\.name) == ["a", "c"])
    }

    @Test func aMergeWithItsOwnSortHandlesSectionedData() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [
            ResultsSection(name: "x", elements: [Entry(id: 1, value: 3), Entry(id: 2, value: 1)]),
            ResultsSection(name: "y", elements: [Entry(id: 3, value: 2), Entry(id: 4, value: 0)]),
        ])
        try store.validatedChanges { try $0.merge([Entry(id: 5, value: 1)], sortedBy: Self.byValue) }
        #expect(keys(store.rawSections) == [[2, 1], [4, 5, 3]])
    }
}
