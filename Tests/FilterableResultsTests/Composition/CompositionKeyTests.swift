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
        #expect(Key.row(part: 1, key: PartKey(5)) == .row(part: 1, key: 5))
        #expect(Key.row(part: 1, key: AnyHashable(5)) == .row(part: 1, partKey: PartKey(5)))
        #expect(Key.row(part: 1, key: 5) != .row(part: 2, key: 5))
    }

    @Test func equalKeysHashAlikeAndASetKeepsOneOfEach() {
        var rng = SeededRandomNumberGenerator(seed: 24)
        var keys: [Key] = []
        var identities: [String] = []   // what each key is, by hand: an Int wrapped in AnyHashable is the Int
        for _ in 0..<2_000 {
            let value = Int.random(in: 0..<50, using: &rng), part = Int.random(in: 0..<3, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: (keys, identities) = (keys + [.row(part: part, key: value)], identities + ["\(part) Int \(value)"])
            case 1: (keys, identities) = (keys + [.row(part: part, key: "\(value)")], identities + ["\(part) String \(value)"])
            case 2: (keys, identities) = (keys + [.row(part: part, key: AnyHashable(value))], identities + ["\(part) Int \(value)"])
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
        #expect(Key.row(part: 1, key: 42).description == "part 1: 42")
        #expect(Key.row(part: 0, key: "profile").description == "part 0: profile")
    }
}
