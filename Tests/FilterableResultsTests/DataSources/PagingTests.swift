import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `ResultsController.Pager` and `ResultsDataSource.loadPages(with:placeholderCell:)`:
/// a feed that loads its next page as the user nears the end.
@Suite("Paging: the next page as the end comes into view")
@MainActor
struct PagingTests {
    /// A server of a feed in pages of 20, which fails the fetches it is told to.
    @MainActor
    final class Server {
        var items: [Entry] = (1...100).map { Entry(id: $0, value: $0) }
        let pageSize = 20
        /// Pages whose next fetch fails.
        var failing: Set<Int> = []
        /// Every fetch, by page number.
        private(set) var fetches: [Int] = []

        struct Unreachable: Error {}

        /// Whether fetches wait for ``release()``.
        var holds = false
        /// The fetch waiting, if any.
        private(set) var waiting: CheckedContinuation<Void, Never>?

        func release() {
            holds = false
            waiting?.resume()
            waiting = nil
        }

        func fetch(page number: Int) async throws -> ResultsController<Entry, Int>.Pager.Page {
            fetches.append(number)
            if holds { await withCheckedContinuation { waiting = $0 } }
            await Task.yield()
            if failing.remove(number) != nil { throw Unreachable() }
            let start = min((number - 1) * pageSize, items.count)
            let end = min(start + pageSize, items.count)
            return .init(Array(items[start..<end]), isLast: end == items.count)
        }
    }

    /// A feed screen: a controller filled by a pager, shown by a data
    /// source with the pager's placeholder row, in a simulated table 10
    /// rows tall. Every update of the controller is checked by the
    /// validator; every batch of the view by the simulator.
    @MainActor
    final class Feed {
        let server = Server()
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        let view = ListViewSimulator<String>(flavor: .tableView, countMode: .readAtBatchStart)
        let dataSource: EntryDataSource
        let pager: ResultsController<Entry, Int>.Pager
        private(set) var violations: [String] = []
        private var shown: [ResultsSection<Entry>] = [ResultsSection(elements: [])]
        private var observation: ResultsObservation?

        init() {
            let server = server
            pager = ResultsController<Entry, Int>.Pager(controller: controller, preloadDistance: 5) { number in
                try await server.fetch(page: number)
            }
            dataSource = ResultsDataSource(controller: controller, view: view) { _, entry in entry.description }
            view.dataSource = dataSource
            view.viewport = ListViewSimulator<String>.Viewport(height: 440)
            dataSource.loadPages(with: pager) { _, placeholder in
                switch placeholder {
                case .loading: "Loading…"
                case .failed: "Couldn't load. Tap to retry."
                }
            }
            shown = controller.snapshot.sections.map(ResultsSection.init)
            observation = controller.observe { [unowned self] update in
                if !update.isReload {
                    let found = BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot.sections.map(ResultsSection.init), key: \.id)
                    violations += found.map(\.description)
                }
                shown = update.snapshot.sections.map(ResultsSection.init)
            }
        }

        /// Waits until no page loads.
        func settle() async {
            while pager.isLoading { await pager.loadNextPage()?.value }
        }

        /// The ids the view shows, and its placeholder row's text if any.
        var rows: (ids: [Int], placeholder: String?) {
            let sections = view.cells
            let ids = sections.first.map { $0.compactMap { Int($0.prefix { $0 != ":" }) } } ?? []
            return (ids, sections.count > 1 ? sections.last?.first : nil)
        }

