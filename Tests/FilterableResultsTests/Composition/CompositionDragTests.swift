import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// Rows dragged from one part to another, and rows inserted through the
/// composition: one update that shows a move, valid in every view.
@MainActor
@Suite("Composition drags across parts")
struct CompositionDragTests {
    /// Friends and enemies, each taking the other's rows, and suggestions
    /// that take none.
    @MainActor struct Screen {
        let friends = ResultsController(store: ResultsStore<Entry, Int>.items())
        let enemies = ResultsController(store: ResultsStore<Entry, Int>.items())
        let suggestions = ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.id)]))
        let composition: ResultsComposition<Row>
        let screen: CompositionScreen

        init(friends friendIDs: [Int] = [1, 2, 3], enemies enemyIDs: [Int] = [4, 5], sortedEnemies: Bool = false) throws {
            try friends.setData(friendIDs.map { Entry(id: $0) })
            try enemies.setData(enemyIDs.map { Entry(id: $0) })
            if sortedEnemies { try enemies.setSortKeys([.descending(\.id)]) }
            try suggestions.setData([Entry(id: 9)])
            let entry: (Row) -> Entry? = { if case let .entry(_, entry) = $0 { entry } else { nil } }
            composition = ResultsComposition([
                .part(friends, as: { Row.entry(source: 1, $0) }, accepting: entry, placeholder: .row(.placeholder("no friends"))),
                .part(enemies, as: { Row.entry(source: 2, $0) }, accepting: entry, placeholder: .row(.placeholder("no enemies"))),
                .part(suggestions, as: { Row.entry(source: 3, $0) }),
            ])
            // A row dragged to another part is one row under two keys, which the validator follows.
            screen = CompositionScreen(composition)
            for (_, dataSource) in screen.views { dataSource.canMoveRow = { _, _ in true } }
        }

        var rows: [[String]] { FilterableResultsTests.rows(composition.reportedSnapshot.sections.map(ResultsSection.init)) }
    }

    @Test func aRowDraggedToAnotherPartIsOneMove() throws {
        let screen = try Screen()
        let (view, _) = screen.screen.views[0]
        #expect(view.userMovesRow(from: visible(0, 1), to: visible(1, 1)))
        #expect(screen.rows == [["e1:1:0a", "e1:3:0a"], ["e2:4:0a", "e2:2:0a", "e2:5:0a"], ["e3:9:0a"]])
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 3] && screen.enemies.snapshot.elements.map(\.id) == [4, 2, 5])
        let changes = try #require(screen.screen.updates.last).changeset
        #expect(screen.screen.updates.count == 1)
        #expect(changes.sectionChanges.isEmpty)
        #expect(changes.elementChanges.map(\.change) == [.move(from: visible(0, 1), to: visible(1, 1), isUpdated: true)])
        #expect(changes.elementChanges.first?.key == .row(part: 1, showing: screen.enemies, key: 2), "the key of the row in its new part")
        #expect(view.reloadCount == 0, "the view already showed the move")
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func everyViewKindKeepsItsCellsThroughADrag() throws {
        for index in 0..<everyViewKind.count {
            let screen = try Screen()
            let (view, _) = screen.screen.views[index]
            #expect(view.userMovesRow(from: visible(1, 0), to: visible(0, 3)))
            #expect(screen.rows == [["e1:1:0a", "e1:2:0a", "e1:3:0a", "e1:4:0a"], ["e2:5:0a"], ["e3:9:0a"]])
            #expect(screen.screen.problems().isEmpty, "\(view.flavor), \(view.countMode): \(screen.screen.problems())")
        }
    }

    @Test func draggingTheLastRowOutShowsThePlaceholderInTheSameUpdate() throws {
        let screen = try Screen(enemies: [4])
        try screen.composition.moveRow(from: visible(1, 0), to: visible(0, 0), in: screen.composition.reportedSnapshot)
        #expect(screen.rows == [["e1:4:0a", "e1:1:0a", "e1:2:0a", "e1:3:0a"], [], ["p:no enemies"], ["e3:9:0a"]])
        #expect(screen.screen.updates.count == 1)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRowDroppedOnAPlaceholderGoesFirstInItsPart() throws {
        let screen = try Screen(enemies: [])
        try screen.composition.moveRow(from: visible(0, 2), to: visible(2, 0), in: screen.composition.reportedSnapshot)
        #expect(screen.rows == [["e1:1:0a", "e1:2:0a"], ["e2:3:0a"], ["e3:9:0a"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aPartThatTakesNoRowsRefusesTheDragAndNothingChanges() throws {
        let screen = try Screen()
        let shown = screen.composition.reportedSnapshot
        #expect(throws: ResultsError.moveNotAllowed(from: visible(0, 0), to: visible(2, 0), reason: "part 2 takes no rows")) {
            try screen.composition.moveRow(from: visible(0, 0), to: visible(2, 0), in: shown)
        }
        #expect(screen.screen.updates.isEmpty && screen.friends.snapshot.count == 3)
    }

    @Test func aKeyTakenInTheTargetPartRefusesTheDragAndNothingChanges() throws {
        let screen = try Screen(enemies: [2, 5])
        var errors: [ResultsError] = []
        let (view, dataSource) = screen.screen.views[2]
        dataSource.onEditingError = { errors.append($0) }
        view.userMovesRow(from: visible(0, 1), to: visible(1, 0))
        #expect(errors == [.duplicateKey("2")])
        #expect(screen.rows == [["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:2:0a", "e2:5:0a"], ["e3:9:0a"]])
        #expect(screen.screen.updates.isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aSortedPartPlacesTheDraggedRowItself() throws {
        let screen = try Screen(enemies: [4, 5], sortedEnemies: true)
        let (view, _) = screen.screen.views[1]
        #expect(view.userMovesRow(from: visible(0, 0), to: visible(1, 0)))
        #expect(screen.rows == [["e1:2:0a", "e1:3:0a"], ["e2:5:0a", "e2:4:0a", "e2:1:0a"], ["e3:9:0a"]])
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRowDroppedInASortedControllerWithSectionsOfItsOwnStaysInTheSectionItWasDroppedIn() throws {
        var store = ResultsStore<Entry, Int>(key: \.id, sortedBy: [.ascending(\.id)])
        try store.setData(sections: [ResultsSection(name: "x", elements: [Entry(id: 1), Entry(id: 5)]), ResultsSection(name: "y", elements: [Entry(id: 2)])])
        let controller = ResultsController(store: store)
        let log = UpdateLog(controller)
        try controller.insertRow(Entry(id: 3), at: visible(0, 0), in: controller.reportedSnapshot)
        #expect(controller.snapshot.sections.map { $0.elements.map(\.id) } == [[1, 3, 5], [2]])
        #expect(log.violations.isEmpty, "\(log.violations)")
    }

    @Test func dropsOutsideTheRowsShownOrIntoACollapsedSectionAreRefused() throws {
        let screen = try Screen(enemies: [])
        let shown = screen.composition.reportedSnapshot
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 4), sectionCount: 4, rowCount: 3)) {
            try screen.composition.insertRow(.entry(source: 1, Entry(id: 7)), at: visible(0, 4), in: shown)
        }
        try screen.composition.addFilter(ResultsFilter(title: "not 2") { row in if case let .entry(_, entry) = row { entry.id != 2 } else { true } })
        #expect(throws: ResultsError.indexPathOutOfRange(visible(0, 2), sectionCount: 4, rowCount: 2)) {
            try screen.composition.moveRow(from: visible(0, 0), to: visible(0, 2), in: screen.composition.reportedSnapshot)
        }
        try screen.composition.foldSection(ResultsComposition<Row>.SectionID(part: 1, name: nil))
        #expect(throws: ResultsError.moveNotAllowed(from: visible(0, 0), to: visible(2, 0), reason: "the destination section is folded")) {
            try screen.composition.moveRow(from: visible(0, 0), to: visible(2, 0), in: screen.composition.reportedSnapshot)
        }
        #expect(screen.friends.snapshot.elements.map(\.id) == [1, 2, 3] && screen.enemies.snapshot.isEmpty)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func aRowIsInsertedThroughTheComposition() throws {
        let screen = try Screen()
        let key = try screen.composition.insertRow(.entry(source: 1, Entry(id: 7)), at: visible(1, 1), in: screen.composition.reportedSnapshot)
        #expect(key == .row(part: 1, showing: screen.enemies, key: 7))
        #expect(screen.rows == [["e1:1:0a", "e1:2:0a", "e1:3:0a"], ["e2:4:0a", "e2:7:0a", "e2:5:0a"], ["e3:9:0a"]])
        #expect(throws: ResultsError.rowNotEditable("p:x", reason: "this source does not take this row")) {
            try screen.composition.insertRow(.placeholder("x"), at: visible(0, 0), in: screen.composition.reportedSnapshot)
        }
        #expect(throws: ResultsError.rowNotEditable("e3:8:0a", reason: "part 2 takes no rows")) {
            try screen.composition.insertRow(.entry(source: 3, Entry(id: 8)), at: visible(2, 0), in: screen.composition.reportedSnapshot)
        }
        #expect(screen.screen.updates.count == 1)
        #expect(screen.screen.problems().isEmpty, "\(screen.screen.problems())")
    }

    @Test func randomDragsAcrossPartsKeepEveryViewValid() throws {
        for seed in 0..<8 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let screen = try Screen()
            for step in 0..<30 {
                let shown = screen.composition.reportedSnapshot
                let (view, _) = screen.screen.views[Int.random(in: 0..<everyViewKind.count, using: &random)]
                let rowsShown = (0..<shown.numberOfSections).flatMap { section in
                    (0..<(shown.numberOfElements(inSection: section) ?? 0)).map { ResultsIndexPath(row: $0, section: section) }
                }
                guard let source = rowsShown.randomElement(using: &random) else { break }
                let section = Int.random(in: 0..<shown.numberOfSections, using: &random)
                let limit = (shown.numberOfElements(inSection: section) ?? 0) - (section == source.section ? 1 : 0)
                view.userMovesRow(from: source, to: ResultsIndexPath(row: Int.random(in: 0...max(0, limit), using: &random), section: section))
                let id = Int.random(in: 10...20, using: &random)
                if Bool.random(using: &random), !screen.enemies.snapshot.contains(key: id) { try screen.friends.merge([Entry(id: id)]) }
                #expect(screen.screen.problems().isEmpty, "seed \(seed), step \(step): \(screen.screen.problems())")
            }
        }
    }
}
