import FilterableResults
import FilterableResultsTesting
import Foundation
import Testing

/// The simulator's viewport: row and header heights, the content offset,
/// what is on screen, and the will-display calls a view makes.
@MainActor
@Suite("ListViewSimulator: what the user sees")
struct ListViewSimulatorViewportTests {
    /// A string table that records the rows the view displayed.
    final class DisplayRecorder: ListViewDataSource {
        var sections: [[String]]
        var titles: [String?]
        private(set) var displayed: [ResultsIndexPath] = []

        init(_ sections: [[String]], titles: [String?]? = nil) {
            self.sections = sections
            self.titles = titles ?? sections.map { _ in nil }
        }

        func takeDisplayed() -> [ResultsIndexPath] {
            defer { displayed = [] }
            return displayed
        }

        func numberOfSections() -> Int { sections.count }
        func numberOfRows(inSection section: Int) -> Int { sections[section].count }
        func cell(at indexPath: ResultsIndexPath) -> String { sections[indexPath.section][indexPath.row] }
        func titleForHeader(inSection section: Int) -> String? { titles[section] }
        func sectionIndexTitles() -> [String]? { nil }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int { 0 }
        func canEditRow(at indexPath: ResultsIndexPath) -> Bool { true }
        func commitDelete(at indexPath: ResultsIndexPath) {}
        func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { true }
        func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {
            sections[destination.section].insert(sections[source.section].remove(at: source.row), at: destination.row)
        }
        func willDisplayRow(at indexPath: ResultsIndexPath) { displayed.append(indexPath) }
    }

    func rows(_ range: Range<Int>) -> [String] { range.map { "r\($0)" } }

