import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import IdentifiedCollections

struct LookupsResult {
    /// Seconds per lookup: the store's raw `rawIndexPath(forKey:)`, the
    /// snapshot's visible `indexPath(forKey:)` and `element(at:)`, and
    /// `IdentifiedArray.index(id:)`.
    var raw = Double.infinity
    var visible = Double.infinity
    var object = Double.infinity
    var baseline = Double.infinity
    /// Visible rows found by the lookups (a check that they do work).
    var found = 0
    var repetitions = 0
}

/// W10: `n` rows in 26 sections with the filter `score < 500_000` on,
/// behind a controller. Each repetition looks up `lookups` random keys
/// (half of them hidden by the filter) by each API, and finds the objects
/// at as many random visible index paths; each against
/// `IdentifiedArray.index(id:)` of the same keys.
func runLookups(size n: Int, lookups: Int, repetitions: Repetitions) -> LookupsResult {
    let data = LiveSearchData(size: n)
    let controller = ResultsController(store: data.store)
    let snapshot = controller.snapshot
    let identified = IdentifiedArrayOf<Row>(uniqueElements: data.rows)
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 10)
    var result = LookupsResult()
    result.repetitions = repetitions.run { _ in
        let keys = (0..<lookups).map { _ in Int.random(in: 0..<n, using: &rng) }
        let paths = (0..<lookups).map { _ -> ResultsIndexPath in
            let section = Int.random(in: 0..<snapshot.numberOfSections, using: &rng)
            return ResultsIndexPath(row: Int.random(in: 0..<snapshot.numberOfElements(inSection: section)!, using: &rng), section: section)
        }
        let raw = time(.ours, "W10 raw") { () -> Int in
            var sum = 0
            for key in keys { sum &+= data.store.rawIndexPath(forKey: key)?.row ?? 0 }
            return sum
        }
        var found = 0
        let visible = time(.ours, "W10 visible") { () -> Int in
            var sum = 0
            for key in keys {
                if let path = snapshot.indexPath(forKey: key) { sum &+= path.row; found += 1 }
            }
            return sum
        }
        let object = time(.ours, "W10 object") { () -> Int in
            var sum = 0
            for path in paths { sum &+= snapshot.element(at: path)?.score ?? 0 }
            return sum
        }
        let baseline = time(.baseline, "W10 identified") { () -> Int in
            var sum = 0
            for key in keys { sum &+= identified.index(id: key) ?? 0 }
            return sum
        }
        result.raw = min(result.raw, raw / Double(lookups))
        result.visible = min(result.visible, visible / Double(lookups))
        result.object = min(result.object, object / Double(lookups))
        result.baseline = min(result.baseline, baseline / Double(lookups))
        result.found = found
    }
    return result
}
