import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// Drives a controller and a ``ReferenceModel`` with the same seeded random
/// operations, in the batches its configuration asks for, and checks after
/// every outermost batch that:
///
/// - the controller and the model refuse the same operations with the
///   same error code, and otherwise hold the same raw data and the same
///   visible table;
/// - at most one update is reported per batch, none while reporting is
///   off, and a reload only when reporting comes back on after the visible
///   table changed;
/// - every batch passes the ``BatchUpdateValidator`` against the table
///   reported before it, and its snapshot is the table after it; a batch
///   that reports nothing changed nothing visible.
///
///     let runner = RandomOperationRunner(configuration: configuration, vocabulary: vocabulary, seed: 7)
///     if let failure = runner.run(operations: 1_000) { print(failure) }
///
/// It stops at the first failure, which names the seed and the operation
/// index to replay it from.
public final class RandomOperationRunner<Element: Equatable & SendableMetatype, Key: Hashable & SendableMetatype> {
    /// The store set-up and batching.
    public let configuration: RandomStoreConfiguration<Element>
    /// The seed of the sequence.
    public let seed: UInt64
    /// The controller under test.
    public let controller: ResultsController<Element, Key>
    /// The model it is compared with.
    public internal(set) var model: ReferenceModel<Element, Key>
    /// The operations run so far.
    public internal(set) var operationCount = 0
    /// The outermost batches run (and checked) so far.
    public private(set) var batchCount = 0
    /// Called on the main actor after every batch has been checked, for
    /// views that show the controller; returns what is wrong, if anything.
    /// A runner with this set must run on the main thread.
    public var afterBatch: (@MainActor () -> String?)?
    /// Called on the main actor now and then in place of an operation
    /// (never inside a `performBatchUpdates` block, which a user cannot
    /// interrupt): a user's swipe or drag on a view of the controller,
    /// which may lag the store (a batch open, updates off). It draws its
    /// choices from the random numbers it is given and tells what it did,
    /// so that the model follows. A runner with this set must run on the
    /// main thread.
    public var userAction: (@MainActor (inout SeededRandomNumberGenerator) -> RandomUserEdit<Key>)?
    /// The user actions run so far.
    public internal(set) var userActionCount = 0

    var generator: RandomOperationGenerator<Element, Key>
    /// The primary key.
    let key: KeyPath<Element, Key> & Sendable
    /// The visible table as last reported.
    var reported: [ResultsSection<Element>]
    /// The updates reported since the last check.
    var updates: [ResultsUpdate<ResultsSnapshot<Element, Key>>] = []
    var observation: ResultsObservation?
    /// The last few operations and user actions, for failure reports.
    var recent: [any CustomStringConvertible] = []
    /// How deep the runner is in `performBatchUpdates` blocks.
    var atomicDepth = 0
    /// How many batches are open around the operation running (an atomic
    /// block counts until its block returns): an update reported while
    /// any is open is a failure.
    var openBatches = 0
    /// The size of the batch about to be reported and the reload threshold
    /// set for it (see ``RandomStoreConfiguration/variesReloadThreshold``).
    var armedThreshold: (count: Int, threshold: Int?)?
    /// A disagreement found while running the batch.
    var pendingFailure: String?
    /// Whether reporting was turned back on in the batch just run.
    var reenabled = false

    /// How many recent operations a failure quotes.
    static var recentLimit: Int { 8 }

    /// Creates a runner over an empty store set up as `configuration` says.
    ///
    /// - Complexity: O(1).
    public init(configuration: RandomStoreConfiguration<Element>, vocabulary: RandomOperationVocabulary<Element, Key>, seed: UInt64) {
        self.configuration = configuration
        self.seed = seed
        let store = ResultsStore<Element, Key>(
            key: vocabulary.key, sortedBy: configuration.sortKeys, sectionedBy: configuration.sectioning,
            hidesEmptySections: configuration.hidesEmptySections)
        controller = ResultsController(store: store)
        let key = vocabulary.key
        self.key = key
        model = ReferenceModel(
            key: { $0[keyPath: key] }, sortedBy: configuration.sortKeys, sectionedBy: configuration.sectioning,
            hidesEmptySections: configuration.hidesEmptySections)
        generator = RandomOperationGenerator(
            seed: seed, vocabulary: vocabulary,
            sectionOperations: configuration.sectionOperations, filterOperations: configuration.filtered)
        reported = store.snapshot.sections.map(ResultsSection.init)
        observation = controller.observe { [unowned self] update in
            if openBatches > 0 { note("an update was reported while \(openBatches) batches were open") }
            updates.append(update)
        }
    }

    /// Runs about `operations` more operations (a batch in progress is
    /// finished), checking after every outermost batch.
    ///
    /// - Returns: the first failure, or `nil`.
    /// - Complexity: O(*k* *n*) for *k* operations on tables of *n* rows.
    public func run(operations: Int) -> RandomOperationFailure? {
        let end = operationCount + operations
        while operationCount < end {
            runBatch()
            batchCount += 1
            if let failure = check() { return failure }
        }
        return nil
    }

