import FilterableResults
import FilterableResultsTesting
import Testing

/// The operations every source that holds rows shares, each written once
/// here over `ResultsSource` (or over the filter words the row-filtering
/// sources share) and run against every source: the same name, the same
/// signature shape, the same contract. Every batch goes through the
/// validator and a simulated view (``SourceScreen``).
@MainActor
@Suite("Shared operations on every source")
struct SharedOperationsTests {
    struct Item: Hashable, Sendable, CustomStringConvertible {
        var id: Int
        var name: String
        var parent: Int? = nil
        var description: String { name }
    }

    struct Cancelled: Error {}

    static let items = [Item(id: 1, name: "one"), Item(id: 2, name: "two"), Item(id: 3, name: "three")]

    /// A source and a change that makes it report something, each call.
    struct Subject<Source: ResultsSource> where Source.Element: Equatable {
        let name: String
        let source: Source
        let change: () throws -> Void
    }

    // MARK: - Batching and pausing, over `ResultsSource`

    func checkBatching<Source>(_ subject: Subject<Source>) throws {
        let (name, source, change) = (subject.name, subject.source, subject.change)
        let screen = SourceScreen(source)

        // performBatchUpdates is atomic: a throw leaves the table as it was, and nothing is reported.
        let before = screen.rows
        #expect(throws: Cancelled.self, "\(name)") {
            try source.performBatchUpdates { () throws(any Error) in
                try change()
                try change()
                throw Cancelled()
            }
        }
        #expect(screen.rows == before, "\(name): a batch that throws leaves the table as it was")
        #expect(screen.updates == 0 && !source.isBatching, "\(name)")

        // beginUpdates/endUpdates: changes in between are one update at the end.
        try source.beginUpdates()
        #expect(source.isBatching, "\(name)")
        try change()
        try change()
        #expect(screen.updates == 0, "\(name): nothing is reported inside a batch")
        try source.endUpdates()
        #expect(screen.updates == 1 && !source.isBatching, "\(name)")
        #expect(throws: ResultsError.unbalancedEndUpdates, "\(name)") { try source.endUpdates() }

        // Pausing: nothing while paused, one reload on resuming.
        try source.setUpdatesEnabled(false)
        #expect(!source.updatesEnabled, "\(name)")
        try change()
        #expect(screen.updates == 1, "\(name): nothing is reported while paused")
        try source.setUpdatesEnabled(true)
        #expect(screen.updates == 2 && screen.lastUpdate?.isReload == true, "\(name): one reload on resuming")

