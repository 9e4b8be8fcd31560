import FilterableResults
import FilterableResultsTesting

/// U1: a controller fed whole tables (``ResultsController/setTable(_:sectionValues:changedKeys:)``)
/// holding `n` rows in one named section receives a new table differing in
/// 100 rows: 50 with a new score at random places, 25 gone, 25 new at the
/// end (where a merge appends them, so that both sides leave the same
/// table); its report to an observer included. Baselines, in the same
/// repetition: the store's own `merge(prune: true)` of the same rows with
/// its changeset; the W1 floor (a), `Dictionary(uniqueKeysWithValues:)`
/// over the new keys; and, once per repetition too, the standard library's
/// `difference(from:).inferringMoves()` on the key arrays.
struct WholeTableResult {
    var ours = Double.infinity
    var merge = Double.infinity
    var dictionary = Double.infinity
    var stdlibDiff = Double.infinity
    var counts = ChangeCounts()
    var mergeCounts = ChangeCounts()
    var repetitions = 0
    /// Whether both sides left the same rows in the same order.
    var sameRows = true
}

struct WholeTableData {
    var old: [Row]
    var new: [Row]

    init(size n: Int) {
        var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 0x01)
        old = makeRows(0..<n, using: &rng)
        var positions = Array(0..<n)
        positions.shuffle(using: &rng)
        var rows = old
        for index in positions.prefix(50) { rows[index].score = (rows[index].score + 1) % 1_000_000 }
        let gone = Set(positions.dropFirst(50).prefix(25))
        new = rows.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        new += makeRows(n..<(n + 25), using: &rng)
    }
}

func runWholeTable(size n: Int, repetitions: Repetitions) -> WholeTableResult {
    let data = WholeTableData(size: n)
    let oldTable = [ResultsSection(name: "All", elements: data.old)]
    let newTable = [ResultsSection(name: "All", elements: data.new)]
    let oldKeys = data.old.map(\.id), newKeys = data.new.map(\.id)
    var result = WholeTableResult()
    result.repetitions = repetitions.run { _ in
        var store = ResultsStore<Row, Int>(key: \.id)
        try! store.setData(sections: oldTable)
        let controller = ResultsController(store: store)
        var counts = ChangeCounts()
        let observation = controller.observe { update in counts = ChangeCounts(update.changeset) }
        result.ours = min(result.ours, time(.ours, "U1 setTable") { try! controller.setTable(newTable) })
        result.counts = counts
        var merged = store
        _ = merged.takeChangeset()
        result.merge = min(result.merge, time(.baseline, "U1 merge") { () -> ResultsChangeset<Row, Int> in
            try! merged.merge(data.new, prune: true)
            let changeset = merged.takeChangeset()
            result.mergeCounts = ChangeCounts(changeset)
            return changeset
        })
        result.sameRows = result.sameRows
            && merged.rawSections.map { $0.elements.map(\.id) } == controller.store.rawSections.map { $0.elements.map(\.id) }
        result.dictionary = min(result.dictionary, time(.other) {
            Dictionary(uniqueKeysWithValues: data.new.enumerated().lazy.map { ($0.element.id, $0.offset) })
        })
        result.stdlibDiff = min(result.stdlibDiff, time(.other) { newKeys.difference(from: oldKeys).inferringMoves() })
        withExtendedLifetime(observation) {}
    }
    return result
}
