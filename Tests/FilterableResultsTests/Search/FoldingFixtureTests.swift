@testable import FilterableResults
import Testing

/// The folds checked against values computed outside Swift (the fixtures'
/// generator reads Python's Unicode data), in scripts whose marks lie outside
/// U+0300–U+036F: a fold that kept those marks would fail here, though its
/// fast and slow paths would still agree with each other.
@Suite("Folding against independent fixtures")
struct FoldingFixtureTests {
    @Test func theSlowPathFoldsAsTheUnicodeDataSays() {
        for word in FoldingFixtures.words {
            for (options, expected) in word.folds {
                let folded = StringFolding.fold(word.text, options)
                #expect(Array(folded.unicodeScalars) == Array(expected.unicodeScalars), "\(word.script) \(word.text) \(options)")
            }
        }
    }

    @Test func theFastPathFoldsAsTheUnicodeDataSays() {
        for word in FoldingFixtures.words {
            for (options, expected) in word.folds {
                let folded = StringFolding.withFoldedUTF8(word.text, options) { Array($0) }
                #expect(folded == Array(expected.utf8), "\(word.script) \(word.text) \(options)")
            }
        }
    }

    @Test func liveSearchFindsEveryWordByItsBareLetters() {
        for word in FoldingFixtures.words {
            guard let bare = word.folds.first(where: { $0.0 == [.caseInsensitive, .diacriticInsensitive] })?.1 else { continue }
            #expect(SearchText(bare).isFound(in: "« \(word.text) »"), "\(word.script) \(word.text)")
        }
    }

    @Test func theFixturesCoverTheScriptsWhoseMarksWereMissed() {
        let scripts = Set(FoldingFixtures.words.map(\.script))
        for script in ["Hebrew points", "Arabic harakat", "Devanagari marks", "Thai marks", "Vietnamese stacked marks", "Hangul"] {
            #expect(scripts.contains(script), "\(script)")
        }
        // Every fixture changes under [d]: it has marks to lose (or, in Hangul, syllables to decompose).
        #expect(FoldingFixtures.words.allSatisfy { word in
            word.folds.contains { $0.0 == .diacriticInsensitive && !$0.1.unicodeScalars.elementsEqual(word.text.unicodeScalars) }
        })
    }
}
