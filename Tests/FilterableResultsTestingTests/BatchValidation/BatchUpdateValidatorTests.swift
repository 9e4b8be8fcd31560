import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A small row: `id` is its identity, `title` its content.
private struct Item: Equatable, Sendable {
    var id: Int
    var title: String
}

private typealias Event = ResultsChangeset<Item, Int>.ElementChange
private typealias Changeset = ResultsChangeset<Item, Int>

private func item(_ id: Int, _ title: String? = nil) -> Item { Item(id: id, title: title ?? "item \(id)") }

/// A section of items with default titles; `changed` lists ids whose title differs.
private func section(_ name: String? = nil, _ ids: [Int], changed: Set<Int> = []) -> ResultsSection<Item> {
    ResultsSection(name: name, elements: ids.map { changed.contains($0) ? item($0, "changed \($0)") : item($0) })
}

/// Unnamed sections of items with default titles.
private func table(_ sections: [Int]...) -> [ResultsSection<Item>] { sections.map { section(nil, $0) } }

private func path(_ section: Int, _ row: Int) -> ResultsIndexPath { ResultsIndexPath(row: row, section: section) }

private func insert(_ id: Int, at new: ResultsIndexPath) -> Event {
    Event(.insert(at: new), key: id, element: item(id))
}

private func delete(_ id: Int, at old: ResultsIndexPath) -> Event {
    Event(.delete(at: old), key: id, element: item(id))
}

private func move(_ id: Int, from old: ResultsIndexPath, to new: ResultsIndexPath, updated: Bool = false) -> Event {
    Event(.move(from: old, to: new, isUpdated: updated), key: id, element: item(id))
}

private func update(_ id: Int, at old: ResultsIndexPath, to new: ResultsIndexPath) -> Event {
    Event(.update(at: old, newIndexPath: new), key: id, element: item(id))
}

private func violations(
    _ old: [ResultsSection<Item>], _ new: [ResultsSection<Item>],
    sections: [SectionChange] = [], rows: [Event] = []
) -> [BatchUpdateViolation] {
    BatchUpdateValidator.violations(
        of: Changeset(sectionChanges: sections, elementChanges: rows), from: old, to: new, key: \.id)
}

/// The rule numbers of the violations, sorted and without repeats.
private func rules(_ found: [BatchUpdateViolation]) -> [Int] { Array(Set(found.map(\.rule))).sorted() }

