// A sorted, sectioned controller in a view-based NSTableView: each company
// a group row, its products below it, every change animated. It needs
// AppKit; on Linux, CI type-checks it against a stand-in for AppKit's
// declarations (.ci/appkit), and the logic that flattens the sections and
// orders the table view's calls runs in `swift test`.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import FilterableResults

struct Product: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
    var company: String
}

@MainActor
final class ProductList {
    let products: ResultsController<Product, Int>
    private let dataSource: ResultsTableViewDataSource<ResultsController<Product, Int>>

    init(tableView: NSTableView) {
        let products = ResultsController(store: ResultsStore<Product, Int>(
            key: \.id,
            sortedBy: [.ascending(\.name)],
            sectionedBy: .by(\.company),
            hidesEmptySections: true))
        self.products = products
        dataSource = ResultsTableViewDataSource(controller: products, tableView: tableView) { tableView, column, row, product in
            let cell = tableView.makeView(withIdentifier: NSUserInterfaceItemIdentifier("Product"), owner: nil) as? NSTableCellView
            cell?.textField?.stringValue = product.name
            return cell
        }
    }

    /// The product at a row of the table view; `nil` for a company's group row.
    func product(atRow row: Int) -> Product? {
        dataSource.indexPath(forRow: row).flatMap { dataSource.snapshot.element(at: $0) }
    }

    /// Shows a page of products: rows come, go and move under their companies.
    func show(_ page: [Product]) throws {
        try products.setData(page)
    }

    /// No group rows: the products of every company in one list.
    func hideCompanies() {
        dataSource.headerTitle = { _, _ in nil }
    }
}
#endif
