import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// The examples of the compositions' and static sections' documentation
/// comments, line for line as they are shown (`.ci/snippets/check` finds
/// each here), with what their documentation says they do.
@MainActor
@Suite("Documentation examples: compositions")
struct CompositionExamplesTests {
    struct Person: Hashable, Sendable {
        var id: Int
        var name: String
    }

    struct Product: Hashable, Sendable {
        var id: Int
        var name: String
    }

    /// A row of a player table, keyed by its rowid as a database's rows are.
    struct Player: Hashable, Sendable {
        var rowid: Int64
        var name: String
    }

    /// The rows of the documentation's screens.
    enum Element: Hashable {
        case profile, signOut, experiments, version(String)
        case friend(Person), enemy(Person), suggestion(Person), player(Player)
        case product(Product)
        case noResults, noSuggestions
    }

    typealias Row = Element

    func people(_ ids: [Int], section: String? = nil) throws -> ResultsController<Person, Int> {
        let controller = ResultsController(store: ResultsStore<Person, Int>(key: \.id))
        try controller.setData(sections: [ResultsSection(name: section, elements: ids.map { Person(id: $0, name: "person \($0)") })])
        return controller
    }

    @Test func aCompositionJoinsStaticSectionsAndLiveResults() throws {
        let friends = try people([1, 2])
        let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
        enum Element: Hashable { case profile, signOut, friend(Person), noResults }

        let header = try StaticSections<Element> {
            StaticSection("Account") {
                StaticRow(.profile)
                StaticRow(.signOut)
            }
        }
        let screen = ResultsComposition<Element>([
            .part(header),
            .part(friends, as: Element.friend, placeholder: .row(.noResults)),
        ])
        let dataSource = ResultsDataSource(source: screen, view: view) { indexPath, row in "\(row)" }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        let checked = SourceScreen(screen)
        try friends.remove(keys: [1, 2])
        #expect(screen.reportedSnapshot.sections.map { Array($0) } == [[.profile, .signOut], [], [.noResults]], "the placeholder shows")
        #expect(view.exception == nil && view.cells == [["profile", "signOut"], [], ["noResults"]])
        checked.expectConsistent()
    }

    @Test func partsTurnTheirElementsIntoRows() throws {
        let header = try StaticSections<Element> { StaticSection("Account") { StaticRow(.profile) } }
        let friends = try people([1], section: "Friends")
        let suggestions = try people([])
        let screen = ResultsComposition<Element>([
            .part(header),                                          // StaticSections<Element>
            .part(friends, as: Element.friend),                          // ResultsController<Person, Int>
            .part(suggestions, as: Element.suggestion, placeholder: .row(.noSuggestions)),
        ])
        let composition = screen
        let checked = SourceScreen(composition)
        #expect(checked.rows == [[.profile], [.friend(Person(id: 1, name: "person 1"))], [], [.noSuggestions]])
        let newFriend = Person(id: 2, name: "person 2")
        try suggestions.add(newFriend)
        try composition.performBatchUpdates {
            try friends.add(newFriend)
            try suggestions.remove(key: newFriend.id)
        }
        #expect(checked.updates == 2, "the batch is one update")
        #expect(checked.rows == [[.profile], [.friend(Person(id: 1, name: "person 1")), .friend(newFriend)], [], [.noSuggestions]])
        try composition.foldSection(.init(part: 1, name: "Friends"))
        #expect(checked.rows == [[.profile], [], [], [.noSuggestions]], "the section's rows hidden, its header kept")
        checked.expectConsistent()
    }

    @Test func aPartThatAcceptsRowsTakesThemDraggedOrInserted() throws {
        let friends = try people([1])
        let enemies = try people([2])
        let screen = ResultsComposition<Row>([
            .part(friends, as: Row.friend),
            .part(enemies, as: Row.enemy, accepting: { row in
                if case let .friend(person) = row { person } else { nil }
            }),
        ])
        let checked = SourceScreen(screen)
        let newPerson = Person(id: 3, name: "person 3")
        try screen.insertRow(.friend(newPerson), at: ResultsIndexPath(row: 0, section: 1), in: screen.reportedSnapshot)
        #expect(enemies.snapshot.elements.map(\.id) == [3, 2])
        try screen.moveRow(from: ResultsIndexPath(row: 0, section: 0), to: ResultsIndexPath(row: 0, section: 1), in: screen.reportedSnapshot)
        #expect(friends.snapshot.isEmpty && enemies.snapshot.elements.map(\.id) == [1, 3, 2], "a friend dragged to the enemies")
        checked.expectConsistent()
    }

    @Test func partsComeAtRunTime() throws {
        let friends = try people([1])
        let suggestions = try people([2])
        let screen = ResultsComposition<Element>([.part(friends, as: Row.friend)])
        let checked = SourceScreen(screen)
        try screen.insertPart(.part(suggestions, as: Row.suggestion), at: 1)
        #expect(checked.rows == [[.friend(Person(id: 1, name: "person 1"))], [.suggestion(Person(id: 2, name: "person 2"))]])
        checked.expectConsistent()
    }

