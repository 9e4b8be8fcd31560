import FilterableResults
import FilterableResultsTesting
import Testing
import TestSupport

@MainActor
@Suite("Outlines: bad input")
struct OutlineBadInputTests {
    /// An outline of `files`, expanded at Documents, with its table and
    /// count before `body`; checks that `body` throws `expected` and
    /// changes nothing.
    func expectRefused(
        _ expected: ResultsError, sourceLocation: SourceLocation = #_sourceLocation, _ body: (Outline) throws(ResultsError) -> Void
    ) throws {
        let outline = Outline(key: \.id, parentKey: \.parent)
        try outline.setData(files)
        try outline.expand(1)
        let screen = OutlineScreen(outline)
        let before = (screen.rows, outline.count, outline.isExpanded(1), outline.childKeys(of: nil))
        #expect(throws: expected, sourceLocation: sourceLocation) { try body(outline) }
        #expect(screen.rows == before.0 && outline.count == before.1 && outline.isExpanded(1) == before.2
                && outline.childKeys(of: nil) == before.3, "the outline changed", sourceLocation: sourceLocation)
        #expect(screen.updates.isEmpty, sourceLocation: sourceLocation)
        // It still works.
        try outline.add(Item(50, under: 1))
        #expect(outline.childKeys(of: 1).last == 50, sourceLocation: sourceLocation)
        #expect(screen.problems().isEmpty, "\(screen.problems())", sourceLocation: sourceLocation)
    }

    @Test func aCycleIsRefused() throws {
        try expectRefused(.cycle("1")) { outline throws(ResultsError) in
            try outline.setData([Item(1, under: 2), Item(2, under: 1)])
        }
        try expectRefused(.cycle("7")) { outline throws(ResultsError) in try outline.setData([Item(7, under: 7)]) }
        try expectRefused(.cycle("1")) { outline throws(ResultsError) in try outline.replace(Item(1, under: 5)) }
        try expectRefused(.cycle("1")) { outline throws(ResultsError) in try outline.merge([Item(1, under: 3)], under: 3) }
    }

    @Test func anUnknownParentIsRefused() throws {
        try expectRefused(.unknownParent("99", of: "7")) { outline throws(ResultsError) in try outline.add(Item(7, under: 99)) }
        try expectRefused(.unknownParent("99", of: "5")) { outline throws(ResultsError) in try outline.replace(Item(5, under: 99)) }
        try expectRefused(.unknownParent("99", of: "2")) { outline throws(ResultsError) in
            try outline.setData([Item(1), Item(2, under: 99)])
        }
        try expectRefused(.unknownParent("99", of: "7")) { outline throws(ResultsError) in try outline.merge([Item(7, under: 99)], under: 99) }
        // A merged item must sit under the merge's parent or another merged item.
        try expectRefused(.unknownParent("2", of: "7")) { outline throws(ResultsError) in
            try outline.merge([Item(8, under: 1), Item(7, under: 2)], under: 1)
        }
    }

    @Test func aDuplicateKeyIsRefused() throws {
        try expectRefused(.duplicateKey("3")) { outline throws(ResultsError) in try outline.add(Item(3, under: 2)) }
        try expectRefused(.duplicateKey("8")) { outline throws(ResultsError) in
            try outline.setData([Item(8), Item(8, under: nil, "again")])
        }
        try expectRefused(.duplicateKey("8")) { outline throws(ResultsError) in
            try outline.merge([Item(8, under: 1), Item(8, under: 1)], under: 1)
        }
    }

    @Test func expandingALeafOrNoItemIsRefused() throws {
        try expectRefused(.notExpandable("4", reason: "it has no children")) { outline throws(ResultsError) in try outline.expand(4) }
        try expectRefused(.notExpandable("99", reason: "no item has this key")) { outline throws(ResultsError) in try outline.expand(99) }
        try expectRefused(.notExpandable("99", reason: "no item has this key")) { outline throws(ResultsError) in try outline.collapse(99) }
    }

    @Test func aDragIntoItsOwnSubtreeOrOntoAnItemThatTakesNoChildrenIsRefused() throws {
        // Rows: 1+ (0), 3- (1), 4 (2), 2- (3).
        try expectRefused(.cycle("1")) { outline throws(ResultsError) in
            // 1 dropped between 3 and 4 would be its own child.
            try outline.moveRow(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 1, section: 0), in: outline.reportedSnapshot)
        }
        try expectRefused(.cycle("1")) { outline throws(ResultsError) in try outline.move(1, to: .onto(5)) }
        try expectRefused(.takesNoChildren("4")) { outline throws(ResultsError) in
            outline.takesChildren = { $0.id != 4 }
            try outline.move(2, to: .onto(4))
        }
        try expectRefused(.indexPathOutOfRange(ResultsIndexPath(row: 9, section: 0), sectionCount: 1, rowCount: 3)) { outline throws(ResultsError) in
            try outline.moveRow(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 9, section: 0), in: outline.reportedSnapshot)
        }
    }

    @Test func deepAndWideTreesNeverExhaustASmallStack() async throws {
        // A chain 5,000 items deep, and a folder of 500 files, on a 512 KB stack.
        let problems = await SmallStack.run { () -> [String] in
            do {
                let depth = 5_000
                var problems: [String] = []
                let outline = Outline(key: \.id, parentKey: \.parent)
                try outline.setData((0..<depth).map { Item($0, under: $0 == 0 ? nil : $0 - 1) })
                try outline.expand(0, includingDescendants: true)
                if outline.snapshot.count != depth { problems.append("expanded: \(outline.snapshot.count) rows") }
                if outline.snapshot.element(at: ResultsIndexPath(row: depth - 1, section: 0))?.level != depth - 1 { problems.append("level") }
                try outline.search(for: "item \(depth - 1)", in: [.field(\.name)])
                if outline.snapshot.count != depth { problems.append("every ancestor of the match shows: \(outline.snapshot.count)") }
                try outline.clearFilters()
                try outline.collapse(0)
                if outline.snapshot.count != 1 { problems.append("collapsed: \(outline.snapshot.count) rows") }
                do {
                    try outline.replace(Item(0, under: depth - 1))
                    problems.append("a cycle was taken")
                } catch let error as ResultsError { if error != .cycle("0") { problems.append("\(error)") } }
                try outline.merge((0..<500).map { Item(depth + $0, under: 0) }, under: 0)
                try outline.expand(0)
                if outline.count != 501 || outline.snapshot.count != 501 { problems.append("wide: \(outline.count) items") }
                return problems
            } catch {
                return ["\(error)"]
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A class element whose parent changes in place stays where it was
    /// (the checks of this package's debug builds stopped on it), and
    /// moves when it is given again (found by a hunt for defects).
    @Test func aClassElementsParentChangedInPlaceMovesWhenReplaced() throws {
        final class Node: @unchecked Sendable {
            let id: Int
            var parent: Int?
            init(_ id: Int, _ parent: Int?) { (self.id, self.parent) = (id, parent) }
        }
        let outline = ResultsOutline<Node, Int>(key: \Node.id, parentKey: \Node.parent)
        let moved = Node(3, 1)
        try outline.setData([Node(1, nil), Node(2, nil), moved])
        moved.parent = 2
        try outline.expand(1)
        #expect(outline.snapshot.elements.map(\.key) == [1, 3, 2])
        try outline.replace(moved)
        #expect(outline.snapshot.elements.map(\.key) == [1, 2])
        try outline.expand(2)
        #expect(outline.snapshot.elements.map(\.key) == [1, 2, 3])
        #expect(outline.snapshot.elements.map(\.level) == [0, 0, 1])
    }
}
