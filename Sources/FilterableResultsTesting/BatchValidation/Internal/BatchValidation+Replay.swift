import FilterableResults

/// The replay (rules 4 and 5): applies the accepted events to the old table
/// as UIKit does and compares every kept section with the new table.
extension BatchValidation {
    /// What the accepted row events do to one section: how many rows they
    /// take out of it (as an old section) or put into it (as a new one).
    @usableFromInline struct SectionTraffic {
        @usableFromInline var deleted = 0
        @usableFromInline var movedOut = 0
        @usableFromInline var inserted = 0
        @usableFromInline var movedIn = 0

        @inlinable init() {}
    }

    /// For each new section that keeps an old section's rows: its rows are
    /// the old ones minus deletes and moves out, in order, with inserts and
    /// moves in placed at their new row indexes; the kept rows fill the other
    /// indexes. Reports wrong counts (rule 4), a result that differs from the
    /// new table, and updates that do not land on their new path (rule 5).
    ///
    /// The events are read where they are indexed by path, so the replay
    /// holds nothing of the size of a section.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable mutating func replayRows() {
        for newSection in new.indices {
            guard let oldSection = newOrigins[newSection]?.rowSource else { continue }
            replay(oldSection, into: newSection)
        }
    }

    /// The kind of the accepted event naming `path` of the old table, if any.
    @inlinable func kindAtOldPath(_ path: ResultsIndexPath) -> RowChange.Kind? {
        eventAtOldPath[path].map { eventKinds[$0] }
    }

    /// The kind of the accepted event naming `path` of the new table, if any.
    @inlinable func kindAtNewPath(_ path: ResultsIndexPath) -> RowChange.Kind? {
        eventAtNewPath[path].map { eventKinds[$0] }
    }

    /// Whether the row at `path` of the old table leaves its section (a
    /// delete or a move).
    @inlinable func leaves(_ path: ResultsIndexPath) -> Bool {
        switch kindAtOldPath(path) {
        case .delete?, .move?: true
        default: false
        }
    }

    /// The key a row placed at `path` of the new table brings: an insert's
    /// key in the new table, a move's from its old path.
    @inlinable func placedKey(at path: ResultsIndexPath) -> Key {
        if let from = moveSources[eventAtNewPath[path]!] { return oldKeys[from.section][from.row] }
        return newKeys[path.section][path.row]
    }

    @inlinable mutating func replay(_ oldSection: Int, into newSection: Int) {
        let oldRows = oldKeys[oldSection]
        let expected = newKeys[newSection]
        var traffic = SectionTraffic()
        for row in oldRows.indices {
            switch kindAtOldPath(ResultsIndexPath(row: row, section: oldSection)) {
            case .delete?: traffic.deleted += 1
            case .move?: traffic.movedOut += 1
            default: break
            }
        }
        for row in expected.indices {
            switch kindAtNewPath(ResultsIndexPath(row: row, section: newSection)) {
            case .insert?: traffic.inserted += 1
            case .move?: traffic.movedIn += 1
            default: break
            }
        }
        let count = oldRows.count - traffic.deleted - traffic.movedOut + traffic.inserted + traffic.movedIn
        guard count == expected.count else {
            report(4, "\(describeNewSection(newSection)) has \(expected.count) rows but the events give \(count): \(oldRows.count) in \(describeOldSection(oldSection)) − \(traffic.deleted) deleted − \(traffic.movedOut) moved out + \(traffic.inserted) inserted + \(traffic.movedIn) moved in")
            return
        }
        // The replayed section, row by row, compared as it is made.
        var oldRow = 0
        var mismatch: Int?
        for row in 0..<count {
            let key: Key
            let path = ResultsIndexPath(row: row, section: newSection)
            switch kindAtNewPath(path) {
            case .insert?, .move?:
                key = placedKey(at: path)
            default:
                while leaves(ResultsIndexPath(row: oldRow, section: oldSection)) { oldRow += 1 }
                key = oldRows[oldRow]
                checkUpdate(at: ResultsIndexPath(row: oldRow, section: oldSection), landsAt: path)
                oldRow += 1
            }
            if mismatch == nil, key != expected[row] { mismatch = row }
        }
        guard let mismatch else { return }
        let keys = replayedKeys(oldSection, into: newSection, count: count)
        report(5, "applying the events to \(describeOldSection(oldSection)) gives \(describe(keys, around: mismatch)) but \(describeNewSection(newSection)) is \(describe(expected, around: mismatch)) (first difference at row \(mismatch): key \(describe(keys[mismatch])) instead of \(describe(expected[mismatch])))")
    }

    /// The keys of a replayed section, for the message of a replay that
    /// went wrong.
    @inlinable func replayedKeys(_ oldSection: Int, into newSection: Int, count: Int) -> [Key] {
        let oldRows = oldKeys[oldSection]
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var oldRow = 0
        for row in 0..<count {
            let path = ResultsIndexPath(row: row, section: newSection)
            switch kindAtNewPath(path) {
            case .insert?, .move?:
                keys.append(placedKey(at: path))
            default:
                while leaves(ResultsIndexPath(row: oldRow, section: oldSection)) { oldRow += 1 }
                keys.append(oldRows[oldRow])
                oldRow += 1
            }
        }
        return keys
    }

    /// Rule 5: a row that UIKit reloads in place must land where the
    /// update's new path says.
    @inlinable mutating func checkUpdate(at path: ResultsIndexPath, landsAt landing: ResultsIndexPath) {
        guard let number = eventAtOldPath[path], !flaggedEvents.contains(number) else { return }
        let change = changeset.elementChanges[number]
        guard change.kind == .update, change.newIndexPath != landing else { return }
        report(5, "\(describe(change)) gives the new path \(change.newIndexPath!), but the row stays in place and lands at \(landing) after the batch (a row that changes place is a move)")
        flaggedEvents.insert(number)
    }
}
