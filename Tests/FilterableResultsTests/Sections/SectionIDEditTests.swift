import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Edits of sections with ids of their own that the random sequences over
/// a reference model with ids found wrong, each pinned: every batch goes
/// through the validator and a simulated view.
@MainActor
struct SectionIDEditTests {
    /// Titles "t0", "t1", "t2" from a value and a clock that moves on.
    typealias Clock = RandomOperationTests.TitleClock

    /// A store of entries sectioned by their value, titled by `clock`.
    static func byValue(_ clock: Clock) -> ResultsStore<Entry, Int> {
        ResultsStore(key: \.id, sectionedBy: .by(\.value, title: { clock.title(of: $0) }))
    }

    @Test func aReplacedSectionThatKeepsItsIDAndChangesItsNameIsKeptAndItsHeaderRefreshed() throws {
        let checked = try ValidatedController()
        try checked.controller.setData(sections: [ResultsSection(id: 2, elements: [Entry(id: 1)])])
        try checked.controller.modify { store throws(ResultsError) in
            try store.replaceSection(at: 0, with: ResultsSection(name: "Inbox", id: 2, elements: [Entry(id: 1, value: 3)]))
        }
        let changeset = try #require(checked.updates.last).changeset
        #expect(changeset.sectionChanges.isEmpty, "the section is kept: \(changeset.sectionChanges)")
        #expect(changeset.sectionUpdates == [.init(index: 0, newIndex: 0)])
        #expect(checked.screen.view.headerTitles == ["Inbox"])
        #expect(checked.violations.isEmpty, "\(checked.violations)")
    }

    @Test func aSectionEmptiedAndFilledAgainInOneMergeIsTitledAnewAndItsHeaderRefreshed() throws {
        let clock = Clock()
        let checked = try ValidatedController(Self.byValue(clock))
        try checked.controller.setData([Entry(id: 1, value: 0), Entry(id: 2, value: 2)])
        #expect(checked.controller.snapshot.sections.map(\.name) == ["t0", "t2"])
        clock.advance()   // no refresh: the titles stay until a section is made anew
        // Row 2 leaves section 2 and row 3 arrives in it: the store makes the section again.
        try checked.controller.merge([Entry(id: 1, value: 0), Entry(id: 3, value: 2)], prune: true)
        #expect(checked.controller.snapshot.sections.map(\.name) == ["t0", "t0"])
        let changeset = try #require(checked.updates.last).changeset
        #expect(changeset.sectionChanges.isEmpty && changeset.sectionUpdates == [.init(index: 1, newIndex: 1)], "\(changeset)")
        #expect(checked.screen.view.headerTitles == ["t0", "t0"])
        #expect(checked.violations.isEmpty, "\(checked.violations)")
    }

    @Test func aSectionHiddenInTheBatchThatRetitledItIsDeletedUnderItsOldTitle() throws {
        let clock = Clock()
        let checked = try ValidatedController(ResultsStore(
            key: \.id, sectionedBy: .by(\.value, title: { clock.title(of: $0) }), hidesEmptySections: true))
        try checked.controller.setData([Entry(id: 1, value: 1), Entry(id: 2, value: 2)])
        #expect(checked.controller.snapshot.sections.map(\.name) == ["t1", "t2"])
        try checked.controller.performBatchUpdates { () throws(ResultsError) in
            clock.advance()
            try checked.controller.refreshSectionTitles()
            try checked.controller.addFilter(ResultsFilter(title: "odd") { $0.value % 2 != 0 })
        }
        let changeset = try #require(checked.updates.last).changeset
        #expect(changeset.sectionChanges == [.delete(at: 1, name: "t2")], "named as the view shows it: \(changeset.sectionChanges)")
        #expect(checked.screen.view.headerTitles == ["t2"])
        #expect(checked.violations.isEmpty, "\(checked.violations)")
    }

    @Test func aSectionThatMovesAndIsRenamedUnderItsIDIsMovedAndItsHeaderRefreshed() throws {
        let checked = try ValidatedController()
        try checked.controller.setData(sections: [
            ResultsSection(name: "A", id: 1, elements: [Entry(id: 1)]),
            ResultsSection(name: "B", id: 2, elements: [Entry(id: 2)]),
            ResultsSection(name: "C", id: 3, elements: [Entry(id: 3)]),
        ])
        try checked.controller.setData(sections: [
            ResultsSection(name: "Cee", id: 3, elements: [Entry(id: 3)]),
            ResultsSection(name: "A", id: 1, elements: [Entry(id: 1)]),
            ResultsSection(name: "B", id: 2, elements: [Entry(id: 2)]),
        ])
        let changeset = try #require(checked.updates.last).changeset
        #expect(changeset.sectionChanges == [.move(from: 2, to: 0, name: "C")], "a move names the section as the view shows it: \(changeset.sectionChanges)")
        #expect(changeset.sectionUpdates == [.init(index: 2, newIndex: 0)])
        #expect(checked.screen.view.headerTitles == ["Cee", "A", "B"])
        #expect(checked.violations.isEmpty, "\(checked.violations)")
    }

    @Test func aNameRemovesOnlyTheSectionItIdentifies() throws {
        var store = ResultsStore<Entry, Int>(key: \.id)
        try store.setData(sections: [
            ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1)]),
            ResultsSection(name: "Inbox", elements: [Entry(id: 2)]),
            ResultsSection(name: "Inbox", id: 2, elements: [Entry(id: 3)]),
        ])
        try store.removeSection(named: "Inbox")
        #expect(keys(store.rawSections) == [[1], [3]], "the section identified by the name goes; those with ids stay")
        try store.removeSection(named: "Inbox")
        #expect(keys(store.rawSections) == [[1], [3]])
        try store.removeSection(id: 2)
        #expect(keys(store.rawSections) == [[1]])
    }

    @Test func aRowDroppedIntoTheSecondOfTwoSectionsWithOneTitleLandsThere() throws {
        let checked = try ValidatedController()
        try checked.controller.setData(sections: [
            ResultsSection(name: "Inbox", id: 1, elements: [Entry(id: 1), Entry(id: 2)]),
            ResultsSection(name: "Inbox", id: 2, elements: [Entry(id: 3)]),
        ])
        let shown = checked.controller.snapshot
        try checked.controller.moveRow(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 1, section: 1), in: shown)
        #expect(checked.keys == [[2], [3, 1]])
        #expect(checked.violations.isEmpty, "\(checked.violations)")
    }

    @Test func sectionsThatDifferOnlyByTheirIDsAreAChangeAViewMustBeTold() {
        let old = [ResultsSection<Entry>(name: "Inbox", elements: [])]
        let new = [ResultsSection<Entry>(name: "Inbox", id: 3, elements: [])]
        let silent = BatchUpdateValidator.violations(of: ResultsChangeset<Entry, Int>(), from: old, to: new, key: \.id)
        #expect(silent.map(\.rule).contains(7), "an app may show a section by its id: \(silent)")
        let replaced = ResultsChangeset<Entry, Int>(sectionChanges: [.delete(at: 0, name: "Inbox"), .insert(at: 0, name: "Inbox")])
        #expect(BatchUpdateValidator.violations(of: replaced, from: old, to: new, key: \.id).isEmpty)
        let unnamed = [ResultsSection<Entry>(elements: [])]
        #expect(BatchUpdateValidator.violations(of: ResultsChangeset<Entry, Int>(), from: unnamed, to: unnamed, key: \.id).isEmpty)
    }
}
