import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

typealias EntryDataSource = ResultsDataSource<ResultsController<Entry, Int>, String>

/// A controller shown by a ``ResultsDataSource`` in a simulated view.
@MainActor
struct Screen {
    let controller: ResultsController<Entry, Int>
    let dataSource: EntryDataSource
    let view: ListViewSimulator<String>

    init(_ controller: ResultsController<Entry, Int>, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached) {
        self.controller = controller
        view = ListViewSimulator(flavor: flavor, countMode: countMode)
        dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
        view.dataSource = dataSource
        view.layoutIfNeeded()
    }

    /// The rows the view shows, as cells.
    var shownRows: [[String]] { view.cells }

    /// The rows the data source serves.
    var servedRows: [[String]] { dataSource.snapshot.sections.map { $0.elements.map(\.description) } }

    /// Checks the view: no exception, the cells it shows are the snapshot's
    /// (no stale cell), the snapshot is the controller's table as reported.
    /// Returns whether the view raised nothing and shows what is served.
    @discardableResult
    func expectConsistent(_ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        // Each table read once: reading one walks every row.
        let shown = shownRows
        let served = servedRows
        #expect(view.exception == nil, "\(context()): \(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
        #expect(shown == served, "\(context()): the view shows \(shown), the data source serves \(served)", sourceLocation: sourceLocation)
        #expect(view.staleRows().isEmpty, "\(context()): stale rows \(view.staleRows())", sourceLocation: sourceLocation)
        let reported = controller.reportedSnapshot.sections.map { $0.elements.map(\.description) }
        #expect(served == reported, "\(context()): served \(served) but the controller reported \(reported)", sourceLocation: sourceLocation)
        #expect(view.headerTitles == (0..<dataSource.snapshot.numberOfSections).map(dataSource.titleForHeader(inSection:)),
                "\(context()): header titles", sourceLocation: sourceLocation)
        #expect(view.staleHeaderSections().isEmpty, "\(context()): stale headers or footers \(view.staleHeaderSections())", sourceLocation: sourceLocation)
        return view.exception == nil && shown == served
    }
}

/// Every flavour and count mode of the simulated view.
let everyViewKind: [(ListViewFlavor, ListViewCountMode)] = [
    (.tableView, .cached), (.tableView, .readAtBatchStart), (.collectionView, .cached), (.collectionView, .readAtBatchStart),
]
