import FilterableResults
import FilterableResultsTesting

struct SortedDragResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    /// Whether every drag left both lists in the order the user made.
    var sameOrder = true
    var repetitions = 0
}

/// T2: the user drags a row of `n` (one section, a controller with an
/// observer that reads every change's index paths) from a random position
/// to another, 100 drags per repetition. Ours: a list sorted by `score`,
/// the rank each drag rewrites (`allowsReordering(by:)`, ranks spaced 1,024
/// apart). The baseline: the same drags in a list that is not sorted (the
/// row moved). Each drag is read in the table last reported, as a data
/// source reads it.
func runSortedDrag(size n: Int, repetitions: Repetitions) -> SortedDragResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 21)
    var rows = makeRows(0..<n, using: &rng)
    for index in rows.indices { rows[index].score = index * 1_024 }
    var sortedStore = ResultsStore<Row, Int>(key: \.id, sortedBy: [.ascending(\.score)])
    try! sortedStore.setData(rows)
    let sorted = ResultsController(store: sortedStore)
    sorted.allowsReordering(by: \.score)
    let unsorted = ResultsController(store: makeStore(holding: rows))
    var seen = 0
    let observations = [sorted, unsorted].map { controller in
        controller.observe { update in
            for change in update.changeset.elementChanges { seen &+= change.change.indexPath?.row ?? 0 }
        }
    }
    var result = SortedDragResult()
    result.repetitions = repetitions.run { _ in
        let drags = (0..<100).map { _ in
            let from = Int.random(in: 0..<n, using: &rng)
            var to = Int.random(in: 0..<(n - 1), using: &rng)
            if to >= from { to += 1 }
            return (ResultsIndexPath(row: from, section: 0), ResultsIndexPath(row: to, section: 0))
        }
        let ours = time(.ours, "T2 sorted") {
            for (from, to) in drags { try! sorted.moveRow(from: from, to: to, in: sorted.reportedSnapshot) }
        }
        let baseline = time(.baseline, "T2 unsorted") {
            for (from, to) in drags { try! unsorted.moveRow(from: from, to: to, in: unsorted.reportedSnapshot) }
        }
        result.ours = min(result.ours, ours)
        result.baseline = min(result.baseline, baseline)
    }
    result.sameOrder = sorted.store.allElements.map(\.id) == unsorted.store.allElements.map(\.id)
    withExtendedLifetime(observations) {}
    return result
}
