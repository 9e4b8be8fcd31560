/// Adding, inserting, removing and replacing whole sections, by raw index.
///
/// Not allowed in a store that derives its sections from its elements
/// (`sectionedBy`): those throw
/// ``ResultsError/sectionsDerivedFromElements(operation:)``.
/// Section names are compared by their Unicode scalars.
extension ResultsStore {
    /// Appends a section.
    ///
    /// - Throws: ``ResultsError/duplicateSection(_:)``,
    ///   ``ResultsError/duplicateKey(_:)`` (repeated or existing keys),
    ///   ``ResultsError/missingPrimaryKey(_:)``; nothing changes then.
    /// - Complexity: O(*m* log *n*) for *m* elements, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func addSection(_ section: ResultsSection<Element>) throws(ResultsError) {
        try insertSection(section, at: table.numberOfSections)
    }

    /// Inserts a section at raw index `index`, which may equal the section count.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)`` and the
    ///   errors of ``addSection(_:)``.
    /// - Complexity: O(*m* log *n*) for *m* elements, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func insertSection(_ section: ResultsSection<Element>, at index: Int) throws(ResultsError) {
        try requireManualSections("inserting a section")
        guard (0...table.numberOfSections).contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: table.numberOfSections)
        }
        try requireNewSection(section)
        let keys = try requireNewKeys(of: section.elements, allowedIn: nil)
        noteMutation()
        tracker.touchAll()
        // A section with an id removed and inserted again in one batch is the same section: its title may have changed.
        if section.id != nil { tracker.sectionTitlesChanged = true }
        table.insertSection(allocateSection(), name: section.name, sectionID: section.sectionID, atRaw: index)
        var rows = zip(section.elements, keys).map { allocateRow($0, key: $1) }
        if !sortKeys.isEmpty {
            let slots = table.slots
            rows = Self.stablySorted(rows, by: sortKeys) { slots[Int($0)]! }
        }
        for (row, id) in rows.enumerated() {
            table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: RawIndexPath(row: row, section: index))
        }
        _checkInvariants()
    }

    /// Removes the section at raw index `index` with its elements.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)``.
    /// - Complexity: O(*m* log *n*) for a section of *m* rows.
    @inlinable public mutating func removeSection(at index: Int) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard (0..<table.numberOfSections).contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: table.numberOfSections)
        }
        noteMutation()
        tracker.touchAll()
        let removed = table.removeSection(atRaw: index)
        freeSections.append(removed.id)
        releaseRows(removed.rows)
        _checkInvariants()
    }

    /// Removes the section named `name` (by its Unicode scalars) with its
    /// elements; nothing happens when there is none. A name identifies
    /// only a section without an id of its own: remove one with an id by
    /// ``removeSection(id:)``, as its title may be any section's.
    ///
    /// - Throws: ``ResultsError/sectionsDerivedFromElements(operation:)`` in a
    ///   sectioned store.
    /// - Complexity: O(*s* log *n* + *m* log *n*) for *s* sections and *m* rows in it.
    @inlinable public mutating func removeSection(named name: String) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard let index = sectionIndex(named: name) else { return }
        try removeSection(at: index)
    }

    /// Removes the section whose id of its own (``ResultsSection/id``) is
    /// `id`, with its elements; nothing happens when there is none.
    ///
    /// - Throws: ``ResultsError/sectionsDerivedFromElements(operation:)`` in a
    ///   sectioned store.
    /// - Complexity: O(*s* log *n* + *m* log *n*) for *s* sections and *m* rows in it.
    @inlinable public mutating func removeSection(id: some Hashable & Sendable) throws(ResultsError) {
        try requireManualSections("removing a section")
        guard let index = sectionIndex(identifiedBy: SectionID(id)) else { return }
        try removeSection(at: index)
    }

    /// Replaces the section at raw index `index`, name included. Rows whose
    /// key stays keep their identity (updates if their content changed); a
    /// different identity (another id of its own, or without ids another
    /// name) is a new section (deleted and inserted), while a section that
    /// keeps its id and changes its name is kept and its header refreshed.
    ///
    /// - Throws: ``ResultsError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``ResultsError/duplicateSection(_:)``, ``ResultsError/duplicateKey(_:)``
    ///   for keys repeated or held by another section,
    ///   ``ResultsError/missingPrimaryKey(_:)``; nothing changes then.
    /// - Complexity: O(*m* log *n*) for *m* elements, plus O(*m* log *m*) when sorted.
    @inlinable public mutating func replaceSection(at index: Int, with section: ResultsSection<Element>) throws(ResultsError) {
        try requireManualSections("replacing a section")
        guard (0..<table.numberOfSections).contains(index) else {
            throw .sectionOutOfRange(index, sectionCount: table.numberOfSections)
        }
        try requireNewSection(section, ignoringSection: index)
        let old = Set(table.rows(inRawSection: index))
        let keys = try requireNewKeys(of: section.elements, allowedIn: old)
        noteMutation()
        tracker.touchAll()
        // A section that keeps its id and changes its name is kept, its header refreshed.
        if section.id != nil { tracker.sectionTitlesChanged = true }
        let removed = table.removeSection(atRaw: index)
        table.insertSection(removed.id, name: section.name, sectionID: section.sectionID, atRaw: index)
        var kept = Set<RowID>()
        var rows: [RowID] = []
        for (element, key) in zip(section.elements, keys) {
            if let id = table.row(forKey: key) {
                storeContent(ofRow: id, with: element)
                kept.insert(id)
                rows.append(id)
            } else {
                rows.append(allocateRow(element, key: key))
            }
        }
        releaseRows(removed.rows.filter { !kept.contains($0) })
        if !sortKeys.isEmpty {
            let slots = table.slots
            rows = Self.stablySorted(rows, by: sortKeys) { slots[Int($0)]! }
        }
        for (row, id) in rows.enumerated() {
            table.insertRow(id, visible: passesFilters(element(ofRow: id)), atRaw: RawIndexPath(row: row, section: index))
        }
        _checkInvariants()
    }

    /// The keys of a new section's elements, refusing a key repeated among
    /// them or held by a row outside `allowed`.
    @inlinable func requireNewKeys(of elements: [Element], allowedIn allowed: Set<RowID>?) throws(ResultsError) -> [Key] {
        let keys = try requireKeys(of: elements)
        var seen = Set<Key>()
        for key in keys {
            guard seen.insert(key).inserted else { throw .duplicateKey(String(describing: key)) }
            if let id = table.row(forKey: key), !(allowed?.contains(id) ?? false) {
                throw .duplicateKey(String(describing: key))
            }
        }
        return keys
    }
}
