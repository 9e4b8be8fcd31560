import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `ResultsChangeset.newIndexPath(forRowAt:)` and `newIndex(forSection:)`:
/// where a row or a section the view showed is after a batch.
@Suite("Following a row through a changeset")
struct IndexPathMappingTests {
    typealias Changeset = ResultsChangeset<Entry, Int>
    typealias Change = Changeset.ElementChange

    @Test func rowsInsertedAboveMoveARowDown() {
        let changeset = Changeset(elementChanges: [
            Change(.insert(at: visible(0, 0)), key: 10, element: Entry(id: 10)),
            Change(.insert(at: visible(0, 1)), key: 11, element: Entry(id: 11)),
            Change(.insert(at: visible(0, 5)), key: 12, element: Entry(id: 12)),
        ])
        // Old rows 0, 1, 2 fill the free places 2, 3, 4; old row 3 goes past the insert at 5.
        #expect((0...3).map { changeset.newIndexPath(forRowAt: visible(0, $0)) } == [visible(0, 2), visible(0, 3), visible(0, 4), visible(0, 6)])
    }

    @Test func rowsDeletedAboveMoveARowUpAndADeletedRowHasNoPlace() {
        let changeset = Changeset(elementChanges: [
            Change(.delete(at: visible(0, 0)), key: 1, element: Entry(id: 1)),
            Change(.delete(at: visible(0, 2)), key: 3, element: Entry(id: 3)),
        ])
        #expect(changeset.newIndexPath(forRowAt: visible(0, 0)) == nil)
        #expect(changeset.newIndexPath(forRowAt: visible(0, 1)) == visible(0, 0))
        #expect(changeset.newIndexPath(forRowAt: visible(0, 2)) == nil)
        #expect(changeset.newIndexPath(forRowAt: visible(0, 3)) == visible(0, 1))
        #expect(changeset.newIndexPath(forRowAt: visible(1, 3)) == visible(1, 3), "another section is untouched")
    }

    @Test func movedAndUpdatedRowsGoWhereTheirChangeSays() {
        let changeset = Changeset(elementChanges: [
            Change(.move(from: visible(0, 0), to: visible(1, 1), isUpdated: true), key: 1, element: Entry(id: 1)),
            Change(.update(at: visible(0, 2), newIndexPath: visible(0, 1)), key: 3, element: Entry(id: 3)),
        ])
        #expect(changeset.newIndexPath(forRowAt: visible(0, 0)) == visible(1, 1))
        #expect(changeset.newIndexPath(forRowAt: visible(0, 1)) == visible(0, 0))
        #expect(changeset.newIndexPath(forRowAt: visible(0, 2)) == visible(0, 1))
        #expect(changeset.newIndexPath(forRowAt: visible(1, 0)) == visible(1, 0))
        #expect(changeset.newIndexPath(forRowAt: visible(1, 1)) == visible(1, 2), "the row moved in takes place 1")
    }

    @Test func sectionsInsertedDeletedAndMovedCarryTheirRows() {
        let changeset = Changeset(sectionChanges: [
            .delete(at: 0, name: "A"), .insert(at: 0, name: "Z"), .move(from: 3, to: 1, name: "D"),
        ])
        #expect(changeset.newIndex(forSection: 0) == nil)
        #expect(changeset.newIndex(forSection: 1) == 2)
        #expect(changeset.newIndex(forSection: 2) == 3)
        #expect(changeset.newIndex(forSection: 3) == 1)
        #expect(changeset.newIndexPath(forRowAt: visible(0, 4)) == nil, "its section is deleted")
        #expect(changeset.newIndexPath(forRowAt: visible(3, 4)) == visible(1, 4), "a moved section's rows move with it")
        #expect(changeset.newIndexPath(forRowAt: visible(2, 7)) == visible(3, 7))
    }

    @Test func negativePathsHaveNoPlace() {
        let changeset = Changeset()
        #expect(changeset.newIndexPath(forRowAt: visible(0, -1)) == nil)
        #expect(changeset.newIndexPath(forRowAt: visible(-1, 0)) == nil)
        #expect(changeset.newIndexPath(forRowAt: visible(2, 5)) == visible(2, 5), "an empty changeset moves nothing")
    }

    /// The oracle: after random batches on sorted, sectioned and filtered
    /// stores, every row shown before the batch maps to where its key is
    /// shown after it (or to nothing when it is no longer shown), and
    /// every named section to where its name is.
    @Test(arguments: 0..<4)
    func everyRowLandsWhereItsKeyIsAfterRandomBatches(configuration: Int) throws {
        var random = SeededRandomNumberGenerator(seed: 0x3A9C_0000 + UInt64(configuration))
        var store: ResultsStore<Entry, Int> = switch configuration {
        case 0: .items()
        case 1: .items(sortedBy: [.ascending(\.value)])
        case 2: .items(sortedBy: [.ascending(\.value)], sectionedBy: .by(\.group), hidesEmptySections: true)
        default: .items(sectionedBy: .by(\.group))
        }
        let groups = ["a", "b", "c", "d"]
        func entry(_ id: Int) -> Entry {
            Entry(id: id, value: Int.random(in: 0..<50, using: &random), group: groups.randomElement(using: &random)!)
        }
        try store.setData((0..<40).map(entry))
        _ = store.takeChangeset()
        for batch in 0..<150 {
            let old = store.snapshot
            let changeset = try store.validatedChanges { store in
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let id = Int.random(in: 0..<80, using: &random)
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0: _ = try store.remove(key: id)
                    case 1: if store.snapshot.indexPath(forKey: id) == nil { try? store.add(entry(id)) }
                    case 2: _ = try store.update(id) { $0.value = Int.random(in: 0..<50, using: &random) }
                    case 3: _ = try store.update(id) { $0.group = groups.randomElement(using: &random)! }
                    case 4 where batch % 10 == 0: store.replaceFilters(with: [ResultsFilter(title: "even", predicate: { $0.value % 2 == 0 })])
                    case 4: store.clearFilters()
                    default: try store.setData((0..<60).filter { _ in Bool.random(using: &random) }.map(entry))
                    }
                }
            }
            let new = store.snapshot
            for section in 0..<old.numberOfSections {
                for row in 0..<(old.numberOfElements(inSection: section) ?? 0) {
                    let path = visible(section, row)
                    let key = try #require(old.key(at: path))
                    #expect(changeset.newIndexPath(forRowAt: path) == new.indexPath(forKey: key), "batch \(batch): key \(key) at \(path)")
                }
                if let name = old.name(ofSection: section) {
                    let expected = (0..<new.numberOfSections).first { new.name(ofSection: $0) == name }
                    #expect(changeset.newIndex(forSection: section) == expected, "batch \(batch): section \(name)")
                }
            }
        }
    }
}
