// A controller's products as the items of an NSCollectionView, one
// section per company, every change animated. It needs AppKit; on Linux,
// CI type-checks it against a stand-in for AppKit's declarations
// (.ci/appkit).
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import FilterableResults

@MainActor
final class ProductGallery {
    let products: ResultsController<Product, Int>
    private var dataSource: ResultsCollectionViewDataSource<ResultsController<Product, Int>>!

    init(products: ResultsController<Product, Int>, collectionView: NSCollectionView) {
        self.products = products
        dataSource = ResultsCollectionViewDataSource(controller: products, collectionView: collectionView) { collectionView, indexPath, product in
            let item = collectionView.makeItem(withIdentifier: NSUserInterfaceItemIdentifier("Product"), for: indexPath)
            item.textField?.stringValue = product.name
            return item
        }
    }
}
#endif
