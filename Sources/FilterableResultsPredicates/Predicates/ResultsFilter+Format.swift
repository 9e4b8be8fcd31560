import FilterableResults

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

    /// Creates a filter from a format predicate with `%@` (value) and `%K`
    /// (key path) placeholders, filled from `arguments` as values, never as
    /// format text: the safe way to put what a user typed in a filter.
    ///
    ///     let search = try ResultsFilter<Contact>(title: "Search", group: "search",
    ///                                             format: "name CONTAINS[cd] %@",
    ///                                             arguments: [.string(searchText)])
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   naming the position and what was expected, including a missing,
    ///   unsuitable or extra argument.
    /// - Complexity: O(*m* + *a*) for a format of *m* characters and
    ///   arguments of total size *a*.
    public init(title: String, group: String? = nil, format: String, arguments: [FieldValue]) throws(ResultsError) {
        let predicate = try FormatPredicate(format, arguments: arguments)
        self.init(title: title, group: group) { predicate.evaluate($0) }
    }
}
