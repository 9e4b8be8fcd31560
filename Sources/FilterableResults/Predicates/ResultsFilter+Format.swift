extension ResultsFilter where Element: FieldValueProviding & SendableMetatype {
    /// Creates a filter from a predicate in NSPredicate's format language,
    /// parsed by this package (on every platform) and evaluated against the
    /// fields the element exposes by name.
    ///
    ///     let micro = try ResultsFilter<Instance>(title: "Micro", group: "Type",
    ///                                             format: "type BEGINSWITH[c] 't1'")
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   naming the position and what was expected.
    /// - Complexity: O(*m*) for a format of *m* characters.
    public init(title: String, group: String? = nil, format: String) throws(ResultsError) {
        let predicate = try FormatPredicate(format)
        self.init(title: title, group: group) { predicate.evaluate($0) }
    }
}
