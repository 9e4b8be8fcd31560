extension ResultsChangeset {
    /// The same changes with each element transformed: what a source that
    /// shows another source's rows as other values reports. Positions,
    /// keys, section changes and section updates are the same values.
    ///
    ///     let titles = changeset.map(\.name)   // a ResultsChangeset<String, Int>
    ///
    /// - Complexity: O(*n*) calls of `transform` for *n* row changes.
    @inlinable public func map<NewElement, Failure: Error>(
        _ transform: (Element) throws(Failure) -> NewElement
    ) throws(Failure) -> ResultsChangeset<NewElement, Key> {
        let changes = try elementChanges.map { change throws(Failure) in
            ResultsChangeset<NewElement, Key>.ElementChange(change.change, key: change.key, element: try transform(change.element))
        }
        return ResultsChangeset<NewElement, Key>(
            sectionChanges: sectionChanges, elementChanges: changes,
            sectionUpdates: sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) })
    }
}
