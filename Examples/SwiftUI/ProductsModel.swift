// The model behind ProductsScreen: a controller of products sectioned by
// company, a pager loading the API's pages as the user scrolls, live
// search, swipe to delete and a pull to refresh that loads every page again. On Linux, CI type-checks
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
/// `results` is what the screen shows, and changes once per batch of edits;
/// the pager loads the API's pages into the controller as the user scrolls.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable
final class ProductsModel {
    let controller = ResultsController(store: ResultsStore<Product, Int>(
        key: \.id,
        sortedBy: [.ascending(\.name, order: .localizedStandard)],   // iPad, iPhone, Mac: as Finder sorts
        sectionedBy: .by(\.company, order: .localizedStandard),
        hidesEmptySections: true))   // a search shows no empty headers
    let results: ObservableResults<ResultsController<Product, Int>>
    /// One page at a time, never one twice, none after the last; observable:
    /// its `placeholder` is the loading row, or the error row that retries.
    let pager: ResultsController<Product, Int>.Pager

    /// The last error of a refresh, a search or a delete, shown above the
    /// list until the next refresh succeeds.
    private(set) var errorMessage: String?

    init() {
        results = ObservableResults(controller)
        pager = ResultsController<Product, Int>.Pager(controller: controller) { number in
            let page = try await fetchProducts(page: number)
            return .init(page.products, isLast: page.nextPage == nil)
        }
    }

    /// Pull to refresh: loads every page loaded so far again, merging each as
    /// it arrives, and at the end removes the products no page returned. If
    /// the refresh fails or is cancelled midway, nothing is removed.
    func refresh() async {
        do {
            try await pager.refresh()
            errorMessage = nil
        } catch ResultsError.refreshInProgress {
            return   // the refresh running goes on
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
