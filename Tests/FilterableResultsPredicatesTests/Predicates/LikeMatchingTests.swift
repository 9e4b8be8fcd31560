import FilterableResults
@_spi(Testing) import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A plain recursive `LIKE` matcher over Unicode scalars: the reference the
/// real matcher is checked against (exponential, so only for short inputs).
private func referenceLike(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
        let rest = Array(pattern.dropFirst())
        return referenceLike(rest, text) || (!text.isEmpty && referenceLike(pattern, Array(text.dropFirst())))
    case "?":
        return !text.isEmpty && referenceLike(Array(pattern.dropFirst()), Array(text.dropFirst()))
    case "\\" where pattern.count > 1:
        return text.first == pattern[1] && referenceLike(Array(pattern.dropFirst(2)), Array(text.dropFirst()))
    default:
        return text.first == first && referenceLike(Array(pattern.dropFirst()), Array(text.dropFirst()))
    }
}

@Suite("LIKE matching")
struct LikeMatchingTests {
    @Test("agrees with a recursive reference on random short patterns and texts")
    func differential() {
        var random = SeededRandomNumberGenerator(seed: 0x11CE)
        let patternAlphabet: [Unicode.Scalar] = ["a", "b", "é", "😀", "*", "?", "\\", "a", "*"]
        let textAlphabet: [Unicode.Scalar] = ["a", "b", "é", "😀", "*", "?", "\\"]
        var matched = 0
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...8, using: &random)).map { _ in patternAlphabet.randomElement(using: &random)! }
            let text = (0..<Int.random(in: 0...9, using: &random)).map { _ in textAlphabet.randomElement(using: &random)! }
            let patternText = String(String.UnicodeScalarView(pattern))
            let textText = String(String.UnicodeScalarView(text))
            let expected = referenceLike(pattern, text)
            let actual = PredicateMatcherTesting.like(patternText, textText).matches
            #expect(actual == expected, "\(patternText) LIKE \(textText)")
            if expected { matched += 1 }
            if actual != expected { return }
        }
        #expect(matched > 1_000)  // The inputs exercise matches, not only failures.
    }

    @Test("agrees with the reference through predicates, with [c] and [d] folding both sides")
    func differentialWithModifiers() throws {
        var random = SeededRandomNumberGenerator(seed: 0xF01D)
        let patternAlphabet: [Unicode.Scalar] = ["a", "B", "É", "e", "\u{301}", "*", "?"]
        let textAlphabet: [Unicode.Scalar] = ["A", "b", "é", "E", "\u{301}"]
        for _ in 0..<3_000 {
            let pattern = (0..<Int.random(in: 0...6, using: &random)).map { _ in patternAlphabet.randomElement(using: &random)! }
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in textAlphabet.randomElement(using: &random)! }
            let patternText = String(String.UnicodeScalarView(pattern))
            let textText = String(String.UnicodeScalarView(text))
            for modifier in ["", "[c]", "[d]", "[cd]"] {
                var options: FormatPredicateTestingOptions = []
                if modifier.contains("c") { options.insert(.caseInsensitive) }
                if modifier.contains("d") { options.insert(.diacriticInsensitive) }
                let expected = referenceLike(
                    Array(options.fold(patternText).unicodeScalars), Array(options.fold(textText).unicodeScalars))
                let predicate = try FormatPredicate("t LIKE\(modifier) \"\(patternText)\"")
                let object: FieldValue = ["t": .string(textText), "p": .string(patternText)]
                #expect(predicate.evaluate(object) == expected, "\(textText) LIKE\(modifier) \(patternText)")
                // A pattern read from the object is compiled for each evaluation.
                #expect(try FormatPredicate("t LIKE\(modifier) p").evaluate(object) == expected)
            }
        }
    }

    @Test("a pathological pattern costs text plus pattern, not their product", arguments: [
        (LongText("a", times: 20_000), "*" + LongText("a", times: 10_000) + "b", false),
        (LongText("a", times: 20_000) + "b", "*" + LongText("a", times: 10_000) + "b", true),
        (LongText("ab", times: 10_000), "*" + LongText("ab", times: 5_000) + "a*c", false),
        (LongText("a", times: 20_000), LongText("*a", times: 5_000) + "*b*", false),
        (LongText("é", times: 20_000), "*" + LongText("é", times: 10_000) + "e", false),
    ] as [(LongText, LongText, Bool)])
    func pathologicalLiteral(text: LongText, pattern: LongText, expected: Bool) {
        let (text, pattern) = (text.text, pattern.text)
        let (matches, steps) = PredicateMatcherTesting.like(pattern, text)
        #expect(matches == expected)
        // Knuth–Morris–Pratt examines each byte at most twice.
        #expect(steps <= 3 * (text.utf8.count + pattern.utf8.count))
    }

    @Test("a pathological pattern with ? costs text times its 64-scalar words", arguments: [
        (LongText("a", times: 20_000), "*" + LongText("a?", times: 1_000) + "b*", false),
        (LongText("a", times: 20_000) + "b", "*" + LongText("?a", times: 1_000) + "b", true),
        (LongText("😀", times: 20_000), "*" + LongText("?😀", times: 100) + "b*", false),
    ] as [(LongText, LongText, Bool)])
    func pathologicalWildcard(text: LongText, pattern: LongText, expected: Bool) {
        let (text, pattern) = (text.text, pattern.text)
        let (matches, steps) = PredicateMatcherTesting.like(pattern, text)
        #expect(matches == expected)
        let scalars = pattern.unicodeScalars.count
        #expect(steps <= 2 * (text.utf8.count + pattern.utf8.count) + text.unicodeScalars.count * ((scalars + 63) / 64))
    }

    @Test("star segments are placed leftmost and never overlap", arguments: [
        ("a*a", "a", false), ("a*a", "aa", true), ("*a*a*", "a", false), ("*a*a*", "aba", true),
        ("ab*ba", "aba", false), ("ab*ba", "abba", true), ("?*?", "é", false), ("?*?", "é😀", true),
        ("*?é", "é", false), ("*?é", "aé", true), ("\\*", "*", true), ("\\*", "a", false),
        ("a\\", "a\\", true), ("*\\?", "x?", true), ("*\\?", "x", false), ("", "", true), ("*", "", true),
        ("**", "x", true), ("?", "", false), ("*?*", "😀", true),
    ])
    func edges(pattern: String, text: String, expected: Bool) {
        #expect(PredicateMatcherTesting.like(pattern, text).matches == expected)
    }
}

