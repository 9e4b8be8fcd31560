import FilterableResultsScenarios
import FilterableResultsTesting

extension RandomStoreConfiguration where Element == SoakEntry {
    /// Every store configuration the soak runs: each shape (flat, sectioned
    /// by hand, sectioned by value), unsorted and sorted, unfiltered,
    /// filtered and filtered hiding empty sections, with updates batched,
    /// unbatched and turned off now and then: 54 in all.
    static var soak: [RandomStoreConfiguration<SoakEntry>] {
        var all: [RandomStoreConfiguration<SoakEntry>] = []
        for shape in ["flat", "sectioned by hand", "sectioned by value"] {
            for sorted in [false, true] {
                for filtering in ["unfiltered", "filtered", "filtered, hiding empty sections"] {
                    for updates in [UpdateMode.batched, .unbatched, .disabled] {
                        all.append(RandomStoreConfiguration(
                            name: "\(shape), \(sorted ? "sorted" : "unsorted"), \(filtering), \(updates)",
                            sortKeys: sorted ? [.ascending(\.value)] : [],
                            sectioning: shape == "sectioned by value" ? .by(\.group) : nil,
                            hidesEmptySections: filtering.hasSuffix("empty sections"),
                            filtered: filtering != "unfiltered",
                            sectionOperations: shape != "flat",
                            updates: updates))
                    }
                }
            }
        }
        return all
    }
}
