import FilterableResults
import FilterableResultsTesting
import Testing

/// A small file tree: two folders at the top, one with a subfolder.
///
///     1 Documents
///       3 Invoices
///         5 march.pdf
///       4 notes.txt
///     2 Photos
///       6 beach.jpg
let files = [
    Item(1, "Documents"), Item(2, "Photos"),
    Item(3, under: 1, "Invoices"), Item(4, under: 1, "notes.txt"),
    Item(5, under: 3, "march.pdf"), Item(6, under: 2, "beach.jpg"),
]

@MainActor
@Suite("Outlines")
struct OutlineTests {
    func screen(_ items: [Item] = files, sortedBy sortKeys: [ResultsSortKey<Item>] = []) throws -> OutlineScreen {
        let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: sortKeys)
        try outline.setData(items)
        return OutlineScreen(outline)
    }

    @Test func aNewOutlineShowsItsTopLevelItemsCollapsed() throws {
        let screen = try screen()
        #expect(screen.rows == [["1-", "2-"]])
        let row = try #require(screen.outline.snapshot.element(at: ResultsIndexPath(row: 0, section: 0)))
        #expect(row.element.name == "Documents" && row.level == 0 && row.parentKey == nil && row.hasChildren && !row.isExpanded)
        #expect(screen.outline.count == 6)
        #expect(screen.outline.childKeys(of: 1) == [3, 4] && screen.outline.parentKey(of: 5) == 3)
    }

    @Test func expandingInsertsTheVisibleDescendantsBelowTheItem() throws {
        let screen = try screen()
        try screen.outline.expand(3)   // hidden below a collapsed item: nothing shows yet
        #expect(screen.rows == [["1-", "2-"]])
        try screen.outline.expand(1)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2-"]])
        let changes = try #require(screen.updates.last).changeset.elementChanges.map(\.change)
        #expect(Set(changes) == [
            .update(at: ResultsIndexPath(row: 0, section: 0), newIndexPath: ResultsIndexPath(row: 0, section: 0)),
            .insert(at: ResultsIndexPath(row: 1, section: 0)), .insert(at: ResultsIndexPath(row: 2, section: 0)),
            .insert(at: ResultsIndexPath(row: 3, section: 0)),
        ])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func collapsingDeletesTheVisibleDescendantsAndKeepsTheirExpansion() throws {
        let screen = try screen()
        try screen.outline.expand(1)
        try screen.outline.expand(3)
        try screen.outline.collapse(1)
        #expect(screen.rows == [["1-", "2-"]])
        let kinds = try #require(screen.updates.last).changeset.elementChanges.map(\.kind)
        #expect(kinds.filter { $0 == .delete }.count == 3 && kinds.filter { $0 == .update }.count == 1)
        #expect(screen.outline.isExpanded(3))
        try screen.outline.expand(1)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2-"]], "the subfolder comes back expanded")
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func expandingWithDescendantsExpandsEveryItemBelowThatHasChildren() throws {
        let screen = try screen()
        try screen.outline.expand(1, includingDescendants: true)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2-"]])
        #expect(screen.updates.count == 1)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func expandingAHiddenItemWithDescendantsShowsThemExpandedLater() throws {
        let screen = try screen(files + [Item(7, under: 5, "march notes")])
        try screen.outline.expand(3, includingDescendants: true)   // below collapsed Documents
        try screen.outline.expand(1)
        #expect(screen.rows == [["1+", " 3+", "  5+", "   7", " 4", "2-"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aSubtreeMovedToAnotherParentMovesItsRowsKeepingTheirIdentity() throws {
        let screen = try screen()
        try screen.outline.expand(1, includingDescendants: true)
        try screen.outline.expand(2)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2+", " 6"]])
        try screen.outline.replace(Item(3, under: 2, "Invoices"))   // Invoices moves into Photos
        #expect(screen.rows == [["1+", " 4", "2+", " 6", " 3+", "  5"]])
        let changes = try #require(screen.updates.last).changeset.elementChanges
        #expect(!changes.contains { $0.kind == .insert || $0.kind == .delete }, "moves, not deletes and inserts: \(changes)")
        #expect(Set(changes.filter { $0.kind == .move }.map(\.key)).isSuperset(of: [3, 5]))
        #expect(screen.outline.snapshot.element(at: ResultsIndexPath(row: 4, section: 0))?.parentKey == 2)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aMoveToTheTopLevelAndBackChangesTheLevels() throws {
        let screen = try screen()
        try screen.outline.expand(1, includingDescendants: true)
        try screen.outline.replace(Item(3, "Invoices"))
        #expect(screen.rows == [["1+", " 4", "2-", "3+", " 5"]])
        try screen.outline.replace(Item(3, under: 1, "Invoices"))
        #expect(screen.rows == [["1+", " 4", " 3+", "  5", "2-"]], "kept in the order given: appended among its new siblings")
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func expansionBelongsToTheKeyAndSurvivesTheItemLeavingAndANewTree() throws {
        let screen = try screen()
        try screen.outline.expand(1)
        try screen.outline.remove(key: 1)
        #expect(screen.rows == [["2-"]])
        #expect(screen.outline.count == 2, "the subtree left with it")
        try screen.outline.add(Item(1, "Documents"))
        try screen.outline.add(Item(7, under: 1, "new.txt"))
        #expect(screen.rows == [["2-", "1+", " 7"]])
        try screen.outline.setData(files)
        #expect(screen.rows == [["1+", " 3-", " 4", "2-"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func childrenAreSortedBySortKeysWithTiesInTheOrderGiven() throws {
        let screen = try screen(sortedBy: [.ascending(\.name)])
        try screen.outline.expand(1)
        #expect(screen.rows == [["1+", " 3-", " 4", "2-"]])
        try screen.outline.add(Item(7, under: 1, "A first"))
        #expect(screen.rows == [["1+", " 7", " 3-", " 4", "2-"]])
        try screen.outline.replace(Item(7, under: 1, "z last"))
        #expect(screen.rows == [["1+", " 3-", " 4", " 7", "2-"]])
        #expect(screen.updates.last?.changeset.elementChanges.map(\.kind) == [.move])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aMergeReplacesAFoldersChildrenAndKeepsWhatWasLoadedBelowThem() throws {
        let screen = try screen()
        try screen.outline.expand(1, includingDescendants: true)
        // Documents fetched again: notes.txt is gone, Invoices stays (its
        // own children were loaded separately), a new file arrives.
        try screen.outline.merge([Item(3, under: 1, "Invoices"), Item(8, under: 1, "todo.txt")], under: 1)
        #expect(screen.rows == [["1+", " 3+", "  5", " 8", "2-"]])
        // Invoices fetched with its children: march.pdf replaced by april.pdf.
        try screen.outline.merge([Item(9, under: 3, "april.pdf")], under: 3)
        #expect(screen.rows == [["1+", " 3+", "  9", " 8", "2-"]])
        // A merge that brings an item from elsewhere moves it.
        try screen.outline.merge([Item(3, under: 1), Item(8, under: 1), Item(6, under: 1)], under: 1)
        #expect(screen.rows == [["1+", " 3+", "  9", " 8", " 6", "2"]])
        #expect(screen.updates.last?.changeset.elementChanges.contains { $0.kind == .insert } == true, "beach.jpg was hidden in Photos")
        // An empty listing empties the folder.
        try screen.outline.merge([], under: 1)
        #expect(screen.rows == [["1", "2"]])
        #expect(screen.outline.count == 2)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aMergeAtTheTopLevelReplacesTheTopLevelItems() throws {
        let screen = try screen()
        try screen.outline.merge([Item(2, "Photos"), Item(10, "Music")], under: nil)
        #expect(screen.rows == [["2-", "10"]])
        #expect(screen.outline.count == 3, "Photos kept its child")
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aSearchShowsTheMatchesWithTheirAncestorsExpanded() throws {
        let screen = try screen()
        try screen.outline.expand(2)
        try screen.outline.search(for: "march", in: [.field(\.name)])
        #expect(screen.rows == [["1+", " 3+", "  5"]])
        try screen.outline.search(for: "o", in: [.field(\.name)])   // Documents, Invoices, notes.txt, Photos
        #expect(screen.rows == [["1+", " 3-", " 4", "2-"]], "a match whose children do not match shows collapsed")
        try screen.outline.search(for: "", in: [.field(\.name)])
        #expect(screen.rows == [["1-", "2+", " 6"]], "the user's own expansion comes back")
        #expect(screen.outline.filters.isEmpty)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func editsWhileSearchingShowWhatMatches() throws {
        let screen = try screen()
        try screen.outline.search(for: "pdf", in: [.field(\.name)])
        #expect(screen.rows == [["1+", " 3+", "  5"]])
        try screen.outline.add(Item(7, under: 2, "scan.pdf"))
        #expect(screen.rows == [["1+", " 3+", "  5", "2+", " 7"]])
        try screen.outline.replace(Item(5, under: 3, "march.txt"))
        #expect(screen.rows == [["2+", " 7"]])
        try screen.outline.expand(1)   // the user's state, shown when the search ends
        #expect(screen.rows == [["2+", " 7"]])
        try screen.outline.clearFilters()
        #expect(screen.rows == [["1+", " 3-", " 4", "2-"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func sectionsHoldTheTopLevelItemsOfOneName() throws {
        let outline = Outline(key: \.id, parentKey: \.parent, sectionedBy: ResultsSectioning(sectionName: { $0.name.hasPrefix("P") ? "Media" : "Files" }))
        try outline.setData(files)
        let screen = OutlineScreen(outline)
        #expect(outline.snapshot.sections.map(\.name) == ["Files", "Media"])
        try outline.replace(Item(1, "Pictures"))   // Documents renamed: it moves to Media
        #expect(outline.snapshot.sections.map(\.name) == ["Media"])
        #expect(screen.rows == [["1-", "2-"]], "top-level items keep their order")
        try outline.add(Item(11, "Archive"))
        #expect(outline.snapshot.sections.map(\.name) == ["Files", "Media"])
        try outline.expand(1)
        #expect(screen.rows == [["11"], ["1+", " 3-", " 4", "2-"]])
        try outline.search(for: "beach", in: [.field(\.name)])
        #expect(outline.snapshot.sections.map(\.name) == ["Media"], "a section without a match hides")
        #expect(screen.rows == [["2+", " 6"]])
        try outline.clearFilters()
        #expect(screen.rows == [["11"], ["1+", " 3-", " 4", "2-"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aBatchOfEditsIsOneUpdateAndUndoneWhole() throws {
        let screen = try screen()
        try screen.outline.performBatchUpdates { () throws(ResultsError) in
            try screen.outline.expand(1)
            try screen.outline.add(Item(7, under: 1, "new.txt"))
            try screen.outline.remove(key: 4)
        }
        #expect(screen.updates.count == 1)
        #expect(screen.rows == [["1+", " 3-", " 7", "2-"]])
        #expect(throws: ResultsError.self) {
            try screen.outline.performBatchUpdates { () throws(ResultsError) in
                try screen.outline.collapse(1)
                try screen.outline.add(Item(8, under: 99))
            }
        }
        #expect(screen.rows == [["1+", " 3-", " 7", "2-"]])
        #expect(screen.outline.isExpanded(1) && screen.outline.count == 6)
        #expect(screen.updates.count == 1)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func anOutlineIsAPartOfAComposition() throws {
        let outline = Outline(key: \.id, parentKey: \.parent)
        try outline.setData(files)
        let composition = ResultsComposition<String>([.part(outline, as: describe)])
        var shown = composition.reportedSnapshot
        var violations: [BatchUpdateViolation] = []
        let observation = composition.observe { update in
            violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
            shown = update.snapshot
        }
        try outline.expand(1)
        #expect(shown.sections.map { Array($0) } == [["1+", " 3-", " 4", "2-"]])
        #expect(violations.isEmpty, "\(violations)")
        observation.cancel()
    }

    /// The steps of Examples/UIKit/FileBrowserViewController.swift: folders
    /// load their contents the first time they open, and a search shows
    /// what was loaded.
    @Test func aFileBrowserLoadsFoldersWhenTheyOpen() throws {
        let disk: [Int?: [Item]] = [
            nil: [Item(1, "Documents"), Item(2, "Photos")],
            1: [Item(3, under: 1, "Invoices"), Item(4, under: 1, "notes.txt")],
            3: [Item(5, under: 3, "march.pdf")],
            2: [],
        ]
        var loaded: Set<Int> = []
        let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: [.ascending(\.name)])
        let screen = OutlineScreen(outline)
        func load(_ folder: Int?) throws {
            try outline.merge(disk[folder] ?? [], under: folder)
            if let folder { loaded.insert(folder) }
        }
        func open(_ folder: Int) throws {
            if !loaded.contains(folder) { try load(folder) }
            try? outline.expand(folder)   // an empty folder has nothing to show: refused, harmlessly
        }
        try load(nil)
        #expect(screen.rows == [["1", "2"]], "nothing below them is known yet")
        try open(1)
        #expect(screen.rows == [["1+", " 3", " 4", "2"]])
        try open(3)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2"]])
        try open(2)
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2"]])
        try outline.collapse(1)
        try load(nil)   // the top level again: what was loaded below stays
        #expect(screen.rows == [["1-", "2"]] && outline.count == 5)
        try outline.search(for: "march", in: [.field(\.name)])
        #expect(screen.rows == [["1+", " 3+", "  5"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aReplaceThatStillSortsInPlaceKeepsItsPlaceAmongTies() throws {
        let screen = try screen([Item(1, "x"), Item(2, "x"), Item(3, "y")], sortedBy: [.ascending(\.name)])
        try screen.outline.replace(Item(1, "x", version: 1))
        #expect(screen.rows == [["1", "2", "3"]])
        #expect(screen.updates.last?.changeset.elementChanges.map(\.kind) == [.update])
        try screen.outline.replace(Item(1, "z"))
        #expect(screen.rows == [["2", "3", "1"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func anEditFromInsideAnUpdateIsRefusedAndChangesNothing() throws {
        let screen = try screen()
        var refusals: [ResultsError] = []
        let observation = screen.outline.observe { _ in
            do throws(ResultsError) { try screen.outline.add(Item(9)) } catch { refusals.append(error) }
            do throws(ResultsError) { try screen.outline.expand(2) } catch { refusals.append(error) }
        }
        try screen.outline.expand(1)
        #expect(refusals == [.changedDuringNotification, .changedDuringNotification])
        #expect(screen.outline.count == 6 && !screen.outline.isExpanded(2))
        #expect(screen.rows == [["1+", " 3-", " 4", "2-"]])
        observation.cancel()
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    /// An element that is not `Equatable`: every replace is a change.
    struct Note {
        var id: Int
        var parent: Int?
        var text: String
    }

    @Test func elementsThatAreNotEquatableReportEveryReplaceAsAChange() throws {
        let outline = ResultsOutline<Note, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([Note(id: 1, text: "a"), Note(id: 2, parent: 1, text: "b")])
        try outline.expand(1)
        var updates: [[RowChange.Kind]] = []
        let observation = outline.observe { updates.append($0.changeset.elementChanges.map(\.kind)) }
        try outline.replace(Note(id: 2, parent: 1, text: "b"))
        try outline.collapse(1)
        #expect(updates == [[.update], [.update, .delete]] || updates == [[.update], [.delete, .update]])
        #expect(outline.element(forKey: 2)?.text == "b")
        observation.cancel()
    }
}
