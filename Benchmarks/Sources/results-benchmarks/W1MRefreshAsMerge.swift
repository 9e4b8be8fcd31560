import FilterableResults

/// W1M: W1's refresh written as a pruning merge, the way an app refreshes
/// page 1, against `setData` of the same rows, all three in one repetition
/// so that they see the same machine load.
struct RefreshAsMergeResult {
    var setData = Double.infinity
    var merge = Double.infinity
    var mergeInFetchOrder = Double.infinity
    var repetitions = 0
    /// Whether the merge in fetch order left the rows `setData` leaves.
    var sameRows = true
}

func runRefreshAsMerge(size n: Int, repetitions: Repetitions) -> RefreshAsMergeResult {
    let data = RefreshData(size: n, seed: benchmarkSeed &+ UInt64(n))
    var result = RefreshAsMergeResult()
    result.repetitions = repetitions.run { _ in
        var replaced = makeStore(holding: data.old)
        result.setData = min(result.setData, time(.ours, "W1M setData") { () -> ResultsChangeset<Row, Int> in
            try! replaced.setData(data.new)
            return replaced.takeChangeset()
        })
        var merged = makeStore(holding: data.old)
        result.merge = min(result.merge, time(.ours, "W1M merge") { () -> ResultsChangeset<Row, Int> in
            try! merged.merge(data.new, prune: true)
            return merged.takeChangeset()
        })
        var ordered = makeStore(holding: data.old)
        result.mergeInFetchOrder = min(result.mergeInFetchOrder, time(.ours, "W1M merge in fetch order") { () -> ResultsChangeset<Row, Int> in
            try! ordered.merge(data.new, prune: true, keepingFetchOrder: true)
            return ordered.takeChangeset()
        })
        result.sameRows = result.sameRows && ordered.rawSections.map { $0.elements.map(\.id) } == replaced.rawSections.map { $0.elements.map(\.id) }
    }
    return result
}
