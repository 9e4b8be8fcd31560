import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("ListViewSimulator shows header and index titles")
struct ListViewSimulatorTitleTests {
    @Test func loadingReadsHeaderAndIndexTitles() {
        let table = StringTable([["a"], ["b"]], titles: ["A", nil], indexTitles: ["A", "B"])
        let view = loadedSimulator(table)
        #expect(view.headerTitles == ["A", nil])
        #expect(view.indexTitles == ["A", "B"])
        #expect(!view.indexTitlesAreStale)
    }

    @Test func aBatchDoesNotRereadTheSectionIndex() {
        let table = StringTable([["a"]], titles: ["A"], indexTitles: ["A"])
        let view = loadedSimulator(table)
        let found = exception(in: view) {
            table.set([["a"], ["b"]], titles: ["A", "B"])
            table.indexTitles = ["A", "B"]
            view.insertSections([1])
        }
        #expect(found == nil)
        #expect(view.headerTitles == ["A", "B"])
        #expect(view.indexTitles == ["A"])
        #expect(view.indexTitlesAreStale)

        view.reloadSectionIndexTitles()
        #expect(view.indexTitles == ["A", "B"])
        #expect(!view.indexTitlesAreStale)
    }

    @Test func tappingAnIndexTitleAsksTheDataSourceForItsSection() {
        let table = StringTable([["a"], ["b"]], titles: ["A", "B"], indexTitles: ["A", "B"])
        let view = loadedSimulator(table)
        #expect(view.userTapsSectionIndexTitle(at: 1) == 1)
        #expect(view.userTapsSectionIndexTitle(at: 2) == nil)
    }

    @Test func aDeletedSectionsHeaderIsStaleUntilTheBatch() {
        let table = StringTable([["a"], ["b"]], titles: ["A", "B"])
        let view = loadedSimulator(table)
        table.set([["a"]], titles: ["A"])
        #expect(view.staleHeaderSections() == [1])
        #expect(!view.rowCountsMatchDataSource)
        view.deleteSections([1])
        #expect(view.exception == nil)
        #expect(view.staleHeaderSections().isEmpty)
    }

    @Test func aHeaderRenamedInABatchStaysStaleUntilItsSectionIsReconfigured() {
        let table = StringTable([["a"], ["b"]], titles: ["A", "B"])
        table.footers = [1: "2 rows"]
        let view = loadedSimulator(table)
        #expect(view.footerTitles == [nil, "2 rows"])
        let found = exception(in: view) {
            table.set([["a"], ["b", "c"]], titles: ["A", "B (2)"])
            table.footers = [1: "3 rows"]
            view.insertRows(at: [ResultsIndexPath(row: 1, section: 1)])
        }
        #expect(found == nil)
        #expect(view.headerTitles == ["A", "B"] && view.footerTitles == [nil, "2 rows"])
        #expect(view.staleHeaderSections() == [1])

        view.reconfigureSections([1, 7])   // a section the view does not have is skipped
        #expect(view.exception == nil)
        #expect(view.headerTitles == ["A", "B (2)"] && view.footerTitles == [nil, "3 rows"])
        #expect(view.staleHeaderSections().isEmpty)
        #expect(view.cells == [["a"], ["b", "c"]])
    }

    @Test func aSectionReconfiguredInsideABatchIsReadWhereItLands() {
        let table = StringTable([["a"], ["b"]], titles: ["A", "B"])
        let view = loadedSimulator(table)
        let found = exception(in: view) {
            table.set([["new"], ["a"], ["b"]], titles: ["N", "A", "B!"])
            view.insertSections([0])
            view.reconfigureSections([2])   // the index after the batch
        }
        #expect(found == nil)
        #expect(view.headerTitles == ["N", "A", "B!"])
        #expect(view.staleHeaderSections().isEmpty)
    }
}
