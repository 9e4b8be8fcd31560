// A view controller that follows a results controller through its
// delegate, as NSFetchedResultsController's users do: its title counts the
// products shown. The isolated conformance keeps the delegate's method on
// the main actor. On Linux, CI type-checks it against a stand-in for
// UIKit's declarations (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

final class ProductCountViewController: UIViewController {
    let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name)]))

    override func viewDidLoad() {
        super.viewDidLoad()
        products.delegate = self
    }
}

extension ProductCountViewController: @MainActor ResultsControllerDelegate {
    func controller(_ controller: ResultsController<Product, Int>, didUpdate update: ResultsController<Product, Int>.Update) {
        title = "Products (\(update.snapshot.count))"
    }
}
#endif