@Suite("CONTAINS searching")
struct ContainsSearchTests {
    @Test("agrees with a plain search on random texts, near misses included")
    func differential() {
        var random = SeededRandomNumberGenerator(seed: 0xC0DE)
        let alphabet: [Unicode.Scalar] = ["a", "a", "a", "b", "é"]
        for _ in 0..<5_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...300, using: &random)).map { _ in
                alphabet.randomElement(using: &random)!
            }))
            var needle = String(String.UnicodeScalarView((0..<Int.random(in: 0...40, using: &random)).map { _ in
                alphabet.randomElement(using: &random)!
            }))
            if Bool.random(using: &random), !text.isEmpty {
                // A needle taken from the text, so that it is found.
                let scalars = Array(text.unicodeScalars)
                let start = Int.random(in: 0..<scalars.count, using: &random)
                let end = Int.random(in: start...min(scalars.count, start + 60), using: &random)
                needle = String(String.UnicodeScalarView(scalars[start..<end]))
            }
            let expected = needle.isEmpty || text.utf8.count >= needle.utf8.count
                && (0...(text.utf8.count - needle.utf8.count)).contains { offset in
                    Array(text.utf8)[offset..<offset + needle.utf8.count].elementsEqual(needle.utf8)
                }
            #expect(PredicateMatcherTesting.contains(text, needle).contains == expected, "\(text) CONTAINS \(needle)")
        }
    }

    @Test("a needle of near misses costs text plus needle, not their product", arguments: [
        (LongText("a", times: 40_000), LongText("a", times: 20_000) + "b", false),
        (LongText("a", times: 40_000) + "b", LongText("a", times: 20_000) + "b", true),
        (LongText("ab", times: 20_000) + "abb", LongText("ab", times: 5_000) + "b", true),
    ] as [(LongText, LongText, Bool)])
    func pathological(text: LongText, needle: LongText, expected: Bool) throws {
        let (text, needle) = (text.text, needle.text)
        let (contains, steps) = PredicateMatcherTesting.contains(text, needle)
        #expect(contains == expected)
        #expect(steps <= 8 * (text.utf8.count + needle.utf8.count))
        let object: FieldValue = ["t": .string(text), "n": .string(needle)]
        #expect(try FormatPredicate("t CONTAINS n").evaluate(object) == expected)
        #expect(try FormatPredicate("n IN t").evaluate(object) == expected)
    }
}

/// The folding `[c]` and `[d]` apply, as the reference needs it.
private struct FormatPredicateTestingOptions: OptionSet {
    let rawValue: Int
    static let caseInsensitive = Self(rawValue: 1)
    static let diacriticInsensitive = Self(rawValue: 2)

    func fold(_ text: String) -> String {
        var result = text
        if contains(.caseInsensitive) { result = result.lowercased() }
        if contains(.diacriticInsensitive) {
            var scalars = String.UnicodeScalarView()
            for scalar in result.decomposedStringWithCanonicalMapping.unicodeScalars {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                default: scalars.append(scalar)
                }
            }
            result = String(scalars)
        }
        return result
    }
}
