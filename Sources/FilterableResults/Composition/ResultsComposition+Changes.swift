/// The composed table's changes, joined from its parts' own changes.
///
/// The composition has no diff of its own. Each part's changes come from
/// its source's engine (a controller's incremental diff); the composition
/// lays them end to end: every part's old coordinates shifted past the
/// parts before it in the table before, its new ones past the parts
/// before it in the table after. Parts that come and go are their
/// sections inserted and deleted; parts that change places move their
/// sections. Only the rows the composition itself hides (folded sections,
/// its filter) need more: their changes are read against what showed
/// before and what shows after.
extension ResultsComposition {
    @usableFromInline typealias ElementChange = ResultsChangeset<Element, Key>.ElementChange
    @usableFromInline typealias PartChanges = ResultsChangeset<Element, PartKey>

    /// The changes that take the composed table `old` to `new`: each part
    /// kept changed by its changes in `updates` (by part identity; a part
    /// without is the same part table), rows the composition shows or
    /// hides (folding, filters) inserted or deleted, parts added, removed
    /// and moved as their sections, and a row dragged from one part to
    /// another (`aliases`: its key in the part after, with its key in the
    /// part before) a move. `nil` when a part's changes do not take its
    /// table before to its table after: the view reloads then (as it does
    /// when a part reloaded, or changed twice in one batch).
    ///
    /// - Complexity: O(*p* + *e*) for *p* parts and *e* changes while rows
    ///   of every part show; O(*n*) for the *n* rows of a part with the
    ///   composition's filter, or in sections folded or unfolded.
    @inlinable func changes(
        from old: Snapshot, to new: Snapshot, updates: [Int: PartUpdate] = [:], aliases: [Key: Key] = [:]
    ) -> ResultsChangeset<Element, Key>? {
        var joined = JoinedChanges()
        // (Loops, not closures: a closure capturing a value of a generic type
        // looks that type up by name each time it is made, in code the
        // compiler did not specialize.)
        var sameParts = old.parts.count == new.parts.count
        for index in old.parts.indices where sameParts && old.parts[index].id != new.parts[index].id { sameParts = false }
        if sameParts {
            // The same parts in the same places (a part's update, a filter, a fold): each part's own changes.
            for index in new.parts.indices {
                let update = updates.isEmpty ? nil : updates[new.parts[index].id]
                if update == nil && old.parts[index].isShownAlike(new.parts[index]) { continue }
                guard let changes = Self.changes(of: old.parts[index], to: new.parts[index], by: update) else { return nil }
                joined.append(changes)
            }
        } else {
            guard joined.appendChanges(ofParts: old, to: new, updates: updates) else { return nil }
        }
        if old.showsPlaceholder && !new.showsPlaceholder {
            joined.sections.append(.delete(at: old.partsSectionCount, name: old.placeholder!.title))
        } else if !old.showsPlaceholder && new.showsPlaceholder {
            joined.sections.append(.insert(at: new.partsSectionCount, name: new.placeholder!.title))
        }
        var changeset = joined.changeset(joiningMoves: aliases, areSameRows: areSameRows)
        if changeset.elementChanges.isEmpty && !changeset.sectionChanges.isEmpty && Self.looksTheSame(old, new) {
            changeset.sectionChanges = []   // only sections that show nothing alike traded places
        }
        return changeset
    }

    /// Whether a view showing `old` would show `new` unchanged: the same
    /// sections, names, ids of their own and row counts, and the same rows
    /// by key.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows.
    @usableFromInline static func looksTheSame(_ old: Snapshot, _ new: Snapshot) -> Bool {
        guard old.numberOfSections == new.numberOfSections, old.count == new.count else { return false }
        return (0..<old.numberOfSections).allSatisfy { section in
            let count = old.numberOfElements(inSection: section)
            return count == new.numberOfElements(inSection: section)
                && SectionName.same(old.name(ofSection: section), new.name(ofSection: section))
                && old.id(ofSection: section).map({ FilterableResults.SectionID($0) }) == new.id(ofSection: section).map({ FilterableResults.SectionID($0) })
                && (0..<(count ?? 0)).allSatisfy { row in
                    let path = ResultsIndexPath(row: row, section: section)
                    return old.key(at: path) == new.key(at: path)
                }
        }
    }
}

// MARK: - One part

