import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The examples of the data sources' and the snapshots' documentation
/// comments, line for line as they are shown (`.ci/snippets/check` finds
/// each here), with what their documentation says they do.
@MainActor
@Suite("Documentation examples: data sources and snapshots")
struct DataSourceExamplesTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
        var company = "Amazon"
    }

    enum Row: Equatable {
        case profile
        case product(Product)
    }

    /// A cell of the documentation's list view.
    struct Cell: Equatable {
        var title: String

        init(title: String) { self.title = title }

        init(_ row: Row) {
            switch row {
            case .profile: title = "Profile"
            case let .product(product): title = product.name
            }
        }
    }

    /// A data source of your own: it serves the table `shown` gives, which
    /// the code that applies each update swaps inside the batch.
    @MainActor
    final class ProductTable: ListViewDataSource {
        var snapshot: ResultsSnapshot<Product, Int>

        init(snapshot: ResultsSnapshot<Product, Int>) { self.snapshot = snapshot }

        func numberOfSections() -> Int { snapshot.numberOfSections }
        func numberOfRows(inSection section: Int) -> Int { snapshot.numberOfElements(inSection: section) ?? 0 }
        func cell(at indexPath: ResultsIndexPath) -> String { snapshot.element(at: indexPath)!.name }
        func titleForHeader(inSection section: Int) -> String? { snapshot.name(ofSection: section) }
        func titleForFooter(inSection section: Int) -> String? { nil }
        func sectionIndexTitles() -> [String]? { nil }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int { index }
        func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
        func commitDelete(at indexPath: ResultsIndexPath) {}
        func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
        func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
        func didSelectRow(at indexPath: ResultsIndexPath) {}
    }

    func controller() throws -> ResultsController<Product, Int> {
        let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sectionedBy: .by(\.company)))
        try controller.setData([Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo"), Product(id: 3, name: "Pixel", company: "Google")])
        return controller
    }

    /// Edits that move, change, insert and delete rows and sections.
    func edit(_ controller: ResultsController<Product, Int>) throws {
        try controller.performBatchUpdates { () throws(ResultsError) in
            try controller.remove(key: 3)
            try controller.update(1) { $0.name = "Kindle Oasis" }
            try controller.add(Product(id: 4, name: "Nest", company: "Google"))
            try controller.update(2) { $0.company = "Apple" }
        }
    }

    @Test func aChangesetAppliesToAViewAsOneBatch() throws {
        let controller = try controller()
        let dataSource = ProductTable(snapshot: controller.reportedSnapshot)
        let view = ListViewSimulator(dataSource: dataSource, flavor: .collectionView, countMode: .readAtBatchStart)
        view.layoutIfNeeded()
        var violations: [BatchUpdateViolation] = []
        let observation = controller.observe { update in
            violations += BatchUpdateValidator.violations(of: update.changeset, from: dataSource.snapshot, to: update.snapshot)
            let changeset = update.changeset
            changeset.apply(to: view) { dataSource.snapshot = update.snapshot }
        }
        try edit(controller)
        #expect(violations.isEmpty, "\(violations)")
        #expect(view.exception == nil && view.staleRows().isEmpty, "\(String(describing: view.exception))")
        #expect(view.cells == [["Kindle Oasis"], ["Echo"], ["Nest"]])
        observation.cancel()
    }

    @Test func anUpdateSwapsTheSnapshotFirstInsideTheBatch() throws {
        let controller = try controller()
        var shown = controller.reportedSnapshot
        let dataSource = ProductTable(snapshot: shown)
        let view = ListViewSimulator(dataSource: dataSource, flavor: .collectionView, countMode: .readAtBatchStart)
        view.layoutIfNeeded()
        var violations: [BatchUpdateViolation] = []
        let observation = controller.observe { update in
            violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot)
            update.apply(to: view) { shown = update.snapshot }   // first, inside the batch
            dataSource.snapshot = shown
        }
        // The simulator reads the counts when the batch starts: before the swap, the old table.
        dataSource.snapshot = shown
        try controller.add(Product(id: 5, name: "Fire"))
        #expect(violations.isEmpty, "\(violations)")
        #expect(shown.elements.map(\.id) == controller.snapshot.elements.map(\.id))
        observation.cancel()
    }

    @Test func aDataSourceServesAControllerOrAComposition() throws {
        let controller = try controller()
        let listView = ListViewSimulator<Cell>(flavor: .tableView, countMode: .readAtBatchStart)
        let screenView = ListViewSimulator<Cell>(flavor: .collectionView, countMode: .readAtBatchStart)
        let header = try StaticSections<Row> { StaticSection("Account") { StaticRow(.profile, id: "profile") } }
        let composition = ResultsComposition<Row>([.part(header), .part(controller, as: Row.product)])
        let dataSource = ResultsDataSource(controller: controller, view: listView) { indexPath, product in
            Cell(title: product.name)
        }
        let screen = ResultsDataSource(source: composition, view: screenView) { indexPath, row in
            Cell(row)
        }
        listView.dataSource = dataSource
        screenView.dataSource = screen
        listView.layoutIfNeeded()
        screenView.layoutIfNeeded()
        try edit(controller)
        for view in [listView, screenView] {
            #expect(view.exception == nil && view.staleRows().isEmpty, "\(String(describing: view.exception))")
        }
        #expect(listView.cells.map { $0.map(\.title) } == [["Kindle Oasis"], ["Echo"], ["Nest"]])
        #expect(screenView.cells.map { $0.map(\.title) } == [["Profile"], ["Kindle Oasis"], ["Echo"], ["Nest"]])
    }

    @Test func everySourceIsObservedOneWay() throws {
        let controller = try controller()
        let composition = ResultsComposition<Row>([.part(controller, as: Row.product)])
        #expect(try follow(controller) { try edit(controller) } == 1)
        #expect(try follow(composition) { try controller.add(Product(id: 6, name: "Chromecast", company: "Google")) } == 1)
    }

    /// How many updates `source` reports while `edit` runs, each checked by the validator.
    func follow<Source: ResultsSource>(_ source: Source, while edit: () throws -> Void) throws -> Int where Source.Element: Equatable {
        var shown = source.reportedSnapshot
        var rendered = 0
        func render(_ update: ResultsUpdate<Source.Snapshot>) {
            #expect(BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot).isEmpty)
            shown = update.snapshot
            rendered += 1
        }
        let observation = source.observe { update in render(update) }   // keep it
        try edit()
        observation.cancel()
        return rendered
    }

    @Test func aSnapshotIsReadBySection() throws {
        let controller = try controller()
        var headers: [String] = []
        let snapshot = controller.snapshot
        for section in 0..<snapshot.numberOfSections {
            headers.append("\(snapshot.name(ofSection: section) ?? "") (\(snapshot.numberOfElements(inSection: section) ?? 0))")
        }
        #expect(headers == ["Amazon (2)", "Google (1)"])
        headers = []
        for section in snapshot.sections {
            headers.append("\(section.name ?? "") (\(section.count))")
        }
        #expect(headers == ["Amazon (2)", "Google (1)"])
    }
}
