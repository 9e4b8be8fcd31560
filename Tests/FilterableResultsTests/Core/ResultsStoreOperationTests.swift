import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("ResultsStore operations")
struct ResultsStoreOperationTests {
    func store(_ ids: [Int]...) throws -> ResultsStore<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: ids.map { ResultsSection(elements: $0.map { Entry(id: $0) }) })
        _ = store.takeChangeset()
        return store
    }

    @Test func newStoreHoldsOneUnnamedEmptySection() {
        let store = ResultsStore<Entry, Int>.items()
        #expect(store.numberOfRawSections == 1)
        #expect(store.rawSections == [ResultsSection(elements: [])])
        #expect(store.rawCount == 0)
    }

    @Test func setDataInsertsEveryRow() throws {
        var store = ResultsStore<Entry, Int>.items()
        let changes = try store.validatedChanges { try $0.setData([Entry(id: 1), Entry(id: 2)]) }
        #expect(summary(changes) == ["insert 1→[0, 0]", "insert 2→[0, 1]"])
    }

    @Test func setDataFoldsDuplicatesKeepingFirstPlaceAndLastContent() throws {
        var store = ResultsStore<Entry, Int>.items()
        let result = try store.setData([Entry(id: 1, value: 1), Entry(id: 2), Entry(id: 1, value: 9)])
        #expect(result.foldedDuplicates == 1)
        #expect(store.allElements == [Entry(id: 1, value: 9), Entry(id: 2)])
    }

    @Test func setDataKeepsRowIdentityAsMovesAndUpdates() throws {
        var store = try store([1, 2, 3, 4])
        let changes = try store.validatedChanges {
            try $0.setData([Entry(id: 4), Entry(id: 1), Entry(id: 2, value: 7), Entry(id: 5)])
        }
        #expect(summary(changes) == ["delete 3 [0, 2]", "insert 5→[0, 3]", "move 4 [0, 3]→[0, 0]", "update 2 [0, 1]→[0, 2]"])
    }

    @Test func setDataWithNamedSectionsKeepsSectionIdentityByName() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [ResultsSection(name: "A", elements: [Entry(id: 1)]), ResultsSection(name: "B", elements: [Entry(id: 2)])])
        let changes = try store.validatedChanges {
            try $0.setData(sections: [ResultsSection(name: "B", elements: [Entry(id: 2), Entry(id: 3)]), ResultsSection(name: "C", elements: [])])
        }
        #expect(summary(changes) == ["insert 3→[0, 1]", "section delete 0→-", "section insert -→1"])
    }

    @Test func setDataRefusesRepeatedSectionNamesAndChangesNothing() throws {
        var store = try store([1])
        #expect(throws: ResultsError.duplicateSection("A")) {
            try store.setData(sections: [ResultsSection(name: "A", elements: []), ResultsSection(name: "A", elements: [])])
        }
        #expect(keys(store.rawSections) == [[1]])
        #expect(store.takeChangeset().isEmpty)
    }

    @Test func addAppendsToLastSectionOrGivenSection() throws {
        var store = try store([1], [2])
        try store.validatedChanges { try $0.add(Entry(id: 3)) }
        let changes = try store.validatedChanges { try $0.add(Entry(id: 4), toSection: 0) }
        #expect(keys(store.rawSections) == [[1, 4], [2, 3]])
        #expect(summary(changes) == ["insert 4→[0, 1]"])
    }

    @Test func addRefusesDuplicateKeyAndBadSection() throws {
        var store = try store([1])
        #expect(throws: ResultsError.duplicateKey("1")) { try store.add(Entry(id: 1, value: 5)) }
        #expect(throws: ResultsError.sectionOutOfRange(3, sectionCount: 1)) { try store.add(Entry(id: 2), toSection: 3) }
        #expect(store.allElements == [Entry(id: 1)])
        #expect(store.takeChangeset().isEmpty)
    }

    @Test func addToStoreWithoutSectionsIsSectionOutOfRange() throws {
        var store = try store([1])
        try store.removeSection(at: 0)
        #expect(throws: ResultsError.sectionOutOfRange(0, sectionCount: 0)) { try store.add(Entry(id: 2)) }
    }

    @Test func insertAcceptsAppendPositionAndRefusesBeyond() throws {
        var store = try store([1, 2])
        try store.validatedChanges { try $0.insert(Entry(id: 3), at: raw(0, 2)) }
        try store.validatedChanges { try $0.insert(Entry(id: 4), at: raw(0, 0)) }
        #expect(keys(store.rawSections) == [[4, 1, 2, 3]])
        #expect(throws: ResultsError.rawIndexPathOutOfRange(raw(0, 9), sectionCount: 1, rowCount: 4)) {
            try store.insert(Entry(id: 5), at: raw(0, 9))
        }
        #expect(throws: ResultsError.rawIndexPathOutOfRange(raw(2, 0), sectionCount: 1, rowCount: nil)) {
            try store.insert(Entry(id: 5), at: raw(2, 0))
        }
        #expect(keys(store.rawSections) == [[4, 1, 2, 3]])
    }

    @Test func removeByObjectKeyAndIndexPath() throws {
        var store = try store([1, 2, 3, 4])
        try store.validatedChanges { try $0.remove(Entry(id: 2, value: 99)) }
        try store.validatedChanges { try $0.remove(key: 4) }
        try store.validatedChanges { try $0.remove(at: raw(0, 0)) }
        #expect(keys(store.rawSections) == [[3]])
    }

    @Test func removingAMissingObjectIsANoOp() throws {
        var store = try store([1])
        try store.remove(key: 42)
        try store.remove(Entry(id: 43))
        #expect(store.takeChangeset().isEmpty)
        #expect(throws: ResultsError.rawIndexPathOutOfRange(raw(0, 1), sectionCount: 1, rowCount: 1)) {
            try store.remove(at: raw(0, 1))
        }
        #expect(keys(store.rawSections) == [[1]])
    }

    @Test func replaceKeepsThePlaceAndReportsAnUpdate() throws {
        var store = try store([1, 2, 3])
        let changes = try store.validatedChanges { try $0.replace(Entry(id: 2, value: 5)) }
        #expect(summary(changes) == ["update 2 [0, 1]→[0, 1]"])
        #expect(store.element(forKey: 2) == Entry(id: 2, value: 5))
    }

    @Test func replaceWithEqualContentReportsNothing() throws {
        var store = try store([1, 2])
        let changes = try store.validatedChanges { try $0.replace(Entry(id: 2)) }
        #expect(changes.isEmpty)
    }

    @Test func replaceObjectWithNewKeyIsALeaveAndArriveInPlace() throws {
        var store = try store([1, 2, 3])
        let changes = try store.validatedChanges { try $0.replace(Entry(id: 2), with: Entry(id: 9)) }
        #expect(keys(store.rawSections) == [[1, 9, 3]])
        #expect(summary(changes) == ["delete 2 [0, 1]", "insert 9→[0, 1]"])
    }

    @Test func replaceRefusesTakingAnotherRowsKey() throws {
        var store = try store([1, 2, 3])
        #expect(throws: ResultsError.duplicateKey("3")) { try store.replace(Entry(id: 2), with: Entry(id: 3)) }
        #expect(throws: ResultsError.duplicateKey("1")) { try store.replace(at: raw(0, 1), with: Entry(id: 1)) }
        #expect(keys(store.rawSections) == [[1, 2, 3]])
        #expect(store.takeChangeset().isEmpty)
    }

    @Test func replaceAtIndexPath() throws {
        var store = try store([1, 2])
        try store.validatedChanges { try $0.replace(at: raw(0, 0), with: Entry(id: 1, value: 3)) }
        #expect(store.element(at: raw(0, 0)) == Entry(id: 1, value: 3))
        #expect(throws: ResultsError.rawIndexPathOutOfRange(raw(0, 5), sectionCount: 1, rowCount: 2)) {
            try store.replace(at: raw(0, 5), with: Entry(id: 7))
        }
    }

    @Test func replaceAllIgnoresUnknownObjects() throws {
        var store = try store([1, 2])
        let changes = try store.validatedChanges { try $0.replaceAll([Entry(id: 2, value: 1), Entry(id: 8, value: 1)]) }
        #expect(summary(changes) == ["update 2 [0, 1]→[0, 1]"])
        #expect(store.rawCount == 2)
    }

    @Test func updateChangesAnObjectInPlaceByKey() throws {
        var store = try store([1, 2])
        let found = try store.update(2) { $0.value = 10 }
        #expect(found)
        #expect(try store.update(7) { $0.value = 10 } == false)
        #expect(store.element(forKey: 2)?.value == 10)
        #expect(throws: ResultsError.duplicateKey("1")) { try store.update(2) { $0.id = 1 } }
        #expect(store.element(forKey: 2)?.value == 10)
    }

    @Test func mergeReplacesInPlaceAppendsNewAndPrunes() throws {
        var store = try store([1, 2, 3])
        var result = ResultsStore<Entry, Int>.MergeSummary()
        let changes = try store.validatedChanges {
            result = try $0.merge([Entry(id: 3, value: 2), Entry(id: 4), Entry(id: 1)], prune: true)
        }
        #expect(keys(store.rawSections) == [[1, 3, 4]])
        #expect(result == ResultsStore<Entry, Int>.MergeSummary(inserted: 1, updated: 1, removed: 1, foldedDuplicates: 0))
        #expect(summary(changes) == ["delete 2 [0, 1]", "insert 4→[0, 2]", "update 3 [0, 2]→[0, 1]"])
    }

    @Test func mergeWithoutPruneNeverRemovesAndFoldsDuplicates() throws {
        var store = try store([1, 2])
        let result = try store.merge([Entry(id: 5), Entry(id: 5, value: 3)])
        #expect(result.foldedDuplicates == 1)
        #expect(store.allElements == [Entry(id: 1), Entry(id: 2), Entry(id: 5, value: 3)])
    }

    @Test func mergeIntoStoreWithoutSectionsCreatesOne() throws {
        var store = try store([1])
        try store.removeSection(at: 0)
        try store.merge([Entry(id: 2)])
        #expect(keys(store.rawSections) == [[2]])
    }

    @Test func mergeWithItsOwnSortSortsEverySectionStably() throws {
        var store = try store([1, 2])
        try store.merge([Entry(id: 3, value: -1), Entry(id: 4, value: 0)], sortedBy: [.ascending(\.value)])
        #expect(keys(store.rawSections) == [[3, 1, 2, 4]])
    }

    @Test func sectionOperations() throws {
        var store = try store([1])
        try store.validatedChanges { try $0.addSection(ResultsSection(name: "B", elements: [Entry(id: 2)])) }
        try store.validatedChanges { try $0.insertSection(ResultsSection(name: "A", elements: [Entry(id: 3)]), at: 0) }
        #expect(keys(store.rawSections) == [[3], [1], [2]])
        try store.validatedChanges { try $0.replaceSection(at: 2, with: ResultsSection(name: "B", elements: [Entry(id: 2, value: 1), Entry(id: 4)])) }
        try store.validatedChanges { try $0.removeSection(named: "A") }
        try store.validatedChanges { try $0.removeSection(at: 0) }
        #expect(store.rawSections == [ResultsSection(name: "B", elements: [Entry(id: 2, value: 1), Entry(id: 4)])])
        try store.removeSection(named: "missing")
    }

    @Test func sectionOperationsRefuseBadInputAndChangeNothing() throws {
        var store = try store([1])
        try store.addSection(ResultsSection(name: "B", elements: [Entry(id: 2)]))
        _ = store.takeChangeset()
        let before = store.rawSections
        #expect(throws: ResultsError.duplicateSection("B")) { try store.addSection(ResultsSection(name: "B", elements: [])) }
        #expect(throws: ResultsError.duplicateKey("1")) { try store.addSection(ResultsSection(elements: [Entry(id: 1)])) }
        #expect(throws: ResultsError.duplicateKey("7")) { try store.addSection(ResultsSection(elements: [Entry(id: 7), Entry(id: 7)])) }
        #expect(throws: ResultsError.sectionOutOfRange(5, sectionCount: 2)) { try store.insertSection(ResultsSection(elements: []), at: 5) }
        #expect(throws: ResultsError.sectionOutOfRange(2, sectionCount: 2)) { try store.removeSection(at: 2) }
        #expect(throws: ResultsError.sectionOutOfRange(9, sectionCount: 2)) { try store.replaceSection(at: 9, with: ResultsSection(elements: [])) }
        #expect(throws: ResultsError.duplicateKey("2")) { try store.replaceSection(at: 0, with: ResultsSection(elements: [Entry(id: 2)])) }
        #expect(throws: ResultsError.duplicateSection("B")) { try store.replaceSection(at: 0, with: ResultsSection(name: "B", elements: [])) }
        #expect(store.rawSections == before)
        #expect(store.takeChangeset().isEmpty)
    }

    @Test func renamingASectionIsANewSection() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [ResultsSection(name: "A", elements: [Entry(id: 1)])])
        let changes = try store.validatedChanges { try $0.replaceSection(at: 0, with: ResultsSection(name: "Z", elements: [Entry(id: 1)])) }
        #expect(summary(changes) == ["section delete 0→-", "section insert -→0"])
    }

    @Test func missingPrimaryKeyIsRefused() throws {
        var store = ResultsStore<Entry, Int>(key: { $0.id < 0 ? nil : $0.id }, isSameContent: ==)
        #expect(throws: ResultsError.self) { try store.add(Entry(id: -1)) }
        #expect(throws: ResultsError.self) { try store.setData([Entry(id: 1), Entry(id: -1)]) }
        #expect(throws: ResultsError.self) { try store.merge([Entry(id: -2)]) }
        #expect(store.rawCount == 0)
        do {
            try store.add(Entry(id: -1))
        } catch {
            #expect(error.code == "missingPrimaryKey")
            #expect(error.description.contains("-1"))
        }
    }

    @Test func lookupsOnRawAndVisibleData() throws {
        var store = try store([1, 2, 3], [4])
        store.addFilter(ResultsFilter(title: "odd") { $0.id % 2 == 1 })
        #expect(store.element(at: raw(0, 1)) == Entry(id: 2))
        #expect(store.element(at: raw(3, 0)) == nil)
        #expect(store.snapshot.element(at: visible(0, 1)) == Entry(id: 3))
        #expect(store.rawIndexPath(forKey: 4) == raw(1, 0))
        #expect(store.snapshot.indexPath(forKey: 4) == nil)
        #expect(store.snapshot.indexPath(of: Entry(id: 3)) == visible(0, 1))
        #expect(store.rawIndexPath(of: Entry(id: 3)) == raw(0, 2))
        #expect(store.numberOfRawElements(inSection: 0) == 3)
        #expect(store.snapshot.numberOfElements(inSection: 1) == 0)
        #expect(store.snapshot.numberOfSections == 2)
        #expect(store.snapshot.elements.map(\.id) == [1, 3])
        #expect(store.rawCount == 4)
    }

    @Test func errorsNameTheBadValue() {
        #expect(ResultsError.duplicateKey("7").description.contains("7"))
        #expect(ResultsError.rawIndexPathOutOfRange(raw(2, 9), sectionCount: 3, rowCount: 4).description.contains("[2, 9]"))
        #expect(ResultsError.sectionOutOfRange(5, sectionCount: 2).description.contains("5"))
        #expect(ResultsError.duplicateSection("News").description.contains("News"))
        #expect(ResultsError.invalidPredicate("a ==", position: 4, expected: "a value").description.contains("4"))
        #expect(ResultsError.unbalancedEndUpdates.code == "unbalancedEndUpdates")
        #expect(ResultsError.rowsPlacedByStore(operation: "moving a row").description.contains("moving a row"))
        #expect(ResultsError.sectionsDerivedFromElements(operation: "inserting a section").description.contains("inserting a section"))
        #expect(ResultsError.moveNotAllowed(from: visible(1, 0), to: visible(2, 3), reason: "r").description.contains("[2, 3]"))
        #expect(ResultsError.partOutOfRange(4, partCount: 2).description.contains("part 4"))
        #expect(ResultsError.sectionNotFound(part: 1, name: "News").description == "section \"News\" of part 1 is not shown")
        #expect(ResultsError.keyTypeMismatch("\"x\"", expected: "Swift.Int").description.contains("Swift.Int"))
    }

    @Test func everyRefusalOfAnOperationTheSourceDoesNotAllowHasTheScenarioCodeInvalidOperation() {
        let refusals: [ResultsError] = [
            .sectionsDerivedFromElements(operation: "inserting a section"), .rowsPlacedByStore(operation: "moving a row"),
            .changedDuringNotification, .changedDuringClosure, .updatesToggledDuringBatch,
            .rowNotEditable("static row 1", reason: "r"), .moveNotAllowed(from: visible(0, 0), to: visible(0, 1), reason: "r"),
            .partOutOfRange(3, partCount: 1), .sectionNotFound(part: 0, name: nil), .keyTypeMismatch("1", expected: "Swift.String"),
        ]
        #expect(refusals.allSatisfy { $0.code == "invalidOperation" })
    }

    @Test func aSortedStoreRefusesToPlaceARowNamingTheOperation() throws {
        var store = ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.id)])
        try store.setData([Entry(id: 1), Entry(id: 2)])
        #expect(throws: ResultsError.rowsPlacedByStore(operation: "inserting at an index path")) { try store.insert(Entry(id: 3), at: raw(0, 0)) }
        #expect(throws: ResultsError.rowsPlacedByStore(operation: "moving a row")) { try store.move(from: raw(0, 0), to: raw(0, 1)) }
        #expect(throws: ResultsError.rowsPlacedByStore(operation: "merging in an order of its own (sortedBy)")) {
            try store.merge([Entry(id: 3)], sortedBy: [.descending(\.id)])
        }
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[1, 2]])
    }

    @Test func aStoreSectionedByValueRefusesSectionOperationsNamingThem() throws {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1, group: "a")])
        #expect(throws: ResultsError.sectionsDerivedFromElements(operation: "inserting a section")) {
            try store.insertSection(ResultsSection(name: "b", elements: []), at: 0)
        }
        #expect(throws: ResultsError.sectionsDerivedFromElements(operation: "removing a section")) { try store.removeSection(at: 0) }
        #expect(throws: ResultsError.sectionsDerivedFromElements(operation: "adding to a given section")) {
            try store.add(Entry(id: 2, group: "a"), toSection: 0)
        }
        #expect(store.rawSections.map { $0.elements.map(\.id) } == [[1]])
    }
}

