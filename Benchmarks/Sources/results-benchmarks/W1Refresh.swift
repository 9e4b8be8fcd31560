import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

/// W1's data at size `n`: the old rows (ids 0..<n, so an id is its old
/// position) and the fresh ones, with every count scaled to `n`:
///
/// - the first n/50 rows shuffled (2,000 at 100k);
/// - n/10 new rows as one block at a quarter of the way in (10,000);
/// - n/10 rows gone as one contiguous block from the middle (10,000);
/// - n/10 rows changed in content: every 4th row of the last 40% (10,000).
struct RefreshData {
    var old: [Row]
    var new: [Row]
    /// What a correct, minimal changeset holds.
    var expected: ChangeCounts

    init(size n: Int, seed: UInt64) {
        var rng = SeededRandomNumberGenerator(seed: seed)
        old = makeRows(0..<n, using: &rng)
        let shuffled = n / 50
        let block = n / 10
        let insertAt = n / 4
        let goneStart = n / 2
        let changedStart = goneStart + block

        var prefix = Array(old[0..<shuffled])
        prefix.shuffle(using: &rng)
        new = prefix
        new.reserveCapacity(n)
        new += old[shuffled..<insertAt]
        new += makeRows(n..<(n + block), using: &rng)
        new += old[insertAt..<goneStart]
        var changed = 0
        for (offset, var row) in old[changedStart...].enumerated() {
            if offset % 4 == 0 {
                row.score += 1
                changed += 1
            }
            new.append(row)
        }

        // The fewest moves, computed here independently of the library: the
        // rows present before and after, minus a longest increasing
        // subsequence of their old positions (an old row's id is its position).
        let survivors = new.lazy.filter { $0.id < n }.map(\.id)
        let stayingOldPositions = Array(survivors)
        let minimumMoves = stayingOldPositions.count - lengthOfLongestIncreasingSubsequence(stayingOldPositions)
        expected = ChangeCounts()
        expected.deletes = block
        expected.inserts = block
        expected.moves = minimumMoves
        expected.updates = changed
    }
}

struct RefreshResult {
    var size: Int
    var ours = Double.infinity
    var counts = ChangeCounts()
    var expected: ChangeCounts
    var dictionary: Double?
    var repetitions = 0
    var stdlibDiff: Double?
    var stdlibDiffRuns = 0
}

/// A store holding `rows` with its changes taken: the state before a refresh.
func makeStore(holding rows: [Row]) -> ResultsStore<Row, Int> {
    var store = ResultsStore<Row, Int>(key: \.id)
    try! store.setData(rows)
    _ = store.takeChangeset()
    return store
}

/// One repetition of W1: a store holding the old rows is built (not timed),
/// then `setData` of the new rows plus `takeChangeset()` is timed.
func timeRefresh(_ data: RefreshData, counts: inout ChangeCounts, counter: String) -> Double {
    var store = makeStore(holding: data.old)
    return time(.ours, counter) { () -> ResultsChangeset<Row, Int> in
        try! store.setData(data.new)
        let changeset = store.takeChangeset()
        counts = ChangeCounts(changeset)
        return changeset
    }
}

/// W6: W1 at each of `sizes`, every size once per repetition so that all
/// sizes get as many repetitions and see the same machine load.
func runGrowth(sizes: [Int], repetitions: Repetitions) -> [RefreshResult] {
    let data = sizes.map { RefreshData(size: $0, seed: benchmarkSeed &+ UInt64($0)) }
    var results = zip(sizes, data).map { RefreshResult(size: $0, expected: $1.expected) }
    let repetitionCount = repetitions.run { _ in
        for i in data.indices {
            results[i].ours = min(results[i].ours, timeRefresh(data[i], counts: &results[i].counts, counter: "W6 ours \(sizes[i])"))
            results[i].dictionary = min(results[i].dictionary ?? .infinity, timeDictionaryFloor(data[i], counter: "W6 floor \(sizes[i])"))
        }
    }
    for i in results.indices { results[i].repetitions = repetitionCount }
    return results
}

/// Baseline (a): the least any keyed diff must do, indexing the new keys.
func timeDictionaryFloor(_ data: RefreshData, counter: String) -> Double {
    time(.baseline, counter) { Dictionary(uniqueKeysWithValues: data.new.enumerated().lazy.map { ($0.element.id, $0.offset) }) }
}

/// W1 at size `n`: `setData` of the fresh rows plus `takeChangeset()`, on a
/// store freshly built for each repetition (not timed), and in the same
/// repetition, with `baselines`, baseline (a).
func runRefresh(size n: Int, repetitions: Repetitions, baselines: Bool, stdlibDiffBudget: Double, stdlibDiff: Bool = true) -> RefreshResult {
    let data = RefreshData(size: n, seed: benchmarkSeed &+ UInt64(n))
    var result = RefreshResult(size: n, expected: data.expected)
    var dictionary = Double.infinity

    let repetitionCount = repetitions.run { _ in
        result.ours = min(result.ours, timeRefresh(data, counts: &result.counts, counter: "W1 ours \(n)"))

        // (a) The least any keyed diff must do: index the new keys.
        if baselines { dictionary = min(dictionary, timeDictionaryFloor(data, counter: "W1 floor \(n)")) }
    }
    result.repetitions = repetitionCount
    guard baselines else { return result }
    result.dictionary = dictionary
    guard stdlibDiff else { return result }

    // (b) The standard library's Myers diff with moves inferred, on the key
    // arrays (made before timing). It is O((N + M) D) in time, so it is
    // repeated (at most `repetitions.minimum` times) only while the
    // repetitions fit the budget.
    let oldKeys = data.old.map(\.id)
    let newKeys = data.new.map(\.id)
    var best = Double.infinity
    var spent = 0.0
    while result.stdlibDiffRuns < repetitions.minimum
        && (result.stdlibDiffRuns == 0 || spent + best <= stdlibDiffBudget) {
        let t = time(.other, "W1 stdlib diff \(n)") { newKeys.difference(from: oldKeys).inferringMoves() }
        best = min(best, t)
        spent += t
        result.stdlibDiffRuns += 1
    }
    result.stdlibDiff = best
    return result
}
