// ../shared/tools/readme-snippets), each in a test that asserts what the
// Every Swift block of README.md stands here line for line (checked by
// README says it does. The UIKit screens stand in Examples/UIKit.
import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

struct Product: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
    var company: String
    var stock: Int
}

extension Product: FieldValueProviding {         // lets format strings read the fields
    func fieldValue(named field: String) -> FieldValue? {
        switch field {
        case "name": .string(name)
        case "company": .string(company)
        case "stock": .integer(stock)
        default: nil
        }
    }
}

/// A screen that follows the controller through its delegate, as a view
/// controller does.
@MainActor
final class ProductList {
    var log: [String] = []
    var rendered: [[Int]] = []

    func render(_ snapshot: ResultsSnapshot<Product, Int>) {
        rendered.append(snapshot.elements.map(\.id))
    }
}

extension ProductList: @MainActor ResultsControllerDelegate {
    func controller(_ controller: ResultsController<Product, Int>, didUpdate update: ResultsController<Product, Int>.Update) {
        log.append("\(update.changeset.count) changes, \(update.snapshot.count) rows")
    }
}

/// A file of the outline example.
struct File: Equatable, Sendable {
    var path: String
    var folder: String?
    var name: String
}

/// The rows of a composed search screen: a static header above live results.
enum SearchRow: Equatable {
    case profile, signOut
    case product(Product)
    case noResults
}

@MainActor
@Suite("README examples")
struct ReadmeTests {
    let firstPage = [
        Product(id: 41, name: "iPad", company: "Apple", stock: 3),
        Product(id: 42, name: "Pixel", company: "Google", stock: 0),
        Product(id: 43, name: "Mac", company: "Apple", stock: 5),
    ]
    let refreshed = [
        Product(id: 42, name: "Pixel", company: "Google", stock: 2),
        Product(id: 43, name: "Mac", company: "Apple", stock: 5),
        Product(id: 44, name: "Echo", company: "Amazon", stock: 1),
    ]

