// A table view's data source of your own: it keeps the snapshot it serves
// and swaps it inside each batch update, which `apply` does (as
// ProductGrid does for a collection view). On Linux, CI type-checks it
// against a stand-in for UIKit's declarations (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

final class ProductTable: NSObject, UITableViewDataSource {
    private var shown: ResultsSnapshot<Product, Int>
    private var observation: ResultsObservation?

    init(products: ResultsController<Product, Int>, tableView: UITableView) {
        shown = products.reportedSnapshot
        super.init()
        tableView.dataSource = self
        observation = products.observe { [unowned self, unowned tableView] update in
            tableView.apply(update) { self.shown = update.snapshot }
        }
    }

    func numberOfSections(in tableView: UITableView) -> Int {
        shown.numberOfSections
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        shown.numberOfElements(inSection: section) ?? 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let product = shown.element(at: ResultsIndexPath(indexPath))!
        let cell = tableView.dequeueReusableCell(withIdentifier: "Product", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = product.name
        cell.contentConfiguration = content
        return cell
    }
}
#endif
