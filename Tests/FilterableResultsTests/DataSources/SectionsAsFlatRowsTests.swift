@testable import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A sectioned table in a list without sections (`NSTableView`): each
/// titled section is a header row, then its elements' rows.
@Suite("Sections as flat rows")
struct SectionsAsFlatRowsTests {
    @Test func aTitledSectionHasAHeaderRowAndAnUntitledOneNone() {
        let layout = FlatListLayout(elementCounts: [2, 1, 0, 0], titles: ["A", nil, "C", nil])
        #expect(layout.numberOfRows == 5)
        #expect((0..<6).map(layout.content(ofRow:)) == [
            .header(section: 0), .element(visible(0, 0)), .element(visible(0, 1)),
            .element(visible(1, 0)), .header(section: 2), nil,
        ])
        #expect(layout.content(ofRow: -1) == nil)
        #expect([visible(0, 0), visible(0, 1), visible(1, 0)].map(layout.row(for:)) == [1, 2, 3])
        #expect((0..<4).map(layout.headerRow(ofSection:)) == [0, nil, 4, nil])
        #expect((0..<4).map(layout.rows(ofSection:)) == [0..<3, 3..<4, 4..<5, 5..<5])
        #expect(!layout.contains(visible(2, 0)) && !layout.contains(visible(4, 0)) && layout.contains(visible(1, 0)))
    }

    @Test func aSourceWithOneUntitledSectionIsAPlainList() {
        let layout = FlatListLayout(elementCounts: [3], titles: [nil])
        #expect((0..<3).map(layout.content(ofRow:)) == (0..<3).map { .element(visible(0, $0)) })
        #expect(FlatListLayout().numberOfRows == 0 && FlatListLayout().content(ofRow: 0) == nil)
    }

    @Test func everyRowMapsToItsIndexPathAndBack() {
        var random = SeededRandomNumberGenerator(seed: 3)
        for _ in 0..<200 {
            let sections = Int.random(in: 0...6, using: &random)
            let counts = (0..<sections).map { _ in Int.random(in: 0...4, using: &random) }
            let titles = (0..<sections).map { index in Bool.random(using: &random) ? "S\(index)" : nil }
            let layout = FlatListLayout(elementCounts: counts, titles: titles)
            let expected = TitledTable(zip(titles, counts).enumerated().map { index, section in
                (section.0, (0..<section.1).map { "\(index).\($0)" })
            }).rows
            #expect(layout.numberOfRows == expected.count)
            for row in 0..<layout.numberOfRows {
                switch layout.content(ofRow: row) {
                case let .header(section)?:
                    #expect(layout.headerRow(ofSection: section) == row && expected[row] == "# S\(section)")
                case let .element(path)?:
                    #expect(layout.row(for: path) == row && expected[row] == "\(path.section).\(path.row)")
                case nil:
                    Issue.record("no content at row \(row) of \(expected)")
                }
            }
        }
    }

    @MainActor
    @Test func theRowsComeFromTheDataSourcesCountsAndHeaderTitles() throws {
        var store = ResultsStore<Entry, Int>.items()
        try store.setData(sections: [ResultsSection(name: "A", elements: [Entry(id: 1)]), ResultsSection(elements: [Entry(id: 2), Entry(id: 3)])])
        let screen = FlatScreen(ResultsController(store: store))
        #expect(screen.list.rows == ["# A", "1:0a", "2:0a", "3:0a"])
        screen.expectConsistent()
        // No headers: a title of nil for every section; the list reloads when set through the adapter.
        screen.dataSource.headerTitle = { _, _ in nil }
        screen.adapter.reloadIfRowsChanged()
        #expect(screen.list.rows == ["1:0a", "2:0a", "3:0a"] && screen.reloads == 1)
        screen.adapter.reloadIfRowsChanged()
        #expect(screen.reloads == 1)
    }
}

extension PositionSet {
    /// The members, for tests.
    func members(upTo limit: Int) -> [Int] { (0..<limit).filter(contains) }
}

@Suite("Positions counted without walking the list")
struct PositionSetTests {
    @Test func countsAndNonMembersAgreeWithAPlainWalk() {
        var random = SeededRandomNumberGenerator(seed: 9)
        for _ in 0..<300 {
            let limit = Int.random(in: 0...40, using: &random)
            let members = (0..<limit).filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            let set = Bool.random(using: &random) ? PositionSet(sorted: members) : PositionSet(IndexSet(members))
            let outside = (0..<limit + 10).filter { !members.contains($0) }
            #expect(set.count == members.count && set.members(upTo: limit + 5) == members)
            for position in 0..<limit + 5 {
                #expect(set.count(below: position) == members.filter { $0 < position }.count)
                #expect(set.firstNonMember(atOrAfter: position) == outside.first { $0 >= position })
                #expect(set.lastNonMember(atOrBefore: position) == (outside.last { $0 <= position } ?? -1))
            }
            for k in 0..<outside.count - 5 { #expect(set.nonMember(at: k) == outside[k]) }
        }
    }

    @Test func aRankCounterCountsTheRanksStillIn() {
        var random = SeededRandomNumberGenerator(seed: 4)
        var counter = RankCounter(count: 50)
        var present = Array(repeating: true, count: 50)
        for rank in (0..<50).shuffled(using: &random) {
            counter.remove(rank)
            present[rank] = false
            let probe = Int.random(in: 0...50, using: &random)
            #expect(counter.count(below: probe) == present[..<probe].filter { $0 }.count)
        }
    }
}
