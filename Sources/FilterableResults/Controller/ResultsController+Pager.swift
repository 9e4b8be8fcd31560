import Observation

extension ResultsController {
    /// Loads a paged list into a controller as the user scrolls: the next
    /// page when the view shows a row near the end, one page at a time,
    /// until the last; a loading row while a page loads and a failure row
    /// with retry when one fails; a refresh of every page loaded.
    ///
    ///     let pager = ResultsController<Product, Int>.Pager(controller: products) { number in
    ///         let page = try await fetchProducts(page: number)
    ///         return .init(page.products, isLast: page.nextPage == nil)
    ///     }
    ///     pager.loadNextPage()   // the first page; a data source asks for the rest
    ///
    /// Your closure fetches page *n* (from 1) and returns its elements; the
    /// pager merges them into the controller (an upsert by key, so a row
    /// that moved to the next page on the server is not shown twice), in
    /// one animated update. A data source given the pager
    /// (``ResultsDataSource/loadPages(with:placeholderCell:)``) asks for
    /// the next page when the view displays or prefetches a row at most
    /// ``preloadDistance`` rows from the end, and shows ``placeholder``
    /// as a row of its own after the table; in SwiftUI, call
    /// ``rowAppeared(key:)`` from a row's `onAppear` and show
    /// ``placeholder`` after the list (the pager is observable there).
    ///
    /// At most one page loads at a time: a request while one loads, while
    /// a refresh runs, after the last page or after a failure (until
    /// ``retry()``) does nothing. After each page, and after each update of
    /// the controller, the pager checks again: when the last row the view
    /// showed is still near the end (a search hides most of the new rows),
    /// or the visible table is empty, the next page loads, so a search
    /// over a paged list reaches every page.
    @MainActor
    public final class Pager {
        /// One page of your API: its elements, and whether it is the last.
        public struct Page {
            /// The page's elements, in the order fetched.
            public var elements: [Element]
            /// Whether no page follows this one.
            public var isLast: Bool

            /// Creates a page.
            ///
            /// - Complexity: O(1).
            public init(_ elements: [Element], isLast: Bool) {
                self.elements = elements
                self.isLast = isLast
            }
        }

        /// What a list shows after its rows while it pages: a row of its
        /// own, never an element of the controller.
        public enum Placeholder {
            /// A page is loading.
            case loading
            /// The last page requested failed with this error; the next
            /// loads only on ``retry()`` (a tap on the row, say).
            case failed(any Error)
        }

        /// The controller the pages are merged into.
        public let controller: ResultsController
        /// How near the end a row the view shows must be for the next page
        /// to load: at most this many rows after it. By default 10.
        public var preloadDistance: Int
        /// The number of pages merged: pages 1 through this one.
        ///
        /// - Complexity: O(1).
        public var loadedPages: Int {
            observed(\.loadedPages)
            return state.loadedPages
        }
        /// Whether a page follows the last one loaded (until a page says
        /// it is the last).
        ///
        /// - Complexity: O(1).
        public var hasMorePages: Bool {
            observed(\.hasMorePages)
            return state.hasMorePages
        }
        /// What the list shows after its rows: the page loading, the last
        /// load's failure, or nothing.
        ///
        /// - Complexity: O(1).
        public var placeholder: Placeholder? {
            observed(\.placeholder)
            return state.placeholder
        }
        /// Whether a refresh of every loaded page runs.
        ///
        /// - Complexity: O(1).
        public var isRefreshing: Bool {
            observed(\.isRefreshing)
            return state.isRefreshing
        }

        /// What the pager's public properties read; every change is told
        /// to Observation.
        var state = State() {
            didSet { changed() }
        }

        /// Whether a page is loading or about to.
        ///
        /// - Complexity: O(1).
        public var isLoading: Bool { loadTask != nil }

