import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

private typealias Composed = ResultsComposition<Entry>
private typealias Event = ResultsChangeset<Entry, Composed.Key>.ElementChange
private typealias Changeset = ResultsChangeset<Entry, Composed.Key>

/// The table a composition showed before `body` and the one update `body` made it report.
@MainActor
private func change(_ composition: Composed, _ body: () throws -> Void) throws -> (old: Composed.Snapshot, update: Composed.Update) {
    let old = composition.reportedSnapshot
    var updates: [Composed.Update] = []
    let observation = composition.observe { updates.append($0) }
    defer { observation.cancel() }
    try body()
    #expect(updates.count == 1)
    return (old, try #require(updates.last))
}

/// The validator given the snapshots, rows by their keys, sections as the composition identifies them.
private func validate(_ changeset: Changeset, _ old: Composed.Snapshot, _ new: Composed.Snapshot) -> [BatchUpdateViolation] {
    BatchUpdateValidator.violations(of: changeset, from: old, to: new)
}

/// The validator as composed batches were checked before it knew a
/// composition's sections: the tables as arrays of sections (identified by
/// name, or unnamed by index), rows by entry id.
private func byNames(_ changeset: Changeset, _ old: Composed.Snapshot, _ new: Composed.Snapshot, hidesEmptySections: Bool) -> [BatchUpdateViolation] {
    let byID = ResultsChangeset<Entry, Int>(
        sectionChanges: changeset.sectionChanges,
        elementChanges: changeset.elementChanges.map { ResultsChangeset<Entry, Int>.ElementChange($0.change, key: $0.element.id, element: $0.element) },
        sectionUpdates: changeset.sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) })
    return BatchUpdateValidator.violations(
        of: byID, from: old.sections.map(ResultsSection.init), to: new.sections.map(ResultsSection.init), key: \.id,
        hidesEmptySections: hidesEmptySections)
}

/// The rule numbers of the violations, sorted and without repeats.
private func rules(_ found: [BatchUpdateViolation]) -> [Int] { Array(Set(found.map(\.rule))).sorted() }

