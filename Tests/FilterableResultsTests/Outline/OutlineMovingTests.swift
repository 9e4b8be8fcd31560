import FilterableResults
import FilterableResultsTesting
import Testing

/// An item whose parent cannot be named again: its outline cannot move items.
struct FixedItem: Equatable, Sendable {
    let id: Int
    let parent: Int?
}

@MainActor
@Suite("Outlines: moving by drag")
struct OutlineMovingTests {
    /// `files`, Documents and Invoices expanded, shown on a simulated screen.
    func screen(sortedBy sortKeys: [ResultsSortKey<Item>] = []) throws -> OutlineScreen {
        let outline = Outline(key: \.id, parentKey: \.parent, sortedBy: sortKeys)
        try outline.setData(files)
        try outline.expand(1, includingDescendants: true)
        try outline.expand(2)
        return OutlineScreen(outline)
    }

    /// The kinds of row changes of the last update.
    func kinds(_ screen: OutlineScreen) -> Set<RowChange.Kind> {
        Set(screen.updates.last?.changeset.elementChanges.map(\.kind) ?? [])
    }

    @Test func droppedOntoAnItemItBecomesItsLastChildWithItsSubtree() throws {
        let screen = try screen()
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2+", " 6"]])
        try screen.outline.move(3, to: .onto(2))
        #expect(screen.rows == [["1+", " 4", "2+", " 6", " 3+", "  5"]])
        #expect(screen.outline.parentKey(of: 3) == 2 && screen.outline.element(forKey: 3)?.parent == 2)
        #expect(screen.updates.count == 1)
        #expect(!kinds(screen).contains(.insert) && !kinds(screen).contains(.delete), "the moved rows keep their identity")
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func droppedBetweenRowsItTakesTheirParent() throws {
        let screen = try screen()
        try screen.outline.move(6, to: .before(4))
        #expect(screen.rows == [["1+", " 3+", "  5", " 6", " 4", "2"]])
        try screen.outline.move(5, to: .after(2))
        #expect(screen.rows == [["1+", " 3", " 6", " 4", "2", "5"]])
        #expect(screen.outline.parentKey(of: 5) == nil)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aSortedOutlinePutsTheDroppedItemInItsSortedPlace() throws {
        let screen = try screen(sortedBy: [.ascending(\.name)])
        // Invoices, notes.txt under Documents; beach.jpg sorts first.
        try screen.outline.move(6, to: .after(4))
        #expect(screen.outline.childKeys(of: 1) == [3, 6, 4])
        // Among the same siblings a sorted item stays where it is.
        try screen.outline.move(6, to: .after(4))
        #expect(screen.updates.count == 1)
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aDropWhereTheItemIsChangesNothing() throws {
        let screen = try screen()
        try screen.outline.move(4, to: .after(3))
        try screen.outline.move(4, to: .before(4))
        try screen.outline.move(4, to: .onto(1))
        #expect(screen.updates.isEmpty)
        #expect(screen.outline.canMove(4, to: .onto(1)))
    }

    @Test func aTableDragBetweenRowsMovesTheItemUnderTheirParent() throws {
        let screen = try screen()
        let shown = screen.outline.reportedSnapshot
        // 6 (beach.jpg, last row) dropped at row 3, between 5 and 4.
        #expect(screen.outline.canMoveRow(at: ResultsIndexPath(row: 5, section: 0), in: shown))
        try screen.outline.moveRow(from: ResultsIndexPath(row: 5, section: 0), to: ResultsIndexPath(row: 3, section: 0), in: shown)
        #expect(screen.rows == [["1+", " 3+", "  5", " 6", " 4", "2"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }

    @Test func aDropIntoItsOwnSubtreeIsRefusedAndChangesNothing() throws {
        let screen = try screen()
        #expect(throws: ResultsError.cycle("1")) { try screen.outline.move(1, to: .onto(5)) }
        #expect(throws: ResultsError.cycle("1")) { try screen.outline.move(1, to: .before(5)) }
        #expect(throws: ResultsError.cycle("3")) { try screen.outline.move(3, to: .onto(3)) }
        #expect(!screen.outline.canMove(1, to: .onto(5)))
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2+", " 6"]] && screen.updates.isEmpty)
    }

    @Test func aDropOntoAnItemThatTakesNoChildrenIsRefusedAndChangesNothing() throws {
        let screen = try screen()
        screen.outline.takesChildren = { !$0.name.contains(".") }
        #expect(throws: ResultsError.takesNoChildren("4")) { try screen.outline.move(6, to: .onto(4)) }
        #expect(throws: ResultsError.takesNoChildren("4")) { try screen.outline.move(6, to: .onto(4)) }
        #expect(!screen.outline.canMove(6, to: .onto(4)) && screen.outline.canMove(6, to: .onto(3)))
        #expect(screen.rows == [["1+", " 3+", "  5", " 4", "2+", " 6"]] && screen.updates.isEmpty)
    }

    @Test func aDropOfAnUnknownItemOrOntoAnUnknownOneIsRefused() throws {
        let screen = try screen()
        #expect(throws: ResultsError.unknownParent("99", of: "4")) { try screen.outline.move(4, to: .onto(99)) }
        #expect(throws: ResultsError.invalidArgument("no item has key 99")) { try screen.outline.move(99, to: .onto(1)) }
        #expect(throws: ResultsError.invalidArgument("no item has key 99")) { try screen.outline.move(4, to: .before(99)) }
        #expect(screen.updates.isEmpty)
    }

    @Test func anOutlineWithAReadOnlyParentKeyPathMovesNothing() throws {
        let outline = ResultsOutline<FixedItem, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([FixedItem(id: 1, parent: nil), FixedItem(id: 2, parent: nil)])
        #expect(throws: ResultsError.self) { try outline.move(2, to: .onto(1)) }
        #expect(!outline.canMoveRow(at: ResultsIndexPath(row: 1, section: 0), in: outline.reportedSnapshot))
        #expect(outline.childKeys(of: nil) == [1, 2])
    }

    @Test func aMoveInsideABatchIsPartOfItsOneUpdate() throws {
        let screen = try screen()
        try screen.outline.performBatchUpdates { () throws(ResultsError) in
            try screen.outline.move(5, to: .onto(2))
            try screen.outline.move(4, to: .before(3))
        }
        #expect(screen.updates.count == 1)
        #expect(screen.rows == [["1+", " 4", " 3", "2+", " 6", " 5"]])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }
}
