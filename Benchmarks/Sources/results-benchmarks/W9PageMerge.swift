import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

struct PageMergeResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var counts = ChangeCounts()
    var baselineCounts = ChangeCounts()
    var repetitions = 0
}

/// W9: a store of `n` rows in one section merges a page of `page` rows
/// (half of them existing rows with a new score, half new), changeset
/// included. The baseline is the package's own `setData` of the same
/// result, changeset included, on a second store kept in step. Each
/// repetition merges a fresh page into both, so the stores grow by half a
/// page per repetition.
func runPageMerge(size n: Int, page: Int, repetitions: Repetitions) -> PageMergeResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 9)
    var mirror = makeRows(0..<n, using: &rng)
    var ours = makeStore(holding: mirror)
    var whole = makeStore(holding: mirror)
    var nextID = n
    var result = PageMergeResult()
    result.repetitions = repetitions.run { _ in
        var pageRows: [Row] = []
        var changedIndices: [Int] = []
        for _ in 0..<(page / 2) {
            let index = Int.random(in: 0..<mirror.count, using: &rng)
            var row = mirror[index]
            row.score = (row.score + 1) % 1_000_000
            pageRows.append(row)
            changedIndices.append(index)
        }
        for _ in 0..<(page - page / 2) {
            pageRows.append(makeRow(id: nextID, using: &rng))
            nextID += 1
        }
        // The result a merge gives: changed rows in place, new ones appended.
        for (index, row) in zip(changedIndices, pageRows) { mirror[index] = row }
        mirror.append(contentsOf: pageRows[(page / 2)...])
        // Each side drops the changeset, and with it the version it
        // replaced, inside its timing, and starts with the allocator's
        // freed chunks sorted (see `sortFreedChunks()`).
        sortFreedChunks()
        let oursTime = time(.ours, "W9 merge") {
            try! ours.merge(pageRows)
            let changeset = ours.takeChangeset()
            result.counts = ChangeCounts(changeset)
            blackHole(changeset)
        }
        sortFreedChunks()
        let baselineTime = time(.baseline, "W9 setData") {
            try! whole.setData(mirror)
            let changeset = whole.takeChangeset()
            result.baselineCounts = ChangeCounts(changeset)
            blackHole(changeset)
        }
        result.ours = min(result.ours, oursTime)
        result.baseline = min(result.baseline, baselineTime)
    }
    return result
}
