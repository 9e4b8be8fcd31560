@testable import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// What a data source says when it traps because it cannot serve a cell:
/// the real cause, each apart (the message is read here without trapping).
@MainActor
@Suite("A data source's message when it has no cell")
struct NoCellMessageTests {
    func snapshot() throws -> ResultsSnapshot<Entry, Int> {
        var store = ResultsStore<Entry, Int>.items(sectionedBy: .by(\.group))
        try store.setData([Entry(id: 1), Entry(id: 2), Entry(id: 3), Entry(id: 4, group: "b")])
        return store.snapshot
    }

    @Test func aReleasedViewIsNamed() throws {
        let message = try noCellMessage(in: snapshot(), at: visible(0, 1), viewIsReleased: true)
        #expect(message == "ResultsDataSource: a cell was asked for at [0, 1], but the data source has no view: the view it was given was released (or none was set); keep the data source with its view")
    }

    @Test func aPathOutsideTheTableGivesItsCounts() throws {
        let snapshot = try snapshot()
        #expect(noCellMessage(in: snapshot, at: visible(2, 0), viewIsReleased: false)
            == "ResultsDataSource: a cell was asked for at [2, 0], outside the table the view was told about (2 sections)")
        #expect(noCellMessage(in: snapshot, at: visible(0, 3), viewIsReleased: false)
            == "ResultsDataSource: a cell was asked for at [0, 3], outside the table the view was told about (2 sections; section 0 has 3 rows)")
        #expect(noCellMessage(in: snapshot, at: visible(1, 1), viewIsReleased: false).hasSuffix("(2 sections; section 1 has 1 row)"))
        #expect(noCellMessage(in: snapshot, at: visible(-1, 0), viewIsReleased: false).hasSuffix("outside the table the view was told about (2 sections)"))
        #expect(noCellMessage(in: snapshot, at: visible(0, -1), viewIsReleased: false).hasSuffix("(2 sections; section 0 has 3 rows)"))
        let empty = ResultsStore<Entry, Int>.items().snapshot
        #expect(noCellMessage(in: empty, at: visible(0, 0), viewIsReleased: false).hasSuffix("(1 section; section 0 has 0 rows)"))
    }

    /// A ghost row: the snapshot has the row, its source cannot give the
    /// element (a database row deleted behind the source's back).
    @Test func aRowWhoseElementIsGoneNamesTheSourceAndTheKey() throws {
        let ghost = Forgetful(base: try snapshot(), forgotten: [2])
        #expect(ghost.element(at: visible(0, 1)) == nil && ghost.key(at: visible(0, 1)) == 2)
        #expect(noCellMessage(in: ghost, at: visible(0, 1), viewIsReleased: false)
            == "ResultsDataSource: a cell was asked for at [0, 1]: the row with key 2 is in the table the view was told about, but its source no longer gives its element: the source's table changed without reporting an update")
        let keyless = Forgetful(base: try snapshot(), forgotten: [2], forgetsKeys: true)
        #expect(noCellMessage(in: keyless, at: visible(0, 1), viewIsReleased: false)
            == "ResultsDataSource: a cell was asked for at [0, 1]: the row is in the table the view was told about, but its source no longer gives its element: the source's table changed without reporting an update")
    }

    @Test func aDataSourceAsksTheSnapshotItServes() throws {
        // The data source serves every row it told the view about: the message is for when it cannot.
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData([Entry(id: 1)])
        let screen = Screen(controller)
        #expect(screen.dataSource.cell(at: visible(0, 0)) == "1:0a")
        #expect(noCellMessage(in: screen.dataSource.snapshot, at: visible(0, 1), viewIsReleased: false).hasSuffix("(1 section; section 0 has 1 row)"))
        screen.expectConsistent()
    }
}

/// A table whose source lost some elements without reporting it: their
/// rows are still counted (and keyed, unless `forgetsKeys`), their elements gone.
private struct Forgetful: ResultsTableSnapshot {
    let base: ResultsSnapshot<Entry, Int>
    let forgotten: Set<Int>
    var forgetsKeys = false

    var numberOfSections: Int { base.numberOfSections }
    func numberOfElements(inSection section: Int) -> Int? { base.numberOfElements(inSection: section) }
    func name(ofSection section: Int) -> String? { base.name(ofSection: section) }
    func value(ofSection section: Int) -> ResultsSectionValue? { base.value(ofSection: section) }
    func element(at indexPath: ResultsIndexPath) -> Entry? { base.element(at: indexPath).flatMap { forgotten.contains($0.id) ? nil : $0 } }
    func key(at indexPath: ResultsIndexPath) -> Int? { base.key(at: indexPath).flatMap { forgetsKeys && forgotten.contains($0) ? nil : $0 } }
    var count: Int { base.count }
}
