// results-soak: a long run of seeded random operations over every store
// configuration, outside `swift test` (see `results-soak --help`).
//
//     swift run -c release results-soak --operations 1000000 --seed 1
//
// Exit status: 0 when every check passed; 1 at the first failure, which
// names the configuration, the sequence's seed and the operation index;
// 2 when the usage is wrong.

@_spi(Testing) import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

let options = SoakOptions(arguments: Array(CommandLine.arguments.dropFirst()))

// The store's own invariant checks as it is edited: compiled into the
// package's debug builds (Package.swift), so `swift run results-soak` has them.
let checks = invariantChecksAreCompiled

// Each configuration keeps its place in the full list, so a sequence's seed
// is the same with or without --configuration.
let configurations = RandomStoreConfiguration<SoakEntry>.soak.enumerated().filter { _, configuration in
    options.configuration.map { configuration.name.contains($0) } ?? true
}
/// Whether the composition sequences run: always, unless --configuration
/// names something else.
let runsCompositions = options.configuration.map { "compositions".contains($0) } ?? true
if configurations.isEmpty && !runsCompositions { SoakOptions.fail("no configuration's name contains \(options.configuration!)") }
/// The composition sequences' share of the steps: a tenth, or all of them
/// when they alone run.
let compositionSteps = !runsCompositions ? 0 : configurations.isEmpty ? options.operations : options.operations / 10

/// Operations per sequence: a fresh controller, model and views each time.
let sequenceLength = 2_000
/// Steps per composition sequence: fresh parts, composition and view each time.
let compositionSequenceLength = 500

let start = ContinuousClock.now
var operations = 0
var batches = 0
var userActions = 0
let storeOperations = options.operations - compositionSteps
// A large configuration's operation costs as a hundred small ones: each
// takes a thousandth of the operations, the rest share out the remainder.
let largeCount = configurations.filter { $0.element.name.hasPrefix(SoakEntry.largePrefix) }.count
let largeQuota = largeCount == 0 ? 0 : largeCount == configurations.count ? storeOperations / largeCount : max(1, storeOperations / 1_000)
let smallOperations = storeOperations - largeQuota * largeCount
for (position, (index, configuration)) in configurations.enumerated() {
    // The operations are shared out evenly; the first configurations take
    // the remainder.
    let smallCount = configurations.count - largeCount
    var quota = configuration.name.hasPrefix(SoakEntry.largePrefix) ? largeQuota
        : smallOperations / smallCount + (position < smallOperations % smallCount ? 1 : 0)
    var sequence: UInt64 = 0
    while quota > 0 {
        let seed = options.seed &* 1_000_003 &+ UInt64(index) &* 10_007 &+ sequence
        let runner = RandomOperationRunner(configuration: configuration, vocabulary: SoakEntry.vocabulary(for: configuration), seed: seed)
        _ = runner.showOnSoakScreens()
        let failure = runner.run(operations: min(quota, sequenceLength))
        operations += runner.operationCount
        batches += runner.batchCount
        userActions += runner.userActionCount
        quota -= runner.operationCount
        sequence += 1
        if let failure {
            FileHandle.standardError.write(Data("""
                results-soak: FAILED after \(operations) operations in all: \(failure)
                replay: results-soak --seed \(options.seed) --configuration '\(configuration.name)' --operations \(Int(sequence) * sequenceLength)

                """.utf8))
            exit(1)
        }
    }
}

// Compositions of random parts, edited, filtered, collapsed, their parts
// inserted, removed and moved, their rows swiped and dragged by the user.
var compositionSequence = 0
var compositionBatches = 0
while compositionSequence * compositionSequenceLength < compositionSteps {
    let seed = options.seed &* 1_000_003 &+ 999_983 &+ UInt64(compositionSequence)
    let soak = SoakComposition(seed: seed)
    for _ in 0..<min(compositionSequenceLength, compositionSteps - compositionSequence * compositionSequenceLength) {
        let step = soak.step()
        let problems = soak.check()
        guard problems.isEmpty else {
            FileHandle.standardError.write(Data("""
                results-soak: FAILED in composition seed \(seed), step \(soak.steps) (\(step)): \(problems.prefix(3).joined(separator: "\n"))
                replay: results-soak --seed \(options.seed) --configuration compositions --operations \((compositionSequence + 1) * compositionSequenceLength)

                """.utf8))
            exit(1)
        }
    }
    operations += soak.steps
    compositionBatches += soak.batches
    compositionSequence += 1
}

let elapsed = start.duration(to: .now).components
let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
print("results-soak: \(operations) operations (\(userActions) user swipes and drags), \(batches) batches, \(configurations.count) configurations, \(compositionSequence) compositions (\(compositionBatches) batches), seed \(options.seed), invariant checks \(checks ? "on" : "off"): passed in \(String(format: "%.1f", seconds)) s (\(Int(Double(operations) / max(seconds, 0.001))) operations/s)")
