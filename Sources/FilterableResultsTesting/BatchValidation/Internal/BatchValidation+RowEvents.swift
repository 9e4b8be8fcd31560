import FilterableResults

/// Row events one by one: shape and coordinates (rule 1), repeated paths
/// (rule 2), rows inside changed sections (rule 3), the identity a move or
/// update keeps (rule 5) and the key each event carries (rule 6).
extension BatchValidation {
    /// Checks each row event and indexes the accepted ones by path.
    ///
    /// - Complexity: O(*e*), where *e* is the number of row events.
    @inlinable mutating func checkRowEvents() {
        eventKinds.reserveCapacity(changeset.elementChanges.count)
        for (number, change) in changeset.elementChanges.enumerated() {
            eventKinds.append(change.kind)
            guard checkShape(of: change, number: number), checkCoordinates(of: change) else { continue }
            if let path = change.indexPath, let other = eventAtOldPath[path] {
                report(2, "old index path \(path) is named twice, by \(describe(changeset.elementChanges[other])) and by \(describe(change))")
                continue
            }
            if let path = change.newIndexPath, let other = eventAtNewPath[path] {
                report(2, "new index path \(path) is named twice, by \(describe(changeset.elementChanges[other])) and by \(describe(change))")
                continue
            }
            if let path = change.indexPath { eventAtOldPath[path] = number }
            if let path = change.newIndexPath { eventAtNewPath[path] = number }
            acceptedEvents.append(number)
            if change.kind == .move, let from = change.indexPath { moveSources[number] = from }
            if change.isUpdated, change.kind != .move {
                report(1, "\(describe(change)) sets isUpdated, which only a move carries")
                flaggedEvents.insert(number)
            }
            checkSections(of: change, number: number)
            checkKeys(of: change, number: number)
        }
    }

    /// Whether the event has exactly the paths its kind takes (rule 1).
    @inlinable mutating func checkShape(of change: Change, number: Int) -> Bool {
        let (takesOld, takesNew, shape): (Bool, Bool, String) = switch change.kind {
        case .insert: (false, true, "an insert has only a newIndexPath")
        case .delete: (true, false, "a delete has only an indexPath")
        case .move: (true, true, "a move has both an indexPath and a newIndexPath")
        case .update: (true, true, "an update has both its old indexPath and its newIndexPath")
        }
        guard (change.indexPath != nil) == takesOld, (change.newIndexPath != nil) == takesNew else {
            let from = change.indexPath.map(\.description) ?? "nil"
            let to = change.newIndexPath.map(\.description) ?? "nil"
            report(1, "row change #\(number) (\(change.kind.rawValue) of key \(describe(change.key)), indexPath \(from), newIndexPath \(to)) has the wrong shape: \(shape)")
            return false
        }
        return true
    }

    /// Whether the event's old path is in the old table and its new path
    /// in the new table (rule 1).
    @inlinable mutating func checkCoordinates(of change: Change) -> Bool {
        var valid = true
        if let path = change.indexPath, let problem = outOfRange(path, in: oldKeys) {
            report(1, "\(describe(change)): \(path) is outside the old table, \(problem) (deletes, updates and move sources use old index paths)")
            valid = false
        }
        if let path = change.newIndexPath, let problem = outOfRange(path, in: newKeys) {
            report(1, "\(describe(change)): \(path) is outside the new table, \(problem) (inserts, move destinations and the new paths of updates use new index paths)")
            valid = false
        }
        return valid
    }

    @inlinable func outOfRange(_ path: ResultsIndexPath, in keys: TableKeys<Element, Key>) -> String? {
        guard keys.indices.contains(path.section) else { return "which has \(keys.count) sections" }
        guard keys[path.section].indices.contains(path.row) else {
            return "whose section \(path.section) has \(keys[path.section].count) rows"
        }
        return nil
    }

    /// Rule 3: no row event in, out of or into a section that is itself
    /// deleted, inserted, moved or reloaded.
    @inlinable mutating func checkSections(of change: Change, number: Int) {
        let key = describe(change.key)
        if let path = change.indexPath, oldFates[path.section] != .stays {
            let verb = switch change.kind {
            case .move: "moved from"
            case .update: "updated at"
            case .delete, .insert: "deleted at"
            }
            report(3, "row key \(key) is \(verb) \(path) but \(describeSection(path.section, in: old)) is itself \(describe(oldFates[path.section])) (no row event may touch a section that is deleted, inserted, moved or reloaded)")
            flaggedEvents.insert(number)
        }
        if let path = change.newIndexPath, let origin = newOrigins[path.section], origin.stayingSource == nil {
            let verb = switch change.kind {
            case .move: "moved to"
            case .update: "updated to"
            case .insert, .delete: "inserted at"
            }
            report(3, "row key \(key) is \(verb) \(path) but \(describeSection(path.section, in: new)) is itself \(describe(origin)) (no row event may touch a section that is deleted, inserted, moved or reloaded)")
            flaggedEvents.insert(number)
        }
    }

    /// Rule 6: the event's key is the key of the row at the path it names;
    /// rule 5: a move or update ends on a row with the same key.
    @inlinable mutating func checkKeys(of change: Change, number: Int) {
        if let path = change.indexPath {
            let actual = oldKeys[path.section][path.row]
            if actual != change.key {
                report(6, "\(describe(change)) carries key \(describe(change.key)) but the old table has key \(describe(actual)) at \(path)")
                flaggedEvents.insert(number)
            }
        } else if let path = change.newIndexPath {
            let actual = newKeys[path.section][path.row]
            if actual != change.key {
                report(6, "\(describe(change)) carries key \(describe(change.key)) but the new table has key \(describe(actual)) at \(path)")
                flaggedEvents.insert(number)
            }
        }
        if let from = change.indexPath, let to = change.newIndexPath {
            let before = oldKeys[from.section][from.row]
            let after = newKeys[to.section][to.row]
            if before != after {
                let kind = change.kind == .move ? "a move" : "an update"
                report(5, "\(describe(change)) takes key \(describe(before)) from \(from) but the new table has key \(describe(after)) at \(to): \(kind) keeps the row's identity")
                flaggedEvents.insert(number)
            }
        }
    }
}

extension BatchValidation.NewSectionOrigin {
    /// The old section of an unchanged (not moved, not reloaded) section.
    @inlinable var stayingSource: Int? {
        if case let .stays(index) = self { index } else { nil }
    }
}
