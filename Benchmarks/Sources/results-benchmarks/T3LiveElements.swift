import CBenchmarkSupport
import FilterableResults
import FilterableResultsTesting
import Observation

/// T3's element: `Row` as an `@Observable` class, changed in place.
@Observable
final class LiveRow: Equatable {
    let id: Int
    var name: String
    var score: Int
    var group: Int

    init(_ row: Row) {
        id = row.id
        name = row.name
        score = row.score
        group = row.group
    }

    /// The same object: an element changed in place is still itself.
    static func == (lhs: LiveRow, rhs: LiveRow) -> Bool { lhs === rhs }
}

struct LiveElementsResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    /// Heap bytes `tracksElements(reading:)` added per row it tracks.
    var trackingBytesPerRow = 0.0
    /// Heap bytes per row of the live controller before tracking (the
    /// objects and the store), for scale.
    var liveBytesPerRow = 0.0
    /// For information: the same changes reported by hand,
    /// `markChanged(keys:)` on a controller of other objects, not tracked.
    var byHand = Double.infinity
    /// The same changes seen by the Observation module alone, with one hop
    /// to the main actor and the objects observed again (``ObservationFloor``).
    var observationAlone = Double.infinity
    var counts = ChangeCounts()
    var baselineCounts = ChangeCounts()
    /// Whether every repetition's 100 changes came as one update, in time.
    var reportedOnce = true
    var repetitions = 0
}

/// Seconds `work` takes on the main actor, awaiting included, profiled and
/// counted as `time(_:_:_:)` does.
@MainActor
func timeOnMainActor(_ side: Side = .baseline, _ counter: String? = nil, _ work: () async -> Void) async -> Double {
    let collect = isCountingInstructions ? counter != nil && isCountedRepetition : side == profiledSide
    if collect { bench_collect_begin() }
    let clock = ContinuousClock()
    let start = clock.now
    await work()
    let end = clock.now
    if collect { bench_collect_end() }
    if collect && isCountingInstructions, let counter { bench_dump_instructions(counter) }
    return seconds(start.duration(to: end))
}

/// T3: `n` rows in one section, unsorted, behind a controller with an
/// observer that reads every change's index path. Ours: the rows are
/// `@Observable` objects tracked with `tracksElements(reading:)` (reading
/// `name` and `score`); 100 random ones get a new score in place, and the
/// time runs from the first change to the end of the main actor's turns
/// until the observer has received the update (the observation callbacks,
/// the hop to the main actor, the report and the tracking of the changed
/// rows again). The baseline: a controller of the same rows as values,
/// with the same observer, given `setData` of all `n` rows with those 100
/// changed. Also measured, once before the repetitions: the heap bytes
/// (`mallinfo2`) that starting the tracking adds, per row; and in each
/// repetition, the same changes by hand (`markChanged(keys:)`) and seen by
/// the Observation module alone (the floor under the live path).
@MainActor
func runLiveElements(size n: Int, changed k: Int, repetitions: Repetitions) async -> LiveElementsResult {
    var rng = SeededRandomNumberGenerator(seed: benchmarkSeed &+ 33)
    var rows = makeRows(0..<n, using: &rng)
    var result = LiveElementsResult()

    // mallinfo2 counts the main arena: this runs on the main thread, before
    // the first await moves the main actor's jobs to a worker thread.
    let heapBeforeLive = bench_bytes_in_use()
    let liveRows = rows.map(LiveRow.init)
    var liveStore = ResultsStore<LiveRow, Int>(key: \.id)
    try! liveStore.setData(liveRows)
    _ = liveStore.takeChangeset()
    let live = ResultsController(store: liveStore)
    liveStore = ResultsStore<LiveRow, Int>(key: \.id)   // the controller holds the only copy
    let heapBeforeTracking = bench_bytes_in_use()
    let tracking = live.tracksElements { row in
        _ = row.name
        _ = row.score
    }
    let heapAfterTracking = bench_bytes_in_use()
    result.liveBytesPerRow = Double(Int(heapBeforeTracking) - Int(heapBeforeLive)) / Double(n)
    result.trackingBytesPerRow = Double(Int(heapAfterTracking) - Int(heapBeforeTracking)) / Double(n)

    let values = ResultsController(store: makeStore(holding: rows))
    let untrackedRows = rows.map(LiveRow.init)
    var untrackedStore = ResultsStore<LiveRow, Int>(key: \.id)
    try! untrackedStore.setData(untrackedRows)
    _ = untrackedStore.takeChangeset()
    let untracked = ResultsController(store: untrackedStore)
    let floor = ObservationFloor(rows.map(LiveRow.init))
    var updates = 0, sum = 0
    var lastCounts = ChangeCounts()
    let observations = [
        live.observe { update in
            updates += 1
            var counts = ChangeCounts()
            for change in update.changeset.elementChanges {
                counts.add(change.kind)
                sum &+= change.change.newIndexPath?.row ?? 0
            }
            lastCounts = counts
        },
        untracked.observe { update in
            for change in update.changeset.elementChanges { sum &+= change.change.newIndexPath?.row ?? 0 }
        },
        values.observe { update in
            for change in update.changeset.elementChanges { sum &+= change.change.newIndexPath?.row ?? 0 }
            result.baselineCounts = ChangeCounts(update.changeset)
        },
    ]

    result.repetitions = await repetitions.runOnMainActor { _ in
        var picked = Set<Int>()
        while picked.count < k { picked.insert(Int.random(in: 0..<n, using: &rng)) }
        let indices = Array(picked)
        for index in indices { rows[index].score = (rows[index].score + 1) % 1_000_000 }
        let before = updates
        let ours = await timeOnMainActor(.ours, "T3 live") {
            for index in indices { liveRows[index].score = rows[index].score }
            var turns = 0
            while updates == before && turns < 1_000 {
                await Task.yield()
                turns += 1
            }
        }
        result.reportedOnce = result.reportedOnce && updates == before + 1 && lastCounts.updates == k && lastCounts.total == k
        result.counts = lastCounts
        let baseline = time(.baseline, "T3 setData") { try! values.setData(rows) }
        let byHand = time(.other, "T3 by hand") {
            for index in indices { untrackedRows[index].score = rows[index].score }
            try! untracked.markChanged(keys: indices.map { untrackedRows[$0].id })
        }
        for index in indices { floor.observe(index) }
        let deliveries = floor.deliveries
        let alone = await timeOnMainActor(.other, "T3 Observation alone") {
            for index in indices { floor.rows[index].score = rows[index].score }
            var turns = 0
            while floor.deliveries == deliveries && turns < 1_000 {
                await Task.yield()
                turns += 1
            }
        }
        result.observationAlone = min(result.observationAlone, alone)
        result.byHand = min(result.byHand, byHand)
        result.ours = min(result.ours, ours)
        result.baseline = min(result.baseline, baseline)
    }
    // No report is left to come: the last repetition's was awaited.
    for _ in 0..<10 { await Task.yield() }
    result.reportedOnce = result.reportedOnce && updates == result.repetitions
    tracking.cancel()
    for observation in observations { observation.cancel() }
    blackHole(sum)
    return result
}
