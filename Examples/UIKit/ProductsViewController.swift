// A complete table-view screen on FilterableResults: sorted, sectioned
// products with live search, swipe to delete and a section index. It needs
// UIKit; on Linux, CI type-checks it against a stand-in for UIKit's
// declarations (.ci/uikit), and the same logic runs in `swift test` against
// the ListViewSimulator.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

struct Product: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
    var company: String
    var stock: Int
}

final class ProductsViewController: UITableViewController, UISearchResultsUpdating {
    let products = ResultsController(store: ResultsStore<Product, Int>(
        key: \.id,
        sortedBy: [.ascending(\.name)],
        sectionedBy: .by(\.company)))
    private var dataSource: ResultsTableViewDataSource<ResultsController<Product, Int>>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Product")
        dataSource = ResultsTableViewDataSource(controller: products, tableView: tableView) { tableView, indexPath, product in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Product", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = product.name
            cell.contentConfiguration = content
            return cell
        }
        dataSource.canDeleteRow = { _, _ in true }      // swipe to delete removes the row the user sees
        dataSource.sectionIndex = .firstLetters

        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        #if !os(tvOS)  // tvOS has no search controller in the navigation item
        navigationItem.searchController = search
        #endif
    }

    func updateSearchResults(for searchController: UISearchController) {
        try? products.search(for: searchController.searchBar.text ?? "", in: [\.name, \.company])
    }

    /// Each API refresh: one animated batch of exactly what changed.
    func show(_ fetched: [Product]) throws {
        try products.merge(fetched, prune: true)
    }
}
#endif
