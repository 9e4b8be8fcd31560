// The products screen's title counts the products shown, from the
// controller's delegate: an isolated conformance keeps its method on the
// main actor. On Linux, CI type-checks it against a stand-in for UIKit's
// declarations (.ci/uikit).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

extension ProductsViewController: @MainActor ResultsControllerDelegate {
    func controller(_ controller: ResultsController<Product, Int>, didUpdate update: ResultsController<Product, Int>.Update) {
        title = "Products (\(update.snapshot.count))"
    }
}
#endif
