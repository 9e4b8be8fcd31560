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
                        }
                        .onDelete { offsets in
                            model.delete(offsets.map { section[$0].id })
                        }
                    }
                }
                if model.nextPage != nil {
                    // Runs when the row scrolls into view (the end of the list),
                    // and again after each load or refresh while it is there.
                    Text("Loading…")
                        .task(id: model.finishedLoads) { await model.loadNextPage() }
                }
            }
            .navigationTitle("Products")
            .searchable(text: $query, prompt: "Name or company")
            .onChange(of: query) { model.search(query) }
            .refreshable { await model.refresh() }
        }
    }
}
#endif
