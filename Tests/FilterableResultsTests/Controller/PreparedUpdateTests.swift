import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

@MainActor
@Suite("Prepared updates")
struct PreparedUpdateTests {
    let merge: @Sendable (inout ResultsStore<Entry, Int>) throws(ResultsError) -> Void = { store throws(ResultsError) in
        try store.merge([Entry(id: 2, value: 20), Entry(id: 4), Entry(id: 5)], prune: false)
    }

    @Test func anUpdatePreparedFromTheCurrentStoreIsAdoptedAndReportedOnce() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        #expect(try screen.controller.apply(prepared) == .adopted)
        #expect(screen.keys == [[1, 2, 3, 4, 5]])
        #expect(screen.updates.count == 1)
        #expect(screen.updates.first.map { summary($0.changeset) } == ["insert 4→[0, 3]", "insert 5→[0, 4]", "update 2 [0, 1]→[0, 1]"])
        #expect(screen.violations.isEmpty)
    }

    @Test func anEditMadeWhileTheUpdateWasPreparedIsKept() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        try screen.controller.remove(key: 1)
        try screen.controller.update(3) { $0.value = 30 }
        #expect(try screen.controller.apply(prepared) == .reapplied)
        #expect(screen.keys == [[2, 3, 4, 5]])
        #expect(screen.controller.store.element(forKey: 3)?.value == 30)
        #expect(screen.controller.store.element(forKey: 2)?.value == 20)
        #expect(screen.violations.isEmpty)
    }

    @Test func aStaleUpdateCanBeRefusedAndChangesNothing() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        try screen.controller.remove(key: 1)
        let updates = screen.updates.count
        #expect(throws: ResultsError.staleUpdate) { try screen.controller.apply(prepared, onConflict: .refuse) }
        #expect(screen.keys == [[2, 3]])
        #expect(screen.updates.count == updates)
    }

    @Test func filtersAndSortingAreLeftAsTheControllerHasThem() throws {
        let screen = try ValidatedController(.items(sortedBy: [.descending(\.id)]), keys: [1, 2, 3])
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        try screen.controller.addFilter(ResultsFilter(title: "odd", group: "parity") { $0.id % 2 == 1 })
        try screen.controller.apply(prepared)
        #expect(screen.keys == [[5, 3, 1]])
        #expect(screen.controller.store.filters.map(\.title) == ["odd"])
        #expect(screen.controller.store.sortKeys.count == 1)
        #expect(screen.violations.isEmpty)
    }

    @Test func operationsThatFailWhenRunAgainChangeNothing() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store) { store throws(ResultsError) in
            try store.merge([Entry(id: 9)])
            try store.insert(Entry(id: 10), at: raw(0, 4))   // valid on the base, not after a removal
        }
        try screen.controller.remove(key: 1)
        let updates = screen.updates.count
        #expect(throws: ResultsError.self) { try screen.controller.apply(prepared) }
        #expect(screen.keys == [[2, 3]])
        #expect(screen.updates.count == updates)
    }

    @Test func anUpdatePreparedBeforeAReportIsNotAdoptedAfterIt() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        try screen.controller.beginUpdates()
        try screen.controller.remove(key: 1)
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        try screen.controller.endUpdates()
        #expect(try screen.controller.apply(prepared) == .reapplied, "its base still held the delete reported since")
        #expect(screen.keys == [[2, 3, 4, 5]])
        #expect(screen.updates.count == 2)
        #expect(screen.violations.isEmpty)
    }

    @Test func anUpdatePreparedWhileUpdatesWereOffIsNotAdoptedAfterTheReload() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        try screen.controller.setUpdatesEnabled(false)
        try screen.controller.remove(key: 1)
        let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
        try screen.controller.setUpdatesEnabled(true)
        #expect(try screen.controller.apply(prepared) == .reapplied)
        #expect(screen.keys == [[2, 3, 4, 5]])
        #expect(screen.violations.isEmpty)
    }

    @Test func anUpdateAdoptedInsideABatchIsReportedWithIt() throws {
        let screen = try ValidatedController(keys: [1, 2, 3])
        try screen.controller.performBatchUpdates {
            try screen.controller.remove(key: 3)
            let prepared = try ResultsController.PreparedUpdate(from: screen.controller.store, merge)
            #expect(try screen.controller.apply(prepared) == .adopted)
            try screen.controller.add(Entry(id: 6))
        }
        #expect(screen.keys == [[1, 2, 4, 5, 6]])
        #expect(screen.updates.count == 1)
        #expect(screen.violations.isEmpty)
    }

    @Test func prepareAndApplyRunsTheOperationsOffTheActorAndAppliesThemHere() async throws {
        let screen = try ValidatedController(keys: [1, 2])
        let outcome = try await screen.controller.prepareAndApply { store throws(ResultsError) in
            try store.merge((3...1_000).map { Entry(id: $0) })
        }
        #expect(outcome == .adopted)
        #expect(screen.controller.store.rawCount == 1_000)
        #expect(screen.updates.count == 1)
        #expect(screen.updates.first?.changeset.elementChanges.count == 998)
        #expect(screen.violations.isEmpty)
    }

    /// Whether the code running is inside a call to `apply` (or
    /// `prepareAndApply`) made by a test: a task-local value, which the
    /// task the update is released in does not inherit.
    enum Applying {
        @TaskLocal static var isInCall = false
    }

    /// A row whose deinitialisation says whether it ran inside the call
    /// that applied the update.
    final class DeinitWitness: Sendable {
        let id: Int
        let deinitialised: @Sendable (_ insideTheCall: Bool) -> Void

        init(id: Int, deinitialised: @escaping @Sendable (_ insideTheCall: Bool) -> Void) {
            self.id = id
            self.deinitialised = deinitialised
        }

        deinit { deinitialised(Applying.isInCall) }
    }

    /// A controller of `count` witnesses, and the stream their deinits report to.
    func witnessedController(count: Int = 100) throws -> (ResultsController<DeinitWitness, Int>, AsyncStream<Bool>) {
        let (reports, continuation) = AsyncStream.makeStream(of: Bool.self)
        let controller = ResultsController(store: ResultsStore<DeinitWitness, Int>(key: \.id))
        try controller.setData((0..<count).map { id in DeinitWitness(id: id) { continuation.yield($0) } })
        return (controller, reports)
    }

    /// The first `count` reports of `reports`.
    func first(_ count: Int = 100, of reports: AsyncStream<Bool>) async -> [Bool] {
        var seen: [Bool] = []
        for await insideTheCall in reports {
            seen.append(insideTheCall)
            if seen.count == count { break }
        }
        return seen
    }

    /// The update applied holds the table it replaced; `apply` releases it
    /// in a background task, so the rows a refresh dropped are freed
    /// there, not in the call that applied it.
    @Test func theRowsAnAppliedUpdateDroppedAreFreedOutsideTheCall() async throws {
        let (controller, reports) = try witnessedController()
        let outcome = try Applying.$isInCall.withValue(true) {
            // Made in the call, so no copy of the update outlives `apply`.
            try controller.apply(ResultsController.PreparedUpdate(from: controller.store) { store in try store.setData([]) })
        }
        #expect(outcome == .adopted)
        #expect(controller.store.rawCount == 0)
        #expect(await first(of: reports) == [Bool](repeating: false, count: 100))
    }

    /// The same through `prepareAndApply`.
    @Test func theRowsPrepareAndApplyDroppedAreFreedOutsideTheCall() async throws {
        let (controller, reports) = try witnessedController()
        let outcome = try await Applying.$isInCall.withValue(true) {
            try await controller.prepareAndApply { store in try store.setData([]) }
        }
        #expect(outcome == .adopted)
        #expect(controller.store.rawCount == 0)
        #expect(await first(of: reports) == [Bool](repeating: false, count: 100))
    }

    /// The same through `prepareAndSetTable`, with a table large enough to
    /// be diffed off the actor.
    @Test func theRowsAPreparedTableDroppedAreFreedOutsideTheCall() async throws {
        let count = 10_000   // more than the 8,192 rows a table is diffed with in place
        let (controller, reports) = try witnessedController(count: count)
        let summary = try await Applying.$isInCall.withValue(true) {
            try await controller.prepareAndSetTable([])
        }
        #expect(summary?.removed == count)
        #expect(controller.store.rawCount == 0)
        #expect(await first(count, of: reports) == [Bool](repeating: false, count: count))
    }

    /// Preparations run in detached tasks while the main actor keeps
    /// editing; each is applied some steps later. The promise: a prepared
    /// update acts as if its operations ran when it is applied. So the
    /// reference model runs them then.
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func preparationsInterleavedWithEditsLoseNothing(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let screen = try ValidatedController(keys: Array(0..<20))
        var model = ReferenceModel<Entry, Int>(key: { $0.id })
        try model.setData((0..<20).map { Entry(id: $0) })
        var pending: [(task: Task<ResultsController<Entry, Int>.PreparedUpdate, any Error>, page: [Entry], prune: Bool, due: Int)] = []
        var outcomes: Set<ResultsController<Entry, Int>.PreparedUpdate.Outcome> = []
        for step in 0..<60 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let page = (0..<8).map { _ in Entry(id: Int.random(in: 0..<40, using: &random), value: Int.random(in: 0..<3, using: &random)) }
                let prune = Int.random(in: 0..<4, using: &random) == 0
                let base = screen.controller.store
                let task = Task.detached {
                    try ResultsController.PreparedUpdate(from: base) { store throws(ResultsError) in try store.merge(page, prune: prune) }
                }
                pending.append((task, page, prune, step + Int.random(in: 0..<4, using: &random)))
            case 1:
                let key = Int.random(in: 0..<40, using: &random)
                try screen.controller.remove(key: key)
                model.remove(key: key)
            case 2:
                let entry = Entry(id: Int.random(in: 0..<80, using: &random))
                let refused = model.indexPath(forKey: entry.id) != nil
                if refused {
                    #expect(throws: ResultsError.duplicateKey("\(entry.id)")) { try screen.controller.add(entry) }
                } else {
                    try screen.controller.add(entry)
                    try model.add(entry)
                }
            default:
                let key = Int.random(in: 0..<40, using: &random)
                let value = Int.random(in: 0..<3, using: &random)
                _ = try screen.controller.update(key) { $0.value = value }
                if model.indexPath(forKey: key) != nil { try model.replace(Entry(id: key, value: value)) }
            }
            await Task.yield()
            while let index = pending.firstIndex(where: { $0.due <= step }) {
                let (task, page, prune, _) = pending.remove(at: index)
                outcomes.insert(try screen.controller.apply(try await task.value))
                try model.merge(page, prune: prune)
            }
            #expect(screen.controller.store.rawSections == model.sections, "seed \(seed) step \(step)")
        }
        #expect(screen.violations.isEmpty, "seed \(seed): \(screen.violations)")
        #expect(!outcomes.isEmpty)
    }
}