/// The validator on a composition's tables: sections identified by part,
/// placeholders apart from the parts' sections, rows by the composition's
/// keys; what the validator that went by names reported wrongly or missed.
@MainActor
@Suite("BatchUpdateValidator on compositions")
struct CompositionValidationTests {
    @Test func aPlaceholderAndAPartsSectionAtOneIndexAreTwoSections() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items(hidesEmptySections: true))
        let composition = Composed([.part(friends, placeholder: .row(Entry(id: 0)))])
        #expect(composition.reportedSnapshot.numberOfSections == 1 && composition.reportedSnapshot.sectionID(at: 0) == nil, "the placeholder alone")
        let (old, update) = try change(composition) { try friends.add(Entry(id: 1)) }
        #expect(update.changeset.sectionChanges == [.delete(at: 0, name: nil), .insert(at: 0, name: nil)], "\(update.changeset)")

        // The batch is right: the placeholder leaves, the part's section comes.
        #expect(validate(update.changeset, old, update.snapshot).isEmpty, "\(validate(update.changeset, old, update.snapshot))")
        // By names, both are "unnamed section 0", deleted and inserted in place.
        #expect(rules(byNames(update.changeset, old, update.snapshot, hidesEmptySections: false)) == [9])

        // Turning the placeholder's row into the part's row in one section is wrong...
        let wrong = Changeset(elementChanges: [
            Event(.delete(at: visible(0, 0)), key: .placeholder(part: 0, row: 0), element: Entry(id: 0)),
            Event(.insert(at: visible(0, 0)), key: .row(part: 0, showing: friends, key: 1), element: Entry(id: 1)),
        ])
        // ...but by names it passes, with or without hidden sections.
        #expect(byNames(wrong, old, update.snapshot, hidesEmptySections: false).isEmpty)
        #expect(byNames(wrong, old, update.snapshot, hidesEmptySections: true).isEmpty)
        let found = validate(wrong, old, update.snapshot)
        #expect(rules(found) == [5], "\(found)")
        #expect(found.first?.message.contains("the placeholder of part 0") == true, "\(found)")
    }

    @Test func sectionsOfTwoPartsWithOneNameAreTwoSections() throws {
        let left = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        let right = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        try left.setData([Entry(id: 1, group: "Apple")])
        let composition = Composed([.part(left), .part(right)])
        let (old, update) = try change(composition) {
            try composition.performBatchUpdates {
                try left.remove(key: 1)
                try right.add(Entry(id: 2, group: "Apple"))
            }
        }
        #expect(update.changeset.sectionChanges == [.delete(at: 0, name: "Apple"), .insert(at: 0, name: "Apple")], "\(update.changeset)")

        #expect(validate(update.changeset, old, update.snapshot).isEmpty, "\(validate(update.changeset, old, update.snapshot))")
        // By names, one section "Apple" is deleted and inserted in place.
        #expect(rules(byNames(update.changeset, old, update.snapshot, hidesEmptySections: true)) == [9])

        // Left's "Apple" does not become right's.
        let wrong = Changeset(elementChanges: [
            Event(.delete(at: visible(0, 0)), key: .row(part: 0, showing: left, key: 1), element: Entry(id: 1, group: "Apple")),
            Event(.insert(at: visible(0, 0)), key: .row(part: 1, showing: right, key: 2), element: Entry(id: 2, group: "Apple")),
        ])
        #expect(byNames(wrong, old, update.snapshot, hidesEmptySections: true).isEmpty)
        let found = validate(wrong, old, update.snapshot)
        #expect(rules(found) == [5], "\(found)")
        #expect(found.first?.message.contains(#"section "Apple" of part 0"#) == true, "\(found)")
    }

    @Test func aPlaceholderThatMovesWithItsPartKeepsItsIdentity() throws {
        let left = ResultsController(store: ResultsStore<Entry, Int>.items(hidesEmptySections: true))
        let right = ResultsController(store: ResultsStore<Entry, Int>.items(hidesEmptySections: true))
        let composition = Composed([.part(left, placeholder: .row(Entry(id: -1))), .part(right, placeholder: .row(Entry(id: -2)))])
        let (old, update) = try change(composition) { try composition.movePart(from: 0, to: 1) }
        let found = validate(update.changeset, old, update.snapshot)
        #expect(found.isEmpty, "\(found) in \(update.changeset)")

        // Deleting and inserting a placeholder whose rows did not change is not minimal.
        let replaced = Changeset(sectionChanges: [.delete(at: 0, name: nil), .insert(at: 1, name: nil)])
        #expect(byNames(replaced, old, update.snapshot, hidesEmptySections: true).isEmpty)
        let wrong = validate(replaced, old, update.snapshot)
        #expect(rules(wrong) == [9], "\(wrong)")
        #expect(wrong.first?.message.contains("the placeholder of part 0 keeps its identity") == true, "\(wrong)")
    }

    @Test func sectionsThatLookTheSameMayTradeIdentitiesWithoutABatch() throws {
        let left = ResultsController(store: ResultsStore<Entry, Int>.items())
        let right = ResultsController(store: ResultsStore<Entry, Int>.items())
        try left.setData(sections: [ResultsSection(name: "Apple", elements: [])])
        try right.setData(sections: [ResultsSection(name: "Apple", elements: [])])
        let composition = Composed([.part(left), .part(right)])
        let old = composition.reportedSnapshot
        try composition.movePart(from: 0, to: 1)
        let new = composition.reportedSnapshot
        #expect(new.sectionID(at: 0) == Composed.SectionID(part: 1, name: "Apple"))
        // Nothing a view shows changed: no batch is due (rule 7), and none is wrong.
        #expect(validate(Changeset(), old, new).isEmpty, "\(validate(Changeset(), old, new))")
    }

    @Test func realViolationsInComposedBatchesAreStillFound() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        let groups = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        try friends.setData([Entry(id: 1), Entry(id: 2)])
        try groups.setData([Entry(id: 3, group: "a"), Entry(id: 4, group: "b")])
        let composition = Composed([.part(friends, placeholder: .row(Entry(id: 0))), .part(groups)])

        let (old, update) = try change(composition) { try groups.remove(key: 4) }
        #expect(update.changeset.sectionChanges == [.delete(at: 2, name: "b")], "\(update.changeset)")
        #expect(validate(update.changeset, old, update.snapshot).isEmpty)
        // The section deleted and its row too (rule 3).
        let rowsToo = Changeset(
            sectionChanges: [.delete(at: 2, name: "b")],
            elementChanges: [Event(.delete(at: visible(2, 0)), key: .row(part: 1, showing: groups, key: 4), element: Entry(id: 4, group: "b"))])
        #expect(rules(validate(rowsToo, old, update.snapshot)) == [3], "\(validate(rowsToo, old, update.snapshot))")
        // The wrong section (rule 6: its name; rules 5 and 9: sections kept and replaced).
        let wrongSection = Changeset(sectionChanges: [.delete(at: 1, name: "b")])
        #expect(rules(validate(wrongSection, old, update.snapshot)).contains(6), "\(validate(wrongSection, old, update.snapshot))")

        let (before, removal) = try change(composition) { try friends.remove(key: 1) }
        #expect(validate(removal.changeset, before, removal.snapshot).isEmpty)
        // The wrong row: its key is not the key at that index path (rule 6).
        let wrongRow = Changeset(elementChanges: [Event(.delete(at: visible(0, 1)), key: .row(part: 0, showing: friends, key: 1), element: Entry(id: 1))])
        #expect(rules(validate(wrongRow, before, removal.snapshot)).contains(6), "\(validate(wrongRow, before, removal.snapshot))")
        // The part's last row leaves: its placeholder comes in the same batch.
        let (empty, last) = try change(composition) { try friends.remove(key: 2) }
        #expect(validate(last.changeset, empty, last.snapshot).isEmpty, "\(validate(last.changeset, empty, last.snapshot))")
        // Without the placeholder's section insert, the counts do not add up (rule 4).
        let noPlaceholder = Changeset(elementChanges: last.changeset.elementChanges.map { $0 })
        #expect(rules(validate(noPlaceholder, empty, last.snapshot)).contains(4), "\(validate(noPlaceholder, empty, last.snapshot))")
    }

    @Test func aRowDraggedToAnotherPartIsOneRowUnderTwoKeys() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        let enemies = ResultsController(store: ResultsStore<Entry, Int>.items())
        try friends.setData([Entry(id: 1), Entry(id: 2)])
        try enemies.setData([Entry(id: 3)])
        let composition = Composed([.part(friends), .part(enemies)])
        let (old, update) = try change(composition) {
            try composition.moveRow(from: visible(0, 0), to: visible(1, 0), in: composition.reportedSnapshot)
        }
        #expect(update.changeset.elementChanges.map(\.key) == [.row(part: 1, showing: enemies, key: 1)], "\(update.changeset)")
        let found = validate(update.changeset, old, update.snapshot)
        #expect(found.isEmpty, "\(found)")

        // A move between parts whose old key stays in the table is not a drag:
        // the row at its source is another row (rules 5, 6).
        let (kept, copy) = try change(composition) { try enemies.add(Entry(id: 2)) }
        let forged = Changeset(elementChanges: [
            Event(.move(from: visible(0, 0), to: visible(1, 2), isUpdated: false), key: .row(part: 1, showing: enemies, key: 2), element: Entry(id: 2)),
        ])
        #expect(validate(copy.changeset, kept, copy.snapshot).isEmpty)
        #expect(!validate(forged, kept, copy.snapshot).isEmpty)
    }
}
