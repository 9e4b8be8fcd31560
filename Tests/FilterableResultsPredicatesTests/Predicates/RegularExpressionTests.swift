import FilterableResults
@_spi(Testing) import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// Whether `text` matches the whole pattern for ICU, through
/// `NSRegularExpression`; `nil` when ICU does not compile it.
private func icuMatches(_ pattern: String, _ text: String, caseInsensitive: Bool = false) -> Bool? {
    guard let expression = try? NSRegularExpression(
        pattern: "\\A(?:" + pattern + ")\\z", options: caseInsensitive ? [.caseInsensitive] : []
    ) else { return nil }
    return expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
}

/// Evaluates `t MATCHES<modifier> pattern` against `["t": text]`.
private func predicateMatches(_ pattern: String, _ text: String, modifier: String = "") throws -> Bool {
    let object: FieldValue = ["t": .string(text)]
    return try FormatPredicate("t MATCHES\(modifier) %@", arguments: [.string(pattern)]).evaluate(object)
}

@Suite("MATCHES regular expressions")
struct RegularExpressionTests {
    @Test("patterns that make backtracking engines exponential answer right in linear steps", arguments: [
        ("(a+)+$", LongText("a", times: 30) + "!", false),
        ("(a+)+$", LongText("a", times: 30), true),
        ("(a+)+b|.*", LongText("a", times: 30), true),
        ("(a|a)*b", LongText("a", times: 40), false),
        ("(a*)*b", LongText("a", times: 40), false),
        ("(a|aa)+c", LongText("a", times: 40), false),
        ("(.*a){20}", LongText("a", times: 40), true),
        ("(.*a){20}", LongText("a", times: 19), false),
        ("^(\\w+\\s?)*$", LongText("word ", times: 20) + "!", false),
        ("(x+x+)+y", LongText("x", times: 5_000), false),
        ("([a-z]+)*[0-9]", LongText("abc", times: 2_000), false),
        ("(?:a?){30}a{30}", LongText("a", times: 30), true),
    ] as [(String, LongText, Bool)])
    func catastrophic(pattern: String, text: LongText, expected: Bool) throws {
        let text = text.text
        let (matches, steps, programSize) = try PredicateMatcherTesting.matches(pattern, text)
        #expect(matches == expected)
        // Each position visits each instruction at most twice (closure and
        // reading), whatever the pattern.
        let scalars = text.unicodeScalars.count
        #expect(steps <= 2 * programSize * (scalars + 1))
        #expect(try predicateMatches(pattern, text) == expected)
    }

    @Test("laziness cannot hide a match, unlike ICU's lazy loops over empty iterations", arguments: [
        ("(a?|-)+?", "(a?|-)+", "-"), ("(?:a*|b)+?", "(?:a*|b)+", "b"), ("(x?)+?y", "(x?)+y", "y"),
    ])
    func lazinessCannotHideAMatch(lazy: String, greedy: String, text: String) throws {
        #expect(try PredicateMatcherTesting.matches(lazy, text).matches)
        #expect(try PredicateMatcherTesting.matches(greedy, text).matches)
        #expect(icuMatches(greedy, text) == true)
    }

    @Test("a row the expression matches is never hidden")
    func neverSilentlyWrong() throws {
        let predicate = try FormatPredicate("name MATCHES '(a+)+b|.*'")
        let rows: [FieldValue] = (20...40).map { ["name": .string(String(repeating: "a", count: $0))] }
        #expect(rows.allSatisfy { predicate.evaluate($0) })
    }

