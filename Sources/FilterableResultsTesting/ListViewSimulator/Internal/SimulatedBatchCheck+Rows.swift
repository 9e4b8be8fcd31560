import FilterableResults

extension SimulatedBatchCheck {
    /// The row calls' checks, in UIKit's order: ranges and rows inside
    /// changed sections, conflicts on old paths, conflicts on new paths,
    /// reloaded rows' re-insertions, then each kept section's count.
    func checkRows(in map: SimulatedSectionMap) throws(ListViewException) -> SimulatedRowChanges {
        var changes = SimulatedRowChanges()
        try collectDeletesAndReloads(into: &changes, map)
        try collectMoves(into: &changes, map)
        try collectInserts(into: &changes, map)
        try checkOldPaths(changes)
        var newUses = try newPathUses(changes)
        try placeReinsertions(into: &changes, uses: &newUses, map)
        try checkRowCounts(changes, map)
        return changes
    }

    // MARK: Ranges and changed sections

    private func collectDeletesAndReloads(into changes: inout SimulatedRowChanges, _ map: SimulatedSectionMap)
        throws(ListViewException)
    {
        for (paths, isReload) in [(batch.rowDeletes, false), (batch.rowReloads, true)] {
            for path in paths {
                guard oldCounts.indices.contains(path.section) else {
                    throw wording.deleteRowSectionOutOfRange(path, sectionCount: oldCounts.count)
                }
                let phrase = isReload ? "reload \(wording.row) \(path.row) in" : "delete \(wording.row) \(path.row) from"
                if try absorbs(oldSection: path.section, phrase: phrase, map) { continue }
                guard (0..<oldCounts[path.section]).contains(path.row) else {
                    throw wording.deleteRowOutOfRange(path, rowCount: oldCounts[path.section])
                }
                if isReload { changes.reloads.append(path) } else { changes.deletes.append(path) }
            }
        }
    }

    private func collectMoves(into changes: inout SimulatedRowChanges, _ map: SimulatedSectionMap)
        throws(ListViewException)
    {
        for (from, to) in batch.rowMoves {
            guard oldCounts.indices.contains(from.section) else {
                throw wording.moveSourceSectionOutOfRange(from, sectionCount: oldCounts.count)
            }
            switch map.oldFates[from.section] {
            case .deleted, .reloaded:
                throw wording.moveFromDeletedSection()
            case .moved where flavor == .collectionView:
                throw wording.itemChangeInChangedSection(
                    "move \(wording.row) \(from.row) out of", section: from.section, fate: "moved")
            case .moved, .stays:
                break
            }
            guard newCounts.indices.contains(to.section) else {
                throw wording.moveDestinationSectionOutOfRange(from, to: to, sectionCount: newCounts.count)
            }
            switch map.newOrigins[to.section] {
            case .inserted, .reloaded:
                throw wording.moveIntoInsertedSection(to.section)
            case .moved where flavor == .collectionView:
                throw wording.itemChangeInChangedSection("move \(wording.aRow) into", section: to.section, fate: "moved")
            case .moved, .stays:
                break
            }
            guard (0..<oldCounts[from.section]).contains(from.row) else {
                throw wording.moveSourceOutOfRange(from, rowCount: oldCounts[from.section])
            }
            guard (0..<newCounts[to.section]).contains(to.row) else {
                throw wording.moveDestinationOutOfRange(from, to: to, rowCount: newCounts[to.section])
            }
            changes.moves.append((from, to))
        }
    }

    private func collectInserts(into changes: inout SimulatedRowChanges, _ map: SimulatedSectionMap)
        throws(ListViewException)
    {
        for path in batch.rowInserts {
            guard newCounts.indices.contains(path.section) else {
                throw wording.insertRowSectionOutOfRange(path, sectionCount: newCounts.count)
            }
            let phrase = "insert \(wording.row) \(path.row) into"
            switch map.newOrigins[path.section] {
            case .inserted, .reloaded:
                guard flavor == .collectionView else { continue }
                let fate = map.newOrigins[path.section] == .inserted ? "inserted" : "reloaded"
                throw wording.itemChangeInChangedSection(phrase, section: path.section, fate: fate)
            case .moved where flavor == .collectionView:
                throw wording.itemChangeInChangedSection(phrase, section: path.section, fate: "moved")
            case .moved, .stays:
                break
            }
            guard (0..<newCounts[path.section]).contains(path.row) else {
                throw wording.insertRowOutOfRange(path, rowCount: newCounts[path.section])
            }
            changes.inserts.append(path)
        }
    }

    /// Whether a table view absorbs a row delete or reload in `oldSection`
    /// into its section's delete or reload; throws where a collection view
    /// corrupts itself instead.
    private func absorbs(oldSection section: Int, phrase: String, _ map: SimulatedSectionMap)
        throws(ListViewException) -> Bool
    {
        let fate: String
        switch map.oldFates[section] {
        case .stays: return false
        case .moved:
            guard flavor == .collectionView else { return false }
            fate = "moved"
        case .deleted: fate = "deleted"
        case .reloaded: fate = "reloaded"
        }
        guard flavor == .collectionView else { return true }
        throw wording.itemChangeInChangedSection(phrase, section: section, fate: fate)
    }

    // MARK: Conflicts

