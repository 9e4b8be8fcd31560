// A controller's products in SwiftUI sections, one per company, read from
// the snapshot's sections in place. On Linux, CI type-checks it against a
// stand-in for SwiftUI's declarations (.ci/swiftui).
#if canImport(SwiftUI)
import SwiftUI
import FilterableResults

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct CompanyList: View {
    let results: ObservableResults<ResultsController<Product, Int>>

    var body: some View {
        List {
            ForEach(results.snapshot.sections) { section in
                Section(section.name ?? "") {
                    ForEach(section) { product in Text(product.name) }
                }
            }
        }
    }
}
#endif