extension ResultsComposition {
    /// The changes of one part that stays in place, from how it showed in
    /// one table (`old`) to how it shows in the next (`new`), its own
    /// changes being `changes`; `nil` when they do not add up.
    @inlinable static func changes(of old: Snapshot.Part, to new: Snapshot.Part, by update: PartUpdate?) -> JoinedChanges? {
        var result = JoinedChanges()
        let changes = update?.changes
        if update == nil && old.isShownAlike(new) { return result }   // the same table, shown alike
        let offsets = (old: old.firstSection, new: new.firstSection)
        let sectionChanges = changes?.sectionChanges ?? []
        let partMoves = Set(sectionChanges.compactMap { if case let .move(from, _, _) = $0 { from } else { nil } })
        for change in movingFoldedSections(sectionChanges, from: old, to: new) {
            switch change {
            case let .delete(section, name): result.sections.append(.delete(at: section + offsets.old, name: name))
            case let .insert(section, name): result.sections.append(.insert(at: section + offsets.new, name: name))
            case let .move(from, to, name):
                result.sections.append(.move(from: from + offsets.old, to: to + offsets.new, name: name))
                // A folded section the part deleted and inserted, kept here: its header stays,
                // so a new value or title (a section with an id renamed) refreshes it.
                if !partMoves.contains(from) && (old.table.value(ofSection: from) != new.table.value(ofSection: to)
                    || !SectionName.same(old.table.name(ofSection: from), new.table.name(ofSection: to))) {
                    result.sectionUpdates.append(.init(index: from + offsets.old, newIndex: to + offsets.new))
                }
            }
        }
        for update in changes?.sectionUpdates ?? [] {
            result.sectionUpdates.append(.init(index: update.index + offsets.old, newIndex: update.newIndex + offsets.new))
        }
        // The part's placeholder, right after its sections.
        if old.showsPlaceholder && !new.showsPlaceholder {
            result.sections.append(.delete(at: offsets.old + old.sectionsInTable, name: old.placeholder!.title))
        } else if !old.showsPlaceholder && new.showsPlaceholder {
            result.sections.append(.insert(at: offsets.new + new.sectionsInTable, name: new.placeholder!.title))
        }

        let isFiltered = old.isFiltered || new.isFiltered
        if isFiltered || old.folded != new.folded {
            guard result.appendRowsShown(from: old, to: new, by: changes) else { return nil }
        } else if let update, let changes, !changes.elementChanges.isEmpty {
            if old.foldedSections.isEmpty && new.foldedSections.isEmpty {
                result.rows.append(update.shifted(offsets.old, offsets.new, new.id))   // every row shows: each change as it is, shifted
            } else {
                result.rows.append(.init(translateRows(changes, from: old, to: new)))
            }
        }
        return result
    }

    /// A part's row changes as changes of the composed table, when the
    /// part folds the same sections before and after: rows of a folded
    /// section are not shown, so their changes go, and a row that moves
    /// into or out of one is deleted or inserted.
    ///
    /// - Complexity: O(*e* log *c*) for *e* changes and *c* folded sections.
    @usableFromInline static func translateRows(_ changes: PartChanges, from old: Snapshot.Part, to new: Snapshot.Part) -> [ElementChange] {
        var rows: [ElementChange] = []
        rows.reserveCapacity(changes.elementChanges.count)
        for change in changes.elementChanges {
            let key = Key.row(part: new.id, partKey: change.key)
            let shifted = change.change.shiftingSections(old: old.firstSection, new: new.firstSection)
            func append(_ translated: RowChange, element: Element? = nil) {
                rows.append(ElementChange(translated, key: key, element: element ?? change.element))
            }
            switch change.change {
            case let .insert(path):
                if !new.isFolded(path.section) { append(shifted) }
            case let .delete(path), let .update(path, _):
                if !old.isFolded(path.section) { append(shifted) }
            case let .move(from, to, _):
                switch (old.isFolded(from.section), new.isFolded(to.section)) {
                case (false, false): append(shifted)
                case (false, true): append(.delete(at: shifted.indexPath!), element: old.table.row(at: from))   // the row that left
                case (true, false): append(.insert(at: shifted.newIndexPath!))
                case (true, true): break
                }
            }
        }
        return rows
    }

    /// A part's section changes, where a section folded before and after
    /// (named, or with an id of its own) that the part deletes and inserts
    /// (it moved while its rows changed) is moved instead: the composed
    /// table shows none of its rows, so its identity is kept and nothing
    /// inside it is animated. A nested composition's sections pair only
    /// when that composition gives them one identity.
    ///
    /// - Complexity: O(*c*) for *c* section changes.
    @usableFromInline static func movingFoldedSections(
        _ changes: [SectionChange], from oldPart: Snapshot.Part, to newPart: Snapshot.Part
    ) -> [SectionChange] {
        guard !oldPart.foldedSections.isEmpty && !newPart.foldedSections.isEmpty else { return changes }
        var insertedFolded: [FoldedSection: Int] = [:]   // by identity: the index of the insert in `changes`
        for (position, change) in changes.enumerated() {
            if case let .insert(section, _) = change, newPart.isFolded(section) {
                let folded = FoldedSection(section, of: newPart.table)
                if folded.pairsAcrossChanges { insertedFolded[folded] = position }
            }
        }
        guard !insertedFolded.isEmpty else { return changes }
        var result: [SectionChange] = []
        var paired: Set<Int> = []
        for change in changes {
            if case let .delete(section, name) = change, oldPart.isFolded(section),
               let position = insertedFolded[FoldedSection(section, of: oldPart.table)], case let .insert(newSection, _) = changes[position],
               // In a nested composition, sections named alike may be two (a placeholder and a section).
               oldPart.table.identity(ofSection: section)?.0 == newPart.table.identity(ofSection: newSection)?.0 {
                paired.insert(position)
                result.append(.move(from: section, to: newSection, name: name))
            } else {
                result.append(change)
            }
        }
        return result.enumerated().compactMap { position, change in
            if case .insert = change, paired.contains(position) { nil } else { change }
        }
    }
}

extension ResultsComposition.Snapshot.Part {
    /// Whether the part, its table unchanged, shows the same rows as in
    /// `other`: it folds the same sections under the same filters.
    ///
    /// - Complexity: O(*c*) for *c* folded sections.
    @inlinable func isShownAlike(_ other: Self) -> Bool {
        filtersVersion == other.filtersVersion && folded == other.folded
    }
}
