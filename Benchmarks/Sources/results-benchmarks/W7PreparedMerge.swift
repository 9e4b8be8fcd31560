import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

struct PreparedMergeResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var preparation = Double.infinity
    var withDelegate = Double.infinity
    var counts = 0
    var baselineCounts = 0
    var repetitions = 0
}

/// A value made on another thread and the seconds it took, handed over
/// once, the hand-over ordered by a semaphore.
final class Handover<Value>: @unchecked Sendable {
    var value: Value?
    var seconds = 0.0
}

/// W7: a controller holding W1's old rows, with an observer that only
/// counts the changes of each update. Ours: the fresh page (`setData` of W1's new rows) is
/// prepared on another thread (`ResultsController.PreparedUpdate`, not timed), then
/// applied here: the applying thread's whole cost, the report included.
/// `apply` releases the update (and the table it replaced) in a background
/// task; the run waits for that, untimed, and has the allocator sort what
/// it freed before the next side (see `sortFreedChunks()`), so that the
/// release is charged to no side here. The baseline: the same
/// `setData` done here on a second such controller, its report included.
/// For information, the same with a delegate told of every change.
func runPreparedMerge(size n: Int, repetitions: Repetitions) -> PreparedMergeResult {
    let data = RefreshData(size: n, seed: benchmarkSeed &+ UInt64(n))
    let page = data.new
    var result = PreparedMergeResult()
    let delegate = CountingDelegate()

    result.repetitions = repetitions.run { _ in
        var counted = 0
        func controller() -> (ResultsController<Row, Int>, ResultsObservation) {
            let controller = ResultsController(store: makeStore(holding: data.old))
            return (controller, controller.observe { counted = $0.changeset.count })
        }
        let (applying, applyingObservation) = controller()
        var prepared = Optional(prepare(from: applying.store, &result))
        sortFreedChunks()
        result.ours = min(result.ours, time(.ours, "W7 apply") { try! applying.apply(prepared.take()!) })
        result.counts = counted
        waitForBackgroundReleases()

        let (setting, settingObservation) = controller()
        sortFreedChunks()
        result.baseline = min(result.baseline, time(.baseline, "W7 setData") { try! setting.setData(page) })
        result.baselineCounts = counted

        let (told, _) = controller()
        told.delegate = delegate
        prepared = prepare(from: told.store, &result)
        sortFreedChunks()
        result.withDelegate = min(result.withDelegate, time(.other, "W7 apply told") { try! told.apply(prepared.take()!) })
        waitForBackgroundReleases()
        withExtendedLifetime((applyingObservation, settingObservation)) {}
    }
    return result

    /// The page prepared from `base` on another thread, its time noted.
    func prepare(from base: ResultsStore<Row, Int>, _ result: inout PreparedMergeResult) -> ResultsController<Row, Int>.PreparedUpdate {
        let handover = Handover<ResultsController<Row, Int>.PreparedUpdate>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let clock = ContinuousClock()
            let start = clock.now
            handover.value = try! ResultsController.PreparedUpdate(from: base) { store in try store.setData(page) }
            handover.seconds = seconds(start.duration(to: clock.now))
            done.signal()
        }
        thread.start()
        done.wait()
        result.preparation = min(result.preparation, handover.seconds)
        return handover.value.take()!
    }
}

/// Gives the task in which `apply` released the update it applied time to
/// run (it frees a 100k-row table in a millisecond or two), then has the
/// allocator sort what it freed: untimed, between two sides.
func waitForBackgroundReleases() {
    Thread.sleep(forTimeInterval: 0.05)
    sortFreedChunks()
}
