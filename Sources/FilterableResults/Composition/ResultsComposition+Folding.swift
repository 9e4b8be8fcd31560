/// Folding and unfolding sections by identity.
extension ResultsComposition {
    /// The sections folded, by identity, whether they show now or not.
    ///
    /// - Complexity: O(*c*) for *c* folded sections.
    public var foldedSections: Set<SectionID> {
        var ids: Set<SectionID> = []
        for part in parts {
            for folded in part.folded {
                switch folded {
                case let .id(id): ids.insert(SectionID(part: part.id, sectionID: id, name: nil))
                case let .name(name): ids.insert(SectionID(part: part.id, name: name?.string))
                }
            }
        }
        return ids
    }

    /// Whether the section with identity `id` is folded.
    ///
    /// - Complexity: O(*p*) for *p* parts; O(*p* + *s*) for a name given
    ///   where the part's *s* sections may have ids of their own.
    public func isFolded(_ id: SectionID) -> Bool {
        guard let part = reportedSnapshot.index(ofPart: id.part) else { return false }
        let folded = parts[part].folded
        if folded.contains(id.folded) { return true }
        guard id.sectionID == nil, folded.contains(where: { if case .id = $0 { true } else { false } }) else { return false }
        let table = reportedSnapshot.parts[part].table
        return (0..<table.numberOfSections).contains { section in
            SectionName.same(table.name(ofSection: section), id.name) && folded.contains(FoldedSection(section, of: table))
        }
    }

    /// Folds a section: it keeps its header and hides its rows, which
    /// the view deletes in one batch. Its part goes on changing underneath
    /// (filters, merges, sorting); the section stays folded, by
    /// identity, while it moves, disappears and comes back, and, when it
    /// has an id of its own, while its title changes. Folding a folded
    /// section does nothing.
    ///
    ///     try composition.foldSection(.init(part: 1, name: "Friends"))
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:id:)`` when
    ///   it shows no such section; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows hidden.
    public func foldSection(_ id: SectionID) throws(ResultsError) {
        if isFolded(id) { return }
        let (part, sections) = try shownSections(id)
        let table = reportedSnapshot.parts[part].table
        for section in sections { parts[part].folded.insert(FoldedSection(section, of: table)) }
        let old = reportedSnapshot
        _reportedSnapshot = replacingPart(part, table: old.parts[part].ownTable)
        reportChange(from: old)
    }

    /// Unfolds a folded section: its rows, as its part has them now,
    /// are inserted in one batch. Unfolding a section that is not folded
    /// does nothing.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:id:)`` when
    ///   the section is neither folded nor shown; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows shown.
    public func unfoldSection(_ id: SectionID) throws(ResultsError) {
        guard isFolded(id), let part = reportedSnapshot.index(ofPart: id.part) else {
            _ = try shownSections(id)
            return   // shown and not folded
        }
        parts[part].folded.remove(id.folded)
        if id.sectionID == nil {   // a name stands for the sections of that name with ids of their own
            let table = reportedSnapshot.parts[part].table
            for section in 0..<table.numberOfSections where SectionName.same(table.name(ofSection: section), id.name) {
                parts[part].folded.remove(FoldedSection(section, of: table))
            }
        }
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
    /// of its sections with id `id.id`, or else named `id.name`.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` or
    ///   ``ResultsError/sectionNotFound(part:name:id:)`` when there is none.
    func shownSections(_ id: SectionID) throws(ResultsError) -> (part: Int, sections: [Int]) {
        guard let part = reportedSnapshot.index(ofPart: id.part) else { throw .partOutOfRange(id.part, partCount: parts.count) }
        let table = reportedSnapshot.parts[part].table
        let sections = (0..<table.numberOfSections).filter { section in
            if id.sectionID != nil { FoldedSection(section, of: table) == id.folded }
            else { SectionName.same(table.name(ofSection: section), id.name) }
        }
        guard !sections.isEmpty else { throw .sectionNotFound(part: id.part, name: id.name, id: id.sectionID?.description) }
        return (part, sections)
    }
}
