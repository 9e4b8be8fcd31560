import FilterableResults
import FilterableResultsTesting
import Testing

/// The documentation's examples of the words every source shares, run and
/// checked: batches, filters and search on a composition, mapping a source
/// and a changeset, an outline's search by key paths.
@MainActor
@Suite("Documentation examples: one vocabulary")
struct VocabularyExamplesTests {
    struct Person: Hashable, Sendable { var id: Int; var name: String }
    struct Message: Hashable, Sendable { var id: Int; var text: String; var isRead: Bool }
    struct Player: Hashable, Sendable { var id: Int64; var name: String }
    struct File: Hashable, Sendable { var id: Int; var parent: Int?; var name: String; var size: Int }

    enum Row: Hashable, Sendable {
        case person(Person)
        case message(Message)
        case player(Player)

        var title: String {
            switch self {
            case let .person(person): person.name
            case let .message(message): message.text
            case let .player(player): player.name
            }
        }
    }

    @Test func aBatchAcrossPartsIsOneAtomicUpdate() throws {
        let friends = ResultsController(store: ResultsStore<Person, Int>(key: \.id))
        let suggestions = ResultsController(store: ResultsStore<Person, Int>(key: \.id))
        let newFriend = Person(id: 7, name: "Grace")
        try suggestions.setData([newFriend, Person(id: 8, name: "Alan")])
        let composition = ResultsComposition<Row>([.part(friends, as: Row.person), .part(suggestions, as: Row.person)])
        let screen = SourceScreen(composition)
        try composition.performBatchUpdates { () throws(ResultsError) in
            try friends.add(newFriend)
            try suggestions.remove(key: newFriend.id)
        }
        #expect(screen.updates == 1)
        #expect(screen.rows == [[.person(newFriend)], [.person(Person(id: 8, name: "Alan"))]])
        screen.expectConsistent()
    }

    @Test func aCompositionFiltersAndSearchesItsRows() throws {
        let messages = ResultsController(store: ResultsStore<Message, Int>(key: \.id))
        try messages.setData([Message(id: 1, text: "Lunch?", isRead: true), Message(id: 2, text: "Launch at noon", isRead: false)])
        let players = ResultsController(store: ResultsStore<Player, Int64>(key: \.id))
        try players.setData([Player(id: 1, name: "Ada")])
        let rows = players.map { Row.player($0) }
        let screen = ResultsComposition<Row>([.part(messages, as: Row.message), .part(rows)])
        let shown = SourceScreen(screen)
        try screen.addFilter(ResultsFilter(title: "Unread") { row in
            if case let .message(message) = row { !message.isRead } else { true }
        })
        #expect(shown.rows == [[.message(Message(id: 2, text: "Launch at noon", isRead: false))], [.player(Player(id: 1, name: "Ada"))]])
        let query = "ada"
        try screen.search(for: query, in: [.field(\.title)])
        #expect(shown.rows == [[], [.player(Player(id: 1, name: "Ada"))]])
        try screen.clearFilters()
        #expect(shown.rows.joined().count == 3)
        shown.expectConsistent()
    }

    @Test func aChangesetMapsItsElements() throws {
        let changeset = try ResultsStore<Person, Int>.changeset(
            from: [ResultsSection(name: nil, elements: [])],
            to: [ResultsSection(name: nil, elements: [Person(id: 1, name: "Ada")])], key: \.id)
        let titles = changeset.map(\.name)   // a ResultsChangeset<String, Int>
        #expect(titles.elementChanges.map(\.element) == ["Ada"])
        #expect(titles.elementChanges.map(\.key) == changeset.elementChanges.map(\.key))
    }

    @Test func anySourceBatchesWithTypedThrows() throws {
        let source = ResultsController(store: ResultsStore<Person, Int>(key: \.id))
        try source.performBatchUpdates { () throws(ResultsError) in
            try source.add(Person(id: 1, name: "Ada"))
        }
        #expect(source.reportedSnapshot.count == 1)
    }

    @Test func anOutlineSearchesKeyPaths() throws {
        let outline = ResultsOutline<File, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([File(id: 1, parent: nil, name: "Photos", size: 0), File(id: 2, parent: 1, name: "cat.jpg", size: 2048)])
        let query = "2048"
        try outline.search(for: query, in: [\.name, \.size])
        #expect(outline.reportedSnapshot.elements.map(\.element.name) == ["Photos", "cat.jpg"], "a match shows with its folder")
    }
}
