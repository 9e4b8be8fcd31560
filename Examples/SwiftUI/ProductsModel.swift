// The model behind ProductsScreen: a controller of products sectioned by
// company, the pages loaded from the API, live search, swipe to delete and
// a pull to refresh that loads every page again. On Linux, CI type-checks
// it with the screen, against a stand-in for SwiftUI's declarations
// (.ci/swiftui).
#if canImport(SwiftUI)
import SwiftUI
import FilterableResults

struct Product: Identifiable, Equatable, Sendable, Decodable {
    var id: Int
    var name: String
    var company: String
    var stock: Int
}

/// One page of the API: some products, and the number of the next page
/// (`nil` on the last one).
struct ProductPage: Sendable, Decodable {
    var products: [Product]
    var nextPage: Int?
}

/// Your API client. FilterableResults does no networking: a page is
/// whatever your client returns.
func fetchProducts(page: Int) async throws -> ProductPage {
    var components = URLComponents(string: "https://api.example.com/products")!
    components.queryItems = [URLQueryItem(name: "page", value: String(page))]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    return try JSONDecoder().decode(ProductPage.self, from: data)
}

/// The products screen's state. The controller holds the products;
/// `results` is what the screen shows, and changes once per batch of edits.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable
final class ProductsModel {
    let controller = ResultsController(store: ResultsStore<Product, Int>(
        key: \.id,
        sortedBy: [.ascending(\.name)],
        sectionedBy: .by(\.company),
        hidesEmptySections: true))   // a search shows no empty headers
    let results: ObservableResults<ResultsController<Product, Int>>

    /// The last error, shown above the list until the next load succeeds.
    private(set) var errorMessage: String?
    /// The pages merged so far: 1 through `loadedPages`.
    private(set) var loadedPages = 0
    /// The page to load when the user scrolls to the end, `nil` after the last.
    private(set) var nextPage: Int? = 1
    @ObservationIgnored private var isLoading = false   // one load or refresh at a time
    /// How many loads have succeeded and refreshes ended: the screen asks
    /// for the next page again after each, so that a scroll to the end
    /// during a refresh is not lost, and a short page is followed by the
    /// next while the end of the list shows.
    private(set) var finishedLoads = 0

    init() {
        results = ObservableResults(controller)
    }

    /// Loads the next page and merges it: its products join the sections of
    /// their companies, in order, in one animated update.
    func loadNextPage() async {
        guard let page = nextPage, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let fetched = try await fetchProducts(page: page)
            try controller.merge(fetched.products)
            loadedPages = page
            nextPage = fetched.nextPage
            errorMessage = nil
            finishedLoads += 1   // not after a failure, which would retry at once, again and again
        } catch {
            show(error)
        }
    }

    /// Pull to refresh: loads every page loaded so far again, merging each as
    /// it arrives, and at the end removes the products no page returned. If
    /// the refresh fails or is cancelled midway, nothing is removed.
    func refresh() async {
        guard loadedPages > 0 else { return await loadNextPage() }
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false; finishedLoads += 1 }
        do {
            var pages = 0
            var next: Int?
            try await controller.refresh {
                for page in 1...loadedPages {
                    let fetched = try await fetchProducts(page: page)
                    try controller.mergeRefreshPage(fetched.products)
                    (pages, next) = (page, fetched.nextPage)
                    if next == nil { break }   // the list got shorter
                }
            }
            loadedPages = pages
            nextPage = next
            errorMessage = nil
        } catch {
            show(error)
        }
    }

    /// Live search over names and companies; an empty text shows everything.
    func search(_ text: String) {
        do {
            try controller.search(for: text, in: [\.name, \.company])
        } catch {
            show(error)
        }
    }

    /// Swipe to delete: removes the products, as one batch.
    func delete(_ keys: [Product.ID]) {
        do {
            try controller.remove(keys: keys)
        } catch {
            show(error)
        }
    }

    private func show(_ error: any Error) {
        switch error {
        case is CancellationError:
            return   // the screen went away, or SwiftUI ended the refresh
        case let error as URLError where error.code == .cancelled:
            return
        case let error as ResultsError:
            // A misuse of the controller (an edit from inside an observer,
            // say): a bug to fix, shown so that it is not missed.
            errorMessage = error.description
        default:
            errorMessage = error.localizedDescription
        }
    }
}
#endif