    @Test("supported syntax", arguments: [
        // Literals and escapes.
        ("abc", "abc", true), ("abc", "abd", false), ("a\\.c", "a.c", true), ("a\\.c", "abc", false),
        ("a\\\\b", "a\\b", true), ("\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$", "*+?()[]{}|^$", true),
        ("\\n\\t\\r\\f\\a\\e", "\n\t\r\u{0C}\u{07}\u{1B}", true), ("\\x41\\x{1F600}\\u00e9", "A😀é", true),
        ("\\ud83d\\ude00", "😀", true), ("\\U0001F600", "😀", true), ("\\é\\-\\/", "é-/", true), ("x]", "x]", true),
        // Classes.
        (".", "😀", true), (".", "\n", false), (".", "\u{2028}", false), (".", "\u{1C}", true),
        ("[abc]+", "cab", true), ("[^abc]", "d", true), ("[^abc]", "a", false), ("[a-z0-9_]+", "az_09", true),
        ("[]a]+", "]a", true), ("[^]a]", "b", true), ("[a-]+", "a-", true), ("[-a]+", "-a", true),
        ("[\\d\\s]+", "1 2\t", true), ("[^\\d]", "5", false), ("[\\w-]+", "a-b", true), ("[\\]\\\\]+", "]\\", true),
        ("[.*+?]+", ".*+?", true), ("[é-ë]", "ê", true), ("[\\x{41}-\\x{43}]", "B", true),
        ("\\d+", "٣4", true), ("\\d", "²", false), ("\\D", "a", true), ("\\w+", "é_5\u{301}‿", true),
        ("\\W", "-", true), ("\\s+", " \t\n\u{0B}\u{85}\u{A0}\u{2028}\u{3000}", true), ("\\s", "\u{200B}", false),
        ("\\S", "x", true),
        // Anchors.
        ("^abc$", "abc", true), ("a$\\n", "a\n", true), ("a$\\r\\n", "a\r\n", true), ("a$\\r", "a\r\n", false),
        ("a$[\\s\\S]*", "a\n\n", false), ("a\\Z\\n", "a\n", true), ("a\\z\\n", "a\n", false), ("\\Aa", "a", true),
        ("a^b", "ab", false), ("a|^b", "b", true),
        ("\\bfoo\\b", "foo", true), ("a\\bb", "ab", false), ("a \\bb", "a b", true), ("a\\Bb", "ab", true),
        ("a\\b\u{301}", "a\u{301}", false), ("a\u{301}\\b", "a\u{301}", true), ("-\\b\u{200B}", "-\u{200B}", false),
        ("\\b", "", false), ("\\B", "", true),
        // Groups, alternation and quantifiers.
        ("(ab)+", "abab", true), ("(?:ab)+", "aba", false), ("(?<word>ab)c", "abc", true), ("(|a)b", "b", true),
        ("(?<a>x)(?<A>y)(?<a1>z)", "xyz", true), ("[cc]", "c", true), ("[cc]+", "cc", true), ("[cc]", "cc", false),
        ("(a|)b", "ab", true), ("()*", "", true), ("a|b|c", "b", true), ("ab|cd", "abd", false),
        ("a*", "", true), ("a+", "", false), ("a?b", "b", true), ("a{3}", "aaa", true), ("a{3}", "aa", false),
        ("a{2,}", "aaaaa", true), ("a{2,3}", "aaaa", false), ("a{0}b", "b", true), ("a{02}", "aa", true),
        ("a*?b", "aab", true), ("a+?", "aa", true), ("a??b", "ab", true), ("a{1,2}?", "aa", true),
        ("(a{2}){3}", "aaaaaa", true), ("(a{2}){3}", "aaaaa", false),
    ])
    func syntax(pattern: String, text: String, expected: Bool) throws {
        #expect(try PredicateMatcherTesting.matches(pattern, text).matches == expected)
        // ICU agrees on everything here.
        #expect(icuMatches(pattern, text) == expected)
    }

    @Test("[c] folds case one scalar to one scalar", arguments: [
        ("kelvin", "KELVIN", true), ("k", "\u{212A}", true), ("[k]", "\u{212A}", true), ("[\\x{212A}]", "k", true),
        ("[a-z]+", "ABC", true), ("[A-Z]+", "abc", true), ("[^a-z]", "K", false), ("σ", "ς", true), ("Σ", "ς", true),
        ("ſ", "S", true), ("µ", "Μ", true), ("ǅ", "ǆ", true), ("ß", "ẞ", true), ("i", "İ", false), ("ı", "I", false),
        ("é", "É", true), ("\\w", "K", true),
    ])
    func caseInsensitive(pattern: String, text: String, expected: Bool) throws {
        #expect(try PredicateMatcherTesting.matches(pattern, text, caseInsensitive: true).matches == expected)
        #expect(icuMatches(pattern, text, caseInsensitive: true) == expected)
        #expect(try predicateMatches(pattern, text, modifier: "[c]") == expected)
    }

    @Test("simple folding does not expand ß to ss, as ICU's full folding of literals does")
    func simpleFoldingOnly() throws {
        #expect(try PredicateMatcherTesting.matches("ß", "ss", caseInsensitive: true).matches == false)
        #expect(icuMatches("ß", "ss", caseInsensitive: true) == true)
    }

    @Test("[d] removes combining marks from the pattern and the subject", arguments: [
        ("Creme.*", "Crème brûlée", "[d]", true), ("Crème.*", "Creme", "[d]", true), ("e", "e\u{301}", "[d]", true),
        ("e", "e\u{301}", "", false), ("É.*", "école", "[cd]", true), ("[é]", "e", "[d]", true),
    ])
    func diacriticInsensitive(pattern: String, text: String, modifier: String, expected: Bool) throws {
        #expect(try predicateMatches(pattern, text, modifier: modifier) == expected)
    }

