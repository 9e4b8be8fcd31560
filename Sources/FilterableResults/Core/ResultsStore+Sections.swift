/// Adding, inserting, removing and replacing whole sections.
///
/// Not allowed in a store that derives its sections from its objects
/// (`sectionedBy`): those throw ``ResultsError/invalidOperation(_:)``.
extension ResultsStore {
    /// Appends a section.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)``,
    ///   ``ResultsError/duplicateKey(_:)`` (repeated or existing keys),
    ///   ``ResultsError/missingPrimaryKey(_:)``; nothing changes then.
    /// - Complexity: O(*m*) for *m* objects, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func addSection(_ section: ResultsSection<Element>) throws(ResultsError) {
        try insertSection(section, at: storedSections.count)
    }

    /// Inserts a section at `index`, which may equal the section count.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)`` and the
    ///   errors of ``addSection(_:)``.
    /// - Complexity: O(*m*) for *m* objects, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func insertSection(_ section: ResultsSection<Element>, at index: Int) throws(ResultsError) {
        try requireManualSections("inserting a section")
        guard (0...storedSections.count).contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: storedSections.count)
        }
        try requireNewSectionName(section.name)
        let keys = try requireNewKeys(of: section.objects, allowedIn: nil)
        let rows = zip(section.objects, keys).map { allocateRow($0, key: $1) }
        tracker.touchAll()
        storedSections.insert(Section(name: section.name, rows: rows), at: index)
        sortRows(inSection: index, by: sortKeys)
        _checkInvariants()
    }

    /// Removes the section at `index` with its objects.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)``.
    /// - Complexity: O(*m*) for a section of *m* rows.
    @inlinable public mutating func removeSection(at index: Int) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard storedSections.indices.contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: storedSections.count)
        }
        tracker.touchAll()
        let removed = storedSections.remove(at: index)
        for id in removed.rows { releaseRow(id) }
        _checkInvariants()
    }

    /// Removes the section named `name` with its objects; nothing happens
    /// when there is none.
    ///
    /// - Throws: ``ResultsError/invalidOperation(_:)`` in a sectioned store.
    /// - Complexity: O(*s* + *m*) for *s* sections and *m* rows in it.
    @inlinable public mutating func removeSection(named name: String) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard let index = storedSections.firstIndex(where: { $0.name == name }) else { return }
        try removeSection(at: index)
    }

    /// Replaces the objects of the section at `index`. Rows whose key stays
    /// keep their identity (updates if their content changed); a different
    /// name is a new section (deleted and inserted).
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``ResultsError/duplicateSection(_:)``, ``ResultsError/duplicateKey(_:)``
    ///   for keys repeated or held by another section,
    ///   ``ResultsError/missingPrimaryKey(_:)``; nothing changes then.
    /// - Complexity: O(*m*) for *m* objects, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func replaceSection(at index: Int, with section: ResultsSection<Element>) throws(ResultsError) {
        try requireManualSections("replacing a section")
        guard storedSections.indices.contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: storedSections.count)
        }
        try requireNewSectionName(section.name, ignoringSection: index)
        let old = storedSections[index]
        let keys = try requireNewKeys(of: section.objects, allowedIn: Set(old.rows))
        var kept = Set<RowID>()
        var rows: [RowID] = []
        for (element, key) in zip(section.objects, keys) {
            if let id = keyIndex[key] {
                _ = updateContent(ofRow: id, with: element)
                kept.insert(id)
                rows.append(id)
            } else {
                rows.append(allocateRow(element, key: key))
            }
        }
        for id in old.rows where !kept.contains(id) { releaseRow(id) }
        storedSections[index] = Section(name: section.name, rows: rows)
        sortRows(inSection: index, by: sortKeys)
        tracker.touchAll()
        _checkInvariants()
    }

    /// The keys of a new section's objects, refusing a key repeated among
    /// them or held by a row outside `allowed`.
    @inlinable func requireNewKeys(of elements: [Element], allowedIn allowed: Set<RowID>?) throws(ResultsError) -> [Key] {
        let keys = try requireKeys(of: elements)
        var seen = Set<Key>()
        for key in keys {
            guard seen.insert(key).inserted else { throw .duplicateKey(String(describing: key)) }
            if let id = keyIndex[key], !(allowed?.contains(id) ?? false) {
                throw .duplicateKey(String(describing: key))
            }
        }
        return keys
    }
}