    @Test func rowsAndHeadersAreLaidOutOneUnderTheOther() {
        let table = DisplayRecorder([rows(0..<3), rows(3..<5)], titles: ["A", nil])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 100) { cell in cell == "r1" ? 100 : 40 }
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 0, section: 0)) == 28..<68, "under the header")
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 2, section: 0)) == 168..<208)
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 0, section: 1)) == 208..<248, "no header without a title")
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 2, section: 1)) == nil)
        #expect(view.contentHeight == 28 + 40 + 100 + 40 + 40 + 40)
        #expect(view.visibleTop == 0)
    }

    @Test func withoutAViewportNothingIsOnScreen() {
        let table = DisplayRecorder([rows(0..<3)])
        let view = ListViewSimulator(dataSource: table)
        view.layoutIfNeeded()
        #expect(view.indexPathsForVisibleRows.isEmpty && view.visibleTop == nil && view.contentHeight == 0)
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 0, section: 0)) == nil)
        #expect(!view.userScrolls(toVisibleTop: 10) && table.takeDisplayed().isEmpty)
    }

    @Test func theRowsOnScreenAreDisplayedOnceAsTheyComeIntoView() {
        let table = DisplayRecorder([rows(0..<20)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 100) { _ in 40 }
        #expect(table.takeDisplayed() == (0..<3).map { ResultsIndexPath(row: $0, section: 0) })
        #expect(view.indexPathsForVisibleRows == (0..<3).map { ResultsIndexPath(row: $0, section: 0) })
        view.userScrolls(toVisibleTop: 50)   // rows 1 (from 40) to 3 (to 160)
        #expect(table.takeDisplayed() == [ResultsIndexPath(row: 3, section: 0)], "rows 1 and 2 stayed on screen")
        view.userScrolls(toVisibleTop: 0)
        #expect(table.takeDisplayed() == [ResultsIndexPath(row: 0, section: 0)])
        view.userScrollsToEnd()
        #expect(view.contentOffset == 800 - 100)
        #expect(table.takeDisplayed() == (17..<20).map { ResultsIndexPath(row: $0, section: 0) })
    }

    @Test func aBatchLeavesTheOffsetAndDisplaysTheRowsThatCameOnScreen() {
        let table = DisplayRecorder([rows(0..<10)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 100) { _ in 40 }
        view.userScrolls(toVisibleTop: 80)   // rows 2, 3, 4
        _ = table.takeDisplayed()
        view.performBatchUpdates({
            table.sections[0].insert(contentsOf: ["n0", "n1"], at: 0)
            view.insertRows(at: [ResultsIndexPath(row: 0, section: 0), ResultsIndexPath(row: 1, section: 0)])
        }, completion: nil)
        #expect(view.exception == nil)
        #expect(view.contentOffset == 80, "UIKit keeps the offset: the content under it moved")
        #expect(view.indexPathsForVisibleRows.map { view.cell(at: $0) } == ["r0", "r1", "r2"])
        #expect(table.takeDisplayed() == [ResultsIndexPath(row: 2, section: 0), ResultsIndexPath(row: 3, section: 0)],
                "r0 and r1 came on screen; r2 was there")
    }

    @Test func theOffsetStaysWithinTheContentWhenItShrinks() {
        let table = DisplayRecorder([rows(0..<10)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 100) { _ in 40 }
        view.userScrollsToEnd()
        #expect(view.contentOffset == 300)
        view.performBatchUpdates({
            table.sections[0].removeLast(5)
            view.deleteRows(at: (5..<10).map { ResultsIndexPath(row: $0, section: 0) })
        }, completion: nil)
        #expect(view.contentOffset == 100)
        view.scroll(toVisibleTop: -30)
        #expect(view.contentOffset == 0)
    }

    @Test func aReloadedRowIsDisplayedAgainAndAReconfiguredOneIsNot() {
        let table = DisplayRecorder([rows(0..<3)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 200) { _ in 40 }
        _ = table.takeDisplayed()
        table.sections[0][1] = "changed"
        view.reconfigureRows(at: [ResultsIndexPath(row: 1, section: 0)])
        #expect(table.takeDisplayed().isEmpty, "the cell is kept")
        view.reloadRows(at: [ResultsIndexPath(row: 2, section: 0)])
        #expect(table.takeDisplayed() == [ResultsIndexPath(row: 2, section: 0)], "a new cell")
        view.reloadData()
        #expect(table.takeDisplayed().count == 3)
    }

    @Test func aReconfiguredCellThatGrewPushesRowsOffScreen() {
        let table = DisplayRecorder([rows(0..<4)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator<String>.Viewport(height: 130) { cell in cell.hasPrefix("long") ? 90 : 40 }
        #expect(view.indexPathsForVisibleRows.count == 4)
        table.sections[0][0] = "long r0"
        view.reconfigureRows(at: [ResultsIndexPath(row: 0, section: 0)])
        #expect(view.indexPathsForVisibleRows.count == 2)
        #expect(view.verticalBounds(ofRowAt: ResultsIndexPath(row: 1, section: 0)) == 90..<130)
    }

    @Test func batchesWithoutAnimationAreCounted() {
        let table = DisplayRecorder([rows(0..<2)])
        let view = ListViewSimulator(dataSource: table)
        view.layoutIfNeeded()
        view.performWithoutAnimation {
            view.performBatchUpdates({
                table.sections[0].append("r2")
                view.insertRows(at: [ResultsIndexPath(row: 2, section: 0)])
            }, completion: nil)
        }
        view.performBatchUpdates({}, completion: nil)
        #expect(view.completedBatchCount == 2 && view.unanimatedBatchCount == 1)
    }

    @Test func aUserMoveKeepsTheMovedCellDisplayed() {
        let table = DisplayRecorder([rows(0..<3)])
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 200) { _ in 40 }
        _ = table.takeDisplayed()
        #expect(view.userMovesRow(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 2, section: 0)))
        view.scroll(toVisibleTop: 0)
        #expect(table.takeDisplayed().isEmpty)
        #expect(view.cells == [["r1", "r2", "r0"]])
    }
}
