import FilterableResults

/// Emptiness (rule 7): a batch is emitted exactly when the visible table
/// changed.
extension BatchValidation {
    /// Reports a non-empty changeset between identical tables, and an empty
    /// one between tables that differ.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    mutating func checkEmptiness(isSameContent: (Element, Element) -> Bool) {
        let difference = firstDifference(isSameContent: isSameContent)
        if difference == nil, !changeset.isEmpty {
            report(7, "the old and new tables are identical but the changeset has \(count(changeset.sectionChanges.count, "section event")) and \(count(changeset.elementChanges.count, "row event")) and \(count(changeset.sectionUpdates.count, "section update")): an empty batch must not be emitted")
        } else if let difference, changeset.isEmpty {
            report(7, "the changeset is empty but the tables differ: \(difference)")
        }
    }

    /// Where the tables first differ in section identity, keys or content.
    private func firstDifference(isSameContent: (Element, Element) -> Bool) -> String? {
        guard old.count == new.count else { return "\(old.count) sections before, \(new.count) after" }
        for section in old.indices {
            if !Self.isSameName(old[section].name, new[section].name) { return "section \(section) is renamed" }
            let before = oldKeys[section], after = newKeys[section]
            if let row = firstMismatch(before, after) {
                return "section \(section) has \(describe(before, around: row)) before and \(describe(after, around: row)) after"
            }
            for row in before.indices where !isSameContent(old[section].elements[row], new[section].elements[row]) {
                return "the content of row key \(describe(before[row])) at \(ResultsIndexPath(row: row, section: section)) changed"
            }
            if let values = sectionValues, values.old[section] != values.new[section] { return "the value of section \(section) changed" }
        }
        return nil
    }
}
