// Fuzzes MATCHES: the input is flags (one byte), a pattern and (after a NUL
// byte) a subject. A pattern the engine compiles must match within its step
// bound, and its three simulations (cached, plain, bit-parallel) must agree;
// when the pattern and subject are small, the answer must be ICU's
// (NSRegularExpression's), except where ICU is known to differ: its lazy
// loops over groups that can match nothing, and its full case folding,
// which only non-ASCII text under [c] can show.

import FilterableResults
@_spi(Testing) import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
import FuzzSupport

runFuzzer { bytes in
    guard let flags = bytes.first else { return }
    let parts = bytes.dropFirst().split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(decoding: parts[0], as: UTF8.self)
    let subject = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    let caseInsensitive = flags & 1 == 1
    guard let (matches, steps, programSize) = try? PredicateMatcherTesting.matches(
        pattern, subject, caseInsensitive: caseInsensitive
    ) else { return }
    if steps > 2 * programSize * (subject.unicodeScalars.count + 1) {
        finding("\(steps) steps for a program of \(programSize) on \(subject.unicodeScalars.count) scalars")
    }
    // The bit-parallel simulation (which finishes long subjects that keep
    // missing the cache) must answer as the plain one, the reference.
    if let reference = try? PredicateMatcherTesting.matches(pattern, subject, caseInsensitive: caseInsensitive,
                                                            engine: .reference),
       let bitParallel = try? PredicateMatcherTesting.matches(pattern, subject, caseInsensitive: caseInsensitive,
                                                              engine: .bitParallel),
       reference.matches != matches || bitParallel.matches != matches {
        finding("\(pattern.debugDescription) on \(subject.debugDescription): cached \(matches), plain \(reference.matches), bit-parallel \(bitParallel.matches)")
    }
    let lazyGroup = [")*?", ")+?", ")??", "}?"].contains { pattern.contains($0) }
    let foldingMatters = caseInsensitive && !(pattern.allSatisfy(\.isASCII) && subject.allSatisfy(\.isASCII))
    guard flags & 2 == 2, pattern.unicodeScalars.count <= 40, subject.unicodeScalars.count <= 12,
          !lazyGroup, !foldingMatters,
          let icu = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z",
                                             options: caseInsensitive ? [.caseInsensitive] : [])
    else { return }
    let icuMatches = icu.firstMatch(in: subject, range: NSRange(location: 0, length: subject.utf16.count)) != nil
    if icuMatches != matches {
        finding("\(pattern.debugDescription) on \(subject.debugDescription): ours \(matches), ICU \(icuMatches)")
    }
}
