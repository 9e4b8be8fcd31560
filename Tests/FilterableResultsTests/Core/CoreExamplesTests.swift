@_spi(Integrations) import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// The examples of the store's documentation comments, line for line as
/// they are shown (`.ci/snippets/check` finds each here), with what their
/// documentation says they do.
@MainActor
@Suite("Documentation examples: the store")
struct CoreExamplesTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
        var company = "Amazon"
        var price = 0.0
        var nickname: String? = nil
        var isArchived = false
    }

    struct Player: Equatable, Sendable {
        var id: Int
        var score: Int
    }

    struct Contact: Equatable, Sendable {
        var name: String
        var created: Int
    }

    struct Instance: Equatable, Sendable {
        var type: String
    }

    /// A store of `products`, its first changes taken.
    func store(_ products: [Product], sectionedBy sectioning: ResultsSectioning<Product>? = nil) throws -> ResultsStore<Product, Int> {
        var store = ResultsStore<Product, Int>(key: \.id, sectionedBy: sectioning)
        try store.setData(products)
        _ = store.takeChangeset()
        return store
    }

    /// Runs `edit`, takes the changes and checks them with the validator.
    @discardableResult
    func validated<Element: Equatable, Key>(
        _ store: inout ResultsStore<Element, Key>, sourceLocation: SourceLocation = #_sourceLocation,
        _ edit: (inout ResultsStore<Element, Key>) throws -> Void
    ) rethrows -> ResultsChangeset<Element, Key> {
        let old = store.snapshot
        try edit(&store)
        let changes = store.takeChangeset()
        let violations = BatchUpdateValidator.violations(of: changes, from: old, to: store.snapshot)
        #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
        return changes
    }

    @Test func aStoreReportsTheChangesOfItsEdits() throws {
        let (kindle, echo, fire) = (Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo"), Product(id: 3, name: "Fire"))
        let old = ResultsStore<Product, Int>(key: \.id).snapshot
        var store = ResultsStore<Product, Int>(key: \.id)
        try store.setData([kindle, echo])
        try store.add(fire)
        let changes = store.takeChangeset()   // inserts of kindle, echo, fire
        #expect(changes.elementChanges.map(\.kind) == [.insert, .insert, .insert])
        #expect(changes.elementChanges.map(\.element) == [kindle, echo, fire])
        #expect(BatchUpdateValidator.violations(of: changes, from: old, to: store.snapshot).isEmpty)
    }

    @Test func rawAndVisiblePositionsAreTwoTypes() throws {
        var store = try store([Product(id: 3, name: "Old", isArchived: true), Product(id: 7, name: "New")])
        store.addFilter(ResultsFilter(title: "Current") { !$0.isArchived })
        let controller = ResultsController(store: store)
        let raw = store.rawIndexPath(forKey: 7)          // RawIndexPath?
        let shown = controller.indexPath(forKey: 7)      // ResultsIndexPath?
        #expect(raw == RawIndexPath(row: 1, section: 0), "the archived row is still there")
        #expect(shown == ResultsIndexPath(row: 0, section: 0), "the view shows only the current one")
    }

    @Test func aFilterKeepsTheElementsItsPredicateAccepts() throws {
        let micro = ResultsFilter<Instance>(title: "Micro", group: "Type") {
            $0.type.hasPrefix("t1")
        }
        var store = ResultsStore<Instance, String>(key: \.type)
        try store.setData([Instance(type: "t1.micro"), Instance(type: "m5.large")])
        _ = store.takeChangeset()
        validated(&store) { $0.addFilter(micro) }
        #expect(store.snapshot.elements == [Instance(type: "t1.micro")] && store.rawCount == 2)
        #expect(store.filters.map(\.title) == ["Micro"] && store.filters.map(\.group) == ["Type"])
    }

    @Test func aLiveSearchLooksIntoOptionalFieldsToo() throws {
        var store = try store([
            Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo", nickname: "Alexa"),
            Product(id: 3, name: "Fire", company: "Amazon Basics"),
        ])
        let query = "ALEXA"
        validated(&store) { store in
            store.search(for: query, in: [\.name, \.company, \.nickname])   // nickname: String?
        }
        #expect(store.snapshot.elements.map(\.id) == [2])
        validated(&store) { store in
            store.search(for: query, in: [.field(\.name), .field(\.nickname)])   // nickname: String?
        }
        #expect(store.snapshot.elements.map(\.id) == [2] && store.filters.count == 1, "one search, replaced")

        let controller = ResultsController(store: try self.store([Product(id: 1, name: "Kindle"), Product(id: 2, name: "Échos")]))
        let screen = try ControllerScreen(controller)
        let search = { (query: String) throws(ResultsError) in
            try controller.search(for: query, in: [.field(\.name), .field(\.nickname)])
        }
        try search("echo")
        #expect(controller.snapshot.elements.map(\.id) == [2], "case and diacritics ignored")
        screen.expectConsistent()
    }

    @Test func aSectionsValueIsItsHeader() throws {
        let controller = ResultsController(store: try store(
            [Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo"), Product(id: 3, name: "Pixel", company: "Google")],
            sectionedBy: .by(\.company)))
        let screen = try ControllerScreen(controller)
        try controller.setSectionValues { section in
            ResultsSectionValue(title: "\(section.name ?? "") (\(section.count))")
        }
        #expect((0..<2).map { controller.snapshot.value(ofSection: $0)?.title } == ["Amazon (2)", "Google (1)"])
        try controller.remove(key: 3)
        try controller.add(Product(id: 4, name: "Fire"))
        #expect(controller.snapshot.value(ofSection: 0)?.title == "Amazon (3)")
        screen.expectConsistent()
    }

    @Test func sectionsByAPropertyComeInTheOrderAsked() throws {
        var products = ResultsStore<Product, Int>(key: \.id, sectionedBy: .by(\.company, order: .localizedStandard))
        try validated(&products) { store in
            try store.setData([Product(id: 1, name: "a", company: "beta"), Product(id: 2, name: "b", company: "Alpha")])
        }
        #expect(products.snapshot.sections.map(\.name) == ["Alpha", "beta"], "localized: case does not come first")

        var players = ResultsStore<Player, Int>(key: \.id, sectionedBy: .by(\.score))
        try validated(&players) { try $0.setData([Player(id: 1, score: 10), Player(id: 2, score: 2)]) }
        #expect(players.snapshot.sections.map(\.name) == ["2", "10"], "the values' order, not their names'")
    }

    @Test func sortKeysKeepSectionsSorted() throws {
        let byName = ResultsSortKey<Contact>.ascending(\.name)
        let newestFirst = ResultsSortKey<Contact>.descending(\.created)
        var store = ResultsStore<Contact, String>(key: \.name, sortedBy: [newestFirst, byName])
        try validated(&store) { store in
            try store.setData([Contact(name: "b", created: 1), Contact(name: "c", created: 2), Contact(name: "a", created: 1)])
        }
        #expect(store.snapshot.elements.map(\.name) == ["c", "a", "b"])
    }

    @Test func aMergeSaysWhatItDid() throws {
        var store = try store([Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo")])
        let page = [Product(id: 2, name: "Echo Dot"), Product(id: 3, name: "Fire")]
        let isFirstPage = true
        try validated(&store) { store in
            let summary = try store.merge(page, prune: isFirstPage)
            #expect(summary == .init(inserted: 1, updated: 1, removed: 1, foldedDuplicates: 0))
        }
        #expect(store.snapshot.elements.map(\.name) == ["Echo Dot", "Fire"])
    }

    @Test func elementsAreAddedRemovedAndUpdatedByKey() throws {
        var store = try store([Product(id: 7, name: "Kindle", isArchived: true), Product(id: 8, name: "Echo")])
        try validated(&store) { store in
            try store.add(Product(id: 4, name: "Echo"))
        }
        try validated(&store) { store in
            try store.update(7) { $0.name = "Renamed" }
        }
        #expect(store.element(forKey: 7)?.name == "Renamed")
        validated(&store) { store in
            store.removeAll { $0.isArchived }
        }
        #expect(!store.contains(key: 7))
        try validated(&store) { store in
            let removed = try store.remove(key: 7)   // false when no element has key 7
            #expect(!removed)
        }
        let selection: Set<Int> = [4, 5]
        validated(&store) { store in
            store.remove(keys: selection)
        }
        #expect(store.snapshot.elements.map(\.id) == [8])
    }

    @Test func sortingAndSectioningChangeAtRunTime() throws {
        var store = try store([
            Product(id: 1, name: "Kindle", price: 90), Product(id: 2, name: "Pixel", company: "Google", price: 500),
            Product(id: 3, name: "Echo", price: 50),
        ])
        validated(&store) { store in
            store.setSortKeys([.descending(\.price)])     // a "Sort by" menu
        }
        #expect(store.snapshot.elements.map(\.id) == [2, 1, 3])
        validated(&store) { store in
            store.setSectioning(.by(\.company))           // a "Group by" menu
        }
        #expect(store.snapshot.sections.map { $0.elements.map(\.id) } == [[1, 3], [2]])
    }

    @Test func aRefreshRemovesWhatNoPageReturned() async throws {
        var store = try store([Product(id: 1, name: "a"), Product(id: 2, name: "b"), Product(id: 3, name: "c")])
        let loadedPages = 2
        func fetch(_ page: Int) async throws -> [Product] {
            page == 1 ? [Product(id: 3, name: "c")] : [Product(id: 1, name: "a2")]
        }
        let old = store.snapshot
        store.beginRefresh()
        for page in 1...loadedPages { try store.mergeRefreshPage(try await fetch(page)) }
        store.endRefresh()
        let changes = store.takeChangeset()
        #expect(BatchUpdateValidator.violations(of: changes, from: old, to: store.snapshot).isEmpty)
        #expect(store.snapshot.elements.map(\.name) == ["c", "a2"], "the pages in their order; 2 returned by none")
    }

    @Test func aChangeIsMadeFromItsKindItsKeyAndItsElement() {
        let item = Product(id: 7, name: "Kindle")
        let change = ResultsChangeset<Product, Int>.ElementChange(.move(from: ResultsIndexPath(row: 3, section: 0), to: ResultsIndexPath(row: 0, section: 0), isUpdated: false),
                                   key: 7, element: item)
        #expect(change.kind == .move && change.indexPath == ResultsIndexPath(row: 3, section: 0) && change.newIndexPath == ResultsIndexPath(row: 0, section: 0))
        #expect(change.key == 7 && !change.isUpdated)
    }

    @Test func theChangesBetweenTwoTablesAreTheStoresChanges() throws {
        let previous = [ResultsSection(elements: [Product(id: 1, name: "a"), Product(id: 2, name: "b")])]
        let current = [ResultsSection(elements: [Product(id: 2, name: "b2"), Product(id: 3, name: "c")])]
        let changes = try ResultsStore.changeset(from: previous, to: current, key: { $0.id })
        #expect(BatchUpdateValidator.violations(of: changes, from: previous, to: current, key: \.id).isEmpty)
        #expect(changes.elementChanges.map(\.kind).sorted { "\($0)" < "\($1)" } == [.delete, .insert, .update])
    }

    @Test func searchFoldsCaseAndDiacritics() {
        let folded = ResultsSearchFolding.fold("Élan")   // "elan"
        #expect(folded == "elan")
    }
}

/// A controller of the documentation's products shown by a data source in
/// a simulated table view, every update checked by the validator.
@MainActor
final class ControllerScreen<Element: Equatable, Key: Hashable> {
    let controller: ResultsController<Element, Key>
    let view = ListViewSimulator<String>(flavor: .tableView, countMode: .readAtBatchStart)
    let dataSource: ResultsDataSource<ResultsController<Element, Key>, String>
    private(set) var violations: [String] = []
    private var shown: ResultsSnapshot<Element, Key>
    private var observation: ResultsObservation?

    init(_ controller: ResultsController<Element, Key>) throws {
        self.controller = controller
        dataSource = ResultsDataSource(controller: controller, view: view) { _, element in "\(element)" }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        shown = controller.reportedSnapshot
        observation = controller.observe { [unowned self] update in
            if !update.isReload {
                violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot).map(\.description)
            }
            shown = update.snapshot
        }
    }

    /// Checks the batches and the view: valid, no exception, the table reported.
    func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
        #expect(view.exception == nil, "\(String(describing: view.exception))", sourceLocation: sourceLocation)
        let reported = controller.reportedSnapshot.sections.map { $0.elements.map { "\($0)" } }
        #expect(view.cells == reported, "the view shows \(view.cells), the controller reported \(reported)", sourceLocation: sourceLocation)
        #expect(view.staleRows().isEmpty, "stale rows \(view.staleRows())", sourceLocation: sourceLocation)
    }
}