        /// Your closure: fetches page *n*, from 1.
        let loadPage: @MainActor (Int) async throws -> Page
        /// The load in flight, if any.
        var loadTask: Task<Void, Never>?
        /// Counts the loads and refreshes started: a load that finishes
        /// after a refresh took over merges nothing.
        var generation = 0
        /// The key of the last row shown through ``rowAppeared(key:)``.
        var lastShownKey: Key?
        /// The observers of the pager's state, in the order they came.
        var observers: [(id: Int, handler: @MainActor (Pager) -> Void)] = []
        /// The identity of the next observer.
        var nextObserverID = 0
        /// The observation of the controller's updates.
        var controllerObservation: ResultsObservation?
        /// Observation's registrar where the platform has it (typed `Any`
        /// so that the pager itself needs no newer OS).
        let registrar: Any?

        /// Creates a pager for `controller`, which fetches page *n* (from
        /// 1) with `loadPage`. Nothing loads until ``loadNextPage()`` or a
        /// row near the end appears.
        ///
        /// - Complexity: O(1).
        public init(
            controller: ResultsController, preloadDistance: Int = 10,
            loadPage: @escaping @MainActor (_ number: Int) async throws -> Page
        ) {
            self.controller = controller
            self.preloadDistance = max(0, preloadDistance)
            self.loadPage = loadPage
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                registrar = ObservationRegistrar()
            } else {
                registrar = nil
            }
            controllerObservation = controller.observe { [weak self] _ in self?.checkTheEnd() }
        }
    }
}

extension ResultsController.Pager {
    /// The pager's state, as one value.
    struct State {
        var loadedPages = 0
        var hasMorePages = true
        var placeholder: Placeholder?
        var isRefreshing = false
    }
}

// MARK: - Loading

extension ResultsController.Pager {
    /// Starts loading the next page, unless one is loading, a refresh
    /// runs or the last page is in; returns the load in flight, which an
    /// async caller may await (`await pager.loadNextPage()?.value`). After
    /// a failure this is a retry.
    ///
    /// - Complexity: O(1); the load then costs your closure and the merge.
    @discardableResult
    public func loadNextPage() -> Task<Void, Never>? {
        guard loadTask == nil, !state.isRefreshing, state.hasMorePages else { return loadTask }
        generation += 1
        let (number, generation) = (state.loadedPages + 1, generation)
        loadTask = Task { await self.load(page: number, generation: generation) }
        // The loading row shows now, not when the task starts.
        state.placeholder = .loading
        notify()
        return loadTask
    }

    /// Loads the page that failed again; does nothing unless the last load failed.
    ///
    /// - Complexity: O(1); the load then costs your closure and the merge.
    public func retry() {
        if case .failed = state.placeholder { loadNextPage() }
    }

    /// The view shows a row with `rowsAfter` rows after it in the table
    /// shown: the next page loads when that is at most
    /// ``preloadDistance`` (and the last load did not fail).
    ///
    /// - Complexity: O(1).
    public func rowAppeared(rowsAfter: Int) {
        guard rowsAfter <= preloadDistance else { return }
        if case .failed = state.placeholder { return }
        loadNextPage()
    }

    /// The view shows the row with `key` (SwiftUI's `onAppear`): the next
    /// page loads when it is at most ``preloadDistance`` rows from the end
    /// of the controller's table as last reported. The pager remembers the
    /// row, and checks it again after each page. In SwiftUI, call it from
    /// each row's `onAppear`, with the row's key.
    ///
    /// - Complexity: O(log *n* + *s*) for *s* sections.
    public func rowAppeared(key: Key) {
        lastShownKey = key
        if let rowsAfter = rowsAfter(key: key) { rowAppeared(rowsAfter: rowsAfter) }
    }

    /// Loads page `number`, merges it, and tells the observers.
    func load(page number: Int, generation: Int) async {
        do {
            let page = try await loadPage(number)
            guard generation == self.generation else { return }   // a refresh took over
            try controller.merge(page.elements)
            state.loadedPages = number
            state.hasMorePages = !page.isLast
            state.placeholder = nil
        } catch {
            guard generation == self.generation else { return }
            state.placeholder = error is CancellationError ? nil : .failed(error)
        }
        loadTask = nil
        notify()
        checkTheEnd()
    }

