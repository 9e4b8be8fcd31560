/// Turning a part's batch into a batch of the composed table.
extension ResultsComposition {
    /// Part `index` reported `update`: takes its new table, and reports the
    /// batch of the composed table that shows it.
    ///
    /// - Complexity: O(*e* + *p*) for *e* changes and *p* parts, plus O(*s*
    ///   log *n*) for a part with folded sections among its *s* sections.
    func partDidUpdate(_ index: Int, _ update: PartUpdate) {
        let old = reportedSnapshot
        let new = replacingPart(index, table: update.table)
        reportedSnapshot = new
        if update.isReload {
            report(Update(changeset: ResultsChangeset(), snapshot: new, isReload: true))
            return
        }
        if filter != nil {
            // The part's changes are in its own table, not in the filtered one: compare the composed tables.
            let changed = Set(update.composedRowChanges(0, new.parts[index].id).lazy.filter { change in
                switch change.change {
                case .insert, .update, .move(_, _, true): true
                case .delete, .move: false
                }
            }.map(\.key))
            return reportDifference(from: old, changed: changed)
        }
        let changeset = Self.translate(update, ofPart: index, from: old, to: new)
        if changeset.isEmpty {
            _checkInvariants()   // only hidden rows changed: the view shows the same table
        } else {
            report(Update(changeset: changeset, snapshot: new))
        }
    }

    /// The batch of the composed table that takes `old` to `new`, where
    /// only part `index` changed, by `update`.
    static func translate(
        _ update: PartUpdate, ofPart index: Int,
        from old: Snapshot, to new: Snapshot
    ) -> ResultsChangeset<Element, Key> {
        let (oldPart, newPart) = (old.parts[index], new.parts[index])
        let offset = oldPart.firstSection   // the parts before it did not change
        var deletes: [SectionChange] = [], inserts: [SectionChange] = [], moves: [SectionChange] = []
        var sectionUpdates = update.sectionUpdates.map { ResultsChangeset<Element, Key>.SectionUpdate(index: $0.index + offset, newIndex: $0.newIndex + offset) }
        let partMoves = Set(update.sectionChanges.compactMap { if case let .move(from, _, _) = $0 { from } else { nil } })
        for change in Self.movingFoldedSections(update.sectionChanges, from: oldPart, to: newPart) {
            switch change {
            case let .delete(section, name): deletes.append(.delete(at: section + offset, name: name))
            case let .insert(section, name): inserts.append(.insert(at: section + offset, name: name))
            case let .move(from, to, name):
                moves.append(.move(from: from + offset, to: to + offset, name: name))
                // A folded section the part deleted and inserted, kept here: its header stays.
                if !partMoves.contains(from) && oldPart.table.value(ofSection: from) != newPart.table.value(ofSection: to) {
                    sectionUpdates.append(.init(index: from + offset, newIndex: to + offset))
                }
            }
        }
        // The part's placeholder, right after its sections.
        if oldPart.showsPlaceholder && !newPart.showsPlaceholder {
            deletes.append(.delete(at: offset + oldPart.table.numberOfSections, name: oldPart.placeholder!.title))
        } else if !oldPart.showsPlaceholder && newPart.showsPlaceholder {
            inserts.append(.insert(at: offset + newPart.table.numberOfSections, name: newPart.placeholder!.title))
        }
        // The composition's placeholder, after every part.
        if old.showsPlaceholder && !new.showsPlaceholder {
            deletes.append(.delete(at: old.partsSectionCount, name: old.placeholder!.title))
        } else if !old.showsPlaceholder && new.showsPlaceholder {
            inserts.append(.insert(at: new.partsSectionCount, name: new.placeholder!.title))
        }

        let rows = if oldPart.foldedSections.isEmpty && newPart.foldedSections.isEmpty {
            update.composedRowChanges(offset, newPart.id)   // every row shows: each change as it is, shifted
        } else {
            translateRows(update, from: oldPart, to: newPart)
        }
        if rows.isEmpty && moves.isEmpty && sectionUpdates.isEmpty
            && Self.replacesEmptySectionsInPlace(deletes: deletes, inserts: inserts, from: old, to: new) {
            return ResultsChangeset()   // the view would show the same table
        }
        return ResultsChangeset(sectionChanges: deletes + inserts + moves, elementChanges: rows, sectionUpdates: sectionUpdates)
    }

