/// Folding and unfolding sections by identity.
extension ResultsComposition {
    /// The sections folded, by identity, whether they show now or not.
    ///
    /// - Complexity: O(*c*) for *c* folded sections.
    public var foldedSections: Set<SectionID> {
        var ids: Set<SectionID> = []
        for part in parts {
            for name in part.folded { ids.insert(SectionID(part: part.id, name: name?.string)) }
        }
        return ids
    }

    /// Whether the section with identity `id` is folded.
    ///
    /// - Complexity: O(*p*) for *p* parts.
    public func isFolded(_ id: SectionID) -> Bool {
        reportedSnapshot.index(ofPart: id.part).map { parts[$0].folded.contains(id.name.map(SectionName.init)) } ?? false
    }

    /// Folds a section: it keeps its header and hides its rows, which
    /// the view deletes in one batch. Its part goes on changing underneath
    /// (filters, merges, sorting); the section stays folded, by
    /// identity, while it moves, disappears and comes back. Folding a
    /// folded section does nothing.
    ///
    ///     try composition.foldSection(.init(part: 1, name: "Friends"))
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:)`` when
    ///   it shows no such section; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows hidden.
    public func foldSection(_ id: SectionID) throws(ResultsError) {
        let name = id.name.map(SectionName.init)
        if isFolded(id) { return }
        let (part, _) = try shownSections(id)
        parts[part].folded.insert(name)
        let old = reportedSnapshot
        _reportedSnapshot = replacingPart(part, table: old.parts[part].ownTable)
        reportChange(from: old)
    }

    /// Unfolds a folded section: its rows, as its part has them now,
    /// are inserted in one batch. Unfolding a section that is not folded
    /// does nothing.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:)`` when
    ///   the section is neither folded nor shown; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows shown.
    public func unfoldSection(_ id: SectionID) throws(ResultsError) {
        let name = id.name.map(SectionName.init)
        guard isFolded(id), let part = reportedSnapshot.index(ofPart: id.part) else {
            _ = try shownSections(id)
            return   // shown and not folded
        }
        parts[part].folded.remove(name)
        let old = reportedSnapshot
        _reportedSnapshot = replacingPart(part, table: old.parts[part].ownTable)
        reportChange(from: old)
    }

    /// Folds or unfolds the section with identity `id`.
    ///
    /// - Throws: what ``foldSection(_:)`` or ``unfoldSection(_:)`` throws.
    /// - Complexity: that of ``foldSection(_:)`` or ``unfoldSection(_:)``.
    public func setFolded(_ isFolded: Bool, section id: SectionID) throws(ResultsError) {
        if isFolded { try foldSection(id) } else { try unfoldSection(id) }
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
}
