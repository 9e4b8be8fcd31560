import FilterableResults
import FilterableResultsTesting

/// W9b: a store of `n` rows in one section receives a full page of the API
/// (all its rows) by `merge(prune: true)`, changeset included, against
/// `setData` of the same page on a store holding the same rows, both in one
/// repetition. The page keeps the store's order so that both leave the same
/// table: a block of n/10 rows from the middle is gone, every 4th row of
/// the last 40% has a new score (n/10), and n/10 new rows come at the end,
/// where a merge appends them.
struct MergePruneResult {
    var merge = Double.infinity
    var setData = Double.infinity
    /// The same two on a page equal to the store (nothing changed).
    var unchangedMerge = Double.infinity
    var unchangedSetData = Double.infinity
    var counts = ChangeCounts()
    var setDataCounts = ChangeCounts()
    var repetitions = 0
    /// Whether the merge left the rows, in the order, `setData` leaves.
    var sameRows = true
}

struct MergePruneData {
    var old: [Row]
    var page: [Row]

    init(size n: Int) {
        var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 0x9B)
        old = makeRows(0..<n, using: &rng)
        let block = n / 10
        let goneStart = n / 2
        let changedStart = goneStart + block
        page = Array(old[..<goneStart])
        page.reserveCapacity(n)
        for (offset, var row) in old[changedStart...].enumerated() {
            if offset % 4 == 0 { row.score = (row.score + 1) % 1_000_000 }
            page.append(row)
        }
        page += makeRows(n..<(n + block), using: &rng)
    }
}

func runMergePrune(size n: Int, repetitions: Repetitions) -> MergePruneResult {
    let data = MergePruneData(size: n)
    var result = MergePruneResult()
    func rows(_ store: ResultsStore<Row, Int>) -> [[Int]] { store.rawSections.map { $0.elements.map(\.id) } }
    result.repetitions = repetitions.run { _ in
        var merged = makeStore(holding: data.old)
        result.merge = min(result.merge, time(.ours, "W9b merge") { () -> ResultsChangeset<Row, Int> in
            try! merged.merge(data.page, prune: true)
            let changeset = merged.takeChangeset()
            result.counts = ChangeCounts(changeset)
            return changeset
        })
        var replaced = makeStore(holding: data.old)
        result.setData = min(result.setData, time(.baseline, "W9b setData") { () -> ResultsChangeset<Row, Int> in
            try! replaced.setData(data.page)
            let changeset = replaced.takeChangeset()
            result.setDataCounts = ChangeCounts(changeset)
            return changeset
        })
        result.sameRows = result.sameRows && rows(merged) == rows(replaced)
        // Nothing changed: the page is the store's rows (not profiled).
        var unchangedMerged = makeStore(holding: data.old)
        result.unchangedMerge = min(result.unchangedMerge, time(.other, "W9b merge unchanged") { () -> ResultsChangeset<Row, Int> in
            try! unchangedMerged.merge(data.old, prune: true)
            return unchangedMerged.takeChangeset()
        })
        var unchangedReplaced = makeStore(holding: data.old)
        result.unchangedSetData = min(result.unchangedSetData, time(.other, "W9b setData unchanged") { () -> ResultsChangeset<Row, Int> in
            try! unchangedReplaced.setData(data.old)
            return unchangedReplaced.takeChangeset()
        })
    }
    return result
}
