import FilterableResults
import FilterableResultsTesting

/// The soak's element: a key, a content value and a group to section by.
/// Twelve keys keep operations meeting existing rows; the groups include
/// "é" as one scalar and as "e" + U+0301, two sections that look alike.
/// `results-soak` and the `soak` fuzz target run on it.
public struct SoakEntry: Equatable, Sendable, CustomStringConvertible {
    /// The primary key.
    public var id: Int
    /// The content: what sorts and filters read.
    public var value: Int
    /// The section a sectioned-by-value store files the entry under.
    public var group: String

    /// Creates an entry.
    ///
    /// - Complexity: O(1).
    public init(id: Int, value: Int, group: String) {
        self.id = id
        self.value = value
        self.group = group
    }

    /// The entry as `id:value` and its group: `3:1b`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(id):\(value)\(group)" }

    /// The groups and hand-made section names: plain and look-alike.
    public static let names = ["a", "b", "\u{E9}", "e\u{301}"]

    /// What the soak's operations are made of: 12 keys, small batches.
    public static let vocabulary = vocabulary(keys: 12)

    /// How the names of the large configurations begin: their runs take
    /// ``largeVocabulary``.
    public static let largePrefix = "large: "

    /// What the large configurations' operations are made of: 2,000 keys,
    /// `setData` and merges of up to 1,000 and 750 objects.
    public static let largeVocabulary = vocabulary(keys: 2_000)

    /// What the names of the configurations whose hand-made sections take
    /// ids of their own say; their runs take ``identifiedVocabulary``.
    public static let sectionIDsMark = "with ids"

    /// What the operations of configurations with section ids are made
    /// of: the soak's, hand-made sections taking ids 1–3 half the time.
    public static let identifiedVocabulary: RandomOperationVocabulary<SoakEntry, Int> = {
        var identified = vocabulary(keys: 12)
        identified.sectionIDs = [1, 2, 3]
        return identified
    }()

    /// The vocabulary a configuration's runs take.
    ///
    /// - Complexity: O(*m*) for a name of *m* characters.
    public static func vocabulary(for configuration: RandomStoreConfiguration<SoakEntry>) -> RandomOperationVocabulary<SoakEntry, Int> {
        if configuration.name.hasPrefix(largePrefix) { return largeVocabulary }
        return configuration.name.contains(sectionIDsMark) ? identifiedVocabulary : vocabulary
    }

    /// What the soak's operations are made of, over `keys` keys: with
    /// hundreds or thousands, `setData` and merges bring up to `keys` / 2
    /// objects at once, so tables span many leaves of the store's tree and
    /// a section can hold several hundred rows.
    ///
    /// - Complexity: O(1).
    public static func vocabulary(keys: Int) -> RandomOperationVocabulary<SoakEntry, Int> {
        RandomOperationVocabulary(
            key: \.id,
            sectionNames: ["x", "y"] + names,
            filters: [
                ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 },
                ResultsFilter(title: "odd", group: "parity") { $0.value % 2 != 0 },
                ResultsFilter(title: "small") { $0.value < 3 },
                ResultsFilter(title: "not b", group: "group") { $0.group != "b" },
            ],
            mergeSortKeys: [.descending(\.value)],
            bulkCount: keys > 12 ? keys / 2 : 8
        ) { random in
            SoakEntry(id: Int.random(in: 0..<keys, using: &random), value: Int.random(in: 0..<5, using: &random),
                      group: names.randomElement(using: &random)!)
        }
    }
}
