// The smallest SwiftUI list on FilterableResults: a controller's products
// in one list, read from the table as last reported, in place. On Linux,
// CI type-checks it against a stand-in for SwiftUI's declarations
// (.ci/swiftui).
#if canImport(SwiftUI)
import SwiftUI
import FilterableResults

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ProductListView: View {
    @State var results: ObservableResults<ResultsController<Product, Int>>

    var body: some View {
        List(results.snapshot) { product in Text(product.name) }
    }
}
#endif
