import FilterableResults
import FilterableResultsTesting
import Foundation
import Testing

/// The simulator keeps its layout between questions, as a table view does:
/// what it answers from the kept layout is what a walk over every row, as
/// the view shows them now, gives.
@MainActor
@Suite("ListViewSimulator: the layout it keeps")
struct ListViewSimulatorGeometryTests {
    /// Rows whose cells name their heights ("7:44" is 44 points tall), with
    /// header and footer titles.
    final class HeightTable: ListViewDataSource {
        var sections: [[String]] = []
        var headers: [String?] = []
        var footers: [String?] = []

        func numberOfSections() -> Int { sections.count }
        func numberOfRows(inSection section: Int) -> Int { sections[section].count }
        func cell(at indexPath: ResultsIndexPath) -> String { sections[indexPath.section][indexPath.row] }
        func titleForHeader(inSection section: Int) -> String? { headers[section] }
        func titleForFooter(inSection section: Int) -> String? { footers[section] }
        func sectionIndexTitles() -> [String]? { nil }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int { 0 }
        func canEditRow(at indexPath: ResultsIndexPath) -> Bool { true }
        func commitDelete(at indexPath: ResultsIndexPath) {}
        func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { true }
        func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
    }

    static func height(of cell: String) -> Double { Double(cell.split(separator: ":")[1])! }

    /// Heights of whole and half points, and rows of no height.
    static let heights: [Double] = [0, 0, 12, 30.5, 44, 44, 64, 84, 120]

    /// The walk the view answered from before it kept its layout: the
    /// content's height, each row's bounds, and the rows on screen.
    struct Walk {
        var contentHeight = 0.0
        var bounds: [[Range<Double>]] = []
        var visible: [ResultsIndexPath] = []

        @MainActor init(_ view: ListViewSimulator<String>) {
            let viewport = view.viewport!
            let screen = view.contentOffset..<view.contentOffset + viewport.height
            var top = 0.0
            for section in view.cells.indices {
                top += viewport.headerHeight(view.headerTitles[section])
                var sectionBounds: [Range<Double>] = []
                for (row, cell) in view.cells[section].enumerated() {
                    let bottom = top + viewport.rowHeight(cell)
                    sectionBounds.append(top..<bottom)
                    if top < screen.upperBound && (bottom > screen.lowerBound || (bottom == top && top >= screen.lowerBound)) {
                        visible.append(ResultsIndexPath(row: row, section: section))
                    }
                    top = bottom
                }
                top += viewport.footerHeight(view.footerTitles[section])
                bounds.append(sectionBounds)
            }
            contentHeight = top
        }
    }

    func expectLayoutMatchesWalk(_ view: ListViewSimulator<String>, _ step: String) {
        let walk = Walk(view)
        #expect(view.contentHeight == walk.contentHeight, "content height, \(step)")
        #expect(view.indexPathsForVisibleRows == walk.visible, "rows on screen at \(view.contentOffset), \(step)")
        for section in walk.bounds.indices {
            for row in walk.bounds[section].indices {
                let path = ResultsIndexPath(row: row, section: section)
                #expect(view.verticalBounds(ofRowAt: path) == walk.bounds[section][row], "bounds of \(path), \(step)")
            }
        }
    }

