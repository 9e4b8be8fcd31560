import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// The soak's element: a key, a content value and a group to section by.
/// Twelve keys keep operations meeting existing rows; the groups include
/// "é" as one scalar and as "e" + U+0301, two sections that look alike.
struct SoakEntry: Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int
    var group: String

    var description: String { "\(id):\(value)\(group)" }

    /// The groups and hand-made section names: plain and look-alike.
    static let names = ["a", "b", "\u{E9}", "e\u{301}"]

    /// What the soak's operations are made of.
    static let vocabulary = RandomOperationVocabulary<SoakEntry, Int>(
        key: \.id,
        sectionNames: ["x", "y"] + names,
        filters: [
            ResultsFilter(title: "even", group: "parity") { $0.value % 2 == 0 },
            ResultsFilter(title: "odd", group: "parity") { $0.value % 2 != 0 },
            ResultsFilter(title: "small") { $0.value < 3 },
            ResultsFilter(title: "not b", group: "group") { $0.group != "b" },
        ],
        mergeSortKeys: [.descending(\.value)]
    ) { random in
        SoakEntry(id: Int.random(in: 0..<12, using: &random), value: Int.random(in: 0..<5, using: &random),
                  group: names.randomElement(using: &random)!)
    }
}
