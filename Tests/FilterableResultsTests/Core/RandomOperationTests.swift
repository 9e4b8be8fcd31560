import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import TestSupport
import Testing

/// Seeded random operation sequences over nested batches: every batch the
/// controller reports is checked by the validator, and after every batch the
/// store agrees with the reference model (raw data, visible table, errors).
/// The generator and the checks are `FilterableResultsTesting`'s
/// ``RandomOperationRunner``, which `results-soak` runs at length.
@Suite("Random operation sequences")
struct RandomOperationTests {
    /// Entries with 12 keys, 5 values and 3 groups; sections x, y, z.
    static let vocabulary = RandomOperationVocabulary<Entry, Int>(
        key: \.id,
        sectionNames: ["x", "y", "z"],
        filters: [
            ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 },
            ResultsFilter(title: "odd", group: "parity") { $0.value % 2 != 0 },
            ResultsFilter(title: "small") { $0.value < 3 },
            ResultsFilter(title: "not b", group: "group") { $0.group != "b" },
        ],
        mergeSortKeys: [.descending(\.value)]
    ) { random in
        Entry(id: Int.random(in: 0..<12, using: &random), value: Int.random(in: 0..<5, using: &random),
              group: ["a", "b", "c"].randomElement(using: &random)!)
    }

    static let configurations: [RandomStoreConfiguration<Entry>] = [
        RandomStoreConfiguration(name: "plain"),
        RandomStoreConfiguration(name: "flat, unbatched", sectionOperations: false, updates: .unbatched),
        RandomStoreConfiguration(name: "filtered", filtered: true),
        RandomStoreConfiguration(name: "hiding empty sections", hidesEmptySections: true, filtered: true),
        RandomStoreConfiguration(name: "hiding empty sections, unfiltered", hidesEmptySections: true),
        RandomStoreConfiguration(name: "sorted", sortKeys: [.ascending(\.value)], filtered: true),
        RandomStoreConfiguration(name: "sectioned", sectioning: .by(\.group)),
        RandomStoreConfiguration(
            name: "sectioned and sorted", sortKeys: [.ascending(\.value)], sectioning: .by(\.group),
            hidesEmptySections: true, filtered: true),
        RandomStoreConfiguration(name: "filtered, updates disabled", filtered: true, updates: .disabled),
    ]

    @Test(arguments: configurations)
    func randomSequencesAgreeWithTheModelAndValidate(_ configuration: RandomStoreConfiguration<Entry>) {
        for seed in 1...40 as ClosedRange<UInt64> {
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: Self.vocabulary, seed: seed)
            if let failure = runner.run(operations: 320) {
                Issue.record("\(failure)")
                return
            }
        }
    }

    /// The soak's screens: user swipes and drags at the index paths the
    /// views show, between and inside batches and while updates are off.
    @MainActor
    @Test(arguments: [1, 5, 8, 20, 29, 44, 53])
    func userEditsOnLaggingViewsAgreeWithTheModelAndValidate(_ index: Int) {
        let configuration = RandomStoreConfiguration<SoakEntry>.soak[index]
        var userActions = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: SoakEntry.vocabulary, seed: seed)
            let screens = runner.showOnSoakScreens()
            if let failure = runner.run(operations: 200) {
                Issue.record("\(failure)")
                return
            }
            userActions += runner.userActionCount
            withExtendedLifetime(screens) {}
        }
        // About one step in seven is the user's (none inside atomic blocks).
        #expect(userActions > 6 * 200 / 16, "the user acted \(userActions) times in \(configuration)")
    }

    /// Tables that span many leaves of the store's tree (2,000 keys,
    /// sections of hundreds of rows, filtered), and the reload threshold
    /// set at each batch's size, one under and one over.
    @Test(arguments: RandomStoreConfiguration<SoakEntry>.soak.filter(\.variesReloadThreshold))
    func largeTablesAndReloadThresholdsAgreeWithTheModelAndValidate(_ configuration: RandomStoreConfiguration<SoakEntry>) {
        for seed in 1...4 as ClosedRange<UInt64> {
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: SoakEntry.vocabulary(for: configuration), seed: seed)
            if let failure = runner.run(operations: 100) {
                Issue.record("\(failure)")
                return
            }
        }
    }

    @Test func aSequenceReplaysFromItsSeed() {
        let configuration = Self.configurations[7]
        let runs = (0..<2).map { _ in
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: Self.vocabulary, seed: 11)
            #expect(runner.run(operations: 200) == nil)
            return (keys(runner.controller.store.rawSections), runner.batchCount)
        }
        #expect(runs[0].0 == runs[1].0 && runs[0].1 == runs[1].1)
    }

    @MainActor
    @Test func aFailureNamesTheConfigurationTheSeedAndTheOperation() {
        let runner = RandomOperationRunner(configuration: Self.configurations[0], vocabulary: Self.vocabulary, seed: 5)
        var batches = 0
        runner.afterBatch = {
            batches += 1
            return batches == 3 ? "the view disagrees" : nil
        }
        let failure = runner.run(operations: 100)
        #expect(failure?.configuration == "plain" && failure?.seed == 5 && failure?.message == "the view disagrees")
        #expect(failure?.operationIndex == runner.operationCount - 1 && runner.batchCount == 3)
        #expect(failure?.recentOperations.count == min(runner.operationCount, 8))
    }
}
