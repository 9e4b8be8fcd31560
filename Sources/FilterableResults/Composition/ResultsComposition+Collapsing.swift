/// Collapsing and expanding sections by identity.
extension ResultsComposition {
    /// The sections collapsed, by identity, whether they show now or not.
    ///
    /// - Complexity: O(*c*) for *c* collapsed sections.
    public var collapsedSections: Set<SectionID> {
        var ids: Set<SectionID> = []
        for part in parts {
            for name in part.collapsed { ids.insert(SectionID(part: part.id, name: name?.string)) }
        }
        return ids
    }

    /// Whether the section with identity `id` is collapsed.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public func isCollapsed(_ id: SectionID) -> Bool {
        reportedSnapshot.index(ofPart: id.part).map { parts[$0].collapsed.contains(id.name.map(SectionName.init)) } ?? false
    }

    /// Collapses a section: it keeps its header and hides its rows, which
    /// the view deletes in one batch. Its part goes on changing underneath
    /// (filters, merges, sorting); the section stays collapsed, by
    /// identity, while it moves, disappears and comes back. Collapsing a
    /// collapsed section does nothing.
    ///
    ///     try composition.collapse(.init(part: 1, name: "Friends"))
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:)`` when
    ///   it shows no such section; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows hidden.
    public func collapse(_ id: SectionID) throws(ResultsError) {
        let name = id.name.map(SectionName.init)
        if isCollapsed(id) { return }
        let (part, sections) = try shownSections(id)
        parts[part].collapsed.insert(name)
        let old = reportedSnapshot
        reportedSnapshot = replacingPart(part, table: old.parts[part].table)
        var rows: [ResultsChangeset<Element, Key>.ElementChange] = []
        for local in sections {
            let section = old.section(local, inPart: part)!
            for row in 0..<(old.numberOfElements(inSection: section) ?? 0) {
                let path = ResultsIndexPath(row: row, section: section)
                rows.append(ResultsChangeset<Element, Key>.ElementChange(.delete(at: path), key: old.key(at: path)!, element: old.element(at: path)!))
            }
        }
        reportChanges(rows)
    }

    /// Expands a collapsed section: its rows, as its part has them now,
    /// are inserted in one batch. Expanding a section that is not collapsed
    /// does nothing.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:)`` when
    ///   the section is neither collapsed nor shown; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows shown.
    public func expand(_ id: SectionID) throws(ResultsError) {
        let name = id.name.map(SectionName.init)
        guard isCollapsed(id), let part = reportedSnapshot.index(ofPart: id.part) else {
            _ = try shownSections(id)
            return   // shown and not collapsed
        }
        parts[part].collapsed.remove(name)
        let old = reportedSnapshot
        let new = replacingPart(part, table: old.parts[part].table)
        reportedSnapshot = new
        var rows: [ResultsChangeset<Element, Key>.ElementChange] = []
        for local in old.parts[part].collapsedSections where !new.parts[part].isCollapsed(local) {
            let section = new.section(local, inPart: part)!
            for row in 0..<(new.numberOfElements(inSection: section) ?? 0) {
                let path = ResultsIndexPath(row: row, section: section)
                rows.append(ResultsChangeset<Element, Key>.ElementChange(.insert(at: path), key: new.key(at: path)!, element: new.element(at: path)!))
            }
        }
        reportChanges(rows)
    }

    /// Collapses or expands the section with identity `id`.
    ///
    /// - Throws: what ``collapse(_:)`` or ``expand(_:)`` throws.
    /// - Complexity: that of ``collapse(_:)`` or ``expand(_:)``.
    public func setCollapsed(_ isCollapsed: Bool, _ id: SectionID) throws(ResultsError) {
        if isCollapsed { try collapse(id) } else { try expand(id) }
    }

    /// The index of the part with identity `id.part`, and the local indexes
    /// of its sections named `id.name`.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` or
    ///   ``ResultsError/sectionNotFound(part:name:)`` when there is none.
    func shownSections(_ id: SectionID) throws(ResultsError) -> (part: Int, sections: [Int]) {
        guard let part = reportedSnapshot.index(ofPart: id.part) else { throw .partOutOfRange(id.part, partCount: parts.count) }
        let table = reportedSnapshot.parts[part].table
        let sections = (0..<table.numberOfSections).filter { SectionName.same(table.name(ofSection: $0), id.name) }
        guard !sections.isEmpty else { throw .sectionNotFound(part: id.part, name: id.name) }
        return (part, sections)
    }

    /// Reports row changes of the composed table, if there are any.
    func reportChanges(_ rows: [ResultsChangeset<Element, Key>.ElementChange]) {
        if rows.isEmpty {
            _checkInvariants()
        } else {
            report(Update(changeset: ResultsChangeset(elementChanges: rows), snapshot: reportedSnapshot))
        }
    }
}
