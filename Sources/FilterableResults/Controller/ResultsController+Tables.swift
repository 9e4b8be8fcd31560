/// A list whose owner hands over its whole table each time it changes (a
/// fetched-results controller, a database query run again, an array kept
/// elsewhere): each table is diffed against the one before it.
extension ResultsController where Element: SendableMetatype, Key: SendableMetatype {
    /// Replaces the table with `sections`, the owner's table as it is now,
    /// and reports the difference as one update: the fewest moves, rows
    /// keeping their identity by key, named sections by name (unnamed
    /// ones by index), every batch valid for a table or collection view.
    ///
    ///     try controller.setTable([
    ///         ResultsSection(name: "Fruit", elements: fruit),
    ///         ResultsSection(name: "Vegetables", elements: vegetables),
    ///     ])
    ///
    /// Repeated keys fold as in ``setData(sections:)``: the first position,
    /// the last content (the summary counts them). A row whose content
    /// changed is an update; `changedKeys` names rows to report as updated
    /// though they compare equal (records read on demand through an
    /// identifier; see ``ResultsStore/markChanged(keys:)``).
    /// `sectionValues`, when given, are the sections' values by name, and
    /// replace the section value function (see ``setSectionValues(_:)``): a
    /// section whose value changed gets a section update; a section without
    /// one shows its name. Filters and search apply to the table as to any
    /// other.
    ///
    /// A table handed over here also drops any table still being prepared
    /// by ``prepareAndSetTable(_:sectionValues:changedKeys:isolation:)``:
    /// the newest table wins.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)`` for a repeated
    ///   section name, ``ResultsError/missingPrimaryKey(_:)``,
    ///   ``ResultsError/sectionsDerivedFromElements(operation:)`` when the
    ///   store sections by value, ``ResultsError/changedDuringNotification``
    ///   or ``ResultsError/changedDuringClosure``; nothing changes then.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new rows, plus
    ///   O(*k* log *k*) for the *k* rows kept when some of them moved.
    @inlinable @discardableResult
    public func setTable(
        _ sections: [ResultsSection<Element>],
        sectionValues: [String: ResultsSectionValue]? = nil,
        changedKeys: [Key] = []
    ) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        try requireIdle()
        tablesHandedOver &+= 1
        return try adoptTable(nil, sections: sections, sectionValues: sectionValues, changedKeys: changedKeys)
    }

    /// Takes the store `prepared` holds (prepared from the store as it is
    /// now) or sets the table here, and the section values, as one update.
    /// The store is read, not taken: `prepared` keeps it, and with it the
    /// table it replaced, for the caller to release. Inlinable, as the
    /// controller's other entry points are, so that the diff is specialized
    /// for the element and key types.
    @inlinable func adoptTable(
        _ prepared: (base: ResultsStoreVersion, contents: PreparedUpdate.Contents, summary: ResultsStore<Element, Key>.MergeSummary)?,
        sections: [ResultsSection<Element>], sectionValues: [String: ResultsSectionValue]?, changedKeys: [Key]
    ) throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary {
        var summary = ResultsStore<Element, Key>.MergeSummary()
        try performBatchUpdates { () throws(ResultsError) in
            summary = try mutate { store throws(ResultsError) in
                if let prepared, store.version === prepared.base, let adopted = prepared.contents.peek() {
                    store = adopted
                    return prepared.summary
                }
                let summary = try store.setData(sections: sections)
                store.markChanged(keys: changedKeys)
                return summary
            }
            if let sectionValues {
                try setSectionValues { section in
                    section.name.flatMap { sectionValues[$0] } ?? ResultsSectionValue(title: section.name)
                }
            }
        }
        return summary
    }

    /// The most rows (old or new) a table is diffed with on the caller's
    /// actor by ``prepareAndSetTable(_:sectionValues:changedKeys:isolation:)``.
    @inlinable static var tableSizeDiffedInPlace: Int { 8_192 }
}

extension ResultsController where Element: Sendable, Key: Sendable {
    /// Replaces the table with `sections`, as
    /// ``setTable(_:sectionValues:changedKeys:)`` does, with the diff of a
    /// large table computed in a detached task: the caller's actor only
    /// adopts the result and reports it.
    ///
    ///     for await table in owner.tables {
    ///         try await controller.prepareAndSetTable(table)
    ///     }
    ///
    /// The newest table wins: a table still being prepared when another
    /// is handed over (here or by `setTable`) is dropped, and this returns
    /// `nil`. When the controller changed meanwhile, the table is set again
    /// on the caller's actor, so the result is the table handed over. A
    /// table of a few thousand rows is set at once, without leaving the
    /// actor. The table a prepared one replaced is freed in a background
    /// task, as ``apply(_:onConflict:)`` frees it.
    ///
    /// - Returns: the summary of the table set, or `nil` when a newer table
    ///   replaced it first.
    /// - Throws: what ``setTable(_:sectionValues:changedKeys:)`` throws;
    ///   nothing changes then.
    /// - Complexity: on the caller's actor, O(*s*) for *s* sections plus the
    ///   report when the controller did not change meanwhile; the diff's
    ///   O(*n* + *m*) runs off it.
    @inlinable @discardableResult
    public func prepareAndSetTable(
        _ sections: [ResultsSection<Element>],
        sectionValues: [String: ResultsSectionValue]? = nil,
        changedKeys: [Key] = [],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(ResultsError) -> ResultsStore<Element, Key>.MergeSummary? {
        try requireIdle()
        tablesHandedOver &+= 1
        let ticket = tablesHandedOver
        let rows = sections.reduce(0) { $0 + $1.elements.count }
        guard Swift.max(rows, store.rawCount) > Self.tableSizeDiffedInPlace else {
            return try adoptTable(nil, sections: sections, sectionValues: sectionValues, changedKeys: changedKeys)
        }
        let baseVersion = store.version
        let prepared = await Task.detached { [base = store] () -> Result<(PreparedUpdate.Contents, ResultsStore<Element, Key>.MergeSummary), ResultsError> in
            var store = base
            do throws(ResultsError) {
                let summary = try store.setData(sections: sections)
                store.markChanged(keys: changedKeys)
                store.precomputeChangeset()
                return .success((PreparedUpdate.Contents(store), summary))
            } catch {
                return .failure(error)
            }
        }.value
        // The prepared store holds the table it was prepared from: adopted,
        // set again or dropped, it is released off this actor.
        defer { if case .success((let contents, _)) = prepared { Self.releaseInBackground(contents.take()) } }
        guard ticket == tablesHandedOver else { return nil }
        try requireIdle()
        let (contents, summary) = try prepared.get()
        return try adoptTable((baseVersion, contents, summary), sections: sections, sectionValues: sectionValues, changedKeys: changedKeys)
    }
}

extension ResultsController {
    /// Reports the elements with `keys` as changed though they compare
    /// equal (see ``ResultsStore/markChanged(keys:)``): their rows are
    /// updated, in one update of their own or with the open batch.
    ///
    /// Mark elements changed in place before any other edit of the
    /// controller: an edit in between would search rows that the change
    /// put out of their sorted place. (``tracksElements(reading:)`` does
    /// this for you.)
    ///
    /// - Returns: how many of the keys the controller holds.
    /// - Throws: ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``.
    /// - Complexity: O(*k* log *n*) for *k* keys, plus the report.
    @inlinable @discardableResult
    public func markChanged(keys: [Key]) throws(ResultsError) -> Int {
        try mutate { store in store.markChanged(keys: keys) }
    }
}