    /// Throws when one old path is named twice among deletes, reloads and
    /// move sources.
    private func checkOldPaths(_ changes: SimulatedRowChanges) throws(ListViewException) {
        var uses: [ResultsIndexPath: SimulatedRowChanges.OldUse] = [:]
        for path in changes.deletes {
            if uses[path] != nil { throw wording.duplicateIndexPath("delete \(wording.row) \(path.row) from", path) }
            uses[path] = .delete
        }
        for path in changes.reloads {
            switch uses[path] {
            case .delete: throw wording.deleteAndReloadSameIndexPath(path)
            case .some: throw wording.duplicateIndexPath("reload \(wording.row) \(path.row) in", path)
            case nil: uses[path] = .reload
            }
        }
        for (from, to) in changes.moves {
            switch uses[from] {
            case .delete: throw wording.deleteAndMoveFromSameIndexPath(from, reloaded: false)
            case .reload: throw wording.deleteAndMoveFromSameIndexPath(from, reloaded: true)
            case let .moveFrom(first): throw wording.twoMovesFromSameIndexPath(from, to: first, and: to)
            case nil: uses[from] = .moveFrom(to: to)
            }
        }
    }

    /// What the batch puts at each new path; throws when one new path is
    /// named twice among inserts and move destinations.
    private func newPathUses(_ changes: SimulatedRowChanges) throws(ListViewException)
        -> [ResultsIndexPath: SimulatedRowChanges.NewUse]
    {
        var uses: [ResultsIndexPath: SimulatedRowChanges.NewUse] = [:]
        for path in changes.inserts {
            if uses[path] != nil { throw wording.duplicateIndexPath("insert \(wording.row) \(path.row) into", path) }
            uses[path] = .insert
        }
        for (from, to) in changes.moves {
            switch uses[to] {
            case .insert: throw wording.insertAndMoveToSameIndexPath(to, reloaded: false)
            case let .moveTo(first): throw wording.twoMovesToSameIndexPath(first, and: from, to: to)
            case .reinsertion, nil: uses[to] = .moveTo(from: from)
            }
        }
        return uses
    }

    // MARK: Reloads

    /// Places each reloaded row's insert where UIKit puts it: at the row the
    /// reloaded row takes in its section after the update, but in the
    /// section at the index its section would have if no section moved
    /// (Apple bug 27041784, IGListKit #690). Without section moves that is
    /// where the row lands.
    private func placeReinsertions(
        into changes: inout SimulatedRowChanges,
        uses: inout [ResultsIndexPath: SimulatedRowChanges.NewUse],
        _ map: SimulatedSectionMap
    ) throws(ListViewException) {
        guard !changes.reloads.isEmpty else { return }
        let leaving = Dictionary(grouping: changes.deletes + changes.moves.map(\.from), by: \.section)
            .mapValues { Set($0.map(\.row)) }
        let taken = Dictionary(grouping: changes.inserts + changes.moves.map(\.to), by: \.section)
            .mapValues { Set($0.map(\.row)) }
        for path in changes.reloads {
            guard let keptSection = map.keptIndex(ofOld: path.section),
                let section = map.placeIgnoringMoves[path.section], newCounts.indices.contains(section)
            else { throw wording.inconsistentUpdate() }
            let gone = leaving[path.section] ?? []
            let rank = (0..<path.row).count(where: { !gone.contains($0) })
            let occupied = taken[keptSection] ?? []
            var row = 0
            var free = 0
            while true {
                if !occupied.contains(row) {
                    if free == rank { break }
                    free += 1
                }
                row += 1
            }
            let place = ResultsIndexPath(row: row, section: section)
            guard row < newCounts[section] else { throw wording.insertRowOutOfRange(place, rowCount: newCounts[section]) }
            switch uses[place] {
            case .moveTo: throw wording.insertAndMoveToSameIndexPath(place, reloaded: true)
            case .insert, .reinsertion: throw wording.inconsistentUpdate()
            case nil: uses[place] = .reinsertion
            }
            changes.reinsertions.append(place)
        }
    }

    // MARK: Counts

    /// Throws UIKit's "invalid number of rows" for the first section, by its
    /// index after the update, whose count does not add up.
    private func checkRowCounts(_ changes: SimulatedRowChanges, _ map: SimulatedSectionMap) throws(ListViewException) {
        var deleted = [Int](repeating: 0, count: oldCounts.count)
        var movedOut = [Int](repeating: 0, count: oldCounts.count)
        var inserted = [Int](repeating: 0, count: newCounts.count)
        var movedIn = [Int](repeating: 0, count: newCounts.count)
        for path in changes.deletes + changes.reloads { deleted[path.section] += 1 }
        for path in changes.inserts + changes.reinsertions { inserted[path.section] += 1 }
        for (from, to) in changes.moves where map.keptIndex(ofOld: from.section) != to.section {
            movedOut[from.section] += 1
            movedIn[to.section] += 1
        }
        for (section, origin) in map.newOrigins.enumerated() {
            let old: Int
            switch origin {
            case let .stays(from), let .moved(from): old = from
            case .inserted, .reloaded: continue
            }
            let expected = oldCounts[old] - deleted[old] - movedOut[old] + inserted[section] + movedIn[section]
            guard newCounts[section] == expected else {
                throw wording.invalidNumberOfRows(
                    section: section, after: newCounts[section], before: oldCounts[old],
                    inserted: inserted[section], deleted: deleted[old],
                    movedIn: movedIn[section], movedOut: movedOut[old])
            }
        }
    }
}
