@testable import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

@Suite("Folding strings for [c], [d] and live search")
struct StringFoldingTests {
    static let allOptions: [StringFolding.Options] = [.caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive]]

    /// The bytes the fast path folds `string` to.
    static func fastFold(_ string: String, _ options: StringFolding.Options) -> [UInt8] {
        StringFolding.withFoldedUTF8(string, options) { Array($0) }
    }

    @Test(arguments: allOptions)
    func everyTwoByteScalarFoldsAsTheWholeStringWould(options: StringFolding.Options) {
        for value in UInt32(0x80)..<0x800 {
            let text = "A" + String(Unicode.Scalar(value)!) + "z"
            #expect(Self.fastFold(text, options) == Array(StringFolding.fold(text, options).utf8), "U+\(String(value, radix: 16))")
        }
    }

    @Test(arguments: allOptions)
    func everyThreeByteScalarFoldsAsTheWholeStringWould(options: StringFolding.Options) {
        // Hangul syllables fold to their jamo, kana with a voicing mark to the bare kana.
        for value in UInt32(0x800)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "A" + String(scalar) + "é"
            let fast = Self.fastFold(text, options), slow = Array(StringFolding.fold(text, options).utf8)
            if fast != slow { Issue.record("U+\(String(value, radix: 16)): \(fast) folded, not \(slow)") }
        }
    }

    @Test func threeByteTextTakesTheTable() {
        // The table holds what the slow path gives: a Hangul syllable becomes its three jamo.
        let hangul = Array("한".utf8)
        var buffer = [UInt8](repeating: 0, count: BasicPlaneFolding.caseAndDiacriticInsensitive.capacity(forBytes: 3))
        let written = hangul.withUnsafeBufferPointer { text in
            buffer.withUnsafeMutableBufferPointer { BasicPlaneFolding.caseAndDiacriticInsensitive.fold(text, lowercasingASCII: true, into: $0) }
        }
        #expect(written == 9 && Array(buffer[..<9]) == Array("\u{1112}\u{1161}\u{11AB}".utf8))
        #expect(Self.fastFold("ガ", .diacriticInsensitive) == Array("カ".utf8))
        #expect(Self.fastFold("東京", [.caseInsensitive, .diacriticInsensitive]) == Array("東京".utf8))
        #expect(SearchText("한국").isFound(in: "대한국민") && !SearchText("한국").isFound(in: "대한민국"))
    }

    @Test(arguments: allOptions)
    func randomTextFoldsAsTheSlowPathDoes(options: StringFolding.Options) {
        // ASCII, Latin, Greek, Cyrillic, combining marks, a ligature, CJK,
        // a Hangul syllable, an emoji with a skin tone.
        let pieces = ["a", "Z", " ", "É", "ß", "İ", "Σ", "ς", "Ж", "\u{301}", "\u{308}", "ﬁ", "東", "한", "👍🏽", "Ǆ", "ŉ", "ガ", "\u{3099}", "Ⅻ", "ｶ", "ǅ", "가"]
        var random = SeededRandomNumberGenerator(seed: 41)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Self.fastFold(text, options) == Array(StringFolding.fold(text, options).utf8), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func searchAgreesWithContainmentOfFoldedBytes() {
        let pieces = ["a", "b", "K", "é", "E", "\u{301}", "ñ", "N", "東", "👍", "ß", "ss"]
        var random = SeededRandomNumberGenerator(seed: 42)
        func folded(_ text: String) -> [UInt8] { Array(StringFolding.fold(text, SearchText.options).utf8) }
        func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
            needle.isEmpty || (needle.count <= text.count && (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle })
        }
        for _ in 0..<3_000 {
            let candidate = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let search = SearchText(text)
            #expect(search.isFound(in: candidate) == contains(folded(candidate), folded(text)), "\(text) in \(candidate)")
        }
    }

    @Test func searchMatchesAsContainsCDDoes() throws {
        let pairs: [(text: String, field: String)] = [
            ("É", "cafe"), ("cafe", "Café"), ("ss", "Straße"), ("STRASSE", "Straße"), ("ß", "STRAßE"),
            ("\u{301}", "Café"), ("ж", "ЖУК"), ("東京", "東京都"), ("i", "İstanbul"), ("👍", "ok 👍🏽"),
        ]
        for (text, field) in pairs {
            let filter = try ResultsFilter<FieldValue>(title: "t", format: "name CONTAINS[cd] %@", arguments: [.string(text)])
            #expect(SearchText(text).isFound(in: field) == filter(["name": .string(field)]), "\(text) in \(field)")
        }
        #expect(!SearchText("ss").isFound(in: "Straße"))
        #expect(SearchText("É").isFound(in: "cafe"))
    }

    @Test func aLongFieldAndANearMissTextAreSearchedInLinearTime() {
        // Comparing at every position would cost 200,000 × 1,000 steps.
        let field = String(repeating: "a", count: 200_000)
        let search = SearchText(String(repeating: "A", count: 999) + "b")
        #expect(!search.isFound(in: field))
        #expect(SearchText(String(repeating: "A", count: 1_000)).isFound(in: field))
    }
}

@Suite("Live search reads fields in place")
struct SearchFieldTests {
    struct Contact: Equatable, Sendable {
        var id: Int
        var tag: UInt8 = 0
        var name: String
        var nickname: String?
        var email: String
        var initials: String { String(name.prefix(1)) }
    }

    final class Box: Sendable {
        let id: Int
        let name: String
        init(id: Int, name: String) { self.id = id; self.name = name }
    }

    static let contacts = [
        Contact(id: 1, name: "Zoë Adams", nickname: nil, email: "zoe@example.com"),
        Contact(id: 2, name: "Ann Lee", nickname: "Annie", email: "ann@zürich.ch"),
        Contact(id: 3, name: "Bob Stone", nickname: "Zed", email: "a long address, long enough to be stored out of line @example.com"),
    ]

    func ids(_ text: String, _ fields: [ResultsFilter<Contact>.SearchField]) throws -> [Int] {
        var store = ResultsStore<Contact, Int>(key: \.id)
        try store.setData(Self.contacts)
        store.search(for: text, in: fields)
        return store.snapshot.elements.map(\.id)
    }

    @Test func storedPlainAndOptionalFieldsAreReadAtTheirOffsets() throws {
        #expect(MemoryLayout<Contact>.offset(of: \Contact.name) != nil)
        #expect(try ids("ZO", [.field(\.name)]) == [1])
        #expect(try ids("z", [.field(\.name), .field(\.nickname)]) == [1, 3])
        #expect(try ids("zur", [.field(\.email)]) == [2])
        #expect(try ids("OUT OF LINE", [.field(\.email)]) == [3])
        #expect(try ids("annie", [.field(\.nickname)]) == [2])
    }

    @Test func computedPropertiesAndClassPropertiesAreReadThroughTheirKeyPaths() throws {
        #expect(MemoryLayout<Contact>.offset(of: \Contact.initials) == nil)
        #expect(try ids("b", [.field(\.initials)]) == [3])
        var store = ResultsStore<Box, Int>(key: \.id)
        try store.setData([Box(id: 1, name: "Crème"), Box(id: 2, name: "Brûlée")])
        store.search(for: "CREME", in: [\.name])
        #expect(store.snapshot.elements.map(\.id) == [1])
    }
}
