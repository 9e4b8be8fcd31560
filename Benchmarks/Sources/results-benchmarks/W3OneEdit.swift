import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

struct OneEditResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    /// Events the delegate received per repetition (expected: 1 insert,
    /// 1 update, 1 delete) and the whole-table diff's changes.
    var events = ChangeCounts()
    var baselineCounts = ChangeCounts()
    var repetitions = 0
}

/// W3: `n` rows in one section behind a controller with a delegate. Each
/// repetition makes one insert at a random index path, one replace (by
/// object, a random existing key, new score) and one remove (by a random
/// existing key), each a batch of its own whose events reach the delegate;
/// ours is the sum of the three. The baseline is the package's own
/// `setData` of the same rows with that one change, plus `takeChangeset()`,
/// on a second store kept in the same state: a whole-table diff per edit.
func runOneEdit(size n: Int, repetitions: Repetitions) -> OneEditResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 3)
    var mirror = makeRows(0..<n, using: &rng)
    let delegate = CountingDelegate()
    let controller = ResultsController(store: makeStore(holding: mirror))
    controller.delegate = delegate
    var whole = makeStore(holding: mirror)
    var nextID = n
    var result = OneEditResult()

    func baselineTime() -> Double {
        // The changeset holds the table `setData` replaced: it is dropped
        // inside the baseline's timing.
        sortFreedChunks()
        return time(.baseline, "W3 setData") {
            try! whole.setData(mirror)
            let changeset = whole.takeChangeset()
            result.baselineCounts = ChangeCounts(changeset)
            blackHole(changeset)
        }
    }

    let repetitionCount = repetitions.run { _ in
        delegate.counts = ChangeCounts()
        var ours = 0.0
        var baseline = 0.0
        var events = ChangeCounts()
        var wholeCounts = ChangeCounts()

        // Add at a random position.
        let position = Int.random(in: 0...mirror.count, using: &rng)
        let added = makeRow(id: nextID, using: &rng)
        nextID += 1
        sortFreedChunks()
        ours += time(.ours, "W3 ours") { try! controller.insert(added, at: ResultsIndexPath(row: position, section: 0)) }
        mirror.insert(added, at: position)
        baseline += baselineTime()
        wholeCounts.inserts += result.baselineCounts.inserts

        // Replace a random row's content.
        let replacedIndex = Int.random(in: 0..<mirror.count, using: &rng)
        var replaced = mirror[replacedIndex]
        replaced.score += 1
        sortFreedChunks()
        ours += time(.ours, "W3 ours") { try! controller.replace(replaced) }
        mirror[replacedIndex] = replaced
        baseline += baselineTime()
        wholeCounts.updates += result.baselineCounts.updates

        // Remove a random row.
        let removedIndex = Int.random(in: 0..<mirror.count, using: &rng)
        let removedKey = mirror[removedIndex].id
        sortFreedChunks()
        ours += time(.ours, "W3 ours") { try! controller.remove(key: removedKey) }
        mirror.remove(at: removedIndex)
        baseline += baselineTime()
        wholeCounts.deletes += result.baselineCounts.deletes

        events = delegate.counts
        result.ours = min(result.ours, ours)
        result.baseline = min(result.baseline, baseline)
        result.events = events
        result.baselineCounts = wholeCounts
    }
    result.repetitions = repetitionCount
    return result
}
