import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

struct SearchResult {
    /// ASCII names: `search(for:in:)` keystroke, and W2's closure-filter
    /// keystroke on the same store.
    var ascii = Double.infinity
    var closure = Double.infinity
    /// Accented names: `search(for:in:)` keystroke, and a closure filter
    /// calling Foundation's `range(of:options:)`.
    var accented = Double.infinity
    var foundation = Double.infinity
    /// Hangul names (three-byte scalars): `search(for:in:)` keystroke "김"
    /// to "김민", against the accented keystroke (both per byte of names).
    var hangul = Double.infinity
    var hangulBytes = 0
    var accentedBytes = 0
    var hangulCounts = ChangeCounts()
    var asciiCounts = ChangeCounts()
    var accentedCounts = ChangeCounts()
    var foundationCounts = ChangeCounts()
    var repetitions = 0
}

/// Rows whose names are `length` letters drawn from `letters`.
func makeNameRows(_ n: Int, length: Int, drawnFrom letters: String, using rng: inout SeededRandomNumberGenerator) -> [Row] {
    let letters = Array(letters)
    return (0..<n).map { id in
        var name = ""
        for _ in 0..<length { name.append(letters[Int(rng.next() % UInt64(letters.count))]) }
        return Row(id: id, name: name, score: Int(rng.next() % 1_000_000), group: Int(rng.next() % 26))
    }
}

/// Names of 8 letters drawn from lowercase and uppercase ASCII and accented
/// Latin letters (about one in three accented), as people's names are.
func makeAccentedRows(_ n: Int, using rng: inout SeededRandomNumberGenerator) -> [Row] {
    makeNameRows(n, length: 8, drawnFrom: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàáâäãåçèéêëìíîïñòóôöõùúûüýÀÉÈÇÑÖÜ", using: &rng)
}

/// Names of three Hangul syllables drawn from forty common ones.
func makeHangulRows(_ n: Int, using rng: inout SeededRandomNumberGenerator) -> [Row] {
    makeNameRows(n, length: 3, drawnFrom: "김이박최정강조윤장임한오서신권황안송류전민수영지현준서우진호성은경미혜연아예도하", using: &rng)
}

/// A store of `rows` in 26 sections by group, nothing filtered (W11, W11c).
func makeSearchStore(_ rows: [Row]) -> ResultsStore<Row, Int> {
    var grouped = [[Row]](repeating: [], count: 26)
    for row in rows { grouped[row.group].append(row) }
    var store = ResultsStore<Row, Int>(key: \.id)
    try! store.setData(sections: grouped.enumerated().map { ResultsSection(name: "\($0.offset)", elements: $0.element) })
    _ = store.takeChangeset()
    return store
}

/// W11: `search(for:in:)` keystrokes on `n` names: on ASCII names "ka" to
/// "kat" against W2's closure-filter keystroke (`score < 500_000` to
/// `score < 450_000`) on the same store; on accented names "ré" to "rén"
/// against the same keystroke as a closure filter calling
/// `range(of:options: [.caseInsensitive, .diacriticInsensitive])`.
func runSearch(size n: Int, repetitions: Repetitions) -> SearchResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 11)
    var asciiStore = makeSearchStore(makeRows(0..<n, using: &rng))
    let accentedRows = makeAccentedRows(n, using: &rng), hangulRows = makeHangulRows(n, using: &rng)
    var accentedStore = makeSearchStore(accentedRows)
    var hangulStore = makeSearchStore(hangulRows)
    let foundationFilter: (String) -> ResultsFilter<Row> = { text in
        ResultsFilter(title: "search", group: "search") { row in
            row.name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
    var result = SearchResult()
    result.accentedBytes = accentedRows.reduce(0) { $0 + $1.name.utf8.count }
    result.hangulBytes = hangulRows.reduce(0) { $0 + $1.name.utf8.count }
    var unused = ChangeCounts()
    // Each keystroke starts from a store with only its own "before" filter.
    result.repetitions = repetitions.run { _ in
        result.ascii = min(result.ascii, timeKeystroke(&asciiStore, counts: &result.asciiCounts, counter: "W11 ascii",
            before: { $0.clearFilters(); $0.search(for: "ka", in: [\.name]) }, after: { $0.search(for: "kat", in: [\.name]) }))
        result.closure = min(result.closure, timeKeystroke(&asciiStore, counts: &unused, counter: "W11 closure",
            before: { $0.clearFilters(); $0.addFilter(LiveSearchData.wide) }, after: { $0.addFilter(LiveSearchData.narrow) }))
        result.accented = min(result.accented, timeKeystroke(&accentedStore, counts: &result.accentedCounts, counter: "W11 accented",
            before: { $0.clearFilters(); $0.search(for: "ré", in: [\.name]) }, after: { $0.search(for: "rén", in: [\.name]) }))
        result.hangul = min(result.hangul, timeKeystroke(&hangulStore, counts: &result.hangulCounts, counter: "W11 hangul",
            before: { $0.clearFilters(); $0.search(for: "김", in: [\.name]) }, after: { $0.search(for: "김민", in: [\.name]) }))
        result.foundation = min(result.foundation, timeKeystroke(&accentedStore, counts: &result.foundationCounts, counter: "W11 foundation",
            before: { $0.clearFilters(); $0.addFilter(foundationFilter("ré")) }, after: { $0.addFilter(foundationFilter("rén")) }))
    }
    return result
}
