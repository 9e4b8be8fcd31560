import FilterableResults

/// Section events: their shape and range (rule 1), repeated indexes (rule 2),
/// names (rule 6), and UIKit's mapping of old sections to new ones (rules 4, 5).
extension BatchValidation {
    /// Checks each section event and records what it does to its sections.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections and section events.
    @inlinable mutating func checkSectionEvents() {
        var oldSide: [Int: SectionChange] = [:]
        var newSide: [Int: SectionChange] = [:]
        for (number, change) in changeset.sectionChanges.enumerated() {
            guard let (index, newIndex) = checkShape(of: change, number: number) else { continue }
            var inRange = true
            if let index, !old.indices.contains(index) {
                report(1, "\(describe(change)) is outside the old table, which has \(old.count) sections (deletes, updates and move sources use old indexes)")
                inRange = false
            }
            if let newIndex, !new.indices.contains(newIndex) {
                report(1, "\(describe(change)) is outside the new table, which has \(new.count) sections (inserts and move destinations use new indexes)")
                inRange = false
            }
            guard inRange else { continue }
            var repeated = false
            if let index, let other = oldSide[index] {
                report(2, "old section \(index) is named twice, by \(describe(other)) and by \(describe(change))")
                repeated = true
            }
            if let newIndex, let other = newSide[newIndex] {
                report(2, "new section \(newIndex) is named twice, by \(describe(other)) and by \(describe(change))")
                repeated = true
            }
            guard !repeated else { continue }
            if let index { oldSide[index] = change }
            if let newIndex { newSide[newIndex] = change }
            checkName(of: change, index: index, newIndex: newIndex)
            switch change.kind {
            case .insert: newOrigins[newIndex!] = .inserted
            case .delete: oldFates[index!] = .deleted
            case .update: oldFates[index!] = .reloaded
            case .move:
                oldFates[index!] = .moved(to: newIndex!)
                newOrigins[newIndex!] = .moved(from: index!)
            }
        }
    }

    /// The event's indexes if it has exactly those its kind takes (rule 1).
    @inlinable mutating func checkShape(of change: SectionChange, number: Int) -> (Int?, Int?)? {
        let (takesIndex, takesNewIndex, shape): (Bool, Bool, String) = switch change.kind {
        case .insert: (false, true, "an insert has only a newIndex")
        case .delete: (true, false, "a delete has only an index")
        case .move: (true, true, "a move has both an index and a newIndex")
        case .update: (true, false, "an update has only an index (the section reloads in place)")
        }
        guard (change.index != nil) == takesIndex, (change.newIndex != nil) == takesNewIndex else {
            let index = change.index.map(String.init) ?? "nil"
            let newIndex = change.newIndex.map(String.init) ?? "nil"
            report(1, "section change #\(number) (\(change.kind.rawValue), index \(index), newIndex \(newIndex)) has the wrong shape: \(shape)")
            return nil
        }
        return (change.index, change.newIndex)
    }

    /// Checks that a named event names the section it points at (rule 6).
    @inlinable mutating func checkName(of change: SectionChange, index: Int?, newIndex: Int?) {
        guard let name = change.name else { return }
        let (table, position, actual) = if let newIndex, change.kind == .insert {
            ("new", newIndex, new[newIndex].name)
        } else {
            ("old", index!, old[index!].name)
        }
        if !Self.isSameName(actual, name) {
            let found = actual.map { "'\($0)'" } ?? "unnamed"
            report(6, "\(describe(change)) names section '\(name)' but \(table) section \(position) is \(found)")
        }
    }

    /// Maps old sections to new ones as UIKit does: old sections that are
    /// neither deleted nor moved (reloaded ones included) keep their order
    /// and fill, in order, the new indexes that no insert or move takes.
    /// Each old section must become a section with its identity (rule 5).
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections.
    @inlinable mutating func mapSections() {
        let survivors = oldFates.indices.filter { oldFates[$0] == .stays || oldFates[$0] == .reloaded }
        let free = newOrigins.indices.filter { newOrigins[$0] == nil }
        guard survivors.count == free.count else {
            let deleted = oldFates.count(where: { $0 == .deleted })
            let inserted = newOrigins.count(where: { $0 == .inserted })
            report(4, "the new table has \(new.count) sections but the section events give \(old.count - deleted + inserted): \(old.count) before − \(deleted) deleted + \(inserted) inserted")
            return
        }
        for (index, newIndex) in zip(survivors, free) {
            newOrigins[newIndex] = oldFates[index] == .reloaded ? .reloaded(from: index) : .stays(from: index)
        }
        sectionsAreMapped = true
        for (newIndex, origin) in newOrigins.enumerated() {
            let index: Int
            switch origin {
            case let .stays(from)?, let .moved(from)?, let .reloaded(from)?: index = from
            case .inserted?, nil: continue
            }
            let oldName = old[index].name
            let newName = new[newIndex].name
            if isRetitled(index, as: newIndex) {
                continue   // a title change: rule 6 asks for its section update
            } else if !Self.isSameName(oldName, newName) {
                let before = oldName.map { "'\($0)'" } ?? "unnamed"
                let after = newName.map { "'\($0)'" } ?? "unnamed"
                report(5, "old section \(index) (\(before)) becomes new section \(newIndex) (\(after)): a section keeps its name, so a section whose name changes is deleted and inserted")
            } else if !oldIdentities[index].mayBecome(newIdentities[newIndex]), visibleDifference != nil {
                // Sections that look alike but are not the same section (two
                // parts' "Apple", a placeholder and a part's unnamed section).
                // When nothing shows a difference, no batch is due (rule 7).
                report(5, "old section \(index) (\(oldIdentities[index])) becomes new section \(newIndex) (\(newIdentities[newIndex])): they are not the same section, so the one is deleted and the other inserted")
            }
        }
    }

    /// Whether the rows of old section `index` are replaced wholesale
    /// (deleted or reloaded), so that row events must not refer to them.
    @inlinable func rowsAreReplaced(inOldSection index: Int) -> Bool {
        oldFates[index] == .deleted || oldFates[index] == .reloaded
    }

    /// Whether the rows of new section `index` come from the new table as
    /// they are (inserted or reloaded); unknown origins count as kept.
    @inlinable func rowsAreReplaced(inNewSection index: Int) -> Bool {
        switch newOrigins[index] {
        case .inserted?, .reloaded?: true
        case .stays?, .moved?, nil: false
        }
    }
}
