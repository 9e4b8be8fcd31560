import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A composed screen: a static header, friends (flat, with a placeholder),
/// suggestions (sectioned by group).
@MainActor
struct FriendsScreen {
    let header: StaticSections<Row>
    let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
    let suggestions = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
    let composition: ResultsComposition<Row>
    let screen: CompositionScreen

    init(friends friendIDs: [Int] = [1, 2, 3], suggestions suggestionIDs: [(Int, String)] = [(7, "a"), (8, "b"), (9, "b")],
         placeholder: ResultsComposition<Row>.Placeholder? = nil) throws {
        header = try StaticSections<Row> {
            StaticSection("Account") {
                fixed("profile")
                fixed("sign out")
            }
        }
        try friends.setData(friendIDs.map { Entry(id: $0) })
        try suggestions.setData(suggestionIDs.map { Entry(id: $0.0, group: $0.1) })
        composition = ResultsComposition([
            .part(header),
            .part(friends, as: { Row.entry(source: 1, $0) }, placeholder: .row(.placeholder("no friends"))),
            .part(suggestions, as: { Row.entry(source: 2, $0) }),
        ], placeholder: placeholder)
        screen = CompositionScreen(composition)
    }

    var rows: [[String]] { FilterableResultsTests.rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) }

    /// The last update's row changes, as `"insert [1, 0]"`, in order.
    var lastRowChanges: [String] {
        (screen.updates.last?.changeset.elementChanges ?? []).map { change in
            switch change.change {
            case let .insert(path): "insert \(path)"
            case let .delete(path): "delete \(path)"
            case let .move(from, to, _): "move \(from)→\(to)"
            case let .update(path, newPath): "update \(path)→\(newPath)"
            }
        }
    }
}

