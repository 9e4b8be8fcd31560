import FilterableResults
import FilterableResultsTesting

struct WordSearchResult {
    /// "ka" to "kat": the one-word keystroke, W11's.
    var oneWord = Double.infinity
    /// "ka t" to "ka ta": a letter typed in the second word.
    var twoWords = Double.infinity
    var oneWordCounts = ChangeCounts()
    var twoWordsCounts = ChangeCounts()
    var repetitions = 0
}

/// T5: on W11's store (`n` names of 8 ASCII letters in 26 sections),
/// `search(for: "ka ta", in: [\.name])` after "ka t", a row matching when
/// both words are in its name, changeset included, against the one-word
/// keystroke "kat" after "ka" on the same store, in the same repetition.
/// Each keystroke starts from a store with only its own "before" search.
func runWordSearch(size n: Int, repetitions: Repetitions) -> WordSearchResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 11)
    var store = makeSearchStore(makeRows(0..<n, using: &rng))
    var result = WordSearchResult()
    result.repetitions = repetitions.run { _ in
        result.oneWord = min(result.oneWord, timeKeystroke(&store, counts: &result.oneWordCounts, counter: "T5 one word", side: .baseline,
            before: { $0.clearFilters(); $0.search(for: "ka", in: [\.name]) }, after: { $0.search(for: "kat", in: [\.name]) }))
        result.twoWords = min(result.twoWords, timeKeystroke(&store, counts: &result.twoWordsCounts, counter: "T5 two words",
            before: { $0.clearFilters(); $0.search(for: "ka t", in: [\.name]) }, after: { $0.search(for: "ka ta", in: [\.name]) }))
    }
    return result
}
