import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

struct SortChangeResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var counts = ChangeCounts()
    var repetitions = 0
}

/// W8: a controller holding `n` rows in id order, with a delegate that
/// counts the changes; ours is `setSortKeys([.ascending(\.score)])`, the
/// report included. The baseline: `Array.sort` of the same rows, in the
/// same order, by the same field (`$0.score < $1.score`, inlined).
func runSortChange(size n: Int, repetitions: Repetitions) -> SortChangeResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 8)
    let rows = makeRows(0..<n, using: &rng)
    var result = SortChangeResult()
    let delegate = CountingDelegate()
    let byScore = ResultsSortKey<Row>.ascending(\.score)

    result.repetitions = repetitions.run { _ in
        let controller = ResultsController(store: makeStore(holding: rows))
        controller.delegate = delegate
        delegate.counts = ChangeCounts()
        result.ours = min(result.ours, time(.ours, "W8 ours") { try! controller.setSortKeys([byScore]) })
        result.counts = delegate.counts

        var copy = rows.map { $0 }            // a buffer of its own: the copy is not timed
        result.baseline = min(result.baseline, time(.baseline, "W8 sort") { () -> [Row] in
            copy.sort { $0.score < $1.score }
            return copy
        })
    }
    return result
}
