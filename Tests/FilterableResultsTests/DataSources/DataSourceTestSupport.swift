import FilterableResults
import FilterableResultsTesting
import Testing

typealias EntryDataSource = ResultsDataSource<Entry, Int, ListViewSimulator<EntryDataSourceBox>, String>

/// The simulator needs its data source's concrete type, and the data source
/// its view's: this box closes the loop by holding the data source.
@MainActor
final class EntryDataSourceBox: ResultsListDataSource {
    var dataSource: EntryDataSource!

    func numberOfSections() -> Int { dataSource.numberOfSections() }
    func numberOfRows(inSection section: Int) -> Int { dataSource.numberOfRows(inSection: section) }
    func cell(at indexPath: ResultsIndexPath) -> String { dataSource.cell(at: indexPath) }
    func titleForHeader(inSection section: Int) -> String? { dataSource.titleForHeader(inSection: section) }
    func sectionIndexTitles() -> [String]? { dataSource.sectionIndexTitles() }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { dataSource.section(forSectionIndexTitle: title, at: index) }
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { dataSource.canEditRow(at: indexPath) }
    func commitDelete(at indexPath: ResultsIndexPath) { dataSource.commitDelete(at: indexPath) }
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { dataSource.canMoveRow(at: indexPath) }
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) { dataSource.moveRow(at: source, to: destination) }
}

/// A controller shown by a ``ResultsDataSource`` in a simulated view.
@MainActor
struct Screen {
    let controller: ResultsController<Entry, Int>
    let dataSource: EntryDataSource
    let view: ListViewSimulator<EntryDataSourceBox>

    init(_ controller: ResultsController<Entry, Int>, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached) {
        self.controller = controller
        let box = EntryDataSourceBox()
        dataSource = ResultsDataSource(controller: controller) { _, _, entry in entry.description }
        box.dataSource = dataSource
        view = ListViewSimulator(dataSource: box, flavor: flavor, countMode: countMode)
        dataSource.view = view
        view.reloadData()
    }

    /// The rows the view shows, as cells.
    var shownRows: [[String]] { view.cells }

    /// The rows the data source serves.
    var servedRows: [[String]] { dataSource.snapshot.sections.map { $0.objects.map(\.description) } }

    /// Checks the view: no exception, the cells it shows are the snapshot's
    /// (no stale cell), the snapshot is the controller's table as reported.
    func expectConsistent(_ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(view.exception == nil, "\(context()): \(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
        #expect(shownRows == servedRows, "\(context()): the view shows \(shownRows), the data source serves \(servedRows)", sourceLocation: sourceLocation)
        #expect(view.staleRows().isEmpty, "\(context()): stale rows \(view.staleRows())", sourceLocation: sourceLocation)
        let reported = controller.reportedSnapshot.sections.map { $0.objects.map(\.description) }
        #expect(servedRows == reported, "\(context()): served \(servedRows) but the controller reported \(reported)", sourceLocation: sourceLocation)
        #expect(view.headerTitles == (0..<dataSource.snapshot.numberOfSections).map { dataSource.snapshot.name(ofSection: $0) },
                "\(context()): header titles", sourceLocation: sourceLocation)
    }
}

/// Every flavour and count mode of the simulated view.
let everyViewKind: [(ListViewFlavor, ListViewCountMode)] = [
    (.tableView, .cached), (.tableView, .readAtBatchStart), (.collectionView, .cached), (.collectionView, .readAtBatchStart),
]