    /// A part's row changes as changes of the composed table, when the
    /// part has folded sections before or after: rows of a folded
    /// section are not shown, so their changes go, and a row that moves
    /// into or out of one is deleted or inserted.
    ///
    /// - Complexity: O(*e* log *c*) for *e* changes and *c* folded sections.
    static func translateRows(_ update: PartUpdate, from oldPart: Snapshot.Part, to newPart: Snapshot.Part) -> [ResultsChangeset<Element, Key>.ElementChange] {
        let offset = oldPart.firstSection
        var rows: [ResultsChangeset<Element, Key>.ElementChange] = []
        let rowChanges = update.rowChanges()
        rows.reserveCapacity(rowChanges.count)
        func shifted(_ path: ResultsIndexPath) -> ResultsIndexPath { ResultsIndexPath(row: path.row, section: path.section + offset) }
        for change in rowChanges {
            let key = Key.row(part: newPart.id, partKey: change.key)
            func append(_ translated: RowChange, element: Element? = nil) {
                rows.append(ResultsChangeset<Element, Key>.ElementChange(translated, key: key, element: element ?? change.row))
            }
            switch change.change {
            case let .insert(path):
                if !newPart.isFolded(path.section) { append(.insert(at: shifted(path))) }
            case let .delete(path):
                if !oldPart.isFolded(path.section) { append(.delete(at: shifted(path))) }
            case let .update(path, newPath):
                if !oldPart.isFolded(path.section) { append(.update(at: shifted(path), newIndexPath: shifted(newPath))) }
            case let .move(from, to, isUpdated):
                switch (oldPart.isFolded(from.section), newPart.isFolded(to.section)) {
                case (false, false): append(.move(from: shifted(from), to: shifted(to), isUpdated: isUpdated))
                case (false, true): append(.delete(at: shifted(from)), element: oldPart.table.row(at: from))   // the row that left
                case (true, false): append(.insert(at: shifted(to)))
                case (true, true): break
                }
            }
        }
        return rows
    }

    /// Whether section `deletes` and `inserts` only replace sections that
    /// show no rows with sections of the same names that show none either,
    /// each at its own index: the composed table looks the same before and
    /// after (an unnamed folded section, say, gives way to a placeholder
    /// of a nested composition, folded with it).
    ///
    /// - Complexity: O(*c* (log *p* + log *n*)) for *c* section changes.
    static func replacesEmptySectionsInPlace(
        deletes: [SectionChange], inserts: [SectionChange],
        from old: Snapshot, to new: Snapshot
    ) -> Bool {
        guard deletes.count == inserts.count else { return false }
        let deleted = deletes.compactMap { $0.index }.sorted(), inserted = inserts.compactMap { $0.newIndex }.sorted()
        return deleted == inserted && deleted.allSatisfy { section in
            old.numberOfElements(inSection: section) == 0 && new.numberOfElements(inSection: section) == 0
                && SectionName.same(old.name(ofSection: section), new.name(ofSection: section))
        }
    }

    /// A part's section changes, where a named section folded before and
    /// after that the part deletes and inserts (it moved while its rows
    /// changed) is moved instead: the composed table shows none of its
    /// rows, so its identity is kept and nothing inside it is animated. A
    /// nested composition's sections pair only when that composition gives
    /// them one identity.
    ///
    /// - Complexity: O(*c*) for *c* section changes.
    static func movingFoldedSections(
        _ changes: [SectionChange], from oldPart: Snapshot.Part, to newPart: Snapshot.Part
    ) -> [SectionChange] {
        guard !oldPart.foldedSections.isEmpty && !newPart.foldedSections.isEmpty else { return changes }
        var insertedFolded: [SectionName: Int] = [:]   // by name: the index of the insert in `changes`
        for (position, change) in changes.enumerated() {
            if case let .insert(section, name?) = change, newPart.isFolded(section) { insertedFolded[SectionName(name)] = position }
        }
        guard !insertedFolded.isEmpty else { return changes }
        var result: [SectionChange] = []
        var paired: Set<Int> = []
        for change in changes {
            if case let .delete(section, name?) = change, oldPart.isFolded(section),
               let position = insertedFolded[SectionName(name)], case let .insert(newSection, _) = changes[position],
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
