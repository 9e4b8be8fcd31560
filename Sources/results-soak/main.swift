// results-soak: a long run of seeded random operations over every store
// configuration, outside `swift test` (see `results-soak --help`).
//
//     swift run -c release results-soak --operations 1000000 --seed 1
//
// Exit status: 0 when every check passed; 1 at the first failure, which
// names the configuration, the sequence's seed and the operation index;
// 2 when the usage is wrong.

import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation

let options = SoakOptions(arguments: Array(CommandLine.arguments.dropFirst()))

// The store's own invariant checks after every edit, unless turned off.
if ProcessInfo.processInfo.environment["FILTERABLE_RESULTS_CHECKS"] == nil {
    setenv("FILTERABLE_RESULTS_CHECKS", "1", 1)
}
let checks = ProcessInfo.processInfo.environment["FILTERABLE_RESULTS_CHECKS"] != "0"

// Each configuration keeps its place in the full list, so a sequence's seed
// is the same with or without --configuration.
let configurations = RandomStoreConfiguration<SoakEntry>.soak.enumerated().filter { _, configuration in
    options.configuration.map { configuration.name.contains($0) } ?? true
}
if configurations.isEmpty { SoakOptions.fail("no configuration's name contains \(options.configuration!)") }

/// Operations per sequence: a fresh controller, model and views each time.
let sequenceLength = 2_000

let start = ContinuousClock.now
var operations = 0
var batches = 0
for (position, (index, configuration)) in configurations.enumerated() {
    // The operations are shared out evenly; the first configurations take
    // the remainder.
    var quota = options.operations / configurations.count + (position < options.operations % configurations.count ? 1 : 0)
    var sequence: UInt64 = 0
    while quota > 0 {
        let seed = options.seed &* 1_000_003 &+ UInt64(index) &* 10_007 &+ sequence
        let runner = RandomOperationRunner(configuration: configuration, vocabulary: SoakEntry.vocabulary, seed: seed)
        let screens = [ListViewFlavor.tableView, .collectionView].map { SoakScreen(runner.controller, flavor: $0) }
        runner.afterBatch = { screens.lazy.compactMap { $0.problem() }.first }
        let failure = runner.run(operations: min(quota, sequenceLength))
        operations += runner.operationCount
        batches += runner.batchCount
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

let elapsed = start.duration(to: .now).components
let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
print("results-soak: \(operations) operations, \(batches) batches, \(configurations.count) configurations, seed \(options.seed), invariant checks \(checks ? "on" : "off"): passed in \(String(format: "%.1f", seconds)) s (\(Int(Double(operations) / max(seconds, 0.001))) operations/s)")
