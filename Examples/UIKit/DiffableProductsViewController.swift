// A screen that keeps UIKit's diffable data source: each update of the
// controller becomes its snapshot (sections by name, rows by key) with the
// rows the update changed reconfigured. The package's own data source
// (ProductsViewController) does more: deletes, user moves, compositions
// and outlines whose keys are not `Sendable`. On Linux, CI type-checks it
// against a stand-in for UIKit's declarations (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

typealias ProductSectionIdentifier = ResultsController<Product, Int>.Update.SectionIdentifier

/// Section headers from the snapshot's section identifiers.
final class ProductDiffableDataSource: UITableViewDiffableDataSource<ProductSectionIdentifier, Int> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        snapshot().sectionIdentifiers[section].name
    }
}

final class DiffableProductsViewController: UITableViewController {
    let products = ResultsController(store: ResultsStore<Product, Int>(
        key: \.id, sortedBy: [.ascending(\.name)], sectionedBy: .by(\.company)))
    private var dataSource: ProductDiffableDataSource!
    private var observation: ResultsObservation?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Product")
        let dataSource = ProductDiffableDataSource(tableView: tableView) { [products] tableView, indexPath, id in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Product", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = products.reportedSnapshot.visibleElement(forKey: id)?.name
            cell.contentConfiguration = content
            return cell
        }
        dataSource.apply(ResultsUpdate(snapshot: products.reportedSnapshot), animatingDifferences: false)
        let observation = products.observe { update in dataSource.apply(update) }
        (self.dataSource, self.observation) = (dataSource, observation)
    }

    /// An update applied with a completion: the snapshot built by hand.
    func show(_ update: ResultsController<Product, Int>.Update, then finish: @escaping () -> Void) {
        dataSource.apply(NSDiffableDataSourceSnapshot(update, replacing: dataSource.snapshot()), animatingDifferences: true) {
            finish()
        }
    }
}
#endif
