import FilterableResults
import FilterableResultsTesting
import GRDB
@testable import FilterableResultsGRDB

/// A source shown in a simulated view: every batch of the engine goes
/// through the validator, every update through the view, whose cells are
/// the records it was given.
@MainActor
final class Screen<Record: FetchableRecord & Sendable, Key: DatabaseValueConvertible & Hashable & Sendable> {
    typealias DataSource = ResultsDataSource<DatabaseResults<Record, Key>, String>
    let results: DatabaseResults<Record, Key>
    let checker: UpdateChecker<Key>
    let view: ListViewSimulator<String>
    let dataSource: DataSource
    let cell: (Record) -> String
    /// The updates the source reported, and how many were reloads (the
    /// engine's, or the source's when it lacks a record for a change).
    private(set) var updates = 0
    private(set) var reloads = 0
    /// The section updates (headers refreshed) the source reported.
    private(set) var sectionUpdates = 0
    private var observation: ResultsObservation?
    /// The cell of a row whose record the source cannot give.
    static var missingCell: String { "(no record)" }

    init(
        _ results: DatabaseResults<Record, Key>, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .readAtBatchStart,
        cell: @escaping (Record) -> String
    ) {
        self.results = results
        self.cell = cell
        checker = UpdateChecker(results)
        view = ListViewSimulator<String>(flavor: flavor, countMode: countMode)
        dataSource = DataSource(source: results, view: view) { _, record in cell(record) }
        // As the UIKit and AppKit data sources do: a row whose record cannot
        // be given shows an empty cell.
        dataSource.missingElementCell = { _ in Self.missingCell }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        observation = results.observe { [unowned self] update in
            updates += 1
            if update.isReload { reloads += 1 }
            sectionUpdates += update.changeset.sectionUpdates.count
        }
    }

    /// What is wrong with the screen now: batches the validator refused, an
    /// exception the view raised, cells that differ from the source's
    /// records (rows not reconfigured), headers not refreshed, rows that
    /// differ from `expected`, headers that differ from `titles` (when given).
    func problems(expected: [[Key]], titles: [String]? = nil) -> [String] {
        var problems = checker.violations
        if let exception = view.exception { problems.append("the view raised \(exception)") }
        let missing = view.cells.enumerated().flatMap { section, cells in
            cells.indices.filter { cells[$0] == Self.missingCell }.map { ResultsIndexPath(row: $0, section: section) }
        }
        if !missing.isEmpty { problems.append("rows shown without their record: \(missing.prefix(5))") }
        let snapshot = results.reportedSnapshot
        if snapshot.keysBySection != expected { problems.append("shown \(snapshot.keysBySection), expected \(expected)") }
        let stale = view.staleRows()
        if !stale.isEmpty { problems.append("rows not reconfigured: \(stale.prefix(5))") }
        let staleHeaders = view.staleHeaderSections()
        if !staleHeaders.isEmpty { problems.append("headers not refreshed: sections \(staleHeaders.prefix(5))") }
        if let titles, view.headerTitles != titles { problems.append("the view's headers are \(view.headerTitles), expected \(titles)") }
        if view.rowCounts != expected.map(\.count) { problems.append("the view shows \(view.rowCounts) rows, expected \(expected.map(\.count))") }
        return problems
    }
}
