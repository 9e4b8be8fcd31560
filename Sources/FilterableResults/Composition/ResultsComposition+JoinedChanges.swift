extension ResultsComposition {
    /// Changes of the composed table gathered part by part, in the
    /// coordinates of the composed tables before (deletes, move sources)
    /// and after (inserts, move destinations).
    @usableFromInline
    struct JoinedChanges {
        @usableFromInline var sections: [SectionChange] = []
        /// Each part's row changes, as it gave them.
        @usableFromInline var rows: [ResultsChangeset<Element, Key>.ElementChanges] = []
        @usableFromInline var sectionUpdates: [ResultsChangeset<Element, Key>.SectionUpdate] = []

        @inlinable init() {}

        /// Adds the changes of another part.
        @inlinable mutating func append(_ other: Self) {
            if !other.sections.isEmpty { sections += other.sections }
            if !other.rows.isEmpty { rows += other.rows }
            if !other.sectionUpdates.isEmpty { sectionUpdates += other.sectionUpdates }
        }

        /// Adds the changes from `old` to `new`, tables whose parts came,
        /// went or changed places (the parts kept changed by their
        /// `updates`, by identity): parts gone and new as their sections
        /// deleted and inserted, each part kept as its own changes, and
        /// sections moved where parts changed places. Returns `false` when
        /// a part's changes do not add up.
        @usableFromInline mutating func appendChanges(
            ofParts old: ResultsComposition.Snapshot, to new: ResultsComposition.Snapshot,
            updates: [Int: ResultsComposition.PartUpdate]
        ) -> Bool {
            var oldIndexes: [Int: Int] = [:]
            for index in old.parts.indices { oldIndexes[old.parts[index].id] = index }
            // The parts in both tables, as indexes of each (in the order after).
            var kept: [(old: Int, new: Int)] = []
            var keptIDs: Set<Int> = []
            for index in new.parts.indices {
                if let oldIndex = oldIndexes[new.parts[index].id] {
                    kept.append((oldIndex, index))
                    keptIDs.insert(new.parts[index].id)
                } else {
                    insertSections(of: new.parts[index], in: new)
                }
            }
            for part in old.parts where !keptIDs.contains(part.id) { deleteSections(of: part, in: old) }
            var changedPlaces = false
            for position in kept.indices {
                let (oldIndex, newIndex) = kept[position]
                if position > 0 && kept[position - 1].old > oldIndex { changedPlaces = true }
                guard let changes = ResultsComposition.changes(of: old.parts[oldIndex], to: new.parts[newIndex], by: updates[new.parts[newIndex].id]) else { return false }
                append(changes)
            }
            if changedPlaces {
                // Their sections move, or stay while others move.
                moveSections(of: kept.map { (old.parts[$0.old], new.parts[$0.new]) }, from: old, to: new)
            }
            return true
        }

        /// Deletes the sections `part` takes in `snapshot`, its rows with them.
        mutating func deleteSections(of part: Snapshot.Part, in snapshot: Snapshot) {
            for section in part.firstSection..<(part.firstSection + part.sectionCount) {
                sections.append(.delete(at: section, name: snapshot.name(ofSection: section)))
            }
        }

        /// Inserts the sections `part` takes in `snapshot`, its rows with them.
        mutating func insertSections(of part: Snapshot.Part, in snapshot: Snapshot) {
            for section in part.firstSection..<(part.firstSection + part.sectionCount) {
                sections.append(.insert(at: section, name: snapshot.name(ofSection: section)))
            }
        }

        /// The changes as one changeset: section deletes, inserts, then
        /// moves; a row deleted from one part and inserted into another as
        /// the row `aliases` names (its key after, with its key before) one
        /// move, marked updated unless `areSameRows` finds its row value
        /// the same in both parts.
        ///
        /// - Complexity: O(1) for one part's row changes and no aliases,
        ///   else O(*e*) for *e* row changes.
        @inlinable func changeset(joiningMoves aliases: [Key: Key], areSameRows: ((Element, Element) -> Bool)?) -> ResultsChangeset<Element, Key> {
            let orderedSections = sections.count < 2 ? sections
                : sections.filter { $0.kind == .delete } + sections.filter { $0.kind == .insert } + sections.filter { $0.kind == .move }
            var changeset = ResultsChangeset<Element, Key>(sectionChanges: orderedSections, sectionUpdates: sectionUpdates)
            if rows.count == 1 && aliases.isEmpty {
                changeset.elementChanges = rows[0]
                return changeset
            }
            let nonEmpty = rows.filter { !$0.isEmpty }
            var changes = nonEmpty.flatMap { $0 }
            if !aliases.isEmpty {
                var deleted: [Key: Int] = [:], inserted: [Key: Int] = [:]
                for (index, change) in changes.enumerated() {
                    if change.kind == .delete { deleted[change.key] = index } else if change.kind == .insert { inserted[change.key] = index }
                }
                var joined: Set<Int> = []
                for (newKey, oldKey) in aliases {
                    guard let from = deleted[oldKey], let to = inserted[newKey] else { continue }
                    changes[from] = ElementChange(
                        .move(from: changes[from].indexPath!, to: changes[to].newIndexPath!, isUpdated: !(areSameRows?(changes[from].element, changes[to].element) ?? false)),
                        key: newKey, element: changes[to].element)
                    joined.insert(to)
                }
                changes = changes.enumerated().compactMap { joined.contains($0.offset) ? nil : $0.element }
            }
            changeset.elementChanges = .init(changes.filter { $0.kind == .delete } + changes.filter { $0.kind != .delete })
            return changeset
        }
    }
}

