import FilterableResults

/// The replay (rules 4 and 5): applies the accepted events to the old table
/// as UIKit does and compares every kept section with the new table.
extension BatchValidation {
    /// The row events that touch one section, grouped for the replay.
    struct SectionTraffic {
        var removedRows: [Int] = []
        var deleted = 0
        var movedOut = 0
        /// New row index and key of each row placed in the section.
        var placed: [(row: Int, key: Key)] = []
        var inserted = 0
        var movedIn = 0
    }

    /// For each new section that keeps an old section's rows: its rows are
    /// the old ones minus deletes and moves out, in order, with inserts and
    /// moves in placed at their new row indexes; the kept rows fill the other
    /// indexes. Reports wrong counts (rule 4), a result that differs from the
    /// new table, and updates that do not land on their new path (rule 5).
    ///
    /// - Complexity: O(*n* + *e*), where *n* is the number of rows and *e*
    ///   the number of row events.
    mutating func replayRows() {
        var removals = Array(repeating: SectionTraffic(), count: old.count)
        var placements = Array(repeating: SectionTraffic(), count: new.count)
        for number in acceptedEvents {
            let change = changeset.elementChanges[number]
            switch change.kind {
            case .delete:
                let path = change.indexPath!
                removals[path.section].removedRows.append(path.row)
                removals[path.section].deleted += 1
            case .move:
                let from = change.indexPath!, to = change.newIndexPath!
                removals[from.section].removedRows.append(from.row)
                removals[from.section].movedOut += 1
                placements[to.section].placed.append((to.row, oldKeys[from.section][from.row]))
                placements[to.section].movedIn += 1
            case .insert:
                let path = change.newIndexPath!
                placements[path.section].placed.append((path.row, newKeys[path.section][path.row]))
                placements[path.section].inserted += 1
            case .update:
                break
            }
        }
        for newSection in new.indices {
            guard let oldSection = newOrigins[newSection]?.rowSource else { continue }
            replay(oldSection, into: newSection, removals[oldSection], placements[newSection])
        }
    }

    private mutating func replay(_ oldSection: Int, into newSection: Int, _ removal: SectionTraffic, _ placement: SectionTraffic) {
        let oldRows = oldKeys[oldSection]
        let expected = newKeys[newSection]
        let count = oldRows.count - removal.removedRows.count + placement.placed.count
        guard count == expected.count else {
            report(4, "\(describeNewSection(newSection)) has \(expected.count) rows but the events give \(count): \(oldRows.count) in \(describeOldSection(oldSection)) − \(removal.deleted) deleted − \(removal.movedOut) moved out + \(placement.inserted) inserted + \(placement.movedIn) moved in")
            return
        }
        // The replayed section, row by row, compared as it is made: the
        // placed rows at their indexes, the kept old rows in order between
        // them. Nothing of the size of the section is held.
        let removedRows = removal.removedRows.sorted()
        let placed = placement.placed.sorted { $0.row < $1.row }
        var nextRemoved = 0, nextPlaced = 0, oldRow = 0
        var mismatch: Int?
        for row in 0..<count {
            let key: Key
            if nextPlaced < placed.count, placed[nextPlaced].row == row {
                key = placed[nextPlaced].key
                nextPlaced += 1
            } else {
                while nextRemoved < removedRows.count, removedRows[nextRemoved] == oldRow {
                    nextRemoved += 1
                    oldRow += 1
                }
                key = oldRows[oldRow]
                checkUpdate(at: ResultsIndexPath(row: oldRow, section: oldSection), landsAt: ResultsIndexPath(row: row, section: newSection))
                oldRow += 1
            }
            if mismatch == nil, key != expected[row] { mismatch = row }
        }
        guard let mismatch else { return }
        let keys = replayedKeys(oldRows, removedRows: removedRows, placed: placed, count: count)
        report(5, "applying the events to \(describeOldSection(oldSection)) gives \(describe(keys, around: mismatch)) but \(describeNewSection(newSection)) is \(describe(expected, around: mismatch)) (first difference at row \(mismatch): key \(describe(keys[mismatch])) instead of \(describe(expected[mismatch])))")
    }

    /// The keys of a replayed section, for the message of a replay that
    /// went wrong.
    private func replayedKeys(
        _ oldRows: TableKeys<Element, Key>.Section, removedRows: [Int], placed: [(row: Int, key: Key)], count: Int
    ) -> [Key] {
        var removed = Set(removedRows)
        var result = [Key?](repeating: nil, count: count)
        for (row, key) in placed { result[row] = key }
        var oldRow = 0
        for row in result.indices where result[row] == nil {
            while removed.contains(oldRow) { removed.remove(oldRow); oldRow += 1 }
            result[row] = oldRows[oldRow]
            oldRow += 1
        }
        return result.map { $0! }
    }

    /// Rule 5: a row that UIKit reloads in place must land where the
    /// update's new path says.
    private mutating func checkUpdate(at path: ResultsIndexPath, landsAt landing: ResultsIndexPath) {
        guard let number = eventAtOldPath[path], !flaggedEvents.contains(number) else { return }
        let change = changeset.elementChanges[number]
        guard change.kind == .update, change.newIndexPath != landing else { return }
        report(5, "\(describe(change)) gives the new path \(change.newIndexPath!), but the row stays in place and lands at \(landing) after the batch (a row that changes place is a move)")
        flaggedEvents.insert(number)
    }
}
