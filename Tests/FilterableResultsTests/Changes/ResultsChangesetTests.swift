import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("ResultsChangeset grouping")
struct ResultsChangesetTests {
    let changeset = ResultsChangeset<Int, Int>(
        sectionChanges: [.delete(at: 2, name: nil), .insert(at: 0, name: "A"), .move(from: 1, to: 2, name: nil)],
        elementChanges: [
            .init(.delete(at: ResultsIndexPath(row: 0, section: 0)), key: 1, element: 1),
            .init(.insert(at: ResultsIndexPath(row: 0, section: 1)), key: 2, element: 2),
            .init(.move(from: ResultsIndexPath(row: 2, section: 0), to: ResultsIndexPath(row: 1, section: 1), isUpdated: true), key: 3, element: 3),
            .init(.update(at: ResultsIndexPath(row: 3, section: 0), newIndexPath: ResultsIndexPath(row: 2, section: 1)), key: 4, element: 4),
        ])

    @Test func groupsIndexesByKindInTheCoordinatesUIKitTakes() {
        #expect(changeset.sectionIndexes(.delete) == [2])
        #expect(changeset.sectionIndexes(.insert) == [0])
        #expect(changeset.sectionIndexes(.update).isEmpty)
        #expect(changeset.sectionIndexes(.move).isEmpty)
        #expect(changeset.sectionMoves.map { [$0.from, $0.to] } == [[1, 2]])
        #expect(changeset.rowIndexPaths(.delete) == [ResultsIndexPath(row: 0, section: 0)])
        #expect(changeset.rowIndexPaths(.insert) == [ResultsIndexPath(row: 0, section: 1)])
        #expect(changeset.rowIndexPaths(.update) == [ResultsIndexPath(row: 3, section: 0)])
        #expect(changeset.rowMoves.map { [$0.from, $0.to] } == [[ResultsIndexPath(row: 2, section: 0), ResultsIndexPath(row: 1, section: 1)]])
        #expect(changeset.rowsToReconfigureAfterUpdate == [ResultsIndexPath(row: 1, section: 1)])
        #expect(changeset.count == 7)
    }

    /// Every kind reaches the view in UIKit's order; with a section moved in
    /// the batch, the updated row is reconfigured after it, never reloaded
    /// in it (a reload beside a section move corrupts UIKit's arithmetic),
    /// even when reloads are asked for.
    @Test @MainActor func appliesEveryKindToAView() {
        let recorder = BatchUpdateRecorder()
        changeset.apply(to: recorder, contentUpdates: .reload, updateDataSource: {})
        #expect(recorder.calls == [
            .deleteSections([2]), .insertSections([0]), .moveSection(1, to: 2),
            .deleteRows([ResultsIndexPath(row: 0, section: 0)]), .insertRows([ResultsIndexPath(row: 0, section: 1)]),
            .moveRow(ResultsIndexPath(row: 2, section: 0), to: ResultsIndexPath(row: 1, section: 1)),
            .reconfigureRows([ResultsIndexPath(row: 1, section: 1), ResultsIndexPath(row: 2, section: 1)]),
        ])
        #expect(recorder.batchCount == 1)
    }

    /// Every value a caller can build answers every accessor: the shape of
    /// a change is its enum case, so no accessor has an optional to unwrap.
    @Test func everyBuildableChangeAnswersItsAccessors() {
        let path = ResultsIndexPath(row: 1, section: 2)
        let other = ResultsIndexPath(row: 3, section: 4)
        let changes: [RowChange] = [
            .insert(at: path), .delete(at: path), .move(from: path, to: other, isUpdated: false),
            .move(from: path, to: other, isUpdated: true), .update(at: path, newIndexPath: other),
        ]
        let expected: [(RowChange.Kind, ResultsIndexPath?, ResultsIndexPath?, Bool)] = [
            (.insert, nil, path, false), (.delete, path, nil, false), (.move, path, other, false),
            (.move, path, other, true), (.update, path, other, false),
        ]
        for (change, (kind, old, new, updated)) in zip(changes, expected) {
            let object = ResultsChangeset<Int, Int>.ElementChange(change, key: 1, element: 1)
            #expect(object.kind == kind && object.indexPath == old && object.newIndexPath == new && object.isUpdated == updated)
        }
        let built = ResultsChangeset<Int, Int>(
            sectionChanges: [.move(from: 0, to: 1, name: nil)],
            elementChanges: changes.map { ResultsChangeset<Int, Int>.ElementChange($0, key: 1, element: 1) })
        #expect(built.rowMoves.count == 2)
        #expect(built.sectionMoves.map(\.to) == [1])
        #expect(SectionChange.insert(at: 3, name: "x").index == nil && SectionChange.delete(at: 3, name: nil).newIndex == nil)
    }

    @Test func indexPathsConvertToFoundation() {
        let path = ResultsIndexPath(row: 4, section: 2)
        #expect(path.indexPath == [2, 4])
        #expect(path < ResultsIndexPath(row: 0, section: 3))
        #expect(path.description == "[2, 4]")
    }

    @MainActor
    @Test func mapReadsEveryChangeInOrderAsTheCollectionDoes() throws {
        #expect(changeset.elementChanges.map(\.key) == Array(changeset.elementChanges).map(\.key))
        // A store's changeset, read from its tables.
        let validated = try ValidatedController(keys: Array(0..<40))
        try validated.controller.performBatchUpdates { () throws(ResultsError) in
            try validated.controller.remove(keys: [3, 7, 11])
            try validated.controller.add(Entry(id: 100))
            try validated.controller.add(Entry(id: 101))
            try validated.controller.replace(Entry(id: 20, value: 2))
        }
        let changes = try #require(validated.updates.last).changeset.elementChanges
        #expect(changes.count == 6)
        #expect(changes.map(\.key) == changes.indices.map { changes[$0].key })
        #expect(changes.map(\.indexPath) == changes.indices.map { changes[$0].indexPath })
        #expect(validated.violations.isEmpty, "\(validated.violations)")
        // A transform's error ends the pass.
        struct Stop: Error {}
        var read = 0
        #expect(throws: Stop.self) {
            _ = try changes.map { change throws(Stop) -> Int in
                read += 1
                if read == 2 { throw Stop() }
                return change.key
            }
        }
        #expect(read == 2)
    }
}