@Suite("BatchUpdateValidator accepts valid batches")
struct BatchUpdateValidatorAcceptanceTests {
    @Test func insertingRowsIntoAnEmptySectionIsValid() {
        let found = violations(table([]), table([1, 2]), rows: [insert(1, at: path(0, 0)), insert(2, at: path(0, 1))])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func movingARowToAnotherSectionIsValid() {
        let found = violations(table([1, 2], [3]), table([2], [3, 1]), rows: [move(1, from: path(0, 0), to: path(1, 1))])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func insertingASectionAndARowInAnotherSectionIsValid() {
        let old = [section("A", [1])]
        let new = [section("Z", [5]), section("A", [1, 2])]
        let found = violations(old, new, sections: [.insert(at: 0, name: "Z")], rows: [insert(2, at: path(1, 1))])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func movingASectionCarriesItsRowsUnchanged() {
        let old = [section("A", [1]), section("B", [2]), section("C", [3])]
        let new = [section("C", [3]), section("A", [1]), section("B", [2])]
        let found = violations(old, new, sections: [.move(from: 2, to: 0, name: "C")])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func updateGivesItsOldPathAndWhereTheRowLands() {
        let old = table([1, 2, 3])
        let new = [section(nil, [0, 1, 2, 3], changed: [2])]
        let found = violations(old, new, rows: [insert(0, at: path(0, 0)), update(2, at: path(0, 1), to: path(0, 2))])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func movedRowWhoseContentChangedIsAMoveWithIsUpdated() {
        let new = [section(nil, [2, 1], changed: [1])]
        let found = violations(table([1, 2]), new, rows: [move(1, from: path(0, 0), to: path(0, 1), updated: true)])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func noEventsBetweenIdenticalTablesIsValid() {
        #expect(violations(table([1, 2], []), table([1, 2], [])).isEmpty)
    }

    @Test func sectionThatMustMoveWhileItsRowsChangeMayBeDeletedAndInserted() {
        let old = [section("A", [1]), section("B", [2])]
        let new = [section("B", [2]), section("A", [1, 3])]
        let found = violations(old, new, sections: [.delete(at: 0, name: "A"), .insert(at: 1, name: "A")])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func movingTheOtherSectionInsteadIsValidToo() {
        let old = [section("A", [1]), section("B", [2])]
        let new = [section("B", [2]), section("A", [1, 3])]
        let found = violations(old, new, sections: [.move(from: 1, to: 0, name: "B")], rows: [insert(3, at: path(1, 1))])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func unnamedSectionsFollowUIKitsMappingAfterADelete() {
        let found = violations(table([1, 2], [3]), table([3]), sections: [.delete(at: 0, name: nil)])
        #expect(found.isEmpty, "\(found)")
    }

    /// Every order of four rows, reached with the rows outside a longest
    /// increasing subsequence moved, is valid and minimal.
    @Test(arguments: permutations(of: [1, 2, 3, 4]))
    func minimalMovesForEveryPermutationAreValid(order: [Int]) {
        let found = violations(table([1, 2, 3, 4]), table(order), rows: minimalMoves(from: [1, 2, 3, 4], to: order))
        #expect(found.isEmpty, "\(order): \(found)")
    }

    @Test func validatingAValidBatchDoesNotThrow() throws {
        try BatchUpdateValidator.validate(
            Changeset(elementChanges: [delete(1, at: path(0, 0))]), from: table([1, 2]), to: table([2]), key: \.id)
    }

    @Test func largeTablesAreCheckedQuickly() {
        let ids = Array(0..<100_000)
        let kept = ids.filter { $0 % 1_000 != 0 }
        var rows = ids.filter { $0 % 1_000 == 0 }.map { delete($0, at: path(0, $0)) }
        // Move the first kept row to the end.
        rows.append(move(1, from: path(0, 1), to: path(0, kept.count - 1)))
        let found = violations(table(ids), table(Array(kept.dropFirst()) + [1]), rows: rows)
        #expect(found.isEmpty, "\(found.prefix(3))")
    }
}

@Suite("BatchUpdateValidator rejects invalid batches")
struct BatchUpdateValidatorRejectionTests {
    @Test func insertAtAnOldCoordinateIsOutOfRange() {
        let rows = [delete(2, at: path(0, 1)), delete(3, at: path(0, 2)), delete(4, at: path(0, 3)), insert(5, at: path(0, 3))]
        let found = violations(table([1, 2, 3, 4]), table([1, 5]), rows: rows)
        #expect(found.contains { $0.rule == 1 && $0.message.contains("[0, 3] is outside the new table") })
    }

    @Test func sectionDeleteOutsideTheOldTableIsRejected() {
        let found = violations(table([1]), table([1]), sections: [.delete(at: 1, name: nil)])
        #expect(found.contains { $0.rule == 1 && $0.message.contains("section delete at 1 is outside the old table") })
    }

    @Test func deletingOneRowTwiceIsRejected() {
        let found = violations(table([1, 2]), table([2]), rows: [delete(1, at: path(0, 0)), delete(1, at: path(0, 0))])
        #expect(rules(found) == [2])
        #expect(found[0].message.contains("old index path [0, 0] is named twice"))
    }

    @Test func insertAndMoveToOneNewPathIsRejected() {
        let rows = [insert(9, at: path(0, 0)), move(2, from: path(0, 1), to: path(0, 0))]
        #expect(rules(violations(table([1, 2]), table([2, 1, 9]), rows: rows)).contains(2))
    }

    @Test func rowInsertedInAnInsertedSectionIsRejected() {
        let found = violations(table([1]), table([1], [2]), sections: [.insert(at: 1, name: nil)], rows: [insert(2, at: path(1, 0))])
        #expect(rules(found) == [3])
        #expect(found[0].description == "row key 2 is inserted at [1, 0] but section 1 is itself inserted (no row event may touch a section that is deleted, inserted, moved or reloaded) (rule 3)")
    }

    @Test func rowMovedOutOfADeletedSectionIsRejected() {
        let old = [section("A", [1]), section("B", [2])]
        let new = [section("B", [2, 1])]
        let found = violations(old, new, sections: [.delete(at: 0, name: "A")], rows: [move(1, from: path(0, 0), to: path(0, 1))])
        #expect(rules(found) == [3])
        #expect(found[0].message.contains("row key 1 is moved from [0, 0] but section 0 'A' is itself deleted"))
    }

    @Test func rowMovedIntoAMovedSectionIsRejected() {
        let old = [section("A", [1, 2]), section("B", [3])]
        let new = [section("B", [3, 2]), section("A", [1])]
        let found = violations(old, new, sections: [.move(from: 1, to: 0, name: "B")], rows: [move(2, from: path(0, 1), to: path(0, 1))])
        #expect(rules(found).contains(3))
    }

    @Test func rowCountThatDisagreesWithTheEventsIsRejected() {
        let found = violations(table([1, 2]), table([1, 2, 3, 4]), rows: [insert(3, at: path(0, 2))])
        #expect(rules(found) == [4])
        #expect(found[0].message.contains("has 4 rows but the events give 3: 2 in old section 0 − 0 deleted − 0 moved out + 1 inserted + 0 moved in"))
    }

    @Test func replayThatDoesNotGiveTheNewTableNamesTheFirstDifference() {
        // The move takes key 3 to row 1, but the new table has it at row 0.
        let found = violations(table([1, 2, 3]), table([3, 1, 2]), rows: [move(3, from: path(0, 2), to: path(0, 1))])
        #expect(found.contains { $0.rule == 5 && $0.message == "applying the events to old section 0 gives [1, 3, 2] but new section 0 is [3, 1, 2] (first difference at row 0: key 1 instead of 3)" })
    }

    @Test func replayOfALongSectionShowsAWindowAroundTheFirstDifference() {
        let old = Array(0..<30), new = Array(0..<12) + [29] + Array(12..<29)
        let found = violations(table(old), table(new), rows: [move(29, from: path(0, 29), to: path(0, 20))])
        #expect(found.contains { $0.rule == 5 && $0.message == "applying the events to old section 0 gives [… 8 rows, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 29, 20, 21, 22, … 6 rows] (30 rows) but new section 0 is [… 8 rows, 8, 9, 10, 11, 29, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, … 6 rows] (30 rows) (first difference at row 12: key 12 instead of 29)" })
    }

    @Test func sectionCountThatDisagreesWithTheEventsIsRejected() {
        let found = violations(table([1]), table([1], []), rows: [])
        #expect(found.contains { $0.rule == 4 && $0.message.contains("the new table has 2 sections but the section events give 1") })
    }

    @Test func resultInTheWrongOrderIsRejected() {
        let old = table([1, 2], [3])
        let new = [section(nil, [2, 1]), section(nil, [3], changed: [3])]
        let found = violations(old, new, rows: [update(3, at: path(1, 0), to: path(1, 0))])
        #expect(rules(found) == [5])
        #expect(found[0].message.contains("gives [1, 2] but new section 0 is [2, 1] (first difference at row 0"))
    }

    @Test func updateThatChangesPlaceIsRejected() {
        let new = [section(nil, [2, 3, 1], changed: [1])]
        let found = violations(table([1, 2, 3]), new, rows: [update(1, at: path(0, 0), to: path(0, 2))])
        #expect(rules(found).contains(5))
        #expect(found.contains { $0.message.contains("lands at [0, 0] after the batch") })
    }

    @Test func renamingASectionWithoutDeleteAndInsertIsRejected() {
        let found = violations([section("A", [1])], [section("B", [1])])
        #expect(found.contains { $0.rule == 5 && $0.message.contains("old section 0 ('A') becomes new section 0 ('B')") })
    }

    @Test func changedRowWithoutAnUpdateIsRejected() {
        let new = [section(nil, [1, 2, 3], changed: [2])]
        let found = violations(table([1, 2]), new, rows: [insert(3, at: path(0, 2))])
        #expect(rules(found) == [6])
        #expect(found[0].message.contains("row key 2 changed content"))
    }

    @Test func updateOfAnUnchangedRowIsSpurious() {
        let rows = [insert(3, at: path(0, 2)), update(1, at: path(0, 0), to: path(0, 0))]
        let found = violations(table([1, 2]), table([1, 2, 3]), rows: rows)
        #expect(rules(found) == [6])
        #expect(found[0].message.contains("spurious"))
    }

    @Test func changedRowThatMovesWithoutIsUpdatedIsRejected() {
        let new = [section(nil, [2, 1], changed: [1])]
        let found = violations(table([1, 2]), new, rows: [move(1, from: path(0, 0), to: path(0, 1))])
        #expect(rules(found) == [6])
        #expect(found[0].message.contains("must set isUpdated"))
    }

    @Test func eventCarryingAnotherRowsKeyIsRejected() {
        let found = violations(table([1, 2]), table([2]), rows: [delete(2, at: path(0, 0))])
        #expect(found.contains { $0.rule == 6 && $0.message.contains("carries key 2 but the old table has key 1 at [0, 0]") })
    }

    @Test func batchBetweenIdenticalTablesIsRejected() {
        let found = violations(table([1, 2]), table([1, 2]), sections: [.move(from: 0, to: 0, name: nil)])
        #expect(rules(found).contains(7))
    }

    @Test func emptyBatchBetweenDifferentTablesIsRejected() {
        let found = violations(table([1, 2]), table([1]))
        #expect(rules(found).contains(7))
    }

    @Test func rotatingThreeRowsWithTwoMovesIsNotMinimal() {
        let rows = [move(2, from: path(0, 1), to: path(0, 0)), move(3, from: path(0, 2), to: path(0, 1))]
        let found = violations(table([1, 2, 3]), table([2, 3, 1]), rows: rows)
        #expect(rules(found) == [9])
        #expect(found[0].message.contains("2 rows move within new section 0 (from old section 0) but 1 move suffices"))
        #expect(found[0].message.contains("move only key 1"))
    }

    @Test func rowThatStaysInTheTableMustNotBeDeletedAndInserted() {
        let rows = [delete(1, at: path(0, 0)), insert(1, at: path(1, 1))]
        let found = violations(table([1, 2], [3]), table([2], [3, 1]), rows: rows)
        #expect(rules(found) == [9])
        #expect(found[0].message.contains("row key 1 is deleted at [0, 0] and inserted at [1, 1] but stays in the table"))
    }

    @Test func namedSectionKeptInPlaceMustNotBeDeletedAndInserted() {
        let old = [section("A", [1]), section("B", [2])]
        let new = [section("A", [1]), section("B", [2, 3])]
        let found = violations(old, new, sections: [.delete(at: 1, name: "B"), .insert(at: 1, name: "B")])
        #expect(rules(found) == [9])
        #expect(found[0].message.contains("named section 'B' keeps its identity"))
    }

    @Test func namedSectionWithUnchangedRowsMustMoveRatherThanBeDeletedAndInserted() {
        let old = [section("A", [1]), section("B", [2])]
        let new = [section("B", [2]), section("A", [1])]
        let found = violations(old, new, sections: [.delete(at: 0, name: "A"), .insert(at: 1, name: "A")])
        #expect(rules(found) == [9])
        #expect(found[0].message.contains("none of its rows changed"))
    }

    @Test func repeatedKeyInATableIsReportedAsRuleZero() {
        let found = violations(table([1, 1]), table([1, 1]))
        #expect(found.contains { $0.rule == 0 && $0.message.contains("the old table has key 1 twice") })
    }

    @Test func repeatedKeysAreReportedOldTableFirstThenInTableOrder() {
        let found = violations(table([1, 1], [2, 2]), table([3, 3, 1]))
            .filter { $0.rule == 0 }.map(\.message)
        #expect(found.count == 3)
        #expect(found.count == 3 && found[0].hasPrefix("the old table has key 1 twice, at [0, 0] and [0, 1]"))
        #expect(found.count == 3 && found[1].hasPrefix("the old table has key 2 twice, at [1, 0] and [1, 1]"))
        #expect(found.count == 3 && found[2].hasPrefix("the new table has key 3 twice, at [0, 0] and [0, 1]"))
    }

    @Test func validateThrowsEveryViolationOnePerLine() {
        let rows = [delete(1, at: path(0, 0)), delete(1, at: path(0, 0))]
        #expect {
            try BatchUpdateValidator.validate(Changeset(elementChanges: rows), from: table([1, 2]), to: table([2]), key: \.id)
        } throws: { error in
            guard let error = error as? BatchUpdateValidationError else { return false }
            let lines = error.description.split(separator: "\n")
            return error.violations.count == 1 && lines.count == 2 && lines[1].hasSuffix("(rule 2)")
        }
    }

    /// Found by `results-soak`: with empty sections hidden, visible section
    /// 0 is one unnamed section before the batch and another after it.
    @Test func unnamedSectionsAreNotMatchedByPositionWhenEmptySectionsAreHidden() throws {
        var store = ResultsStore<Entry, Int>.items(hidesEmptySections: true)
        try store.setData(sections: [ResultsSection(elements: [Entry(id: 1, value: 1)]), ResultsSection(elements: [Entry(id: 2, value: 2)])])
        store.addFilter(ResultsFilter(title: "odd", group: "parity") { $0.value % 2 == 1 })
        _ = store.takeChangeset()
        let old = store.snapshot.sections.map(ResultsSection.init)
        store.addFilter(ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 })
        let changeset = store.takeChangeset()
        #expect(keys(old) == [[1]] && keys(store.snapshot.sections.map(ResultsSection.init)) == [[2]])
        #expect(changeset.sectionIndexes(.delete) == [0] && changeset.sectionIndexes(.insert) == [0])
        let found = BatchUpdateValidator.violations(of: changeset, from: old, to: store.snapshot.sections.map(ResultsSection.init), key: \.id, hidesEmptySections: true)
        #expect(found.isEmpty, "\(found)")
        // Matched by position, the two would be one section kept in place.
        #expect(BatchUpdateValidator.violations(of: changeset, from: old, to: store.snapshot.sections.map(ResultsSection.init), key: \.id).map(\.rule) == [9])
    }

    @Test func contentComparisonCanBeSupplied() {
        // Titles compared case-insensitively: "ITEM 1" is the same content as "item 1".
        let new = [ResultsSection(elements: [item(1, "ITEM 1"), item(2)])]
        let found = BatchUpdateValidator.violations(
            of: Changeset(elementChanges: [insert(2, at: path(0, 1))]), from: table([1]), to: new,
            key: \.id, isSameContent: { $0.title.lowercased() == $1.title.lowercased() })
        #expect(found.isEmpty, "\(found)")
    }
}

@Suite("BatchUpdateValidator against a reference diff")
struct BatchUpdateValidatorRandomTests {
    /// Random tables of three sections; the reference diff (deletes,
    /// inserts, moves outside a longest increasing subsequence, updates)
    /// is accepted, and dropping any one of its events is rejected.
    @Test(arguments: 0..<150)
    func referenceDiffIsValidAndEveryEventIsNeeded(seed: Int) {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let old = randomTable(using: &random)
        let new = randomTable(using: &random)
        let events = referenceEvents(from: old, to: new)
        let found = violations(old, new, rows: events)
        #expect(found.isEmpty, "seed \(seed): \(found)")
        for dropped in events.indices {
            var fewer = events
            fewer.remove(at: dropped)
            #expect(!violations(old, new, rows: fewer).isEmpty, "seed \(seed): dropping \(events[dropped].kind) of \(events[dropped].key) went unnoticed")
        }
    }
}

@Suite("BatchUpdateRecorder")
struct BatchUpdateRecorderTests {
    @Test @MainActor func recordsTheCallsAChangesetMakesInUIKitsOrder() {
        let changeset = Changeset(
            sectionChanges: [.insert(at: 1, name: nil)],
            elementChanges: [update(2, at: path(0, 1), to: path(0, 0)), delete(1, at: path(0, 0))])
        let recorder = BatchUpdateRecorder()
        changeset.apply(to: recorder, contentUpdates: .reload, updateDataSource: {})
        #expect(recorder.calls == [.insertSections([1]), .deleteRows([path(0, 0)]), .reloadRows([path(0, 1)])])
    }
}

// MARK: - Helpers

private func permutations(of values: [Int]) -> [[Int]] {
    guard values.count > 1 else { return [values] }
    return values.indices.flatMap { index in
        var rest = values
        let first = rest.remove(at: index)
        return permutations(of: rest).map { [first] + $0 }
    }
}

/// The positions of one longest increasing subsequence of `values`
/// (quadratic: an independent check of the validator's own).
private func increasingRun(_ values: [Int]) -> Set<Int> {
    var length = Array(repeating: 1, count: values.count)
    var previous = Array(repeating: -1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] && length[j] + 1 > length[i] {
            length[i] = length[j] + 1
            previous[i] = j
        }
    }
    var kept = Set<Int>()
    var position = length.indices.max { length[$0] < length[$1] } ?? -1
    while position >= 0 {
        kept.insert(position)
        position = previous[position]
    }
    return kept
}

/// Moves the rows outside a longest increasing subsequence.
private func minimalMoves(from old: [Int], to new: [Int]) -> [Event] {
    let oldIndex = new.map { old.firstIndex(of: $0)! }
    let kept = increasingRun(oldIndex)
    return new.indices.filter { !kept.contains($0) }.map { move(new[$0], from: path(0, oldIndex[$0]), to: path(0, $0)) }
}

/// Three unnamed sections holding a random subset of keys 0..<12 in random
/// order, each row with one of two titles.
private func randomTable(using random: inout SeededRandomNumberGenerator) -> [ResultsSection<Item>] {
    var sections = Array(repeating: [Item](), count: 3)
    for id in (0..<12).shuffled(using: &random) where Bool.random(using: &random) {
        sections[Int.random(in: 0..<3, using: &random)].append(item(id, Bool.random(using: &random) ? "a" : "b"))
    }
    return sections.map { ResultsSection(elements: $0) }
}

/// The minimal events between two tables with the same sections: deletes,
/// inserts, moves across sections, moves outside a longest increasing
/// subsequence within a section, and updates of changed rows that stay.
private func referenceEvents(from old: [ResultsSection<Item>], to new: [ResultsSection<Item>]) -> [Event] {
    func locations(_ table: [ResultsSection<Item>]) -> [Int: (path: ResultsIndexPath, item: Item)] {
        var result: [Int: (path: ResultsIndexPath, item: Item)] = [:]
        for (s, section) in table.enumerated() {
            for (r, object) in section.elements.enumerated() { result[object.id] = (path(s, r), object) }
        }
        return result
    }
    let before = locations(old), after = locations(new)
    var events: [Event] = []
    for (id, place) in before where after[id] == nil { events.append(delete(id, at: place.path)) }
    for (id, place) in after where before[id] == nil { events.append(insert(id, at: place.path)) }
    for (s, section) in new.enumerated() {
        let staying = section.elements.filter { before[$0.id]?.path.section == s }
        let kept = increasingRun(staying.map { before[$0.id]!.path.row })
        for (position, object) in staying.enumerated() {
            let from = before[object.id]!, to = after[object.id]!.path
            if !kept.contains(position) {
                events.append(move(object.id, from: from.path, to: to, updated: from.item != object))
            } else if from.item != object {
                events.append(update(object.id, at: from.path, to: to))
            }
        }
        for object in section.elements {
            guard let from = before[object.id], from.path.section != s else { continue }
            events.append(move(object.id, from: from.path, to: after[object.id]!.path, updated: from.item != object))
        }
    }
    return events
}
