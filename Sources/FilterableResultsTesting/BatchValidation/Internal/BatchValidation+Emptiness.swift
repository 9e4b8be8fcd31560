import FilterableResults

/// Emptiness (rule 7): a batch is emitted exactly when the visible table
/// changed.
extension BatchValidation {
    /// Reports a non-empty changeset between identical tables, and an empty
    /// one between tables that differ.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections (the
    ///   tables were compared when the run started).
    @inlinable mutating func checkEmptiness() {
        let rows = visibleDifference
        let hasRowEvents = !changeset.sectionChanges.isEmpty || !changeset.elementChanges.isEmpty
        // Without the sections' values (tables given as arrays), any section update may be due.
        let valueChange = sectionValues.flatMap { values in
            values.old.indices.first { values.new.indices.contains($0) && values.old[$0] != values.new[$0] }
        } ?? (rows == nil ? old.indices.first { isRetitled($0, as: $0) } : nil)
        if rows == nil, valueChange == nil, hasRowEvents || (sectionValues != nil && !changeset.sectionUpdates.isEmpty) {
            report(7, "the old and new tables are identical but the changeset has \(count(changeset.sectionChanges.count, "section event")), \(count(changeset.elementChanges.count, "row event")) and \(count(changeset.sectionUpdates.count, "section update")): an empty batch must not be emitted")
        } else if let rows, !hasRowEvents {
            report(7, "the changeset has no section or row event but the tables differ: \(rows)")
        } else if rows == nil, let valueChange, changeset.isEmpty {
            report(7, "the changeset is empty but the value or title of section \(valueChange) changed")
        }
    }

    /// Where the tables first differ in what a view shows: section names,
    /// ids of their own (an app may show a section by its id: a header
    /// that formats its date), keys or content (values, and titles of
    /// sections that keep their ids, aside: section updates refresh
    /// those). Sections that look the same and have no ids of their own
    /// are the same to a view, whatever their identity.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable func firstDifference(isSameContent: (Element, Element) -> Bool) -> String? {
        guard old.count == new.count else { return "\(old.count) sections before, \(new.count) after" }
        for section in old.indices {
            if !Self.isSameName(old[section].name, new[section].name), !isRetitled(section, as: section) {
                return "section \(section) is renamed"
            }
            if old[section].id.map({ AnyHashable($0) }) != new[section].id.map({ AnyHashable($0) }) {
                return "section \(section) has id \(old[section].id.map { "\($0)" } ?? "none") before and \(new[section].id.map { "\($0)" } ?? "none") after"
            }
            let before = oldKeys[section], after = newKeys[section]
            if let row = firstMismatch(before, after) {
                return "section \(section) has \(describe(before, around: row)) before and \(describe(after, around: row)) after"
            }
            for row in before.indices where !isSameContent(old[section].elements[row], new[section].elements[row]) {
                return "the content of row key \(describe(before[row])) at \(ResultsIndexPath(row: row, section: section)) changed"
            }
        }
        return nil
    }
}
