/// The changes between two tables built apart.
extension ResultsStore {
    /// The changes that take the table `old` to the table `new`, as a store
    /// reports them: valid in one batch update, with the fewest moves, and
    /// a row whose content changed reported as updated. Rows are matched by
    /// `key`, named sections by name, unnamed sections by index. It is a
    /// pure function of its arguments, safe to call off the main actor.
    ///
    ///     let changes = try ResultsStore.changeset(from: previous, to: current, key: { $0.id })
    ///
    /// Without `isSameContent`, every row kept counts as changed; the
    /// overload for `Equatable` elements compares with `==`, as a store
    /// does (the same bytes are the same content without calling it).
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)`` for a key repeated in
    ///   either table, ``ResultsError/duplicateSection(_:)`` for a repeated
    ///   section name.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new rows, plus
    ///   O(*k* log *k*) for the *k* rows kept when some of them moved.
    public static func changeset(
        from old: [ResultsSection<Element>], to new: [ResultsSection<Element>],
        key: @escaping @Sendable (Element) -> Key,
        isSameContent: (@Sendable (Element, Element) -> Bool)?
    ) throws(ResultsError) -> ResultsChangeset<Element, Key> {
        try changeset(from: old, to: new, in: ResultsStore(key: key, isSameContent: isSameContent))
    }

    /// The changes that take `old` to `new`, computed in `store`: an empty
    /// store that reads keys and compares content as the caller asked.
    static func changeset(
        from old: [ResultsSection<Element>], to new: [ResultsSection<Element>], in store: ResultsStore
    ) throws(ResultsError) -> ResultsChangeset<Element, Key> {
        for table in [old, new] {
            var seen = Set<Key>()
            for section in table {
                for element in section.elements {
                    if let key = store.keyOf(element), !seen.insert(key).inserted { throw .duplicateKey(String(describing: key)) }
                }
            }
        }
        var store = store
        try store.setData(sections: old)
        _ = store.takeChangeset()
        try store.setData(sections: new)
        return store.takeChangeset()
    }
}

extension ResultsStore where Element: Equatable & SendableMetatype {
    /// The changes that take the table `old` to the table `new`, elements
    /// compared with `==` (see ``changeset(from:to:key:isSameContent:)``).
    ///
    /// - Throws: ``ResultsError/duplicateKey(_:)``, ``ResultsError/duplicateSection(_:)``.
    /// - Complexity: O(*n* + *m*), plus O(*k* log *k*) for the *k* rows
    ///   kept when some of them moved.
    public static func changeset(
        from old: [ResultsSection<Element>], to new: [ResultsSection<Element>], key: @escaping @Sendable (Element) -> Key
    ) throws(ResultsError) -> ResultsChangeset<Element, Key> {
        let store = ResultsStore(
            keyOf: key, keyAt: nil, sameContent: .equality, sortedBy: [], sectionedBy: nil, hidesEmptySections: false)
        return try changeset(from: old, to: new, in: store)
    }
}
