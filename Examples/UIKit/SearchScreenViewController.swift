// A composed table-view screen on FilterableResults: a static "Account"
// header above live search results, with a "No results" row while the
// search matches nothing. It needs UIKit; on Linux, CI type-checks it
// against a stand-in for UIKit's declarations (.ci/uikit), and the same
// logic runs in `swift test` against the ListViewSimulator.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

enum SearchRow: Equatable {
    case profile, signOut
    case product(Product)
    case noResults
}

final class SearchScreenViewController: UITableViewController, UISearchResultsUpdating {
    let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name)]))
    private var header: StaticSections<SearchRow>!
    private var screen: ResultsComposition<SearchRow>!
    private var dataSource: ResultsTableViewDataSource<ResultsComposition<SearchRow>>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
        header = try! StaticSections<SearchRow> {
            StaticSection("Account") {
                StaticRow(.profile, id: "profile")
                StaticRow(.signOut, id: "sign out")
            }
        }
        screen = ResultsComposition<SearchRow>([
            .part(header),
            .part(products, as: SearchRow.product, placeholder: .row(.noResults)),
        ])
        dataSource = ResultsTableViewDataSource(source: screen, tableView: tableView) { tableView, indexPath, row in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            switch row {
            case .profile: content.text = "Profile"
            case .signOut: content.text = "Sign out"
            case let .product(product): content.text = product.name
            case .noResults: content.text = "No results"
            }
            cell.contentConfiguration = content
            return cell
        }
        dataSource.canDeleteRow = { _, row in if case .product = row { true } else { false } }   // removes the product from `products`

        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        #if !os(tvOS)  // tvOS has no search controller in the navigation item
        navigationItem.searchController = search
        #endif
    }

    func updateSearchResults(for searchController: UISearchController) {
        try? products.search(for: searchController.searchBar.text ?? "", in: [\.name, \.company])
    }

    /// The header collapses to its title when the user taps "Account" (by identity, not index).
    func toggleAccount() {
        let account = ResultsComposition<SearchRow>.SectionID(part: 0, name: "Account")
        try? screen.setFolded(!screen.isFolded(account), section: account)
    }
}
#endif
