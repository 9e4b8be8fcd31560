// The GettingStarted walk-through, whole: products from a paginated API in
// a sorted, sectioned table with live search, swipe to delete, a section
// index, pages loaded as the user scrolls (with a loading row and an error
// row that retries) and pull to refresh of every loaded page. It needs
// UIKit; on Linux, CI type-checks it against a stand-in for UIKit's
// declarations (.ci/uikit), and the same logic runs in `swift test` against
// the ListViewSimulator (PagingTests, DataSourceEditingTests).
#if canImport(UIKit) && !os(watchOS)
import Foundation
#if canImport(FoundationNetworking)  // URLSession on Linux, where CI type-checks this file
import FoundationNetworking
#endif
import UIKit
import FilterableResults

struct Product: Identifiable, Equatable, Sendable, Decodable {
    var id: Int
    var name: String
    var company: String
    var stock: Int
}

struct ProductPage: Decodable {
    var products: [Product]
    var nextPage: Int?
}

func fetchProducts(page: Int) async throws -> ProductPage {
    var components = URLComponents(string: "https://api.example.com/products")!
    components.queryItems = [URLQueryItem(name: "page", value: String(page))]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    return try JSONDecoder().decode(ProductPage.self, from: data)
}

final class ProductsViewController: UITableViewController, UISearchResultsUpdating {
    let products = ResultsController(store: ResultsStore<Product, Int>(
        key: \.id,
        sortedBy: [.ascending(\.name, order: .localizedStandard)],   // iPad, iPhone, Mac: as Finder sorts
        sectionedBy: .by(\.company, order: .localizedStandard),
        hidesEmptySections: true))
    private var dataSource: ResultsTableViewDataSource<ResultsController<Product, Int>>!
    private var pager: ResultsController<Product, Int>.Pager!

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

        pager = ResultsController<Product, Int>.Pager(controller: products) { number in
            let page = try await fetchProducts(page: number)
            return .init(page.products, isLast: page.nextPage == nil)
        }
        tableView.delegate = dataSource     // rows near the end load the next page; a tap on the error row retries
        dataSource.loadPages(with: pager)   // a loading row, and an error row, after the last section
        pager.loadNextPage()

        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        #if !os(tvOS)  // tvOS has no search controller in the navigation item, nor a refresh control
        navigationItem.searchController = search
        let refreshControl = UIRefreshControl()
        refreshControl.addAction(UIAction { [unowned self] _ in
            Task {
                try? await pager.refresh()      // every page loaded, again; a failure keeps the rows shown
                tableView.refreshControl?.endRefreshing()
            }
        }, for: .valueChanged)
        tableView.refreshControl = refreshControl
        #endif
    }

    func updateSearchResults(for searchController: UISearchController) {
        do {
            try products.search(for: searchController.searchBar.text ?? "", in: [\.name, \.company])
        } catch {
            assertionFailure("search refused: \(error)")   // only from inside the controller's own callbacks
        }
    }
}
#endif
