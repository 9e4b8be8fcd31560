import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// `search(for:in:)` by words: the text is trimmed and split at
/// whitespace, and a row matches when every word is found in one of the
/// fields, as Mail and Finder search.
@Suite("Search as people type it: every word, in any field")
@MainActor
struct SearchByWordsTests {
    struct Product: Equatable, Sendable {
        var id: Int
        var name: String
        var company: String
    }

    static let catalogue = [
        Product(id: 1, name: "iPhone", company: "Apple"),
        Product(id: 2, name: "Watch", company: "Apple"),
        Product(id: 3, name: "Galaxy", company: "Samsung"),
        Product(id: 4, name: "iPhone case", company: "Belkin"),
        Product(id: 5, name: "Café crème", company: "Nespresso"),
    ]

    /// A controller of the catalogue shown by a data source in a simulated
    /// collection view; every update checked by the validator.
    @MainActor
    final class Screen {
        let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
        let screen: SourceScreen<ResultsController<Product, Int>>

        init() throws {
            try controller.setData(SearchByWordsTests.catalogue)
            screen = SourceScreen(controller)
        }

        /// Types `text` in the search field; returns the ids shown, after
        /// checking the view and the batch.
        func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
            try controller.search(for: text, in: [\.name, \.company])
            screen.expectConsistent(sourceLocation: sourceLocation)
            return controller.snapshot.elements.map(\.id)
        }
    }

    @Test func aLeadingSpaceStillFindsTheIPhone() throws {
        let screen = try Screen()
        #expect(try screen.type(" iphone") == [1, 4])
        #expect(try screen.type("iphone ") == [1, 4])
        #expect(try screen.type("\tiphone\n") == [1, 4])
    }

    @Test func oneWordInTheCompanyAndOneInTheNameFindTheIPhoneOfApple() throws {
        let screen = try Screen()
        #expect(try screen.type("apple iphone") == [1])
        #expect(try screen.type("iphone apple") == [1], "in any order")
        #expect(try screen.type("apple  watch") == [2], "several spaces are one")
        #expect(try screen.type("apple galaxy") == [], "every word must be found")
    }

    @Test func twoWordsOfOneFieldMatchInAnyOrder() throws {
        let screen = try Screen()
        #expect(try screen.type("iphone case") == [4])
        #expect(try screen.type("case iphone") == [4])
        #expect(try screen.type("creme cafe") == [5], "each word ignores case and diacritics")
    }

    @Test func typingWordByWordNarrowsTheTable() throws {
        let screen = try Screen()
        #expect(try screen.type("a") == [1, 2, 3, 4, 5])
        #expect(try screen.type("ap") == [1, 2])
        #expect(try screen.type("apple") == [1, 2])
        #expect(try screen.type("apple ") == [1, 2])
        #expect(try screen.type("apple i") == [1])
        #expect(try screen.type("apple ") == [1, 2], "a backspace widens it again")
    }

    @Test func textWithoutAWordShowsEverything() throws {
        let screen = try Screen()
        #expect(try screen.type("watch") == [2])
        #expect(try screen.type("   ") == [1, 2, 3, 4, 5])
        #expect(screen.controller.store.filters.isEmpty, "the search filter is removed")
        #expect(try screen.type("") == [1, 2, 3, 4, 5])
    }

    @Test func aRepeatedWordCountsOnce() throws {
        let screen = try Screen()
        #expect(try screen.type("apple apple APPLE") == [1, 2])
    }

    @Test func anOutlineSearchesByWordsToo() throws {
        struct File: Equatable, Sendable {
            var id: Int
            var parent: Int?
            var name: String
        }
        let outline = ResultsOutline<File, Int>(key: \.id, parentKey: \.parent)
        try outline.setData([
            File(id: 1, parent: nil, name: "Invoices"), File(id: 2, parent: 1, name: "March invoice"),
            File(id: 3, parent: 1, name: "April invoice"), File(id: 4, parent: nil, name: "March photos"),
        ])
        try outline.search(for: " invoice march ", in: [.field(\.name)])
        #expect(outline.snapshot.elements.map(\.element.id) == [1, 2], "the match, with its folder")
    }

    /// The oracle: on random short lowercase names and companies and random
    /// texts with spaces, a row shows exactly when every word of the text
    /// is in its name or its company.
    @Test func everyWordInOneOfTheFieldsIsTheRule() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5EA2C4)
        func word(_ length: Int) -> String { String((0..<length).map { _ in "abc".randomElement(using: &random)! }) }
        var store = ResultsStore<Product, Int>(key: \.id)
        try store.setData((0..<200).map { Product(id: $0, name: word(4) + " " + word(3), company: word(3)) })
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                String(repeating: " ", count: Int.random(in: 0...2, using: &random)) + word(Int.random(in: 1...3, using: &random))
            }.joined() + (Bool.random(using: &random) ? " " : "")
            store.search(for: text, in: [\Product.name, \Product.company])
            let words = text.split(separator: " ").map(String.init)
            let expected = store.allElements.filter { product in
                words.allSatisfy { product.name.contains($0) || product.company.contains($0) }
            }
            #expect(store.snapshot.elements == expected, "\"\(text)\"")
        }
    }
}