    @Test func theKeptLayoutAnswersAsAWalkOverEveryRowThroughRandomBatches() {
        for seed in 1...12 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let table = HeightTable()
            var nextID = 0
            func newCell() -> String {
                defer { nextID += 1 }
                return "\(nextID):\(Self.heights.randomElement(using: &random)!)"
            }
            func title() -> String? { Bool.random(using: &random) ? "T\(nextID)" : nil }
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                table.sections.append((0..<Int.random(in: 0...30, using: &random)).map { _ in newCell() })
                table.headers.append(title())
                table.footers.append(title())
            }
            let view = ListViewSimulator(dataSource: table)
            view.viewport = ListViewSimulator.Viewport(
                height: [0, 44, 100, 300].randomElement(using: &random)!, rowHeight: Self.height(of:))
            expectLayoutMatchesWalk(view, "seed \(seed), loaded")
            for step in 0..<40 {
                let label = "seed \(seed), step \(step)"
                let section = Int.random(in: 0..<table.sections.count, using: &random)
                let count = table.sections[section].count
                switch Int.random(in: 0..<7, using: &random) {
                case 0:   // rows inserted
                    let rows = Int.random(in: 0...count, using: &random)
                    let added = Int.random(in: 1...5, using: &random)
                    view.performBatchUpdates({
                        table.sections[section].insert(contentsOf: (0..<added).map { _ in newCell() }, at: rows)
                        view.insertRows(at: (rows..<rows + added).map { ResultsIndexPath(row: $0, section: section) })
                    }, completion: nil)
                case 1 where count > 0:   // rows deleted
                    let start = Int.random(in: 0..<count, using: &random)
                    let end = min(count, start + Int.random(in: 1...4, using: &random))
                    view.performBatchUpdates({
                        table.sections[section].removeSubrange(start..<end)
                        view.deleteRows(at: (start..<end).map { ResultsIndexPath(row: $0, section: section) })
                    }, completion: nil)
                case 2 where count > 0:   // a row resized, reconfigured
                    let row = Int.random(in: 0..<count, using: &random)
                    table.sections[section][row] = newCell()
                    view.reconfigureRows(at: [ResultsIndexPath(row: row, section: section)])
                case 3:   // a section inserted
                    view.performBatchUpdates({
                        table.sections.insert((0..<Int.random(in: 0...10, using: &random)).map { _ in newCell() }, at: section)
                        table.headers.insert(title(), at: section)
                        table.footers.insert(title(), at: section)
                        view.insertSections(IndexSet(integer: section))
                    }, completion: nil)
                case 4 where table.sections.count > 1:   // a section deleted
                    view.performBatchUpdates({
                        table.sections.remove(at: section)
                        table.headers.remove(at: section)
                        table.footers.remove(at: section)
                        view.deleteSections(IndexSet(integer: section))
                    }, completion: nil)
                case 5:   // titles changed and read again
                    table.headers[section] = title()
                    table.footers[section] = title()
                    view.reloadData()
                default:   // the user scrolls
                    view.userScrolls(toVisibleTop: Double.random(in: -20...(view.contentHeight + 20), using: &random).rounded())
                }
                #expect(view.exception == nil, "\(label)")
                expectLayoutMatchesWalk(view, label)
            }
        }
    }

    @Test func aNewViewportIsLaidOutAgain() {
        let table = HeightTable()
        table.sections = [(0..<10).map { "\($0):40" }]
        table.headers = ["A"]
        table.footers = [nil]
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 100, rowHeight: Self.height(of:))
        #expect(view.contentHeight == 28 + 400)
        view.viewport = ListViewSimulator.Viewport(height: 100) { _ in 10 }
        #expect(view.contentHeight == 28 + 100)
        #expect(view.indexPathsForVisibleRows.count == 8, "rows 0 to 7 reach into the top 100 points")
        expectLayoutMatchesWalk(view, "new viewport")
    }

    @Test func negativeHeightsAreAnsweredByTheWalk() {
        let table = HeightTable()
        table.sections = [["0:40", "1:-30", "2:40", "3:40"]]
        table.headers = [nil]
        table.footers = [nil]
        let view = ListViewSimulator(dataSource: table)
        view.viewport = ListViewSimulator.Viewport(height: 45, rowHeight: Self.height(of:))
        // Row 1 ends above where it starts: rows 0, 2 (from 10) and 3
        // (from 50, past the bottom at 45) are where the walk puts them.
        #expect(view.indexPathsForVisibleRows == [0, 1, 2].map { ResultsIndexPath(row: $0, section: 0) })
    }
}
