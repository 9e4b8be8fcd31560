import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

struct SectionOrderResult {
    var descending = Double.infinity
    var ascending = Double.infinity
    var addDescending = Double.infinity
    var addAscending = Double.infinity
    var sections = 0
    var repetitions = 0
}

/// A store sectioned by each row's name.
private func makeSectionedStore() -> ResultsStore<Row, Int> {
    ResultsStore<Row, Int>(key: \.id, sectionedBy: .by(\.name))
}

/// W13: a store sectioned by name receives `n` rows whose names are all
/// different (so each row is a section of its own), in descending and in
/// ascending name order: by one `setData`, and by `add` one at a time in
/// one batch, changeset included.
func runSectionOrder(size n: Int, repetitions: Repetitions) -> SectionOrderResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 13)
    var rows = makeRows(0..<n, using: &rng)
    for index in rows.indices { rows[index].name = String(index + 10_000_000) }
    let descending = Array(rows.reversed())
    var result = SectionOrderResult()

    func timeSetData(_ rows: [Row], _ counter: String) -> Double {
        var store = makeSectionedStore()
        return time(.ours, counter) { () -> ResultsChangeset<Row, Int> in
            try! store.setData(rows)
            let changeset = store.takeChangeset()
            result.sections = changeset.sectionChanges.count
            return changeset
        }
    }
    func timeAdds(_ rows: [Row], _ counter: String) -> Double {
        var store = makeSectionedStore()
        return time(.ours, counter) { () -> ResultsChangeset<Row, Int> in
            for row in rows { try! store.add(row) }
            return store.takeChangeset()
        }
    }
    result.repetitions = repetitions.run { _ in
        result.descending = min(result.descending, timeSetData(descending, "W13 setData descending"))
        result.ascending = min(result.ascending, timeSetData(rows, "W13 setData ascending"))
        result.addDescending = min(result.addDescending, timeAdds(descending, "W13 add descending"))
        result.addAscending = min(result.addAscending, timeAdds(rows, "W13 add ascending"))
    }
    return result
}
