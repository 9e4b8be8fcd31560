import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting

/// One edit of W4, at a raw index path in the single section.
enum Edit {
    case insert(Row, at: Int)
    case remove(at: Int)
    case replace(at: Int, with: Row)
}

struct ManyEditsResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var rollbackForm = Double.infinity
    var events = ChangeCounts()
    var edits: (inserts: Int, removes: Int, replaces: Int) = (0, 0, 0)
    var repetitions = 0
}

/// `count` mixed edits (a third each: insert, remove, replace with a new
/// score, same key) at uniformly random positions, valid in sequence.
func makeEdits(count: Int, on rows: [Row], using rng: inout SeededRandomNumberGenerator) -> [Edit] {
    var mirror = rows
    var nextID = rows.count + 1_000_000_000
    var edits: [Edit] = []
    edits.reserveCapacity(count)
    for _ in 0..<count {
        switch rng.next() % 3 {
        case 0:
            let position = Int.random(in: 0...mirror.count, using: &rng)
            let row = makeRow(id: nextID, using: &rng)
            nextID += 1
            mirror.insert(row, at: position)
            edits.append(.insert(row, at: position))
        case 1:
            let position = Int.random(in: 0..<mirror.count, using: &rng)
            mirror.remove(at: position)
            edits.append(.remove(at: position))
        default:
            let position = Int.random(in: 0..<mirror.count, using: &rng)
            mirror[position].score += 1
            edits.append(.replace(at: position, with: mirror[position]))
        }
    }
    return edits
}

/// W4: `n` rows; the edits in one batch (`beginUpdates`/`endUpdates`) on a
/// controller whose delegate receives the events, against the same edits
/// on a bare `ResultsStore` with no observer: no controller, and no
/// changeset is ever taken (the store still does its own bookkeeping).
/// Both start from a freshly built store each repetition (not timed).
/// Also timed, for information: the same batch as `performBatchUpdates`,
/// whose rollback copy of the store is part of its cost.
func runManyEdits(size n: Int, editCount: Int, repetitions: Repetitions) -> ManyEditsResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 4)
    let rows = makeRows(0..<n, using: &rng)
    let edits = makeEdits(count: editCount, on: rows, using: &rng)
    var result = ManyEditsResult()
    for edit in edits {
        switch edit {
        case .insert: result.edits.inserts += 1
        case .remove: result.edits.removes += 1
        case .replace: result.edits.replaces += 1
        }
    }

    func apply(_ edits: [Edit], to controller: ResultsController<Row, Int>) {
        for edit in edits {
            switch edit {
            case let .insert(row, at: position): try! controller.insert(row, at: ResultsIndexPath(row: position, section: 0))
            case let .remove(at: position): try! controller.remove(at: ResultsIndexPath(row: position, section: 0))
            case let .replace(at: position, with: row): try! controller.replace(at: ResultsIndexPath(row: position, section: 0), with: row)
            }
        }
    }

    let repetitionCount = repetitions.run { _ in
        // Ours: a delegate receives the events at the end of the batch.
        do {
            let delegate = CountingDelegate()
            let controller = ResultsController(store: makeStore(holding: rows))
            controller.delegate = delegate
            result.ours = min(result.ours, time(.ours, "W4 ours") {
                try! controller.beginUpdates()
                apply(edits, to: controller)
                try! controller.endUpdates()
            })
            result.events = delegate.counts
        }
        // Baseline: the same edits, nobody observing.
        do {
            var store = makeStore(holding: rows)
            result.baseline = min(result.baseline, time(.baseline, "W4 bare") {
                for edit in edits {
                    switch edit {
                    case let .insert(row, at: position): try! store.insert(row, at: RawIndexPath(row: position, section: 0))
                    case let .remove(at: position): try! store.remove(at: RawIndexPath(row: position, section: 0))
                    case let .replace(at: position, with: row): try! store.replace(at: RawIndexPath(row: position, section: 0), with: row)
                    }
                }
                return store.rawCount
            })
        }
        // Information: the safe, atomic form.
        do {
            let delegate = CountingDelegate()
            let controller = ResultsController(store: makeStore(holding: rows))
            controller.delegate = delegate
            result.rollbackForm = min(result.rollbackForm, time(.other, "W4 rollback form") {
                controller.performBatchUpdates { apply(edits, to: controller) }
            })
        }
    }
    result.repetitions = repetitionCount
    return result
}
