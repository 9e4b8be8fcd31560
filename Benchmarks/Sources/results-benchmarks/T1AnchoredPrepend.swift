import FilterableResults
import FilterableResultsTesting

struct AnchoredPrependResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    /// Whether, after every anchored prepend, the row being read was where
    /// it was on screen (and, unanchored, pushed down as UIKit does).
    var anchorHeld = true
    var unanchoredPushedDown = true
    var repetitions = 0
}

/// One side of T1: a chat-like list behind a data source and a simulated
/// table view with a viewport, the user reading near its top.
@MainActor
final class AnchoredScreen {
    let controller: ResultsController<Row, Int>
    let view = ListViewSimulator<Row>(flavor: .tableView, countMode: .cached)
    let dataSource: ResultsDataSource<ResultsController<Row, Int>, Row>
    /// The row the user reads, and how far its top is below the top of the screen.
    let readRow: Int
    let readDistance: Double

    init(rows: [Row], anchoring: ResultsDataSource<ResultsController<Row, Int>, Row>.Anchoring) {
        var store = ResultsStore<Row, Int>(key: \.id, sortedBy: [.ascending(\.id)])
        try! store.setData(rows)
        _ = store.takeChangeset()
        controller = ResultsController(store: store)
        // The cell is the row itself: the simulator's row heights read it
        // without parsing a string (44, 64 or 84 points by id).
        dataSource = ResultsDataSource(controller: controller, view: view) { _, row in row }
        dataSource.anchoring = anchoring
        view.dataSource = dataSource
        view.viewport = ListViewSimulator<Row>.Viewport(height: 600) { row in 44 + 20 * Double(row.id % 3) }
        // The user reads the sixth row, 17 points of it under the top.
        readRow = rows[5].id
        readDistance = -17
        let bounds = view.verticalBounds(ofRowAt: dataSource.snapshot.indexPath(forKey: readRow)!)!
        view.userScrolls(toVisibleTop: bounds.lowerBound - readDistance)
    }

    /// How far the top of the row being read is below the top of the screen.
    var distanceOfReadRow: Double? {
        guard let path = dataSource.snapshot.indexPath(forKey: readRow), let bounds = view.verticalBounds(ofRowAt: path) else { return nil }
        return bounds.lowerBound - view.contentOffset
    }

    /// Whether the view still shows what the data source holds, with no
    /// batch refused.
    var isConsistent: Bool {
        view.exception == nil && view.cells.map { $0.map(\.id) } == dataSource.snapshot.sections.map { $0.elements.map(\.id) }
    }
}

/// T1: `n` rows (ids from 1,000 up, sorted by id, one section) behind a
/// `ResultsDataSource` over the `ListViewSimulator` with a viewport 600
/// points tall (rows 44, 64 or 84 points), the user reading the sixth row;
/// the app merges the 1,000 older rows (ids 0..<1,000), which land above
/// it, as one update. Timed: the `merge`, through the report, the data
/// source's batch in the simulated view and its layout. Ours: the data
/// source keeps the first visible row in place (`anchoring =
/// .firstVisibleRow`: the row read before the batch, the view scrolled
/// after it). The baseline: the same merge on a second such screen
/// without anchoring, run after ours in even repetitions and before it in
/// odd ones. The 1,000 rows are removed again, untimed, after each
/// repetition.
@MainActor
func runAnchoredPrepend(size n: Int, prepended k: Int, repetitions: Repetitions) -> AnchoredPrependResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 31)
    let rows = makeRows(k..<(k + n), using: &rng)
    let older = makeRows(0..<k, using: &rng)
    let anchored = AnchoredScreen(rows: rows, anchoring: .firstVisibleRow)
    let plain = AnchoredScreen(rows: rows, anchoring: .none)
    var result = AnchoredPrependResult()
    result.repetitions = repetitions.run { repetition in
        // The side that runs first runs on memory the removal just freed:
        // the sides take turns at it.
        let ours: Double, baseline: Double
        if repetition.isMultiple(of: 2) {
            ours = time(.ours, "T1 anchored") { try! anchored.controller.merge(older) }
            baseline = time(.baseline, "T1 unanchored") { try! plain.controller.merge(older) }
        } else {
            baseline = time(.baseline, "T1 unanchored") { try! plain.controller.merge(older) }
            ours = time(.ours, "T1 anchored") { try! anchored.controller.merge(older) }
        }
        result.ours = min(result.ours, ours)
        result.baseline = min(result.baseline, baseline)
        result.anchorHeld = result.anchorHeld && anchored.isConsistent && anchored.distanceOfReadRow == anchored.readDistance
        result.unanchoredPushedDown = result.unanchoredPushedDown && plain.isConsistent
            && (plain.distanceOfReadRow ?? 0) >= plain.readDistance + 44 * Double(k)   // each row ≥ 44 points
        try! anchored.controller.remove(keys: older.map(\.id))
        try! plain.controller.remove(keys: older.map(\.id))
    }
    return result
}
