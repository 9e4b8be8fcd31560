import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

struct CompositionCostResult {
    /// Per workload: its name, the composed time and the bare time.
    var cases: [(name: String, composed: Double, bare: Double)] = []
    var changes: [Int] = []
    var repetitions = 0
}

/// The controllers of W14: a live-search part of `n` rows and a part of
/// `n / 10` rows in 26 sections.
@MainActor
private func makeParts(size n: Int, rows: [Row]) -> (search: ResultsController<Row, Int>, sectioned: ResultsController<Row, Int>) {
    let search = ResultsController(store: ResultsStore<Row, Int>(key: \.id, sortedBy: [.ascending(\.id)]))
    try! search.setData(rows)
    let sectioned = ResultsController(store: ResultsStore<Row, Int>(
        key: \.id, sortedBy: [.ascending(\.id)], sectionedBy: ResultsSectioning(sectionName: { String(UnicodeScalar(UInt8(97 + $0.group))) })))
    try! sectioned.setData(rows.prefix(n / 10).map { Row(id: $0.id + n, name: $0.name, score: $0.score, group: $0.group) })
    return (search, sectioned)
}

/// Reads every change's index paths and element, as a view's observer does.
@MainActor
private func readEveryChange<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, into sum: inout Int) {
    for change in update.changeset.elementChanges {
        sum &+= (change.indexPath?.row ?? 0) &+ (change.newIndexPath?.row ?? 0)
        blackHole(change.element)
    }
    sum &+= update.changeset.sectionChanges.count
}

/// W14: a composition of a static header, a live-search part of `n` rows
/// and a sectioned part of `n / 10` rows, against the live-search
/// controller alone, for one changed row, a keystroke that changes about
/// `n / 100` rows and a cleared search that shows all `n` again; in both,
/// an observer reads every change's index paths and element.
@MainActor
func runCompositionCost(size n: Int, repetitions: Repetitions) -> CompositionCostResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 14)
    let rows = makeRows(0..<n, using: &rng)
    var sum = 0
    // The bare controller, and the same controllers composed.
    let bare = makeParts(size: n, rows: rows).search
    let bareObservation = bare.observe { readEveryChange($0, into: &sum) }
    let (search, sectioned) = makeParts(size: n, rows: rows)
    let header = try! StaticSections<Row> { StaticSection("Header") { StaticRow(Row(id: -1, name: "header", score: 0, group: 0), id: -1) } }
    let composition = ResultsComposition<Row>([.part(header), .part(search), .part(sectioned)])
    let composedObservation = composition.observe { readEveryChange($0, into: &sum) }
    defer { bareObservation.cancel(); composedObservation.cancel() }

    // A keystroke: scores below a threshold show; raising it by 1% of the
    // score range shows about n / 100 more rows.
    func keystroke(_ threshold: Int) -> ResultsFilter<Row> { ResultsFilter(title: "below \(threshold)", group: "search") { $0.score < threshold } }
    let workloads: [(name: String, prepare: (ResultsController<Row, Int>) -> Void, run: (ResultsController<Row, Int>, Int) -> Void)] = [
        ("one row changed", { _ in }, { controller, repetition in
            var row = rows[n / 2]
            row.score = repetition + 1
            try! controller.replace(row)
        }),
        ("a keystroke changing \(count(n / 100)) rows", { try! $0.addFilter(keystroke(500_000)) }, { controller, _ in
            try! controller.addFilter(keystroke(510_000))
        }),
        ("a cleared search showing \(count(n)) rows", { try! $0.addFilter(keystroke(0)) }, { controller, _ in
            try! controller.clearFilters()
        }),
    ]
    var result = CompositionCostResult()
    result.cases = workloads.map { ($0.name, Double.infinity, Double.infinity) }
    result.repetitions = repetitions.run { repetition in
        for (index, workload) in workloads.enumerated() {
            workload.prepare(bare)
            workload.prepare(search)
            let changesBefore = sum
            result.cases[index].bare = min(result.cases[index].bare, time(.baseline, "W14 \(index) bare") { workload.run(bare, repetition) })
            result.cases[index].composed = min(result.cases[index].composed, time(.ours, "W14 \(index) composed") { workload.run(search, repetition) })
            if repetition == 0 { result.changes.append(sum &- changesBefore) }
            try! bare.clearFilters()
            try! search.clearFilters()
        }
    }
    blackHole(sum)
    return result
}