    /// The number of rows after the row with `key` in the controller's
    /// table as last reported, or `nil` when it is not shown.
    func rowsAfter(key: Key) -> Int? {
        let table = controller.reportedSnapshot
        guard let path = table.indexPath(forKey: key) else { return nil }
        var after = (table.numberOfElements(inSection: path.section) ?? 0) - path.row - 1
        for section in path.section + 1..<max(path.section + 1, table.numberOfSections) {
            after += table.numberOfElements(inSection: section) ?? 0
            if after > preloadDistance { break }
        }
        return after
    }

    /// After a page or an update: the next page loads when the visible
    /// table is empty (a search that hides everything) or the last row
    /// shown is still near the end.
    func checkTheEnd() {
        guard loadTask == nil, !state.isRefreshing, state.hasMorePages, state.loadedPages > 0 else { return }
        if controller.reportedSnapshot.isEmpty {
            rowAppeared(rowsAfter: 0)
        } else if let key = lastShownKey, let rowsAfter = rowsAfter(key: key) {
            rowAppeared(rowsAfter: rowsAfter)
        }
    }
}

// MARK: - Refreshing

extension ResultsController.Pager {
    /// Pull to refresh: fetches every page loaded so far again, in order,
    /// and merges each as it arrives (``ResultsController/refresh(isolation:_:)``);
    /// when the last is in, the rows no page returned are removed. A page
    /// loading meanwhile is cancelled first, and its result dropped, so
    /// that one page loads at a time. A page that says it is the last
    /// ends the refresh there (the list got shorter); a last page that no
    /// longer is lets the next load when the end shows.
    ///
    /// If a fetch throws or the task is cancelled, nothing is removed,
    /// the pages merged stay, and the error is rethrown; the pager keeps
    /// the pages it had.
    ///
    /// - Throws: ``ResultsError/refreshInProgress`` when a refresh runs,
    ///   what your closure throws, or `CancellationError`.
    /// - Complexity: that of the pages' fetches and merges, plus the
    ///   removal at the end.
    public func refresh() async throws {
        guard !state.isRefreshing else { throw ResultsError.refreshInProgress }
        state.isRefreshing = true
        generation += 1
        if let loading = loadTask {
            loading.cancel()
            await loading.value
            loadTask = nil
        }
        state.placeholder = nil
        notify()
        defer {
            state.isRefreshing = false
            notify()
            checkTheEnd()
        }
        var (pages, more) = (0, state.hasMorePages)
        let count = max(state.loadedPages, 1)
        try await controller.refresh {
            for number in 1...count {
                let page = try await loadPage(number)
                try controller.mergeRefreshPage(page.elements)
                (pages, more) = (number, !page.isLast)
                if page.isLast { break }
            }
        }
        (state.loadedPages, state.hasMorePages) = (pages, more)
    }
}

// MARK: - Observing

extension ResultsController.Pager {
    /// Calls `handler` with the pager after each change of its state (a
    /// load starting or ending, a refresh), until the returned observation
    /// is cancelled or released. A data source given the pager observes it
    /// so; in SwiftUI the pager is observable as it is.
    ///
    /// - Complexity: O(1).
    public func observe(_ handler: @escaping @MainActor (ResultsController.Pager) -> Void) -> ResultsObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return ResultsObservation { [weak self] in
            MainActor.assumeIsolated { self?.observers.removeAll { $0.id == id } }
        }
    }

    /// Tells every observer registered now, in order.
    func notify() {
        for observer in observers { observer.handler(self) }
    }

    /// Tells Observation that a property was read.
    func observed<Value>(_ keyPath: KeyPath<ResultsController.Pager, Value>) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            (registrar as? ObservationRegistrar)?.access(self, keyPath: keyPath)
        }
    }

    /// Tells Observation that the state changed: every public property
    /// reads it.
    func changed() {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            guard let registrar = registrar as? ObservationRegistrar else { return }
            func tell<Value>(_ keyPath: KeyPath<ResultsController.Pager, Value>) {
                registrar.willSet(self, keyPath: keyPath)
                registrar.didSet(self, keyPath: keyPath)
            }
            tell(\.placeholder)
            tell(\.loadedPages)
            tell(\.hasMorePages)
            tell(\.isRefreshing)
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ResultsController.Pager: Observable {}
