// A data source of your own, for a collection view: it keeps the snapshot
// it serves and swaps it inside each batch update, which `apply` does.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import FilterableResults

final class ProductGrid: NSObject, UICollectionViewDataSource {
    private var shown: ResultsSnapshot<Product, Int>
    private var observation: ResultsObservation?

    init(products: ResultsController<Product, Int>, collectionView: UICollectionView) {
        shown = products.reportedSnapshot
        super.init()
        collectionView.dataSource = self
        observation = products.observe { [unowned self, unowned collectionView] update in
            collectionView.apply(update) { self.shown = update.snapshot }
        }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        shown.numberOfSections
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        shown.numberOfElements(inSection: section) ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let product = shown.element(at: ResultsIndexPath(indexPath))!
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Product", for: indexPath)
        var content = UIListContentConfiguration.cell()
        content.text = product.name
        cell.contentConfiguration = content
        return cell
    }
}
#endif