        // Pausing is refused inside a batch, and the batch still reports.
        try source.performBatchUpdates { () throws(any Error) in
            try change()
            #expect(throws: ResultsError.updatesToggledDuringBatch, "\(name)") { try source.setUpdatesEnabled(false) }
        }
        #expect(screen.updates == 3 && source.updatesEnabled, "\(name)")
        screen.expectConsistent()
    }

    @Test func aController() throws {
        let controller = ResultsController(store: ResultsStore<Item, Int>(key: \.id))
        try controller.setData(Self.items)
        var next = 10
        try checkBatching(Subject(name: "controller", source: controller) {
            next += 1
            try controller.add(Item(id: next, name: "item \(next)"))
        })
    }

    @Test func anOutline() throws {
        let outline = ResultsOutline<Item, Int>(key: \.id, parentKey: \.parent)
        try outline.setData(Self.items)
        var next = 10
        try checkBatching(Subject(name: "outline", source: outline) {
            next += 1
            try outline.add(Item(id: next, name: "item \(next)"))
        })
    }

    @Test func aComposition() throws {
        let part = ResultsController(store: ResultsStore<Item, Int>(key: \.id))
        try part.setData(Self.items)
        let header = try StaticSections<Item> { StaticSection("Header") { StaticRow(Item(id: 0, name: "header")) } }
        let composition = ResultsComposition<Item>([.part(header), .part(part)])
        var next = 10
        try checkBatching(Subject(name: "composition", source: composition) {
            next += 1
            try part.add(Item(id: next, name: "item \(next)"))
            let hidden = next - 1
            try composition.addFilter(ResultsFilter(title: "not \(hidden)", group: "hide") { $0.id != hidden })
        })
        #expect(part.reportedSnapshot.count == Self.items.count + 4, "the part kept the changes of every batch that did not throw")
    }

    @Test func staticSections() throws {
        let sections = try StaticSections<Item> { StaticSection("A") { StaticRow(Self.items[0]) } }
        var next = 10
        try checkBatching(Subject(name: "static sections", source: sections) {
            next += 1
            try sections.setSections([StaticSection("A", rows: (0...(next % 3)).map { StaticRow(Item(id: $0, name: "row \($0) of \(next)"), id: $0) })])
        })
    }

    // MARK: - Filter groups and search, over the words the filtering sources share

    func checkFilters<Source: FilterGroups>(_ name: String, _ source: Source, shown: @escaping () -> [String]) throws
    where Source.Element: Equatable, Source.Filtered == Item {
        let screen = SourceScreen(source)
        let all = shown()
        let short = ResultsFilter<Item>(title: "short", group: "length") { $0.name.count == 3 }
        let long = ResultsFilter<Item>(title: "long", group: "length") { $0.name.count > 3 }

        try source.addFilter(short)
        try source.addFilter(long)   // replaces its group's filter
        #expect(source.filters.map(\.title) == ["long"], "\(name)")
        #expect(shown() == ["three"], "\(name)")
        try source.removeFilter(title: "long", group: "other")   // another group: nothing removed
        #expect(source.filters.count == 1, "\(name)")
        try source.removeFilter(title: "long", group: "length")
        #expect(source.filters.isEmpty && shown() == all, "\(name)")

        try source.search(for: "TW", in: [.field(\.name)], group: "search")   // case folded
        #expect(shown() == ["two"] && source.filters.map(\.title) == ["search"], "\(name)")
        try source.search(for: "", in: [.field(\.name)], group: "search")    // empty text ends the search
        #expect(source.filters.isEmpty, "\(name)")

        try source.addFilters([short, ResultsFilter(title: "t", group: "letter") { $0.name.hasPrefix("t") }])
        #expect(shown() == ["two"], "\(name)")
        try source.replaceFilters(with: [long])
        #expect(shown() == ["three"], "\(name)")
        #expect(throws: Cancelled.self, "\(name)") {
            try source.performBatchUpdates { () throws(any Error) in
                try source.clearFilters()
                throw Cancelled()
            }
        }
        #expect(source.filters.map(\.title) == ["long"], "\(name): a batch that throws keeps the filters it found")
        try source.clearFilters()
        #expect(source.filters.isEmpty && shown() == all, "\(name)")
        screen.expectConsistent()
    }

    @Test func filtersOnAController() throws {
        let controller = ResultsController(store: ResultsStore<Item, Int>(key: \.id))
        try controller.setData(Self.items)
        try checkFilters("controller", controller) { controller.reportedSnapshot.elements.map(\.name) }
    }

    @Test func filtersOnAnOutline() throws {
        let outline = ResultsOutline<Item, Int>(key: \.id, parentKey: \.parent)
        try outline.setData(Self.items)
        try checkFilters("outline", outline) { outline.reportedSnapshot.elements.map(\.element.name) }
    }

    @Test func filtersOnAComposition() throws {
        let part = ResultsController(store: ResultsStore<Item, Int>(key: \.id))
        try part.setData(Self.items)
        let composition = ResultsComposition<Item>([.part(part)])
        try checkFilters("composition", composition) { composition.reportedSnapshot.elements.map(\.name) }
    }
}

/// The filter words of the sources that filter rows in memory: each source
/// conforms with nothing to add, which is the point.
@MainActor
protocol FilterGroups: ResultsSource {
    associatedtype Filtered
    var filters: [ResultsFilter<Filtered>] { get }
    func addFilter(_ filter: ResultsFilter<Filtered>) throws(ResultsError)
    func addFilters(_ filters: [ResultsFilter<Filtered>]) throws(ResultsError)
    func removeFilter(title: String, group: String?) throws(ResultsError)
    func replaceFilters(with filters: [ResultsFilter<Filtered>]) throws(ResultsError)
    func clearFilters() throws(ResultsError)
    func search(for text: String, in fields: [ResultsFilter<Filtered>.SearchField], group: String) throws(ResultsError)
}

extension ResultsController: FilterGroups { typealias Filtered = Element }
extension ResultsOutline: FilterGroups { typealias Filtered = Element }
extension ResultsComposition: FilterGroups { typealias Filtered = Element }