        func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(view.exception == nil, "\(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
            #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
            #expect(view.cells.first == dataSource.snapshot.sections.first.map { $0.elements.map(\.description) }, sourceLocation: sourceLocation)
            #expect(view.cells.count == dataSource.numberOfSections(), sourceLocation: sourceLocation)
        }
    }

    @Test func pagingThroughFivePagesWithAFailureARetryAndARefresh() async throws {
        let feed = Feed()
        feed.server.failing = [3]
        // The first page.
        let first = feed.pager.loadNextPage()
        #expect(feed.rows.placeholder == "Loading…", "a loading row while the page loads")
        await first?.value
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...20) && feed.rows.placeholder == nil)
        #expect(feed.server.fetches == [1], "rows 0 to 9 on screen are more than 5 rows from the end")

        // Scrolling to the end loads page 2.
        feed.view.userScrollsToEnd()
        #expect(feed.pager.isLoading && feed.rows.placeholder == "Loading…")
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...40) && feed.pager.loadedPages == 2)

        // Page 3 fails: a failure row, and no more loads until a retry.
        feed.view.userScrollsToEnd()
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.placeholder == "Couldn't load. Tap to retry.")
        #expect(feed.pager.loadedPages == 2)
        if case .failed? = feed.pager.placeholder {} else { Issue.record("the pager shows no failure") }
        feed.view.userScrollsToEnd()
        feed.view.userScrolls(toVisibleTop: 0)
        feed.view.userScrollsToEnd()
        #expect(!feed.pager.isLoading, "scrolling does not retry by itself")
        #expect(feed.server.fetches == [1, 2, 3])

        // A tap on the failure row retries.
        #expect(feed.view.userSelectsRow(at: ResultsIndexPath(row: 0, section: 1)))
        #expect(feed.pager.isLoading && feed.rows.placeholder == "Loading…")
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...60) && feed.rows.placeholder == nil)

        // Pages 4 and 5, the last: then nothing more loads.
        feed.view.userScrollsToEnd()
        await feed.settle()
        feed.view.userScrollsToEnd()
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...100) && !feed.pager.hasMorePages && feed.pager.loadedPages == 5)
        feed.view.userScrollsToEnd()
        #expect(!feed.pager.isLoading && feed.rows.placeholder == nil)
        #expect(feed.server.fetches == [1, 2, 3, 3, 4, 5], "each page once, page 3 twice for its retry")

        // Pull to refresh: the server dropped item 7 and changed item 50.
        feed.server.items.remove(at: 6)
        feed.server.items[48].value = 500
        try await feed.pager.refresh()
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...6) + Array(8...100))
        #expect(feed.controller.snapshot.element(at: visible(0, 48))?.value == 500)
        #expect(feed.server.fetches.suffix(5) == [1, 2, 3, 4, 5], "a refresh fetches every loaded page again")
        #expect(feed.pager.loadedPages == 5 && !feed.pager.hasMorePages && !feed.pager.isRefreshing)
    }

    @Test func aSearchThatHidesMostRowsKeepsLoadingPagesUntilTheEnd() async throws {
        let feed = Feed()
        await feed.pager.loadNextPage()?.value
        await feed.settle()
        #expect(feed.pager.loadedPages == 1)
        // Only every tenth item matches: the end stays in view, so pages keep coming.
        try feed.controller.search(for: "0:", in: [.field(any: \Entry.description)])
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(feed.pager.loadedPages == 5 && feed.server.fetches == [1, 2, 3, 4, 5])
    }

    @Test func aRefreshCancelsAPageLoadingAndLoadsEachPageOnce() async throws {
        let feed = Feed()
        await feed.pager.loadNextPage()?.value
        feed.view.userScrollsToEnd()
        #expect(feed.pager.isLoading)
        try await feed.pager.refresh()
        await feed.settle()
        // The end is still on screen, with pages left: the next page loads.
        for _ in 0..<50 where feed.pager.isLoading || feed.pager.loadedPages < 2 { await Task.yield() }
        await feed.settle()
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...40))
        #expect(feed.pager.loadedPages == 2)
        #expect(feed.server.fetches == [1, 2, 1, 2], "page 2 cancelled, page 1 again, then page 2 once")
        await #expect(throws: Never.self) { try await feed.pager.refresh() }
    }

    @Test func aSecondRefreshWhileOneRunsIsRefused() async throws {
        let feed = Feed()
        await feed.pager.loadNextPage()?.value
        feed.server.holds = true
        let refreshing = Task { try await feed.pager.refresh() }
        while feed.server.waiting == nil { await Task.yield() }   // the refresh fetches page 1
        #expect(feed.pager.isRefreshing)
        await #expect(throws: ResultsError.refreshInProgress) { try await feed.pager.refresh() }
        feed.server.release()
        try await refreshing.value
        feed.expectConsistent()
        #expect(feed.rows.ids == Array(1...20))
    }
}