/// Keys read through key paths of every kind: stored (read at an offset),
/// nested stored, computed, and into a class.
@Suite("Key paths as primary keys")
struct KeyPathKeyTests {
    struct Owner: Equatable, Sendable { var name: String; var id: Int }
    struct Pet: Equatable, Sendable {
        var name: String
        var owner: Owner
        var tag: String { "\(name)-\(owner.id)" }
    }
    final class Box: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    @Test func storedNestedAndComputedKeyPathsIdentifyObjects() throws {
        let pets = [Pet(name: "Rex", owner: Owner(name: "A", id: 7)), Pet(name: "Tom", owner: Owner(name: "B", id: 9))]
        var byOwner = ResultsStore<Pet, Int>(key: \.owner.id)
        try byOwner.setData(pets)
        #expect(byOwner.element(forKey: 9)?.name == "Tom")
        var byName = ResultsStore<Pet, String>(key: \.name)
        try byName.setData(pets)
        #expect(byName.element(forKey: "Rex")?.owner.id == 7)
        var byTag = ResultsStore<Pet, String>(key: \.tag)
        try byTag.setData(pets)
        #expect(byTag.contains(key: "Tom-9"))
    }

    @Test func keyPathIntoAClassIdentifiesObjects() throws {
        var store = ResultsStore<Box, Int>(key: \.id)
        try store.setData([Box(id: 1), Box(id: 2)])
        #expect(throws: ResultsError.duplicateKey("2")) { try store.add(Box(id: 2)) }
        #expect(store.element(forKey: 1)?.id == 1)
    }
}
