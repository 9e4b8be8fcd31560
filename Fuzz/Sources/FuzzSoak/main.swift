// Fuzzes the soak: the first byte picks one of the soak's store
// configurations; every following 8 bytes seed one outermost batch of
// random operations and user swipes and drags (at the index paths the
// simulated views show, inside open batches and while updates are off).
// A finding is what `results-soak` would report: a batch the validator
// rejects, a view that raised or shows another table, a store that
// disagrees with the reference model, a refused user action that changed
// something, a drag that landed elsewhere than where it was dropped.

import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting
import FuzzSupport

/// The soak's configurations, made once.
let configurations = RandomStoreConfiguration<SoakEntry>.soak

/// The most batches one input runs, so that an input never runs long.
let batchLimit = 64

runFuzzerOnMainThread { bytes in
    guard let first = bytes.first else { return }
    let configuration = configurations[Int(first) % configurations.count]
    let seeds = stride(from: 1, to: bytes.count, by: 8).prefix(batchLimit).map { start in
        bytes[start..<min(start + 8, bytes.count)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    let runner = RandomOperationRunner(configuration: configuration, vocabulary: SoakEntry.vocabulary(for: configuration), seed: 0)
    let screens = runner.showOnSoakScreens()
    if let failure = runner.run(batchSeeds: seeds) { finding("\(failure)") }
    withExtendedLifetime(screens) {}
}
