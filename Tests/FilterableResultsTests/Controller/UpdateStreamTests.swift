import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@MainActor
@Suite("Updates as an asynchronous sequence")
struct UpdateStreamTests {
    func controller(keys: [Int] = []) throws -> ResultsController<Entry, Int> {
        let controller = ResultsController(store: ResultsStore<Entry, Int>.items())
        try controller.setData(keys.map { Entry(id: $0) })
        return controller
    }

    /// Collects the keys each update shows until the stream ends.
    func collect(_ stream: AsyncStream<ResultsUpdate<ResultsSnapshot<Entry, Int>>>, pausing: Bool = false) -> Task<[[Int]], Never> {
        Task {
            var shown: [[Int]] = []
            for await update in stream {
                shown.append(update.snapshot.elements.map(\.id))
                if pausing { try? await Task.sleep(for: .milliseconds(2)) }
            }
            return shown
        }
    }

    @Test func everySubscriberGetsEveryUpdateInOrder() async throws {
        var controller: ResultsController<Entry, Int>? = try controller(keys: [1])
        let first = collect(controller!.updates())
        let second = collect(controller!.updates())
        try controller!.add(Entry(id: 2))
        try controller!.remove(key: 1)
        controller = nil
        #expect(await first.value == [[1, 2], [2]])
        #expect(await second.value == [[1, 2], [2]])
    }

    @Test func aSlowSubscriberMissesNothing() async throws {
        var controller: ResultsController<Entry, Int>? = try controller()
        let slow = collect(controller!.updates(), pausing: true)
        for key in 1...5 {
            try controller!.add(Entry(id: key))
            await Task.yield()
        }
        controller = nil
        #expect(await slow.value == [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5]])
    }

    @Test func aSubscriberKeepingTheNewestGetsTheLatestTable() async throws {
        var controller: ResultsController<Entry, Int>? = try controller()
        let latest = collect(controller!.updates(bufferingPolicy: .bufferingNewest(1)))
        for key in 1...5 { try controller!.add(Entry(id: key)) }
        controller = nil
        #expect(await latest.value == [[1, 2, 3, 4, 5]])
    }

    @Test func aSubscriberAddedMidStreamStartsFromItsFirstUpdate() async throws {
        var controller: ResultsController<Entry, Int>? = try controller()
        let early = collect(controller!.updates())
        try controller!.add(Entry(id: 1))
        let late = collect(controller!.updates())
        try controller!.add(Entry(id: 2))
        controller = nil
        #expect(await early.value == [[1], [1, 2]])
        #expect(await late.value == [[1, 2]])
    }

    @Test func aBatchIsOneUpdate() async throws {
        var controller: ResultsController<Entry, Int>? = try controller()
        let stream = collect(controller!.updates())
        try controller!.performBatchUpdates {
            try controller!.add(Entry(id: 1))
            try controller!.add(Entry(id: 2))
        }
        controller = nil
        #expect(await stream.value == [[1, 2]])
    }

    @Test func aCancelledSubscriberEndsAndTheOthersGoOn() async throws {
        var controller: ResultsController<Entry, Int>? = try controller()
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let updates = controller!.updates()
        let cancelled = Task {
            var count = 0
            starting.yield()
            for await _ in updates { count += 1 }
            return count
        }
        let staying = collect(controller!.updates())
        for await _ in started { break }
        cancelled.cancel()
        #expect(await cancelled.value == 0)
        try controller!.add(Entry(id: 1))
        try controller!.add(Entry(id: 2))
        controller = nil
        #expect(await staying.value == [[1], [1, 2]])
    }

    @Test func theSequenceEndsWhenTheControllerGoesAway() async throws {
        var controller: ResultsController<Entry, Int>? = try controller(keys: [1])
        let stream = collect(controller!.updates())
        weak let released = controller
        controller = nil
        #expect(released == nil)
        #expect(await stream.value.isEmpty)
    }
}
