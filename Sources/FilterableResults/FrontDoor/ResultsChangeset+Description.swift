/// Changesets, updates and snapshots as people read them in a debugger
/// or a log: counts, and for a small one its events or rows.
extension SectionChange: CustomStringConvertible {
    /// `insert section 0 "Amazon"`, `move section 2 → 0`.
    public var description: String {
        let name = { (name: String?) in name.map { " \"\($0)\"" } ?? "" }
        switch self {
        case let .insert(index, title): return "insert section \(index)\(name(title))"
        case let .delete(index, title): return "delete section \(index)\(name(title))"
        case let .move(from, to, title): return "move section \(from) → \(to)\(name(title))"
        }
    }
}

extension RowChange: CustomStringConvertible {
    /// `insert [0, 1]`, `move [2, 0] → [0, 0], updated`.
    public var description: String {
        switch self {
        case let .insert(path): "insert \(path)"
        case let .delete(path): "delete \(path)"
        case let .move(from, to, isUpdated): "move \(from) → \(to)\(isUpdated ? ", updated" : "")"
        case let .update(path, newPath): path == newPath ? "update \(path)" : "update \(path) → \(newPath)"
        }
    }
}

extension ResultsChangeset.ElementChange: CustomStringConvertible {
    /// The change and the key: `delete [0, 1] (key 3)`.
    public var description: String { "\(change) (key \(key))" }
}

extension ResultsChangeset: CustomStringConvertible {
    /// The number of changes and, for up to 12, each of them:
    /// `ResultsChangeset(1 section change, 1 element change: insert section 0 "Amazon"; delete [0, 1] (key 3))`.
    ///
    /// - Complexity: O(1) for a large changeset, else O(*e*) for *e* changes.
    public var description: String {
        guard !isEmpty else { return "ResultsChangeset(no changes)" }
        var counts = "\(ResultsError.count(sectionChanges.count, "section change")), \(ResultsError.count(elementChanges.count, "element change"))"
        if !sectionUpdates.isEmpty { counts += ", \(ResultsError.count(sectionUpdates.count, "section update"))" }
        guard count <= 12 else { return "ResultsChangeset(\(counts))" }
        let events = sectionChanges.map(\.description) + elementChanges.map(\.description)
            + sectionUpdates.map { "update section \($0.index) → \($0.newIndex)" }
        return "ResultsChangeset(\(counts): \(events.joined(separator: "; ")))"
    }
}

extension ResultsUpdate: CustomStringConvertible {
    /// A reload, or the changeset, and the table after it:
    /// `ResultsUpdate(ResultsChangeset(…) → 2 sections, 5 elements)`.
    ///
    /// - Complexity: that of the changeset's description.
    public var description: String {
        let table = "\(ResultsError.count(snapshot.numberOfSections, "section")), \(ResultsError.count(snapshot.count, "element"))"
        return "ResultsUpdate(\(isReload ? "reload" : changeset.description) → \(table))"
    }
}
