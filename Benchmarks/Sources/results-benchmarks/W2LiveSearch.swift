import CBenchmarkSupport
import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

/// W2's store: `n` rows filed by `group` into 26 named sections, with the
/// filter `score < 500_000` applied and its changes taken.
struct LiveSearchData {
    var rows: [Row]
    var store: ResultsStore<Row, Int>

    init(size n: Int) {
        var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 2)
        rows = makeRows(0..<n, using: &rng)
        var grouped = [[Row]](repeating: [], count: 26)
        for row in rows { grouped[row.group].append(row) }
        let sections = grouped.enumerated().map { group, objects in
            ResultsSection(name: String(UnicodeScalar(UInt8(ascii: "a") + UInt8(group))), elements: objects)
        }
        store = ResultsStore<Row, Int>(key: \.id)
        try! store.setData(sections: sections)
        store.addFilter(LiveSearchData.wide)
        _ = store.takeChangeset()
    }

    static let wide = ResultsFilter<Row>(title: "score < 500000", group: "score") { $0.score < 500_000 }
    static let narrowPredicate: @Sendable (Row) -> Bool = { $0.score < 450_000 }
    static let narrow = ResultsFilter<Row>(title: "score < 450000", group: "score", predicate: narrowPredicate)
}

struct LiveSearchResult {
    var ours = Double.infinity
    /// `Array.filter` with the new predicate as a closure value the
    /// optimizer cannot see into, as a user's filter is: the target's baseline.
    var baseline = Double.infinity
    /// `Array.filter` with the `static let` predicate, which the optimizer
    /// inlines into the loop (no user filter gets that): for information.
    var inlinedBaseline = Double.infinity
    var counts = ChangeCounts()
    var expectedDeletes = 0
    /// W2b: the same keystroke with the format-string filter.
    var format: Double?
    var formatCounts = ChangeCounts()
    var repetitions = 0
}

/// One timed keystroke: `filter` replaces the wide filter of its group, and
/// the changeset is taken. The wide filter is put back first (not timed).
func timeKeystroke(_ data: inout LiveSearchData, to filter: ResultsFilter<Row>, counts: inout ChangeCounts, counter: String) -> Double {
    timeKeystroke(&data.store, counts: &counts, counter: counter, before: { $0.addFilter(LiveSearchData.wide) }, after: { $0.addFilter(filter) })
}

/// One keystroke from `before` to `after` (filter or search edits), timed
/// with its changeset as `side`; `before` is applied and its changes taken
/// first, untimed.
func timeKeystroke(
    _ store: inout ResultsStore<Row, Int>, counts: inout ChangeCounts, counter: String, side: Side = .ours,
    before: (inout ResultsStore<Row, Int>) -> Void, after: (inout ResultsStore<Row, Int>) -> Void
) -> Double {
    before(&store)
    blackHole(store.takeChangeset())
    return time(side, counter) { () -> ResultsChangeset<Row, Int> in
        after(&store)
        let changeset = store.takeChangeset()
        counts = ChangeCounts(changeset)
        return changeset
    }
}

/// `value`, passed through memory the optimizer must assume was changed: a
/// closure comes back as an opaque value, as a user's predicate reaches a
/// filter.
@inline(never)
func opaque<T>(_ value: T) -> T {
    var copy = value
    withUnsafeMutablePointer(to: &copy) { bench_opaque(UnsafeMutableRawPointer($0)) }
    return copy
}

/// W2: the closure filter changes from `score < 500_000` to
/// `score < 450_000`, changeset included, against `Array.filter` with the
/// same new closure, as an opaque value, over the same rows (and, for
/// information, with the closure the optimizer inlines); with `format`
/// (W2b), the same keystroke with that filter too. All sides run in every
/// repetition.
func runLiveSearch(_ data: inout LiveSearchData, repetitions: Repetitions, format: ResultsFilter<Row>?) -> LiveSearchResult {
    var result = LiveSearchResult()
    let rows = data.rows
    let repetitionCount = repetitions.run { _ in
        result.ours = min(result.ours, timeKeystroke(&data, to: LiveSearchData.narrow, counts: &result.counts, counter: "W2 ours"))
        if let format {
            result.format = min(result.format ?? .infinity, timeKeystroke(&data, to: format, counts: &result.formatCounts, counter: "W2b ours"))
        }
        let predicate = opaque(LiveSearchData.narrowPredicate)
        result.baseline = min(result.baseline, time(.baseline, "W2 filter") { rows.filter(predicate) })
        result.inlinedBaseline = min(result.inlinedBaseline, time(.other, "W2 filter inlined") { rows.filter(LiveSearchData.narrowPredicate) })
    }
    result.repetitions = repetitionCount
    result.expectedDeletes = rows.lazy.filter { $0.score >= 450_000 && $0.score < 500_000 }.count
    return result
}
