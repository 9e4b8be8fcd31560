import FilterableResults
import FilterableResultsPredicates
import FilterableResultsScenarios
import FilterableResultsTesting
import Foundation
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

    /// A clock for titles that change ("Today" becoming "Yesterday"), one
    /// per run: runs go on at once, and a title must not change between
    /// the store and the model.
    final class TitleClock: @unchecked Sendable {
        private let lock = NSLock()
        private var epoch = 0
        func advance() { lock.withLock { epoch += 1 } }
        /// The title of value `value`'s section: three titles for five
        /// values, so that titles repeat, shifted at each tick.
        func title(of value: Int) -> String { "t\((value + lock.withLock { epoch }) % 3)" }
    }

    /// Stores with sections that have ids of their own: sectioned by an id
    /// (the entry's value) whose titles repeat and change, or by hand with
    /// sections that take ids (1–3) and names (x, y, z) that may repeat.
    static let identifiedShapes: [(name: String, byID: Bool, sorted: Bool, filtered: Bool, hidesEmpty: Bool, updates: RandomStoreConfiguration<Entry>.UpdateMode)] = [
        ("sectioned by id", true, false, false, false, .batched),
        ("sectioned by id, sorted, filtered, hiding empty sections", true, true, true, true, .batched),
        ("sectioned by id, filtered, updates disabled", true, false, true, false, .disabled),
        ("sectioned by hand with ids", false, false, false, false, .batched),
        ("sectioned by hand with ids, filtered, hiding empty sections, unbatched", false, false, true, true, .unbatched),
    ]

    @Test(arguments: identifiedShapes.indices)
    func sectionsWithIDsAgreeWithTheModelAndValidate(_ index: Int) {
        let shape = Self.identifiedShapes[index]
        for seed in 1...60 as ClosedRange<UInt64> {
            let clock = TitleClock()
            let configuration = RandomStoreConfiguration<Entry>(
                name: shape.name, sortKeys: shape.sorted ? [.ascending(\.id)] : [],
                sectioning: shape.byID ? .by(\.value, title: { clock.title(of: $0) }) : nil,
                hidesEmptySections: shape.hidesEmpty, filtered: shape.filtered, updates: shape.updates)
            var vocabulary = Self.vocabulary
            if shape.byID { vocabulary.advanceSectionTitles = { clock.advance() } } else { vocabulary.sectionIDs = [1, 2, 3] }
            let runner = RandomOperationRunner(configuration: configuration, vocabulary: vocabulary, seed: seed)
            if let failure = runner.run(operations: 240) {
                Issue.record("\(failure)")
                return
            }
        }
    }

    @Test func onlyAVocabularyWithIDsOrChangingTitlesDrawsTheirOperations() {
        func drawn(_ vocabulary: RandomOperationVocabulary<Entry, Int>) -> (refreshes: Int, removalsByID: Int, sectionsWithIDs: Int) {
            var generator = RandomOperationGenerator(seed: 3, vocabulary: vocabulary)
            let model = ReferenceModel<Entry, Int>(key: { $0.id })
            var counts = (refreshes: 0, removalsByID: 0, sectionsWithIDs: 0)
            for _ in 0..<600 {
                switch generator.next(for: model) {
                case .refreshSectionTitles: counts.refreshes += 1
                case .removeSectionWithID: counts.removalsByID += 1
                case let .addSection(section), let .insertSection(section, _), let .replaceSection(_, section):
                    if section.id != nil { counts.sectionsWithIDs += 1 }
                default: break
                }
            }
            return counts
        }
        let plain = drawn(Self.vocabulary)
        #expect(plain.refreshes == 0 && plain.removalsByID == 0 && plain.sectionsWithIDs == 0)
        var withIDs = Self.vocabulary
        withIDs.sectionIDs = [1, 2]
        let byHand = drawn(withIDs)
        #expect(byHand.refreshes == 0 && byHand.removalsByID > 0 && byHand.sectionsWithIDs > 0)
        let clock = TitleClock()
        var withTitles = Self.vocabulary
        withTitles.advanceSectionTitles = { clock.advance() }
        let byID = drawn(withTitles)
        #expect(byID.refreshes > 0 && byID.removalsByID == 0 && byID.sectionsWithIDs == 0)
        #expect(clock.title(of: 0) == "t\(byID.refreshes % 3)", "each refresh drawn moved the clock once")
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
