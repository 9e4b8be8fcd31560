import Foundation
import FilterableResults
import FilterableResultsTesting

struct PreparedMergeResult {
    var ours = Double.infinity
    var baseline = Double.infinity
    var preparation = Double.infinity
    var counts = ChangeCounts()
    var baselineCounts = ChangeCounts()
    var repetitions = 0
}

/// A value made on another thread and the seconds it took, handed over
/// once, the hand-over ordered by a semaphore.
final class Handover<Value>: @unchecked Sendable {
    var value: Value?
    var seconds = 0.0
}

/// W7: a controller holding W1's old rows, with a delegate that only counts
/// the changes. Ours: the fresh page (`setData` of W1's new rows) is
/// prepared on another thread (`ResultsPreparedUpdate`, not timed), then
/// applied here: the applying thread's whole cost, the report and the
/// release of the prepared value included. The baseline: the same
/// `setData` done here on a second such controller, its report included.
func runPreparedMerge(size n: Int, repetitions: Repetitions) -> PreparedMergeResult {
    let data = RefreshData(size: n, seed: benchmarkSeed &+ UInt64(n))
    let page = data.new
    var result = PreparedMergeResult()
    let delegate = CountingDelegate()

    result.repetitions = repetitions.run { _ in
        let controller = ResultsController(store: makeStore(holding: data.old))
        controller.delegate = delegate
        let base = controller.store
        let handover = Handover<ResultsPreparedUpdate<Row, Int>>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let clock = ContinuousClock()
            let start = clock.now
            handover.value = try! ResultsPreparedUpdate(from: base) { store in try store.setData(page) }
            handover.seconds = seconds(start.duration(to: clock.now))
            done.signal()
        }
        thread.start()
        done.wait()
        result.preparation = min(result.preparation, handover.seconds)

        delegate.counts = ChangeCounts()
        result.ours = min(result.ours, time(.ours) { () -> ResultsPreparedUpdate<Row, Int>.Outcome in
            let outcome = try! controller.apply(handover.value.take()!)
            return outcome
        })
        result.counts = delegate.counts

        let other = ResultsController(store: makeStore(holding: data.old))
        other.delegate = delegate
        delegate.counts = ChangeCounts()
        result.baseline = min(result.baseline, time { try! other.setData(page) })
        result.baselineCounts = delegate.counts
    }
    return result
}