@MainActor
@Suite("Compositions")
struct CompositionTests {
    @Test func theJoinedTableIsThePartsOneAfterTheOther() throws {
        let screen = try FriendsScreen()
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.composition.reportedSnapshot.sections.map(\.name) == ["Account", nil, "a", "b"])
        #expect(screen.composition.reportedSnapshot.key(at: visible(1, 2)) == .row(part: 1, showing: screen.friends, key: 3))
        #expect(screen.composition.reportedSnapshot.count == 8)
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func indexPathsMapToPartsAndBack() throws {
        let screen = try FriendsScreen()
        let snapshot = screen.composition.reportedSnapshot
        #expect(snapshot.location(of: visible(0, 1)) == .row(part: 0, indexPath: visible(0, 1)))
        #expect(snapshot.location(of: visible(1, 2)) == .row(part: 1, indexPath: visible(0, 2)))
        #expect(snapshot.location(of: visible(3, 1)) == .row(part: 2, indexPath: visible(1, 1)))
        #expect(snapshot.sectionLocation(of: 3) == .section(part: 2, section: 1))
        #expect(snapshot.indexPath(ofRow: visible(1, 0), inPart: 2) == visible(3, 0))
        #expect(snapshot.section(1, inPart: 2) == 3)
        #expect(snapshot.sectionID(at: 3) == ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        // Every visible row, both ways.
        #expect(mappingProblems(snapshot, parts: [
            StaticPartModel(label: 0, statics: screen.header),
            ResultsPartModel.of(screen.friends, label: 1), ResultsPartModel.of(screen.suggestions, label: 2),
        ]).isEmpty)
        // Out of range: nil, never a trap.
        for path in [visible(4, 0), visible(0, 2), visible(-1, 0), visible(0, -1), visible(Int.max, 0)] {
            #expect(snapshot.location(of: path) == nil && snapshot.element(at: path) == nil && snapshot.key(at: path) == nil)
        }
        #expect(snapshot.sectionLocation(of: 4) == nil && snapshot.sectionLocation(of: -1) == nil && snapshot.name(ofSection: 9) == nil)
        #expect(snapshot.indexPath(ofRow: visible(0, 3), inPart: 1) == nil)
        #expect(snapshot.indexPath(ofRow: visible(2, 0), inPart: 2) == nil)
        #expect(snapshot.indexPath(ofRow: visible(0, 0), inPart: 3) == nil && snapshot.indexPath(ofRow: visible(0, 0), inPart: -1) == nil)
        #expect(snapshot.section(0, inPart: 9) == nil && snapshot.section(5, inPart: 0) == nil)
        #expect(screen.composition.location(of: visible(1, 0)) == .row(part: 1, indexPath: visible(0, 0)))
        #expect(screen.composition.indexPath(ofRow: visible(0, 0), inPart: 1) == visible(1, 0))
    }

    @Test func aPartsBatchIsShiftedPastThePartsBeforeIt() throws {
        let screen = try FriendsScreen()
        try screen.suggestions.performBatchUpdates { () throws(ResultsError) in
            try screen.suggestions.add(Entry(id: 10, group: "c"))
            try screen.suggestions.remove(key: 7)
        }
        let changes = screen.screen.updates.last!.changeset
        #expect(changes.sectionChanges == [.delete(at: 2, name: "a"), .insert(at: 3, name: "c")])
        #expect(screen.rows.suffix(2) == [["e2:8:0b", "e2:9:0b"], ["e2:10:0c"]])
        try screen.friends.move(from: visible(0, 0), to: visible(0, 2))
        #expect(screen.lastRowChanges == ["move [1, 0]→[1, 2]"])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func aPlaceholderComesAndGoesInTheBatchThatEmptiesOrFillsItsPart() throws {
        let screen = try FriendsScreen(friends: [1])
        try screen.friends.remove(key: 1)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], [], ["p:no friends"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.screen.updates.last!.changeset.sectionChanges == [.insert(at: 2, name: nil)])
        #expect(screen.lastRowChanges == ["delete [1, 0]"])
        #expect(screen.composition.reportedSnapshot.location(of: visible(2, 0)) == .placeholder(part: 1, row: 0))
        #expect(screen.composition.reportedSnapshot.key(at: visible(2, 0)) == .placeholder(part: 1, row: 0))

        try screen.friends.setData([Entry(id: 4), Entry(id: 5)])
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:4:0a", "e1:5:0a"], ["e2:7:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.screen.updates.last!.changeset.sectionChanges == [.delete(at: 2, name: nil)])
        #expect(screen.lastRowChanges == ["insert [1, 0]", "insert [1, 1]"])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func theCompositionsPlaceholderShowsWhileNoPartHasARow() throws {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        let others = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        let composition = ResultsComposition<Row>([
            .part(friends, as: { Row.entry(source: 1, $0) }),
            .part(others, as: { Row.entry(source: 2, $0) }),
        ], placeholder: ResultsComposition<Row>.Placeholder(title: "Nothing", rows: [.placeholder("search again")]))
        let screen = CompositionScreen(composition)
        #expect(rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) == [[], ["p:search again"]])
        #expect(composition.reportedSnapshot.sectionLocation(of: 1) == .placeholder(part: nil))
        try others.add(Entry(id: 1, group: "x"))
        #expect(rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) == [[], ["e2:1:0x"]])
        #expect(screen.updates.last!.changeset.sectionChanges == [.delete(at: 1, name: "Nothing"), .insert(at: 1, name: "x")])
        try friends.addFilter(ResultsFilter(title: "none") { _ in false })   // the friends part was empty already
        #expect(screen.updates.count == 1)
        try others.remove(key: 1)
        #expect(rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) == [[], ["p:search again"]])
        #expect(screen.problems().isEmpty)
    }

    @Test func aCollapsedSectionKeepsItsHeaderWhileFiltersMergesAndSortingGoOn() throws {
        let screen = try FriendsScreen(suggestions: [(7, "a"), (8, "b"), (9, "b")])
        let b = ResultsComposition<Row>.SectionID(part: 2, name: "b")
        try screen.composition.foldSection(b)
        #expect(screen.lastRowChanges == ["delete [3, 0]", "delete [3, 1]"])
        #expect(screen.composition.reportedSnapshot.isSectionFolded(3))
        #expect(screen.composition.reportedSnapshot.location(of: visible(3, 0)) == nil)
        #expect(screen.composition.reportedSnapshot.indexPath(ofRow: visible(1, 0), inPart: 2) == nil)

        // A merge into the collapsed section and beside it: only the rows shown are animated.
        try screen.suggestions.merge([Entry(id: 11, group: "b"), Entry(id: 12, group: "a"), Entry(id: 8, value: 5, group: "b")])
        #expect(screen.lastRowChanges == ["insert [2, 1]"])
        // A row that moves from a shown section into the collapsed one is deleted; back out, inserted.
        try screen.suggestions.update(7) { $0.group = "b" }
        #expect(screen.lastRowChanges == ["delete [2, 0]"])
        try screen.suggestions.update(11) { $0.group = "a" }
        #expect(screen.lastRowChanges == ["insert [2, 1]"])
        // Filters and sorting underneath.
        try screen.suggestions.addFilter(ResultsFilter(title: "not 9") { $0.id != 9 })
        try screen.suggestions.setSortKeys([.descending(\.id)])
        #expect(screen.rows.suffix(2) == [["e2:12:0a", "e2:11:0a"], []])
        #expect(screen.composition.isFolded(b) && screen.composition.foldedSections == [b])

        // Expanding shows the rows as they are now.
        try screen.composition.unfoldSection(b)
        #expect(screen.rows.suffix(2) == [["e2:12:0a", "e2:11:0a"], ["e2:8:5b", "e2:7:0b"]])
        #expect(screen.lastRowChanges == ["insert [3, 0]", "insert [3, 1]"])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func aCollapsedSectionStaysCollapsedWhileItComesAndGoes() throws {
        let screen = try FriendsScreen(suggestions: [(7, "a"), (8, "b")])
        let b = ResultsComposition<Row>.SectionID(part: 2, name: "b")
        try screen.composition.foldSection(b)
        try screen.suggestions.remove(key: 8)                       // the section goes
        #expect(screen.composition.reportedSnapshot.sections.map(\.name) == ["Account", nil, "a"])
        #expect(screen.composition.isFolded(b))
        try screen.composition.foldSection(b)                          // collapsed already: nothing to do
        try screen.suggestions.add(Entry(id: 8, group: "b"))        // and comes back, collapsed
        #expect(screen.composition.reportedSnapshot.numberOfElements(inSection: 3) == 0)
        #expect(screen.screen.updates.last!.changeset.elementChanges.isEmpty)
        try screen.composition.unfoldSection(b)
        #expect(screen.lastRowChanges == ["insert [3, 0]"])
        // Unnamed sections collapse together: the friends' flat section.
        try screen.composition.foldSection(ResultsComposition<Row>.SectionID(part: 1, name: nil))
        #expect(screen.rows[1].isEmpty && screen.composition.reportedSnapshot.count == 4)
        try screen.friends.removeSection(at: 0)
        try screen.friends.addSection(ResultsSection(elements: [Entry(id: 1)]))
        #expect(screen.rows[1].isEmpty)
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func badInputIsRefusedWithATypedErrorNamingItAndChangesNothing() throws {
        let screen = try FriendsScreen()
        let before = screen.rows
        typealias SectionID = ResultsComposition<Row>.SectionID
        func expectRefused(_ expected: ResultsError, naming named: String, _ body: () throws(ResultsError) -> Void) {
            do {
                try body()
                Issue.record("\(named) was not refused")
            } catch {
                #expect(error == expected)
                #expect(error.code == "invalidOperation" || error.code == "indexPathOutOfRange")
                #expect(error.description.contains(named), "\(error) does not name \(named)")
            }
        }
        expectRefused(.sectionNotFound(part: 2, name: "zzz"), naming: "section \"zzz\" of part 2") { () throws(ResultsError) in
            try screen.composition.foldSection(SectionID(part: 2, name: "zzz"))
        }
        expectRefused(.partOutOfRange(5, partCount: 3), naming: "part 5") { () throws(ResultsError) in
            try screen.composition.foldSection(SectionID(part: 5, name: "a"))
        }
        expectRefused(.partOutOfRange(-1, partCount: 3), naming: "part -1") { () throws(ResultsError) in
            try screen.composition.unfoldSection(SectionID(part: -1, name: nil))
        }
        expectRefused(.sectionNotFound(part: 0, name: "zzz"), naming: "section \"zzz\" of part 0") { () throws(ResultsError) in
            try screen.composition.unfoldSection(SectionID(part: 0, name: "zzz"))
        }
        expectRefused(.sectionNotFound(part: 1, name: "zzz"), naming: "section \"zzz\" of part 1") { () throws(ResultsError) in
            try screen.composition.foldSection(SectionID(part: 1, name: "zzz"))
        }
        expectRefused(.rowNotEditable("placeholder of part 1, row 0", reason: "a placeholder is not a row of a part"), naming: "placeholder") {
            () throws(ResultsError) in try screen.composition.remove(key: .placeholder(part: 1, row: 0))
        }
        expectRefused(.partOutOfRange(7, partCount: 3), naming: "part 7") { () throws(ResultsError) in
            try screen.composition.remove(key: .row(part: 7, showing: screen.friends, key: 1))
        }
        expectRefused(.keyTypeMismatch("\"x\"", expected: "Swift.Int"), naming: "\"x\"") { () throws(ResultsError) in
            try screen.composition.remove(key: .row(part: 1, partKey: ResultsComposition<Row>.PartKey("x")))
        }
        let profile = screen.header.key(ofRow: "profile")
        expectRefused(.rowNotEditable("static row \(profile)", reason: "declare the sections without it"), naming: "profile") {
            () throws(ResultsError) in try screen.composition.remove(key: .row(part: 0, showing: screen.header, key: profile))
        }
        expectRefused(.moveNotAllowed(from: visible(1, 0), to: visible(3, 0), reason: "part 2 takes no rows"), naming: "[1, 0]") {
            () throws(ResultsError) in try screen.composition.moveRow(from: visible(1, 0), to: visible(3, 0), in: screen.composition.reportedSnapshot)
        }
        expectRefused(.indexPathOutOfRange(visible(9, 0), sectionCount: 4, rowCount: nil), naming: "[9, 0]") { () throws(ResultsError) in
            try screen.composition.moveRow(from: visible(9, 0), to: visible(1, 0), in: screen.composition.reportedSnapshot)
        }
        expectRefused(.moveNotAllowed(from: visible(0, 0), to: visible(0, 1), reason: "static rows move only with their declaration"), naming: "[0, 0]") {
            () throws(ResultsError) in try screen.composition.moveRow(from: visible(0, 0), to: visible(0, 1), in: screen.composition.reportedSnapshot)
        }
        expectRefused(.indexPathOutOfRange(visible(9, 0), sectionCount: 4, rowCount: nil), naming: "[9, 0]") { () throws(ResultsError) in
            try screen.composition.moveRow(from: visible(1, 0), to: visible(9, 0), in: screen.composition.reportedSnapshot)
        }
        // A part's refusal names the composed index paths the caller gave,
        // not the part's own.
        expectRefused(.indexPathOutOfRange(visible(1, 7), sectionCount: 4, rowCount: 3), naming: "[1, 7]") { () throws(ResultsError) in
            try screen.composition.moveRow(from: visible(1, 0), to: visible(1, 7), in: screen.composition.reportedSnapshot)
        }
        #expect(screen.rows == before)
        #expect(screen.screen.updates.isEmpty && screen.composition.foldedSections.isEmpty)
        // Moving into a collapsed section is refused too.
        try screen.composition.foldSection(SectionID(part: 2, name: "a"))
        expectRefused(.moveNotAllowed(from: visible(3, 0), to: visible(2, 0), reason: "the destination section is folded"), naming: "folded") {
            () throws(ResultsError) in try screen.composition.moveRow(from: visible(3, 0), to: visible(2, 0), in: screen.composition.reportedSnapshot)
        }
    }

    @Test func theUserEditsTheRowsOfThePartThatOwnsThem() throws {
        let screen = try FriendsScreen()
        for (view, dataSource) in screen.screen.views {
            dataSource.canDeleteRow = { _, row in if case .entry = row { true } else { false } }
            dataSource.canMoveRow = { _, row in if case .entry(source: 1, _) = row { true } else { false } }
            _ = view
        }
        let (view, _) = screen.screen.views[0]
        #expect(!view.userDeletesRow(at: visible(0, 0)))               // a static row
        #expect(view.userDeletesRow(at: visible(1, 1)))
        #expect(keys(screen.friends.snapshot.sections.map(ResultsSection.init)) == [[1, 3]])
        #expect(view.userMovesRow(from: visible(1, 0), to: visible(1, 1)))
        #expect(keys(screen.friends.snapshot.sections.map(ResultsSection.init)) == [[3, 1]])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func aPartsReloadIsAReloadOfTheComposition() throws {
        let screen = try FriendsScreen()
        try screen.friends.setUpdatesEnabled(false)
        try screen.friends.setData([Entry(id: 20)])
        try screen.suggestions.remove(key: 7)                     // reported while the friends are not
        #expect(screen.rows[1] == ["e1:1:0a", "e1:2:0a", "e1:3:0a"])
        try screen.friends.setUpdatesEnabled(true)
        #expect(screen.screen.updates.last!.isReload)
        #expect(screen.rows == [["f:profilev0", "f:sign outv0"], ["e1:20:0a"], ["e2:8:0b", "e2:9:0b"]])
        #expect(screen.screen.problems().isEmpty)
    }

    @Test func anUpdateAnObserverCausesReachesEveryObserverAfterTheOneBeingDelivered() throws {
        let screen = try FriendsScreen()
        var seen: [[[String]]] = []
        let first = screen.composition.observe { [suggestions = screen.suggestions] update in
            guard update.snapshot.count == 9 else { return }
            do { try suggestions.add(Entry(id: 40, group: "a")) } catch { Issue.record("\(error)") }   // in reply to the first update
        }
        let second = screen.composition.observe { update in seen.append(rows(update.snapshot.sections.map(ResultsSection.init))) }
        try screen.friends.add(Entry(id: 30))
        #expect(seen.map { $0[1].count } == [4, 4])
        #expect(seen.map { $0[2] } == [["e2:7:0a"], ["e2:7:0a", "e2:40:0a"]])
        #expect(screen.screen.problems().isEmpty)
        _ = (first, second)
    }

    @Test func compositionsNest() throws {
        let inner = try FriendsScreen()
        let more = ResultsController(store: ResultsStore<Entry, Int>.items())
        let outer = ResultsComposition<Row>([
            .part(inner.composition, placeholder: .row(.placeholder("inner empty"))),
            .part(more, as: { Row.entry(source: 3, $0) }),
        ])
        let screen = CompositionScreen(outer)
        try inner.composition.foldSection(ResultsComposition<Row>.SectionID(part: 2, name: "b"))
        try outer.foldSection(ResultsComposition<Row>.SectionID(part: 0, name: "Account"))
        try more.add(Entry(id: 1))
        try inner.suggestions.add(Entry(id: 50, group: "b"))
        #expect(rows(outer.reportedSnapshot.sections.map(ResultsSection.init)) == [[], ["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:7:0a"], [], ["e3:1:0a"]])
        #expect(outer.reportedSnapshot.location(of: visible(4, 0)) == .row(part: 1, indexPath: visible(0, 0)))
        #expect(outer.reportedSnapshot.location(of: visible(1, 2)) == .row(part: 0, indexPath: visible(1, 2)))
        #expect(outer.reportedSnapshot.key(at: visible(1, 2)) == .row(part: 0, showing: inner.composition, key: .row(part: 1, showing: inner.friends, key: 3)))
        #expect(screen.problems().isEmpty)
    }

    /// Regression: a nested composition's sections were identified in the
    /// outer one by part and name alone, so a nested placeholder titled
    /// like a nested section was that section (the nested batch deleted the
    /// one and inserted the other, which the validator, following the
    /// sections' identities, called a needless delete and insert), and two
    /// nested parts' sections named alike were one.
    @Test func aNestedCompositionsSectionsKeepTheirOwnIdentities() throws {
        let statics = try StaticSections<Row> {}
        let left = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        let right = ResultsController(store: ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group)))
        try left.setData([Entry(id: 1, group: "Apple")])
        let inner = ResultsComposition<Row>([
            .part(statics, placeholder: ResultsComposition<Row>.Placeholder(title: "s-0", rows: [.placeholder("none")])),
            .part(left, as: { Row.entry(source: 1, $0) }),
            .part(right, as: { Row.entry(source: 2, $0) }),
        ])
        let outer = ResultsComposition<Row>([.part(inner)])
        let screen = CompositionScreen(outer)
        let before = outer.reportedSnapshot
        #expect(before.sections.map(\.name) == ["s-0", "Apple"])

        // The nested placeholder leaves and the nested section comes: two sections, one title.
        try statics.setSections([StaticSection("s-0", rows: [fixed("r")])])
        let after = outer.reportedSnapshot
        #expect(after.sections.map(\.name) == ["s-0", "Apple"])
        #expect(before.sections[0].id != after.sections[0].id)
        #expect(screen.updates.last?.changeset.sectionChanges == [.delete(at: 0, name: "s-0"), .insert(at: 0, name: "s-0")])
        // The same change computed by the outer composition's own difference (at the end of its batch).
        try outer.performBatchUpdates { try statics.setSections([]) }
        try outer.performBatchUpdates { try statics.setSections([StaticSection("s-0", rows: [fixed("r")])]) }
        #expect(screen.updates.last?.changeset.sectionChanges == [.delete(at: 0, name: "s-0"), .insert(at: 0, name: "s-0")])

        // Two nested parts' "Apple" sections are two sections of the outer part.
        try outer.performBatchUpdates {
            try left.remove(key: 1)
            try right.add(Entry(id: 2, group: "Apple"))
        }
        let last = try #require(screen.updates.last)
        #expect(!last.isReload)
        #expect(last.changeset.sectionChanges == [.delete(at: 1, name: "Apple"), .insert(at: 1, name: "Apple")])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    /// Regression: a collapsed nested placeholder that gave way to a
    /// collapsed nested section of the same title was moved to it, as if the
    /// two were one section (collapsed sections the part deletes and inserts
    /// were paired by name alone).
    @Test func aCollapsedNestedPlaceholderIsNotMovedToTheSectionTitledLikeIt() throws {
        let statics = try StaticSections<Row> {}
        let inner = ResultsComposition<Row>([
            .part(statics, placeholder: ResultsComposition<Row>.Placeholder(title: "s-0", rows: [.placeholder("none")])),
        ])
        let outer = ResultsComposition<Row>([.part(inner)])
        let screen = CompositionScreen(outer)
        try outer.foldSection(ResultsComposition<Row>.SectionID(part: 0, name: "s-0"))
        try statics.setSections([StaticSection("s-3", rows: [fixed("a")]), StaticSection("s-0", rows: [fixed("b")])])
        #expect(rows(outer.reportedSnapshot.sections.map(ResultsSection.init)) == [["f:av0"], []])
        #expect(screen.updates.last?.changeset.sectionChanges == [.delete(at: 0, name: "s-0"), .insert(at: 0, name: "s-3"), .insert(at: 1, name: "s-0")])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }
}

extension ResultsPartModel {
    /// A model of a controller that no runner drives.
    @MainActor
    static func of(_ controller: ResultsController<Entry, Int>, label: Int) -> some PartModel {
        ControllerPartModel(label: label, controller: controller)
    }
}

/// A controller's table as the composition's rows.
struct ControllerPartModel: PartModel {
    let label: Int
    let controller: ResultsController<Entry, Int>

    var sections: [ResultsSection<Row>] {
        controller.reportedSnapshot.sections.map { section in
            ResultsSection(name: section.name, elements: section.elements.map { Row.entry(source: label, $0) })
        }
    }
}