    @Test func aPlaceholderShowsWhileItsPartIsEmpty() throws {
        let searchResults = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let screen = ResultsComposition<Element>([
            .part(searchResults, as: Element.product, placeholder: .row(.noResults))
        ])
        let checked = SourceScreen(screen)
        #expect(checked.rows == [[], [.noResults]])
        try searchResults.add(Product(id: 1, name: "Kindle"))
        #expect(checked.rows == [[.product(Product(id: 1, name: "Kindle"))]])
        checked.expectConsistent()
    }

    @Test func aFilterAcrossPartsIsALiveSearch() throws {
        let header = try StaticSections<Element> { StaticSection("Account") { StaticRow(.profile) } }
        let products = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        try products.setData([Product(id: 1, name: "Kindle"), Product(id: 2, name: "Echo")])
        let screen = ResultsComposition<Element>([.part(header), .part(products, as: Element.product)])
        let checked = SourceScreen(screen)
        let query = "kin"
        try screen.addFilter(ResultsFilter(title: "search") { row in
            if case let .product(product) = row { product.name.localizedStandardContains(query) } else { true }
        })
        #expect(checked.rows == [[.profile], [.product(Product(id: 1, name: "Kindle"))]])
        checked.expectConsistent()
    }

    @Test func aRowKeyTakesItsPartsKeyType() throws {
        let friends = try people([1])
        let players = ResultsController(store: ResultsStore<Player, Int64>(key: \.rowid))
        try players.setData([Player(rowid: 41, name: "Ada"), Player(rowid: 42, name: "Bo")])
        let screen = ResultsComposition<Element>([.part(friends, as: Element.friend), .part(players, as: Element.player)])
        let checked = SourceScreen(screen)
        let indexPath = ResultsIndexPath(row: 1, section: 1)
        var taps = 0
        let tapped = screen.reportedSnapshot.key(at: indexPath)
        if tapped == .row(part: 1, showing: players, key: 42) { taps += 1 }
        #expect(taps == 1)
        try screen.remove(key: .row(part: 1, showing: players, key: 42))
        #expect(players.snapshot.elements.map(\.rowid) == [41])
        checked.expectConsistent()
    }

    @Test func aSnapshotLocatesARowInItsPart() throws {
        let friends = try people([1])
        let enemies = try people([2, 3])
        let composition = ResultsComposition<Element>([.part(friends, as: Element.friend), .part(enemies, as: Element.enemy)])
        let tapped = ResultsIndexPath(row: 1, section: 1)
        var found: (part: Int, indexPath: ResultsIndexPath)?
        let snapshot = composition.reportedSnapshot
        if case let .row(part, indexPath)? = snapshot.location(of: tapped) { found = (part, indexPath) }
        #expect(found?.part == 1 && found?.indexPath == ResultsIndexPath(row: 1, section: 0))
    }

    @Test func staticSectionsAreDeclaredAndReplaced() throws {
        let isSignedIn = false
        let declared = try StaticSections<Element> {
            StaticSection("Account") {
                StaticRow(.profile)
                if isSignedIn { StaticRow(.signOut) }
            }
            StaticSection("About") {
                StaticRow(.signOut)                        // a Hashable row is its own identity
                StaticRow(.version("1.2"), id: "version")   // one whose content changes keeps its id
            }
        }
        #expect(declared.sections.map { $0.rows.map(\.id) } == [[AnyHashable(Element.profile)], [AnyHashable(Element.signOut), AnyHashable("version")]])

        let settings = try StaticSections<Element> {
            StaticSection("Account") {
                StaticRow(.profile)
                StaticRow(.signOut)
            }
        }
        let screen = SourceScreen(settings)
        try settings.setSections {                // animated: a section inserted above, rows kept
            StaticSection("Beta") { StaticRow(.experiments) }
            StaticSection("Account") { StaticRow(.profile); StaticRow(.signOut) }
        }
        let changes = try #require(screen.lastUpdate).changeset
        #expect(changes.sectionChanges == [.insert(at: 0, name: "Beta")] && changes.elementChanges.isEmpty)
        screen.expectConsistent()

        let header = try StaticSections<Element> {
            StaticSection("About") { StaticRow(.profile); StaticRow(.version("1.2"), id: "version") }
        }
        let profile = header.key(ofRow: Element.profile)
        let version = header.key(ofRow: "version")
        #expect(header.reportedSnapshot.key(at: ResultsIndexPath(row: 0, section: 0)) == profile)
        #expect(header.reportedSnapshot.key(at: ResultsIndexPath(row: 1, section: 0)) == version)
    }

    @Test func anObservationIsKeptOrLost() throws {
        let friends = try people([])
        let composition = ResultsComposition<Element>([.part(friends, as: Element.friend)])
        var updates = 0
        let observation = composition.observe { update in updates += 1 }   // keep it
        try friends.add(Person(id: 1, name: "one"))
        #expect(updates == 1)
        observation.cancel()
    }
}
