import FilterableResults

/// Tables given as snapshots: their rows, their keys, and their sections'
/// identities, a composition's sections by part.
extension BatchValidation {
    /// A run on two snapshots, rows keyed by `oldKeys` and `newKeys`
    /// (section by section), section values compared too.
    ///
    /// - Complexity: O(*n* log *n*), where *n* is the number of rows.
    @inlinable init<Snapshot: ResultsTableSnapshot>(
        changeset: ResultsChangeset<Element, Key>, old: Snapshot, new: Snapshot,
        oldKeys: [[Key]], newKeys: [[Key]], hidesEmptySections: Bool
    ) where Snapshot.Element == Element {
        self.init(
            changeset: changeset, old: Self.table(of: old), new: Self.table(of: new),
            oldKeys: TableKeys(lists: oldKeys), newKeys: TableKeys(lists: newKeys),
            oldIdentities: Self.sectionIdentities(of: old), newIdentities: Self.sectionIdentities(of: new),
            hidesEmptySections: hidesEmptySections)
        sectionValues = (Self.sectionValues(of: old), Self.sectionValues(of: new))
    }

    /// The sections of `snapshot`, as values.
    ///
    /// - Complexity: O(*n* log *n*), where *n* is the number of rows.
    @inlinable static func table<Snapshot: ResultsTableSnapshot>(of snapshot: Snapshot) -> [ResultsSection<Element>] where Snapshot.Element == Element {
        var table: [ResultsSection<Element>] = []
        table.reserveCapacity(snapshot.numberOfSections)
        for section in snapshot.sections { table.append(ResultsSection(section)) }
        return table
    }

    /// The value of each section of `snapshot`.
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections and *n* rows.
    @inlinable static func sectionValues<Snapshot: ResultsTableSnapshot>(of snapshot: Snapshot) -> [ResultsSectionValue?] {
        var values: [ResultsSectionValue?] = []
        values.reserveCapacity(snapshot.numberOfSections)
        for section in 0..<snapshot.numberOfSections { values.append(snapshot.value(ofSection: section)) }
        return values
    }

    /// The identity of each section of `snapshot`: its id of its own, its
    /// name, or its index when unnamed; in a composition's table, as the composition
    /// identifies it (``ResultsSections/Section/id``: a section by its part,
    /// a placeholder apart), an unnamed section of a part without an id of
    /// its own by its part and index (see ``SectionIdentity``).
    ///
    /// - Complexity: O(*s* log *n*) for *s* sections and *n* rows.
    @inlinable static func sectionIdentities<Snapshot: ResultsTableSnapshot>(of snapshot: Snapshot) -> [SectionIdentity]
    where Snapshot.Element == Element {
        guard let composed = snapshot as? ResultsComposition<Element>.Snapshot else {
            return (0..<snapshot.numberOfSections).map {
                SectionIdentity(name: snapshot.name(ofSection: $0), id: snapshot.id(ofSection: $0), index: $0)
            }
        }
        return composed.sections.map { section in
            if case let .section(_, local)? = composed.sectionLocation(of: section.index), let id = composed.sectionID(at: section.index), id.name == nil, id.id == nil {
                return .unnamed(part: id.part, index: local)
            }
            return .given(AnyHashable(section.id))
        }
    }

    /// The keys of the rows of `snapshot`, section by section.
    ///
    /// - Complexity: O(*n* log *n*), where *n* is the number of rows.
    @inlinable static func keys<Snapshot: ResultsTableSnapshot>(of snapshot: Snapshot) -> [[Key]] where Snapshot.Key == Key {
        (0..<snapshot.numberOfSections).map { section in
            (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).map { row in
                snapshot.key(at: ResultsIndexPath(row: row, section: section))!
            }
        }
    }

    /// The keys of `old` with each row a composition moved to another part
    /// (a drag) taking the key it has in its new part.
    ///
    /// Such a move carries the row's new key, which its old part's key
    /// differs from: the composition's contract is that it is one row. A
    /// move is taken as one only when the two keys are rows of different
    /// parts, the old key is gone from the new table and the new key is not
    /// in the old table; any other mismatch stays a violation (rules 5, 6).
    ///
    /// - Complexity: O(*n* + *e*) for *n* rows and *e* row events.
    @inlinable static func renamingRowsMovedAcrossParts(
        _ oldKeys: [[Key]], newKeys: [[Key]], changeset: ResultsChangeset<Element, Key>
    ) -> [[Key]] {
        func part(of key: Key) -> Int? {
            if case let .row(part, _)? = key as? ResultsComposition<Element>.Key { part } else { nil }
        }
        func contains(_ keys: [[Key]], _ path: ResultsIndexPath) -> Bool {
            keys.indices.contains(path.section) && keys[path.section].indices.contains(path.row)
        }
        let candidates = changeset.elementChanges.compactMap { change -> (from: ResultsIndexPath, key: Key)? in
            guard change.kind == .move, let from = change.indexPath, let to = change.newIndexPath,
                  contains(oldKeys, from), contains(newKeys, to), newKeys[to.section][to.row] == change.key,
                  let oldPart = part(of: oldKeys[from.section][from.row]), let newPart = part(of: change.key), oldPart != newPart
            else { return nil }
            return (from, change.key)
        }
        guard !candidates.isEmpty else { return oldKeys }
        let before = Set(oldKeys.joined()), after = Set(newKeys.joined())
        var renamed = oldKeys
        for (from, key) in candidates where !after.contains(oldKeys[from.section][from.row]) && !before.contains(key) {
            renamed[from.section][from.row] = key
        }
        return renamed
    }
}
