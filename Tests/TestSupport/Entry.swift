import FilterableResults
import FilterableResultsTesting
import Testing

/// A small value element: a key, a content field, a section field.
package struct Entry: Equatable, Hashable, Sendable, CustomStringConvertible {
    package var id: Int
    package var value: Int = 0
    package var group: String = "a"

    package init(id: Int, value: Int = 0, group: String = "a") {
        self.id = id
        self.value = value
        self.group = group
    }

    package var description: String { "\(id):\(value)\(group)" }
}

/// A raw position, for store operations.
package func raw(_ section: Int, _ row: Int) -> RawIndexPath { RawIndexPath(row: row, section: section) }

/// A visible position, for controllers, snapshots and events.
package func visible(_ section: Int, _ row: Int) -> ResultsIndexPath { ResultsIndexPath(row: row, section: section) }

/// The keys of each section, for compact expectations.
package func keys(_ sections: [ResultsSection<Entry>]) -> [[Int]] {
    sections.map { $0.elements.map(\.id) }
}

extension ResultsStore where Element == Entry, Key == Int {
    /// A plain store of items keyed by id.
    package static func items(
        sortedBy sortKeys: [ResultsSortKey<Entry>] = [],
        sectionedBy sectioning: ResultsSectioning<Entry>? = nil,
        hidesEmptySections: Bool = false
    ) -> Self {
        ResultsStore(key: \.id, sortedBy: sortKeys, sectionedBy: sectioning, hidesEmptySections: hidesEmptySections)
    }

    /// Takes the changeset and checks it with the validator against the
    /// visible table `old`; returns it.
    @discardableResult
    package mutating func takeValidatedChangeset(
        from old: [ResultsSection<Entry>], sourceLocation: SourceLocation = #_sourceLocation
    ) -> ResultsChangeset<Entry, Int> {
        let changeset = takeChangeset()
        let violations = BatchUpdateValidator.violations(of: changeset, from: old, to: snapshot.sections.map(ResultsSection.init), key: \.id)
        #expect(violations.isEmpty, "\(violations) in \(changeset.elementChanges.map { "\($0.kind) \($0.key) \($0.indexPath.map(\.description) ?? "-")→\($0.newIndexPath.map(\.description) ?? "-")" }) \(changeset.sectionChanges)", sourceLocation: sourceLocation)
        return changeset
    }

    /// Runs `body`, then takes and validates the changeset of its edits.
    @discardableResult
    package mutating func validatedChanges(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: (inout Self) throws -> Void
    ) rethrows -> ResultsChangeset<Entry, Int> {
        _ = takeChangeset()
        let old = snapshot.sections.map(ResultsSection.init)
        try body(&self)
        return takeValidatedChangeset(from: old, sourceLocation: sourceLocation)
    }
}

/// A changeset's events as short strings, sorted, for exact expectations:
/// `"delete 2 [0, 1]"`, `"move 3 [0, 2]→[0, 0] updated"`.
package func summary(_ changeset: ResultsChangeset<Entry, Int>) -> [String] {
    let sections = changeset.sectionChanges.map { change in
        "section \(change.kind) \(change.index.map(String.init) ?? "-")→\(change.newIndex.map(String.init) ?? "-")"
    }
    let rows = changeset.elementChanges.map { change in
        var text = "\(change.kind) \(change.key)"
        if let path = change.indexPath { text += " \(path)" }
        if let path = change.newIndexPath { text += "→\(path)" }
        if change.isUpdated { text += " updated" }
        return text
    }
    return (sections + rows).sorted()
}