    @Test func aSortedSectionedControllerReportsOneUpdatePerBatch() throws {
        var updates: [ResultsUpdate<ResultsSnapshot<Product, Int>>] = []
        func show(_ update: ResultsUpdate<ResultsSnapshot<Product, Int>>) { updates.append(update) }

        let products = ResultsController(store: ResultsStore<Product, Int>(
            key: \.id,
            sortedBy: [.ascending(\.name, order: .localizedStandard)],   // iPad, iPhone, Mac
            sectionedBy: .by(\.company)))          // sections come and go with their objects
        let observation = products.observe { update in show(update) }

        try products.setData(firstPage)
        try products.performBatchUpdates {         // atomic: a throw rolls it all back
            try products.merge(refreshed, prune: true)
            try products.update(42) { $0.name = "Pixel 9" }
        }                                          // one update: one animated batch

        #expect(updates.count == 2)
        #expect(updates[0].snapshot.elements.map(\.name) == ["iPad", "Mac", "Pixel"], "as people read names, not Unicode order")
        #expect(products.snapshot.sections.map(\.name) == ["Amazon", "Apple", "Google"])
        #expect(products.snapshot.elements.map(\.name) == ["Echo", "Mac", "Pixel 9"])
        let changes = updates[1].changeset
        #expect(BatchUpdateValidator.violations(
            of: changes, from: updates[0].snapshot.sections.map(ResultsSection.init), to: updates[1].snapshot.sections.map(ResultsSection.init), key: \.id).isEmpty)
        #expect(changes.rowIndexPaths(.delete).count == 1)   // iPad, pruned
        observation.cancel()
    }

    @Test func searchAndFiltersCombine() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name)]))
        try products.setData(firstPage + refreshed.suffix(1))
        let userText = "apple"

        try products.search(for: "a", in: [\.name, \.company])
        try products.addFilter(ResultsFilter(title: "In stock", group: "Stock") { $0.stock > 0 })
        try products.addFilter(ResultsFilter(title: userText, group: "Company", format: "company ==[c] %@", arguments: [.string(userText)]))

        #expect(products.snapshot.elements.map(\.name) == ["Mac", "iPad"])   // code-point order: uppercase first
        let injection = "' OR TRUEPREDICATE OR '"
        try products.addFilter(ResultsFilter(title: injection, group: "Company", format: "company ==[c] %@", arguments: [.string(injection)]))
        #expect(products.snapshot.elements.isEmpty, "the text is a value: no company is called that")
    }

    @Test func indexPathsOnTheControllerAreWhatTheViewShows() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try products.setData(firstPage)
        try products.addFilter(ResultsFilter(title: "In stock", group: "Stock") { $0.stock > 0 })

        try products.remove(at: ResultsIndexPath(row: 1, section: 0))   // the row the user sees, filters or not
        let raw = products.store.rawIndexPath(forKey: 42)               // where an object is among all rows, shown or not

        #expect(products.store.element(forKey: 43) == nil, "the second visible row is Mac, not the hidden Pixel")
        #expect(raw == RawIndexPath(row: 1, section: 0))
    }

    @Test func aMainActorTypeIsTheDelegate() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let screen = ProductList()
        products.delegate = screen
        try products.setData(firstPage)
        #expect(screen.log == ["3 changes, 3 rows"])
    }

    @Test func aMergeIsPreparedOffTheMainActor() async throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try products.setData(firstPage)

        let fetched = refreshed
        try await products.prepareAndApply { store in
            try store.merge(fetched, prune: true)      // off the main actor
        }

        #expect(products.snapshot.elements.map(\.id) == [42, 43, 44])
    }

    @Test func updatesArriveAsAnAsyncSequence() async throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let screen = ProductList()

        let updates = products.updates()                // subscribes: the updates from here on
        let rendering = Task {
            for await update in updates {
                screen.render(update.snapshot)
            }
        }

        try products.setData(firstPage)
        try products.merge(refreshed, prune: true)
        while screen.rendered.count < 2 { await Task.yield() }
        rendering.cancel()
        #expect(screen.rendered == [[41, 42, 43], [42, 43, 44]])
    }

    @Test func aSortByMenuMovesTheRows() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try products.setData(refreshed)
        let results = ObservableResults(products)
        try products.setSortKeys([.descending(\.id)])
        #expect(results.snapshot.elements.map(\.id) == [44, 43, 42])
    }

    @Test func aScreenIsTestedInTheSimulator() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sectionedBy: .by(\.company)))
        try products.setData(firstPage)

        let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
        let dataSource = ResultsDataSource(controller: products, view: view) { _, product in product.name }
        view.dataSource = dataSource
        view.layoutIfNeeded()

        try products.merge(refreshed, prune: true)

        #expect(view.exception == nil)                  // no "Invalid update"
        #expect(view.cells == dataSource.snapshot.sections.map { $0.elements.map(\.name) })
        #expect(view.staleRows().isEmpty)               // every changed row was reconfigured
    }

    @Test func aHeaderShowsItsSectionsCountAndIsRefreshedInPlace() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sectionedBy: .by(\.company)))
        try products.setData(firstPage)
        let view = ListViewSimulator<String>(flavor: .tableView)
        let dataSource = ResultsDataSource(controller: products, view: view) { _, product in product.name }
        view.dataSource = dataSource

        try products.setSectionValues { section in
            ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))")
        }
        view.layoutIfNeeded()
        let before = view.headerTitles
        try products.merge(refreshed, prune: true)

        #expect(view.exception == nil && view.staleHeaderSections().isEmpty)
        #expect(view.headerTitles == (0..<dataSource.snapshot.numberOfSections).map { section in
            "\(dataSource.snapshot.name(ofSection: section) ?? "") (\(dataSource.snapshot.numberOfElements(inSection: section) ?? 0))"
        })
        #expect(view.headerTitles != before)
    }

    @Test func aComposedScreenShowsAHeaderAboveLiveResults() throws {
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id, sortedBy: [.ascending(\.name)]))
        try products.setData(firstPage)
        let view = ListViewSimulator<String>(flavor: .tableView)

        let header = try StaticSections<SearchRow> {
            StaticSection("Account") {
                StaticRow(.profile, id: "profile")
                StaticRow(.signOut, id: "sign out")
            }
        }
        let screen = ResultsComposition<SearchRow>([
            .part(header),
            .part(products, as: SearchRow.product, placeholder: .row(.noResults)),
        ])
        let dataSource = ResultsDataSource(source: screen, view: view) { _, row in
            switch row {
            case .profile: "Profile"
            case .signOut: "Sign out"
            case let .product(product): product.name
            case .noResults: "No results"
            }
        }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(view.cells == [["Profile", "Sign out"], ["Mac", "Pixel", "iPad"]])

        var batches: [[SectionChange]] = []
        let observation = screen.observe { batches.append($0.changeset.sectionChanges) }
        try products.search(for: "zzz", in: [\.name])                           // "No results" comes in the same batch
        try screen.foldSection(.init(part: 0, name: "Account"))  // keeps its header, hides its rows
        #expect(batches == [[.insert(at: 2, name: nil)], []])
        #expect(view.cells == [[], [], ["No results"]] && view.headerTitles == ["Account", nil, nil])
        observation.cancel()

        try products.search(for: "a", in: [\.name])
        let tapped = ResultsIndexPath(row: 1, section: 1)
        if case let .row(part, indexPath)? = screen.location(of: tapped) {        // part 1, [0, 1]: the object at [0, 1] of `products`
            #expect(part == 1 && products.element(at: indexPath)?.name == "iPad")
        } else {
            Issue.record("\(tapped) is not a product")
        }
        #expect(view.exception == nil && view.cells == [[], ["Mac", "iPad"]])

        let favorites = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try screen.insertPart(.part(favorites, as: SearchRow.product, accepting: { row in
            if case let .product(product) = row { product } else { nil }
        }), at: 1)                                                               // its section comes in, animated
        let shown = dataSource.snapshot
        try screen.moveRow(from: ResultsIndexPath(row: 1, section: 2), to: ResultsIndexPath(row: 0, section: 1), in: shown)
        #expect(favorites.snapshot.elements.map(\.name) == ["iPad"] && !products.snapshot.elements.contains { $0.name == "iPad" })
        #expect(view.exception == nil && view.cells == [[], ["iPad"], ["Mac"]])
    }

    @Test func anOutlineShowsAFileTreeAndFollowsItsChanges() throws {
        let topLevel = [File(path: "/Documents", folder: nil, name: "Documents"), File(path: "/Archive", folder: nil, name: "Archive")]
        let documentsListing = [
            File(path: "/Documents/a.pdf", folder: "/Documents", name: "a.pdf"),
            File(path: "/Documents/invoice.pdf", folder: "/Documents", name: "invoice.pdf"),
        ]
        let view = ListViewSimulator<String>(flavor: .tableView)

        let files = ResultsOutline<File, String>(key: \.path, parentKey: \.folder, sortedBy: [.ascending(\.name)])
        try files.setData(topLevel)                                   // the top-level items, collapsed
        let dataSource = ResultsDataSource(source: files, view: view) { _, row in
            String(repeating: "  ", count: row.level) + row.element.name
        }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        #expect(view.cells == [["Archive", "Documents"]])
        var shown: [[[String]]] = []
        let observation = files.observe { _ in shown.append(view.cells) }

        try files.merge(documentsListing, under: "/Documents")        // loaded when the folder opens
        try files.expand("/Documents")                                // its rows slide in below it
        try files.replace(File(path: "/Documents/a.pdf", folder: "/Archive", name: "a.pdf"))   // moves
        try files.search(for: "invoice", in: [.field(\.name)])       // matches, with their folders expanded
        try files.clearFilters()                                      // the user's own expansion comes back

        #expect(shown == [
            [["Archive", "Documents"]],                                     // merged below a collapsed folder
            [["Archive", "Documents", "  a.pdf", "  invoice.pdf"]],
            [["Archive", "Documents", "  invoice.pdf"]],                    // into the collapsed Archive
            [["Documents", "  invoice.pdf"]],
            [["Archive", "Documents", "  invoice.pdf"]],
        ])
        observation.cancel()
        #expect(view.exception == nil && view.staleRows().isEmpty)
    }
}
