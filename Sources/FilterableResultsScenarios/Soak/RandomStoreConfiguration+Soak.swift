import FilterableResultsTesting

extension RandomStoreConfiguration where Element == SoakEntry {
    /// Every store configuration the soak runs: each shape (flat, sectioned
    /// by hand, sectioned by value), unsorted and sorted, unfiltered,
    /// filtered and filtered hiding empty sections, with updates batched,
    /// unbatched and turned off now and then: 54; then one with the reload
    /// threshold set around each batch's size, three large ones
    /// (``SoakEntry/largePrefix``: thousands of keys, sections of hundreds
    /// of rows) with it, and two whose sections have ids of their own
    /// (sectioned by id with titles that repeat; by hand with ids,
    /// ``SoakEntry/sectionIDsMark``): 60 in all.
    ///
    /// - Complexity: O(1).
    public static var soak: [RandomStoreConfiguration<SoakEntry>] {
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
        all.append(RandomStoreConfiguration(
            name: "flat, unsorted, filtered, batched, reload threshold varied",
            filtered: true, sectionOperations: false, variesReloadThreshold: true))
        for (shape, sorted) in [("flat", false), ("sectioned by hand", false), ("sectioned by value", true)] {
            all.append(RandomStoreConfiguration(
                name: "\(SoakEntry.largePrefix)\(shape), \(sorted ? "sorted" : "unsorted"), filtered, batched, reload threshold varied",
                sortKeys: sorted ? [.ascending(\.value)] : [],
                sectioning: shape == "sectioned by value" ? .by(\.group) : nil,
                hidesEmptySections: shape == "sectioned by hand",
                filtered: true, sectionOperations: shape != "flat", variesReloadThreshold: true))
        }
        all.append(RandomStoreConfiguration(
            name: "sectioned by id, sorted, filtered, batched",
            sortKeys: [.ascending(\.id)], sectioning: .by(\.value, title: { "v\($0 % 3)" }), filtered: true))
        all.append(RandomStoreConfiguration(
            name: "sectioned by hand \(SoakEntry.sectionIDsMark), unsorted, filtered, hiding empty sections, batched",
            hidesEmptySections: true, filtered: true))
        return all
    }
}
