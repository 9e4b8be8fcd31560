import FilterableResults
import FilterableResultsTesting
import Foundation

struct LocalizedSortResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var counts = ChangeCounts()
    /// Whether both sides left the rows in the same order.
    var sameOrder = true
    var repetitions = 0
}

/// T4 (W8's shape): a controller holding `n` rows in id order, with a
/// delegate that counts the changes; ours is
/// `setSortKeys([.ascending(\.name, order: .localizedStandard)])`, the
/// report included. The baseline: `Array.sort` of the same rows, in the
/// same order, by `localizedStandardCompare` of the same names, on a copy
/// made before timing.
func runLocalizedSort(size n: Int, repetitions: Repetitions) -> LocalizedSortResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 34)
    let rows = makeRows(0..<n, using: &rng)
    var result = LocalizedSortResult()
    let delegate = CountingDelegate()
    let byName = ResultsSortKey<Row>.ascending(\.name, order: .localizedStandard)

    result.repetitions = repetitions.run { _ in
        let controller = ResultsController(store: makeStore(holding: rows))
        controller.delegate = delegate
        delegate.counts = ChangeCounts()
        result.ours = min(result.ours, time(.ours, "T4 ours") { try! controller.setSortKeys([byName]) })
        result.counts = delegate.counts

        var copy = rows.map { $0 }            // a buffer of its own: the copy is not timed
        result.baseline = min(result.baseline, time(.baseline, "T4 sort") { () -> [Row] in
            copy.sort { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
            return copy
        })
        // Equal names may come in either order: compare the names.
        result.sameOrder = result.sameOrder && controller.store.allElements.map(\.name) == copy.map(\.name)
    }
    return result
}
