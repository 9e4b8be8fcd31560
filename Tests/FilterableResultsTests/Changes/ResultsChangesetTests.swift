import FilterableResults
import FilterableResultsTesting
import Testing

@Suite("ResultsChangeset grouping")
struct ResultsChangesetTests {
    let changeset = ResultsChangeset<Int, Int>(
        sectionChanges: [.delete(2), .insert(0), .move(1, to: 2), .update(3)],
        objectChanges: [
            ObjectChange(kind: .delete, key: 1, object: 1, indexPath: ResultsIndexPath(0, 0), newIndexPath: nil),
            ObjectChange(kind: .insert, key: 2, object: 2, indexPath: nil, newIndexPath: ResultsIndexPath(1, 0)),
            ObjectChange(kind: .move, key: 3, object: 3, indexPath: ResultsIndexPath(0, 2), newIndexPath: ResultsIndexPath(1, 1), isUpdated: true),
            ObjectChange(kind: .update, key: 4, object: 4, indexPath: ResultsIndexPath(0, 3), newIndexPath: ResultsIndexPath(1, 2)),
        ])

    @Test func groupsIndexesByKindInTheCoordinatesUIKitTakes() {
        #expect(changeset.sectionIndexes(.delete) == [2])
        #expect(changeset.sectionIndexes(.insert) == [0])
        #expect(changeset.sectionIndexes(.update) == [3])
        #expect(changeset.sectionIndexes(.move).isEmpty)
        #expect(changeset.sectionMoves.map { [$0.from, $0.to] } == [[1, 2]])
        #expect(changeset.rowIndexPaths(.delete) == [ResultsIndexPath(0, 0)])
        #expect(changeset.rowIndexPaths(.insert) == [ResultsIndexPath(1, 0)])
        #expect(changeset.rowIndexPaths(.update) == [ResultsIndexPath(0, 3)])
        #expect(changeset.rowMoves.map { [$0.from, $0.to] } == [[ResultsIndexPath(0, 2), ResultsIndexPath(1, 1)]])
        #expect(changeset.rowsToReconfigureAfterUpdate == [ResultsIndexPath(1, 1)])
    }

    @Test func appliesEveryKindToATarget() {
        var recorder = BatchUpdateRecorder()
        changeset.apply(to: &recorder)
        #expect(recorder.calls == [
            .deleteSections([2]), .insertSections([0]), .moveSection(1, to: 2), .reloadSections([3]),
            .deleteRows([ResultsIndexPath(0, 0)]), .insertRows([ResultsIndexPath(1, 0)]),
            .moveRow(ResultsIndexPath(0, 2), to: ResultsIndexPath(1, 1)), .reloadRows([ResultsIndexPath(0, 3)]),
        ])
    }

    @Test func indexPathsConvertToFoundation() {
        let path = ResultsIndexPath(row: 4, section: 2)
        #expect(path.indexPath == [2, 4])
        #expect(path < ResultsIndexPath(3, 0))
        #expect(path.description == "[2, 4]")
    }
}