    @Test("constructs outside the subset are refused where they are written, naming them", arguments: [
        ("t MATCHES 'a(?=b)'", 12, "a regular expression that MATCHES supports (a lookahead '(?=' is not supported)"),
        ("t MATCHES 'a(?!b)'", 12, "a regular expression that MATCHES supports (a negative lookahead '(?!' is not supported)"),
        ("t MATCHES '(?<=a)b'", 11, "a regular expression that MATCHES supports (a lookbehind '(?<=' is not supported)"),
        ("t MATCHES '(?<!a)b'", 11, "a regular expression that MATCHES supports (a negative lookbehind '(?<!' is not supported)"),
        ("t MATCHES '(?>a)'", 11, "a regular expression that MATCHES supports (an atomic group '(?>' is not supported)"),
        ("t MATCHES '(?i)a'", 11, "a regular expression that MATCHES supports (inline flags and other '(?' groups are not supported; use MATCHES[c] for case-insensitive matching)"),
        ("t MATCHES '(a)\\\\1'", 14, "a regular expression that MATCHES supports (a backreference '\\1' is not supported)"),
        ("t MATCHES '(a)\\1'", 14, "a regular expression that MATCHES supports (a backreference '\\1' is not supported)"),
        ("t MATCHES 'a*+'", 12, "a regular expression that MATCHES supports (a possessive quantifier '*+' is not supported)"),
        ("t MATCHES 'a{2}+'", 12, "a regular expression that MATCHES supports (a possessive quantifier '{2}+' is not supported)"),
        ("t MATCHES '\\p{L}'", 11, "a regular expression that MATCHES supports (a property '\\p{…}' is not supported; use \\d, \\w, \\s or a class)"),
        ("t MATCHES '\\Qa\\E'", 11, "a regular expression that MATCHES supports (quoting with '\\Q…\\E' is not supported; escape each character)"),
        ("t MATCHES '[[a]]'", 12, "a regular expression that MATCHES supports (a class inside a class ('[[…]]', '[:name:]') is not supported; escape it as \\[)"),
        ("t MATCHES '[a&&b]'", 13, "a regular expression that MATCHES supports (class intersection '&&' is not supported)"),
        ("t MATCHES 'a{1001}'", 12, "a regular expression that MATCHES supports (a repetition count over 1000 is not supported)"),
        ("t MATCHES '(?:a{1000}){11}'", 22, "a regular expression that MATCHES supports (it compiles to more than 10000 instructions; repetitions multiply what they repeat)"),
        ("t MATCHES '\\y'", 11, "a regular expression that MATCHES supports (the escape '\\y' is not supported)"),
        ("t MATCHES[d] 'é(?=b)'", 15, "a regular expression that MATCHES supports (a lookahead '(?=' is not supported)"),
        ("t MATCHES '\\u00e9(?=b)'", 17, "a regular expression that MATCHES supports (a lookahead '(?=' is not supported)"),
    ])
    func unsupported(format: String, position: Int, expected: String) {
        #expect(throws: ResultsError.invalidPredicate(format, position: position, expected: expected)) {
            try FormatPredicate(format)
        }
    }

    @Test("malformed patterns are refused where they go wrong", arguments: [
        ("t MATCHES 'ab('", 13, "a valid regular expression after MATCHES (no ')' closes this '(')"),
        ("t MATCHES '*a'", 11, "a valid regular expression after MATCHES ('*' has nothing before it to repeat)"),
        ("t MATCHES 'a|+'", 13, "a valid regular expression after MATCHES ('+' has nothing before it to repeat)"),
        ("t MATCHES 'a**'", 13, "a valid regular expression after MATCHES ('*' repeats something already repeated; group it first, as in (?:a*)*)"),
        ("t MATCHES '^*'", 12, "a valid regular expression after MATCHES ('*' cannot repeat an anchor or a word boundary)"),
        ("t MATCHES 'a{2,1}'", 12, "a valid regular expression after MATCHES (a repetition {n}, {n,} or {n,m} with n ≤ m ≤ 1000 after '{'; write \\{ for a brace)"),
        ("t MATCHES 'a{'", 12, "a valid regular expression after MATCHES (a repetition {n}, {n,} or {n,m} with n ≤ m ≤ 1000 after '{'; write \\{ for a brace)"),
        ("t MATCHES 'a}'", 12, "a valid regular expression after MATCHES (this '}' closes no '{'; write \\} for a brace)"),
        ("t MATCHES '[ab'", 11, "a valid regular expression after MATCHES (no ']' closes this '[')"),
        ("t MATCHES '[]'", 11, "a valid regular expression after MATCHES (no ']' closes this '[')"),
        ("t MATCHES '[z-a]'", 13, "a valid regular expression after MATCHES (a range whose end does not come before its start)"),
        ("t MATCHES '[a-c-e]'", 15, "a valid regular expression after MATCHES (a '-' here is ambiguous; write \\- for a dash, or a range as a-z)"),
        ("t MATCHES '\\x{110000}'", 11, "a valid regular expression after MATCHES ('\\x' takes two hexadecimal digits or up to six in braces, as \\x{1F600}, for a Unicode scalar)"),
        ("t MATCHES 'a\\\\'", 12, "a valid regular expression after MATCHES (a '\\' ends the pattern; write \\\\ for a backslash)"),
        ("t MATCHES '(?<1a>x)'", 11, "a valid regular expression after MATCHES (a group name is ASCII letters and digits, a letter first, then '>')"),
        ("t MATCHES '(?<n>a)|(?<n>b)'", 19, "a valid regular expression after MATCHES (the group name 'n' names the group at offset 0 of the pattern already; a name names one group only)"),
        ("t MATCHES '(?<word>a(?<word>b))'", 20, "a valid regular expression after MATCHES (the group name 'word' names the group at offset 0 of the pattern already; a name names one group only)"),
    ])
    func malformed(format: String, position: Int, expected: String) {
        if format.contains("(?<n>") || format.contains("(?<word>") {
            // ICU refuses a group name given twice as well.
            let pattern = String(format.dropFirst("t MATCHES '".count).dropLast())
            #expect(icuMatches(pattern, "ab") == nil)
        }
        #expect(throws: ResultsError.invalidPredicate(format, position: position, expected: expected)) {
            try FormatPredicate(format)
        }
    }

    @Test("deeply nested groups compile without recursion, even on a 512 KB stack")
    func deepGroups() async {
        let depth = 20_000
        let outcome = await SmallStack.run { () -> String in
            do {
                let nested = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth) + "*"
                let unclosed = String(repeating: "(?:", count: depth) + "a"
                let first = try PredicateMatcherTesting.matches(nested, "aaa").matches
                let second = (try? PredicateMatcherTesting.matches(unclosed, "a")) == nil
                return "\(first) \(second)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "true true")
    }

    @Test("agrees with ICU on random patterns of the supported subset")
    func differential() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5E6E)
        let texts: [Unicode.Scalar] = ["a", "b", "a", "b", "1", " ", "\n", "\r", "-", "_", "é", "A", "B", "\u{301}"]
        var compared = 0
        var matched = 0
        for _ in 0..<4_000 {
            let pattern = randomPattern(depth: 3, using: &random)
            let caseInsensitive = Int.random(in: 0..<4, using: &random) == 0
            let expression: (String) throws -> Bool = { text in
                try PredicateMatcherTesting.matches(pattern, text, caseInsensitive: caseInsensitive).matches
            }
            for _ in 0..<8 {
                let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...6, using: &random)).map { _ in
                    texts.randomElement(using: &random)!
                }))
                guard let expected = icuMatches(pattern, text, caseInsensitive: caseInsensitive) else {
                    Issue.record("ICU refuses \(pattern)")
                    return
                }
                let actual = try expression(text)
                #expect(actual == expected, "\(pattern.debugDescription) on \(text.debugDescription) (case-insensitive: \(caseInsensitive))")
                if actual != expected { return }
                compared += 1
                if expected { matched += 1 }
            }
        }
        #expect(matched > compared / 20)  // The inputs exercise matches, not only failures.
    }
}

