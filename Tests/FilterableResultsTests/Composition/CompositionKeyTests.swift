import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A composed row's key: its part's identity and its key there, the key's
/// type erased by `PartKey`.
@MainActor
@Suite("Composition keys")
struct CompositionKeyTests {
    typealias Key = ResultsComposition<Row>.Key
    typealias PartKey = ResultsComposition<Row>.PartKey

    @Test func aPartKeyEqualsOnlyAnEqualKeyOfItsOwnType() {
        #expect(PartKey(1) == PartKey(1))
        #expect(PartKey(1) != PartKey(2))
        #expect(PartKey(1) != PartKey(Int8(1)) && PartKey(Int8(1)) != PartKey(1), "a part's keys have one type")
        #expect(PartKey(Optional(1)) != PartKey(1) && PartKey(1) != PartKey(Optional(1)), "a cast would unwrap the optional")
        #expect(PartKey(Optional(1)) == PartKey(Optional(1)))
        #expect(PartKey(1) != PartKey("1"))
        #expect(PartKey("a").base as? String == "a")
    }

    @Test func anAnyHashableOrAPartKeyIsUnwrapped() {
        let wrapped = PartKey(AnyHashable(5))
        #expect(wrapped == PartKey(5) && PartKey(5) == wrapped)
        #expect(wrapped.hashValue == PartKey(5).hashValue)
        #expect(wrapped.base is Int, "\(type(of: wrapped.base))")
        #expect(PartKey(PartKey("x")) == PartKey("x") && PartKey(PartKey("x")).base is String)
        #expect(Key.row(part: 1, partKey: PartKey(PartKey(5))) == .row(part: 1, partKey: PartKey(5)))
        #expect(Key.row(part: 1, partKey: PartKey(AnyHashable(5))) == .row(part: 1, partKey: PartKey(5)))
        #expect(Key.row(part: 1, partKey: PartKey(5)) != .row(part: 2, partKey: PartKey(5)))
    }

    @Test func equalKeysHashAlikeAndASetKeepsOneOfEach() {
        var rng = SeededRandomNumberGenerator(seed: 24)
        var keys: [Key] = []
        var identities: [String] = []   // what each key is, by hand: an Int wrapped in AnyHashable is the Int
        for _ in 0..<2_000 {
            let value = Int.random(in: 0..<50, using: &rng), part = Int.random(in: 0..<3, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: (keys, identities) = (keys + [.row(part: part, partKey: PartKey(value))], identities + ["\(part) Int \(value)"])
            case 1: (keys, identities) = (keys + [.row(part: part, partKey: PartKey("\(value)"))], identities + ["\(part) String \(value)"])
            case 2: (keys, identities) = (keys + [.row(part: part, partKey: PartKey(AnyHashable(value)))], identities + ["\(part) Int \(value)"])
            default: (keys, identities) = (keys + [.placeholder(part: part, row: value)], identities + ["\(part) placeholder \(value)"])
            }
        }
        for (a, b) in zip(keys, keys.shuffled(using: &rng)) where a == b {
            #expect(a.hashValue == b.hashValue, "\(a)")
        }
        for i in 0..<200 {
            for j in 0..<200 {
                #expect((keys[i] == keys[j]) == (identities[i] == identities[j]), "\(keys[i]), \(keys[j])")
                if keys[i] == keys[j] { #expect(keys[i].hashValue == keys[j].hashValue) }
            }
        }
        #expect(Set(keys).count == Set(identities).count)
    }

    @Test func aKeyDescribesItsPartAndItsKey() {
        #expect(Key.row(part: 1, partKey: PartKey(42)).description == "part 1: 42")
        #expect(Key.row(part: 0, partKey: PartKey("profile")).description == #"part 0: "profile""#)
        #expect(Key.placeholder(part: 1, row: 0).description == "placeholder of part 1, row 0")
        #expect(Key.placeholder(part: nil, row: 2).description == "placeholder, row 2")
    }

    /// Keys that are not equal because their types differ are described
    /// apart: the type shows where a literal would not have it.
    @Test func aKeyOfAnotherTypeShowsItsType() {
        #expect(Key.row(part: 0, partKey: PartKey(Int64(42))).description == "part 0: 42 as Int64")
        #expect(PartKey(Int64(42)).description != PartKey(42).description)
        #expect(PartKey("42").description == #""42""# && PartKey("42").description != PartKey(42).description)
        #expect(PartKey(Optional(1)).description == "Optional(1) as Optional<Int>")
        #expect(PartKey(Plan.pro).description == "pro as Plan")
        #expect(PartKey(PlayerID(raw: 7)).description == "PlayerID(raw: 7)", "a description that names its type is enough")
        let nested = Key.row(part: 1, partKey: PartKey(Key.row(part: 2, partKey: PartKey(3))))
        #expect(nested.description == "part 1: (part 2: 3)")
        // However many keys of one part, their descriptions differ where they differ.
        let kinds: [PartKey] = [PartKey(42), PartKey(Int64(42)), PartKey(Int32(42)), PartKey(UInt(42)), PartKey("42"), PartKey(42.0), PartKey(Optional(42))]
        for (i, a) in kinds.enumerated() {
            for (j, b) in kinds.enumerated() where i != j {
                #expect(a != b && a.description != b.description, "\(a), \(b)")
            }
        }
    }

    /// A part keyed by `Int64` (a database's rowids): a key built from a
    /// literal with ``ResultsComposition/Key/row(part:showing:key:)`` is an
    /// `Int64`, so it names the row the composition shows.
    @Test func aLiteralKeyTakesThePartsKeyType() throws {
        let tags = ResultsController(store: ResultsStore<Entry, Int>.items())
        let players = ResultsController(store: ResultsStore<Player, Int64>(key: \.rowid))
        try tags.setData([Entry(id: 42)])
        try players.setData([Player(rowid: 41, name: "Ada"), Player(rowid: 42, name: "Bo")])
        let composition = ResultsComposition<Row>([
            .part(tags, as: { Row.entry(source: 1, $0) }),
            .part(players, as: { Row.entry(source: 2, Entry(id: Int($0.rowid))) }),
        ])
        let screen = CompositionScreen(composition)
        let shown = try #require(composition.reportedSnapshot.key(at: visible(1, 1)))
        #expect(shown == .row(part: 1, showing: players, key: 42))
        #expect(shown.description == "part 1: 42 as Int64")
        #expect(composition.reportedSnapshot.key(at: visible(0, 0)) == .row(part: 0, showing: tags, key: 42))
        // The mistake the typed builder prevents: an `Int` 42 names no row of the part, and says why.
        let untyped = Key.row(part: 1, partKey: PartKey(42))
        #expect(untyped != shown && untyped.description != shown.description)

        #expect(try composition.remove(key: .row(part: 1, showing: players, key: 42)))
        #expect(players.snapshot.elements.map(\.rowid) == [41])
        #expect(screen.problems().isEmpty, "\(screen.problems())")
    }
}

/// A plan, as an enum key.
private enum Plan: Hashable { case free, pro }

/// An identifier whose description names its type.
private struct PlayerID: Hashable { var raw: Int }

/// A row of a database table, keyed by its rowid.
private struct Player: Hashable, Sendable {
    var rowid: Int64
    var name: String
}
