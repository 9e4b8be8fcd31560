import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The documentation examples of paging, anchoring and following a row
/// through a changeset, as written there, run and checked.
@Suite("Paging and anchoring: the documentation examples")
@MainActor
struct PagingExamplesTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
    }

    /// A page of the API the examples fetch from.
    struct ProductPage {
        var products: [Product]
        var nextPage: Int?
    }

    /// A cell as the examples make it.
    struct Cell: Equatable {
        var title: String
    }

    /// The API: three pages of two products.
    func fetchProducts(page: Int) async throws -> ProductPage {
        ProductPage(products: [Product(id: 2 * page - 1, name: "p\(2 * page - 1)"), Product(id: 2 * page, name: "p\(2 * page)")],
                    nextPage: page < 3 ? page + 1 : nil)
    }

    @Test func aPagerLoadsTheFirstPageAndADataSourceShowsItsPlaceholder() async throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let view = ListViewSimulator<Cell>()
        let dataSource = ResultsDataSource(controller: products, view: view) { _, product in Cell(title: product.name) }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        let pager = ResultsController<Product, Int>.Pager(controller: products) { number in
            let page = try await fetchProducts(page: number)
            return .init(page.products, isLast: page.nextPage == nil)
        }
        pager.loadNextPage()   // the first page; a data source asks for the rest
        dataSource.loadPages(with: pager) { indexPath, placeholder in
            switch placeholder {
            case .loading: Cell(title: "Loading…")
            case .failed: Cell(title: "Tap to try again")
            }
        }
        #expect(view.cells == [[], [Cell(title: "Loading…")]])
        while pager.isLoading { await pager.loadNextPage()?.value }
        #expect(view.exception == nil)
        #expect(view.cells == [[Cell(title: "p1"), Cell(title: "p2")]])
        #expect(pager.loadedPages == 1 && pager.hasMorePages)
    }

    @Test func anchoringIsOneLine() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)]))
        try controller.setData((10..<40).map { Entry(id: $0, value: $0) })
        let view = ListViewSimulator<String>()
        let dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
        dataSource.anchoring = .firstVisibleRow   // a chat: older messages arrive above
        view.dataSource = dataSource
        view.viewport = ListViewSimulator.Viewport(height: 600) { cell in cell.hasPrefix("long") ? 120 : 60 }
        view.userScrolls(toVisibleTop: 300)
        let reading = try #require(view.indexPathsForVisibleRows.first.flatMap(view.cell(at:)))
        try controller.merge((0..<10).map { Entry(id: $0, value: $0) })
        #expect(view.exception == nil)
        #expect(view.indexPathsForVisibleRows.first.flatMap(view.cell(at:)) == reading)
        #expect(view.contentOffset == 300 + 10 * 60)
    }

    @Test func anAppThatScrollsByHandFollowsTheRowItReads() throws {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items(sortedBy: [.ascending(\.value)]))
        try controller.setData((10..<40).map { Entry(id: $0, value: $0) })
        let view = ListViewSimulator<String>()
        let dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
        view.dataSource = dataSource
        view.viewport = ListViewSimulator.Viewport(height: 440)
        view.userScrolls(toVisibleTop: 44 * 5)
        var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
        let observation = controller.observe { updates.append($0) }
        defer { observation.cancel() }

        let reading = view.indexPathsForVisibleRows.min()
        try controller.merge((0..<10).map { Entry(id: $0, value: $0) })
        let update = try #require(updates.last)
        if let reading, let now = update.changeset.newIndexPath(forRowAt: reading) {
            view.scrollToRow(at: now)   // UIKit's scrollToRow(at:at:animated:)
        }
        #expect(view.exception == nil)
        #expect(view.indexPathsForVisibleRows.first.flatMap(view.cell(at:)) == "15:15a")
    }
}

extension ListViewSimulator {
    /// Scrolls so that the row at `indexPath` is at the top, as UIKit's
    /// `scrollToRow(at:at: .top, animated: false)` does.
    func scrollToRow(at indexPath: ResultsIndexPath) {
        if let bounds = verticalBounds(ofRowAt: indexPath) { scroll(toVisibleTop: bounds.lowerBound) }
    }
}
