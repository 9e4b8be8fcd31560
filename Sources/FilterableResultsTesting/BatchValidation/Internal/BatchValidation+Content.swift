import FilterableResults

/// Content (rule 6): a kept row whose content changed is reported as
/// changed, and a row reported as changed did change.
extension BatchValidation {
    /// Walks the rows of the old table that are kept (not in a deleted or
    /// reloaded section, and in the new table outside an inserted or
    /// reloaded section) and compares their content before and after.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable mutating func checkContent(isSameContent: (Element, Element) -> Bool) {
        for (section, rows) in oldKeys.enumerated() where !rowsAreReplaced(inOldSection: section) {
            for (row, key) in rows.enumerated() {
                let from = ResultsIndexPath(row: row, section: section)
                guard oldLocation[key] == from, let to = newLocation[key], !rowsAreReplaced(inNewSection: to.section) else { continue }
                let changed = !isSameContent(old[section].elements[row], new[to.section].elements[to.row])
                guard let number = eventAtOldPath[from] else {
                    if changed { reportMissingUpdate(of: key, from: from, to: to) }
                    continue
                }
                let change = changeset.elementChanges[number]
                switch change.kind {
                case .update where !changed:
                    report(6, "\(describe(change)) is a spurious update: the row's content did not change")
                case .move where changed && !change.isUpdated:
                    report(6, "\(describe(change)) must set isUpdated: the row's content changed")
                case .move where !changed && change.isUpdated:
                    report(6, "\(describe(change)) sets isUpdated but the row's content did not change (spurious update)")
                case .update, .move, .delete, .insert:
                    break
                }
            }
        }
    }

    @inlinable mutating func reportMissingUpdate(of key: Key, from: ResultsIndexPath, to: ResultsIndexPath) {
        var message = "row key \(describe(key)) changed content (at \(from) before, \(to) after) but no event reports it: a row that stays in place is an update, one that moves is a move with isUpdated"
        if case let .moved(newIndex) = oldFates[from.section] {
            message += "; its section moves (\(from.section) to \(newIndex)) and a moved section cannot carry row events (rule 3), so the section must be deleted and inserted"
        }
        report(6, message)
    }
}