// MARK: - Parts that move

extension ResultsComposition.JoinedChanges {
    /// Adds the moves of sections that parts changing places take with
    /// them. The sections of the parts `kept` (each as it shows in
    /// `oldTable` and in `newTable`) that no change names stay in place
    /// where they keep their order, preferring those whose rows change;
    /// the others move, or, when rows change in them, are deleted and
    /// inserted (UIKit moves no section whose rows change), their row
    /// changes then shown by the section's: a row moving out of one is
    /// inserted where it goes, one moving into one deleted where it was.
    ///
    /// - Complexity: O(*s* log *s* + *e*) for *s* sections and *e* row changes.
    mutating func moveSections(
        of kept: [(old: ResultsComposition.Snapshot.Part, new: ResultsComposition.Snapshot.Part)],
        from oldTable: ResultsComposition.Snapshot, to newTable: ResultsComposition.Snapshot
    ) {
        var gone = Set<Int>(), came = Set<Int>()
        for change in sections {
            switch change {
            case let .delete(section, _): gone.insert(section)
            case let .insert(section, _): came.insert(section)
            case let .move(from, to, _): gone.insert(from); came.insert(to)
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        for (old, new) in kept {
            let oldKept = (old.firstSection..<(old.firstSection + old.sectionCount)).filter { !gone.contains($0) }
            let newKept = (new.firstSection..<(new.firstSection + new.sectionCount)).filter { !came.contains($0) }
            pairs += zip(oldKept, newKept).map { ($0, $1) }
        }
        let changes = rows.flatMap { $0 }
        var touchedOld = Set<Int>(), touchedNew = Set<Int>()
        for change in changes {
            if let path = change.indexPath { touchedOld.insert(path.section) }
            if let path = change.newIndexPath { touchedNew.insert(path.section) }
        }
        let isDirty = pairs.map { touchedOld.contains($0.old) || touchedNew.contains($0.new) }
        let stays = heaviestIncreasingSubsequence(
            pairs.map(\.old), weights: isDirty.map { $0 ? pairs.count + 1 : 1 }, bound: oldTable.numberOfSections)
        var replacedOld = Set<Int>(), replacedNew = Set<Int>()
        for (index, (from, to)) in pairs.enumerated() where !stays[index] {
            if isDirty[index] {
                sections.append(.delete(at: from, name: oldTable.name(ofSection: from)))
                sections.append(.insert(at: to, name: newTable.name(ofSection: to)))
                replacedOld.insert(from)
                replacedNew.insert(to)
            } else {
                sections.append(.move(from: from, to: to, name: oldTable.name(ofSection: from)))
            }
        }
        guard !replacedOld.isEmpty else { return }
        sectionUpdates.removeAll { replacedOld.contains($0.index) }
        rows = [.init(changes.compactMap { change in
            let (leaves, enters) = (change.indexPath.map { replacedOld.contains($0.section) } ?? true, change.newIndexPath.map { replacedNew.contains($0.section) } ?? true)
            switch change.change {
            case .delete, .insert, .update: return leaves && enters ? nil : change
            case let .move(from, to, _):
                switch (leaves, enters) {
                case (true, true): return nil
                case (true, false): return .init(.insert(at: to), key: change.key, element: newTable.element(at: to) ?? change.element)
                case (false, true): return .init(.delete(at: from), key: change.key, element: oldTable.element(at: from) ?? change.element)
                case (false, false): return change
                }
            }
        })]
    }
}

// MARK: - Rows the composition hides

extension ResultsComposition.JoinedChanges {
    /// Adds the row changes of a part from `old` to `new` (the same part
    /// in the tables before and after, its own changes being `changes`),
    /// where the composition hides rows of it (its filter, folded
    /// sections) before or after, or hides other rows after than before:
    /// each of the part's changes as the rows shown see it, and rows that
    /// stayed but show after and not before (or the other way) inserted
    /// (or deleted). Rows that stay in a section and show on both sides
    /// move only as the longest run of them in order requires. A section
    /// the part moved whose rows show otherwise is deleted and inserted
    /// (UIKit moves no section whose rows change). Returns `false` when
    /// `changes` do not take the part's table before to its table after.
    ///
    /// - Complexity: O(*e* + *r* log *r*) for *e* changes and *r* rows in
    ///   the sections walked: every section while the composition filters,
    ///   else those with changes or folded on one side only.
    @usableFromInline mutating func appendRowsShown(
        from old: ResultsComposition.Snapshot.Part, to new: ResultsComposition.Snapshot.Part,
        by changes: ResultsComposition.PartChanges?
    ) -> Bool {
        typealias Key = ResultsComposition.Key
        let (oldTable, newTable) = (old.ownTable, new.ownTable)
        let isFiltered = old.isFiltered || new.isFiltered
        func oldPath(_ row: Int, _ section: Int) -> ResultsIndexPath { ResultsIndexPath(row: row, section: section + old.firstSection) }
        func newPath(_ row: Int, _ section: Int) -> ResultsIndexPath { ResultsIndexPath(row: row, section: section + new.firstSection) }

        // Which of the part's sections are the same section before and after.
        var deletedSections = Set<Int>(), insertedSections = Set<Int>()
        var movedSections: [(old: Int, new: Int)] = []
        for change in changes?.sectionChanges ?? [] {
            switch change {
            case let .delete(section, _): deletedSections.insert(section)
            case let .insert(section, _): insertedSections.insert(section)
            case let .move(from, to, _): movedSections.append((from, to))
            }
        }
        let (movedFrom, movedTo) = (Set(movedSections.map(\.old)), Set(movedSections.map(\.new)))
        let oldKept = (0..<oldTable.numberOfSections).filter { !deletedSections.contains($0) && !movedFrom.contains($0) }
        let newKept = (0..<newTable.numberOfSections).filter { !insertedSections.contains($0) && !movedTo.contains($0) }
        guard oldKept.count == newKept.count else { return false }
        var pairs = Array(zip(oldKept, newKept))
        let movedPairs = movedSections.count
        pairs += movedSections.map { ($0.old, $0.new) }
        var newSectionOf: [Int: Int] = [:]
        for (oldSection, newSection) in pairs { newSectionOf[oldSection] = newSection }

        // The part's row changes: those leaving or entering a section now,
        // those that stay in theirs for the walk below.
        var rows: [ResultsChangeset<Element, Key>.ElementChange] = []
        var leaving: [Int: Set<Int>] = [:]                             // old section: old rows
        var arriving: [Int: [Int: Arrival]] = [:]                      // new section: new row
        var updated: [Int: Set<Int>] = [:]                             // old section: old rows
        for change in changes?.elementChanges ?? [] {
            let key = Key.row(part: new.id, partKey: change.key)
            switch change.change {
            case let .delete(path):
                leaving[path.section, default: []].insert(path.row)
                if let row = old.shownRow(path) { rows.append(.init(.delete(at: oldPath(row, path.section)), key: key, element: change.element)) }
            case let .insert(path):
                arriving[path.section, default: [:]][path.row] = .entered
                if let row = new.shownRow(path) { rows.append(.init(.insert(at: newPath(row, path.section)), key: key, element: change.element)) }
            case let .update(path, _):
                updated[path.section, default: []].insert(path.row)
            case let .move(from, to, isUpdated):
                leaving[from.section, default: []].insert(from.row)
                if newSectionOf[from.section] == to.section {
                    arriving[to.section, default: [:]][to.row] = .moved(from: from.row, isUpdated: isUpdated)
                    continue
                }
                arriving[to.section, default: [:]][to.row] = .entered
                switch (old.shownRow(from), new.shownRow(to)) {
                case let (source?, destination?):
                    rows.append(.init(.move(from: oldPath(source, from.section), to: newPath(destination, to.section), isUpdated: isUpdated), key: key, element: change.element))
                case let (source?, nil):
                    rows.append(.init(.delete(at: oldPath(source, from.section)), key: key, element: oldTable.row(at: from) ?? change.element))
                case let (nil, destination?):
                    rows.append(.init(.insert(at: newPath(destination, to.section)), key: key, element: change.element))
                case (nil, nil): break
                }
            }
        }

        // Each section the same before and after: rows that stay in it,
        // paired in order, shown on one side, the other or both.
        for (index, (oldSection, newSection)) in pairs.enumerated() {
            let (oldFolded, newFolded) = (old.isFolded(oldSection), new.isFolded(newSection))
            if oldFolded && newFolded { continue }
            let hasChanges = leaving[oldSection] != nil || arriving[newSection] != nil || updated[oldSection] != nil
            guard hasChanges || isFiltered || oldFolded != newFolded else { continue }
            let (oldCount, newCount) = (oldTable.numberOfRows(inSection: oldSection), newTable.numberOfRows(inSection: newSection))
            let leavingRows = leaving[oldSection] ?? [], arrivingRows = arriving[newSection] ?? [:], updatedRows = updated[oldSection] ?? []
            // Rows shown on both sides: (old row shown, new row shown, new row, updated).
            var stayers: [(old: Int, new: Int, row: Int, isUpdated: Bool)] = []
            var sectionRows: [ResultsChangeset<Element, Key>.ElementChange] = []
            var oldRow = 0
            for row in 0..<newCount {
                let source: Int, isUpdated: Bool
                if let arrival = arrivingRows[row] {
                    guard case let .moved(from, moveUpdated) = arrival else { continue }
                    (source, isUpdated) = (from, moveUpdated)
                } else {
                    while oldRow < oldCount && leavingRows.contains(oldRow) { oldRow += 1 }
                    guard oldRow < oldCount else { return false }
                    (source, isUpdated) = (oldRow, updatedRows.contains(oldRow))
                    oldRow += 1
                }
                let (before, after) = (old.shownRow(ResultsIndexPath(row: source, section: oldSection)), new.shownRow(ResultsIndexPath(row: row, section: newSection)))
                switch (before, after) {
                case let (before?, after?): stayers.append((before, after, row, isUpdated))
                case let (before?, nil):
                    let path = ResultsIndexPath(row: source, section: oldSection)
                    sectionRows.append(.init(.delete(at: oldPath(before, oldSection)), key: .row(part: new.id, partKey: oldTable.key(at: path)!), element: oldTable.row(at: path)!))
                case let (nil, after?):
                    let path = ResultsIndexPath(row: row, section: newSection)
                    sectionRows.append(.init(.insert(at: newPath(after, newSection)), key: .row(part: new.id, partKey: newTable.key(at: path)!), element: newTable.row(at: path)!))
                case (nil, nil): break
                }
            }
            while oldRow < oldCount && leavingRows.contains(oldRow) { oldRow += 1 }
            guard oldRow == oldCount else { return false }
            let inOrder = longestIncreasingSubsequence(stayers.map(\.old))
            for (stayer, keepsPlace) in zip(stayers, inOrder) where !keepsPlace || stayer.isUpdated {
                let path = ResultsIndexPath(row: stayer.row, section: newSection)
                let (from, to) = (oldPath(stayer.old, oldSection), newPath(stayer.new, newSection))
                sectionRows.append(.init(
                    keepsPlace ? .update(at: from, newIndexPath: to) : .move(from: from, to: to, isUpdated: stayer.isUpdated),
                    key: .row(part: new.id, partKey: newTable.key(at: path)!), element: newTable.row(at: path)!))
            }
            if index >= pairs.count - movedPairs && !sectionRows.isEmpty {
                // A section the part moved shows other rows: it is deleted and inserted instead.
                let (from, to) = (oldSection + old.firstSection, newSection + new.firstSection)
                sections.removeAll { if case let .move(source, destination, _) = $0 { source == from && destination == to } else { false } }
                sectionUpdates.removeAll { $0.index == from }
                sections.append(.delete(at: from, name: oldTable.name(ofSection: oldSection)))
                sections.append(.insert(at: to, name: newTable.name(ofSection: newSection)))
                continue
            }
            rows += sectionRows
        }
        if !rows.isEmpty { self.rows.append(.init(rows)) }
        return true
    }
}

extension ResultsComposition.JoinedChanges {
    /// How a row came to a section of a part's table after its changes.
    enum Arrival {
        /// It is new to the section: inserted, or moved from another.
        case entered
        /// It moved within the section, from an old row.
        case moved(from: Int, isUpdated: Bool)
    }
}

extension ResultsComposition.Snapshot.Part {
    /// The row index shown in the composed table of the row at `path` of
    /// the part's own table, or `nil` when it does not show (its section
    /// is folded, or the composition's filter hides it).
    ///
    /// - Complexity: O(log *c* + log *n*) for *c* folded sections and *n*
    ///   rows in the section.
    func shownRow(_ path: ResultsIndexPath) -> Int? {
        if isFolded(path.section) { return nil }
        guard let filtered = table as? FilteredTable<Element> else { return path.row }
        guard filtered.rows.indices.contains(path.section) else { return nil }
        let rows = filtered.rows[path.section]
        let index = rows.indices.partitioningIndex { rows[$0] >= path.row }
        return index < rows.count && rows[index] == path.row ? index : nil
    }
}
