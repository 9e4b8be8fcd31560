/// Folding and unfolding sections by identity.
extension ResultsComposition {
    /// The sections folded, by identity, whether they show now or not; a
    /// section with an id of its own by its id alone (`name` is `nil`).
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

    /// Whether the section with identity `id` is folded; for a title that
    /// stands for several sections with ids, whether one of them is.
    ///
    /// - Complexity: O(*p* + *s*) for *p* parts and *s* sections of the part.
    public func isFolded(_ id: SectionID) -> Bool {
        guard let part = reportedSnapshot.index(ofPart: id.part) else { return false }
        return folds(id, inPart: part).contains(where: parts[part].folded.contains)
    }

    /// Folds a section: it keeps its header and hides its rows, which
    /// the view deletes in one batch. Its part goes on changing underneath
    /// (filters, merges, sorting); the section stays folded, by
    /// identity, while it moves, disappears and comes back, and, when it
    /// has an id of its own, while its title changes. Folding a folded
    /// section does nothing; a title that stands for several sections with
    /// ids folds those not folded yet.
    ///
    ///     try composition.foldSection(.init(part: 1, name: "Friends"))
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:id:)`` when
    ///   it shows no such section, ``ResultsError/changedDuringNotification``
    ///   from inside an observer of the composition; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows hidden.
    public func foldSection(_ id: SectionID) throws(ResultsError) {
        try requireIdle()
        if let part = reportedSnapshot.index(ofPart: id.part), folds(id, inPart: part).allSatisfy(parts[part].folded.contains) { return }
        let part = try partShowing(id)
        parts[part].folded.formUnion(folds(id, inPart: part))
        let old = reportedSnapshot
        _reportedSnapshot = replacingPart(part, table: old.parts[part].ownTable)
        reportChange(from: old)
    }

    /// Unfolds a folded section: its rows, as its part has them now,
    /// are inserted in one batch. Unfolding a section that is not folded
    /// does nothing; a title that stands for several sections with ids
    /// unfolds every one of them.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` when the part
    ///   does not exist, ``ResultsError/sectionNotFound(part:name:id:)`` when
    ///   the section is neither folded nor shown,
    ///   ``ResultsError/changedDuringNotification`` from inside an observer
    ///   of the composition; nothing changes then.
    /// - Complexity: O(*s* log *n* + *r*) for *s* sections of the part and
    ///   *r* rows shown.
    public func unfoldSection(_ id: SectionID) throws(ResultsError) {
        try requireIdle()
        guard isFolded(id), let part = reportedSnapshot.index(ofPart: id.part) else {
            _ = try partShowing(id)
            return   // shown and not folded
        }
        parts[part].folded.subtract(folds(id, inPart: part))
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

    /// What part `part` folds for identity `id`: its id; or its name, when
    /// the name identifies a section (one without an id of its own shows
    /// it, or the name is folded); else the ids of the shown sections with
    /// ids titled so, for which a title stands.
    ///
    /// - Complexity: O(*s*) for *s* sections of the part.
    func folds(_ id: SectionID, inPart part: Int) -> [FoldedSection] {
        if id.sectionID != nil || parts[part].folded.contains(id.folded) { return [id.folded] }
        let table = reportedSnapshot.parts[part].table
        var titled: [FoldedSection] = []
        for section in 0..<table.numberOfSections where SectionName.same(table.name(ofSection: section), id.name) {
            let folded = FoldedSection(section, of: table)
            guard case .id = folded else { return [id.folded] }
            titled.append(folded)
        }
        return titled.isEmpty ? [id.folded] : titled
    }

    /// The index of the part with identity `id.part`, which shows the
    /// section with id `id.id`, or else a section named `id.name`.
    ///
    /// - Throws: ``ResultsError/partOutOfRange(_:partCount:)`` or
    ///   ``ResultsError/sectionNotFound(part:name:id:)`` when there is none.
    func partShowing(_ id: SectionID) throws(ResultsError) -> Int {
        guard let part = reportedSnapshot.index(ofPart: id.part) else { throw .partOutOfRange(id.part, partCount: parts.count) }
        let table = reportedSnapshot.parts[part].table
        let shows = (0..<table.numberOfSections).contains { section in
            if id.sectionID != nil { FoldedSection(section, of: table) == id.folded }
            else { SectionName.same(table.name(ofSection: section), id.name) }
        }
        guard shows else { throw .sectionNotFound(part: id.part, name: id.name, id: id.sectionID?.description) }
        return part
    }
}
