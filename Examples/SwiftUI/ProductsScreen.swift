// A complete SwiftUI screen on FilterableResults: products in sections by
// company, live search, swipe to delete, pull to refresh and more pages as
// the user scrolls (the model is in ProductsModel.swift). It needs SwiftUI;
// on Linux, CI type-checks it against a stand-in for SwiftUI's declarations
// (.ci/swiftui).
#if canImport(SwiftUI)
import SwiftUI
import FilterableResults

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ProductsScreen: View {
    @State private var model = ProductsModel()
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List {
                if let message = model.errorMessage {
                    Text(message)
                }
                // The table as last reported: one section per company, in order.
                ForEach(model.results.snapshot.sections) { section in
                    Section(section.name ?? "") {
                        ForEach(section) { product in
                            Text(product.name)
                                .onAppear { model.pager.rowAppeared(key: product.id) }   // near the end: the next page
                        }
                        .onDelete { offsets in
                            model.delete(offsets.map { section[$0].id })
                        }
                    }
                }
                // The pager's placeholder: a row after the list, not a product.
                if case .loading? = model.pager.placeholder {
                    Text("Loading…")
                }
                if case .failed? = model.pager.placeholder {
                    Button { model.pager.retry() } label: {
                        Text("Could not load more. Tap to try again.")
                    }
                }
            }
            .task { await model.pager.loadNextPage()?.value }   // the first page
            .navigationTitle("Products")
            .searchable(text: $query, prompt: "Name or company")
            .onChange(of: query) { model.search(query) }
            .refreshable { await model.refresh() }
        }
    }
}
#endif