    /// Runs one outermost batch per seed, each drawn afresh from its seed
    /// (so that a fuzzer's bytes steer every batch), checking after each.
    ///
    /// - Returns: the first failure, or `nil`.
    /// - Complexity: O(*k* *n*) for *k* operations on tables of *n* rows.
    public func run(batchSeeds: some Sequence<UInt64>) -> RandomOperationFailure? {
        for seed in batchSeeds {
            generator.random = SeededRandomNumberGenerator(seed: seed)
            runBatch()
            batchCount += 1
            if let failure = check() { return failure }
        }
        return nil
    }

    /// Runs one outermost batch of the configuration's kind.
    func runBatch() {
        reenabled = false
        if configuration.updates == .unbatched { return step() }
        if configuration.updates == .disabled, Int.random(in: 0..<6, using: &generator.random) == 0 {
            let enable = !controller.updatesEnabled
            do { try controller.setUpdatesEnabled(enable) } catch { pendingFailure = "setUpdatesEnabled(\(enable)) threw \(error)" }
            reenabled = enable
            return
        }
        let steps = Int.random(in: 1...5, using: &generator.random)
        switch Int.random(in: 0..<4, using: &generator.random) {
        case 0:
            step()
        case 1, 2:
            let depth = Int.random(in: 1...2, using: &generator.random)
            do {
                for _ in 0..<depth { try controller.beginUpdates() }
                openBatches += depth
                nestedSteps(steps)
                armReloadThreshold()
                openBatches -= depth
                for _ in 0..<depth { try controller.endUpdates() }
            } catch {
                pendingFailure = "beginUpdates/endUpdates threw \(error)"
            }
        default:
            atomicBatch(steps, outermost: true)
        }
    }

    /// Runs `count` steps inside an open batch, now and then some of them
    /// in a batch nested in it: an atomic block inside `beginUpdates`, a
    /// `beginUpdates` … `endUpdates` inside an atomic block, three deep at
    /// most. Nothing may be reported before the outermost batch ends.
    func nestedSteps(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let inner = Int.random(in: 1...remaining, using: &generator.random)
            switch Int.random(in: 0..<8, using: &generator.random) {
            case 0 where openBatches < 3:
                atomicBatch(inner, outermost: false)
            case 1 where openBatches < 3:
                do {
                    try controller.beginUpdates()
                    openBatches += 1
                    nestedSteps(inner)
                    openBatches -= 1
                    try controller.endUpdates()
                } catch {
                    pendingFailure = "nested beginUpdates/endUpdates threw \(error)"
                }
            default:
                step()
                remaining += inner - 1
            }
            remaining -= inner
        }
    }

    /// Runs `count` steps in an atomic `performBatchUpdates` block, a third
    /// of which throw and roll back (the model rolls back with them).
    func atomicBatch(_ count: Int, outermost: Bool) {
        let rollsBack = Int.random(in: 0..<3, using: &generator.random) == 0
        let saved = model
        atomicDepth += 1
        defer { atomicDepth -= 1 }
        openBatches += 1
        do {
            try controller.performBatchUpdates { () throws(RandomRollback) in
                defer { openBatches -= 1 }
                nestedSteps(count)
                if rollsBack { throw RandomRollback() }
                if outermost { armReloadThreshold() }
            }
        } catch {
            model = saved
        }
    }

    /// Just before the outermost batch ends, when the configuration varies
    /// the reload threshold: sets it around the size of the batch about to
    /// be reported (one under, exactly it, one over, none, or small), and
    /// notes whether the batch must come as a reload.
    func armReloadThreshold() {
        guard configuration.variesReloadThreshold, controller.updatesEnabled else { return }
        let count = controller.store.pendingChangeset.count
        let threshold = [nil, count - 1, count, count + 1, Int.random(in: 0...8, using: &generator.random)].randomElement(using: &generator.random)!
        controller.reloadThreshold = threshold
        armedThreshold = (count, threshold)
    }

    /// Notes an operation or user action for failure reports.
    func remember(_ step: any CustomStringConvertible) {
        if recent.count == Self.recentLimit { recent.removeFirst() }
        recent.append(step)
    }

    /// The error an atomic batch throws to roll back.
    struct RandomRollback: Error {}

    /// Runs one operation on the controller and the model; notes a
    /// difference in what they refuse.
    func step() {
        if let userAction, atomicDepth == 0, Int.random(in: 0..<5, using: &generator.random) == 0 {
            return userStep(userAction)
        }
        let operation = generator.next(for: model)
        remember(operation)
        operationCount += 1
        var controllerError: ResultsError?
        do throws(ResultsError) { try operation.apply(to: controller) } catch { controllerError = error }
        var candidate = model
        var modelError: ResultsError?
        do throws(ResultsError) { try operation.apply(to: &candidate) } catch { modelError = error }
        if modelError == nil { model = candidate }
        if controllerError?.code != modelError?.code, pendingFailure == nil {
            pendingFailure = "\(operation): the controller threw \(controllerError.map { "\($0)" } ?? "nothing"), the model \(modelError.map { "\($0)" } ?? "nothing")"
        }
    }
}
