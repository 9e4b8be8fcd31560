import FilterableResults
@_spi(Testing) import FilterableResultsPredicates
import Foundation
import TestSupport
import Testing

/// `MATCHES` remembers the steps of its automaton across rows (a lazily
/// built deterministic automaton); the answers must stay those of ICU, row
/// after row, whatever the cache holds, including when a subject keeps
/// reaching new sets of states and the engine finishes it without the cache.
@Suite("MATCHES across rows")
struct RegularExpressionCacheTests {
    /// ICU's answer: whether the whole of `text` matches.
    static func icuMatches(_ pattern: String, _ text: String, caseInsensitive: Bool = false) -> Bool {
        let expression = try! NSRegularExpression(
            pattern: "\\A(?:" + pattern + ")\\z", options: caseInsensitive ? [.caseInsensitive] : []
        )
        return expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// A row whose field `t` is `text`.
    static func row(_ text: String) -> FieldValue { ["t": .string(text)] }

    /// Deterministic pseudo-random subjects over a small alphabet.
    static func subjects(count: Int, maximumLength: Int, alphabet: [Character], seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in String((0..<(next() % (maximumLength + 1))).map { _ in alphabet[next() % alphabet.count] }) }
    }

    @Test("one predicate over many rows answers as ICU does for each row", arguments: [
        ("(?:a|b)*abb", false), ("[ab]*a[ab]{3}", false), ("(?:.{0,9}){3}x", false), ("\\bab\\b.*", false),
        ("(?:\\b\\w+\\b ?)*", false), ("a.*$", false), ("^(?:ab|ba)*\\z", false), ("[^a]*A[ab]?", true),
        ("(?:x|y|a b)+\\B.?", false), ("a$\\n?", false),
    ])
    func manyRows(pattern: String, caseInsensitive: Bool) throws {
        let predicate = try FormatPredicate("t MATCHES\(caseInsensitive ? "[c]" : "") %@", arguments: [.string(pattern)])
        let rows = Self.subjects(count: 400, maximumLength: 14, alphabet: ["a", "b", "x", " ", "A", "\n"], seed: 7)
        for row in rows {
            #expect(predicate.evaluate(Self.row(row)) == Self.icuMatches(pattern, row, caseInsensitive: caseInsensitive),
                    "\(pattern) on \(row.debugDescription)")
        }
    }

    @Test("a subject that keeps reaching new sets of states is matched exactly")
    func newStatesAtEveryStep() throws {
        // The scalar 40 from the end decides; every step reaches a new set.
        let pattern = "[ab]*a[ab]{39}"
        let predicate = try FormatPredicate("t MATCHES %@", arguments: [.string(pattern)])
        for row in Self.subjects(count: 40, maximumLength: 400, alphabet: ["a", "b"], seed: 11) {
            #expect(predicate.evaluate(Self.row(row)) == Self.icuMatches(pattern, row))
        }
    }

    @Test("rows evaluated concurrently get the answers they get one at a time")
    func concurrentRows() async throws {
        let predicate = try FormatPredicate("t MATCHES %@", arguments: [.string("(?:a|b)*a(?:a|b){2}x?")])
        let rows = Self.subjects(count: 2_000, maximumLength: 12, alphabet: ["a", "b", "x"], seed: 3)
        let expected = rows.map { predicate.evaluate(Self.row($0)) }
        let results = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<4 {
                group.addTask { rows.map { predicate.evaluate(Self.row($0)) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("a large program over many short rows costs work once per new step, not per row")
    func largeProgramOverShortRows() throws {
        // About 8,000 instructions, as in the issue's 68-second case.
        let pattern = "(?:.{0,999}){4}x"
        let rows = (0..<2_000).map { "row \($0)" }
        let results = try PredicateMatcherTesting.matches(pattern, rows: rows)
        #expect(results.allSatisfy { !$0.matches })
        #expect(try PredicateMatcherTesting.matches(pattern, rows: ["row 7x"]).first?.matches == true)
        let programSize = try PredicateMatcherTesting.matches(pattern, "").programSize
        // A new step for each digit at each of the four digit positions
        // (forty rows), at most 2p each; from "row 1010" on, a row costs no
        // simulation at all. Without the cache, every row costs about 2p
        // per scalar.
        let total = results.reduce(0) { $0 + $1.steps }
        #expect(total <= 45 * 2 * programSize, "\(total) steps for a program of \(programSize)")
        #expect(results.suffix(990).allSatisfy { $0.steps == 0 })
    }
}