/// A random pattern of the supported subset, over a small alphabet.
private func randomPattern(depth: Int, using random: inout SeededRandomNumberGenerator) -> String {
    let atoms = [
        "a", "b", "a", "b", "1", "é", "\\.", ".", "-", "\\-", "[ab]", "[^a]", "[a-c]", "[\\s\\d]", "\\d", "\\w", "\\W",
        "\\s", "\\S", "[-_]", "\\n", "A", "[A-B]", "\\x{301}",
    ]
    let assertions = ["^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z"]
    // Lazy quantifiers only on atoms: ICU's lazy loops stop at an iteration
    // that matches the empty string, so `(a?|-)+?` misses "-" (see
    // lazinessCannotHideAMatch).
    let greedy = ["*", "+", "?", "{2}", "{0,2}", "{1,}"]
    let lazy = ["*?", "+?", "??", "{1,2}?"]
    var items: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
        var item: String
        var quantifiers = greedy
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            item = atoms.randomElement(using: &random)!
            quantifiers += lazy
        case 6: items.append(assertions.randomElement(using: &random)!); continue
        default:
            guard depth > 0 else { item = atoms.randomElement(using: &random)!; break }
            let alternatives = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0 ? "" : randomPattern(depth: depth - 1, using: &random)
            }
            item = (Bool.random(using: &random) ? "(" : "(?:") + alternatives.joined(separator: "|") + ")"
        }
        if Int.random(in: 0..<3, using: &random) == 0 { item += quantifiers.randomElement(using: &random)! }
        items.append(item)
    }
    return items.joined()
}
