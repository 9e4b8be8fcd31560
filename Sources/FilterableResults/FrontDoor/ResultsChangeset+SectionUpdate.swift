extension ResultsChangeset {
    /// A section whose value (its header and footer, see
    /// ``ResultsSectionValue``) changed in a batch, while it kept its
    /// identity: the data sources refresh its header and footer in place
    /// after the batch, and its cells stay.
    ///
    /// A section inserted or deleted in the batch never has one (an
    /// inserted section shows its new value). A section moved may.
    public struct SectionUpdate: Hashable, Sendable {
        /// The section's index in the table before the batch.
        public var index: Int
        /// The section's index in the table after the batch, where its
        /// header is refreshed.
        public var newIndex: Int

        /// Creates a section update.
        ///
        /// - Complexity: O(1).
        @inlinable public init(index: Int, newIndex: Int) {
            self.index = index
            self.newIndex = newIndex
        }
    }
}

extension ResultsChangeset {
    /// For each section of the table before that keeps its identity, its
    /// index in the table after: sections not deleted and not moved keep
    /// their order among the sections not inserted and not moved.
    ///
    /// - Parameter oldCount: The number of sections before the batch.
    /// - Returns: The new index of each old section, `nil` for one deleted.
    /// - Complexity: O(*s* + *c*) for *s* sections and *c* section changes.
    func newSectionIndexes(oldCount: Int) -> [Int?] {
        var result = [Int?](repeating: nil, count: oldCount)
        var leaving = [Bool](repeating: false, count: oldCount)
        var arriving = Set<Int>()
        for change in sectionChanges {
            switch change {
            case let .delete(index, _): if index < oldCount { leaving[index] = true }
            case let .insert(index, _): arriving.insert(index)
            case let .move(from, to, _):
                if from < oldCount { leaving[from] = true; result[from] = to }
                arriving.insert(to)
            }
        }
        var next = 0
        for old in 0..<oldCount where !leaving[old] {
            while arriving.contains(next) { next += 1 }
            result[old] = next
            next += 1
        }
        return result
    }

    /// The changeset with a section update for every section that keeps its
    /// identity from `old` to `new` and whose value or name differs (a
    /// section with an id of its own keeps it when its title changes);
    /// only the sections whose old index `isCandidate` accepts, and that
    /// have no section update yet, are compared.
    ///
    /// - Complexity: O(*s* + *c* + *u*) for *s* sections, *c* section
    ///   changes and *u* section updates, plus O(log *n*) and two values
    ///   per candidate.
    @usableFromInline
    func addingSectionUpdates<Snapshot: ResultsTableSnapshot>(
        from old: Snapshot, to new: Snapshot, where isCandidate: (_ old: Int, _ new: Int) -> Bool = { _, _ in true }
    ) -> Self {
        var result = self
        let updated = Set(sectionUpdates.map(\.index))
        for (index, newIndex) in newSectionIndexes(oldCount: old.numberOfSections).enumerated() {
            guard let newIndex, isCandidate(index, newIndex), !updated.contains(index),
                  old.value(ofSection: index) != new.value(ofSection: newIndex)
                    || !SectionName.same(old.name(ofSection: index), new.name(ofSection: newIndex)) else { continue }
            result.sectionUpdates.append(SectionUpdate(index: index, newIndex: newIndex))
        }
        return result
    }
}

extension ResultsChangeset {
    /// The changeset with a section update for each section whose value
    /// differs from `old` to `new`, comparing every section or, unless
    /// `comparingAll`, the sections with row events.
    ///
    /// - Complexity: O(*s* + *e*) for *s* sections and *e* changes, plus two
    ///   values per section compared.
    @usableFromInline
    func addingSectionValueUpdates<Snapshot: ResultsTableSnapshot>(
        from old: Snapshot, to new: Snapshot, comparingAll: Bool
    ) -> Self {
        if comparingAll { return addingSectionUpdates(from: old, to: new) }
        var touchedOld = Set<Int>(), touchedNew = Set<Int>()
        elementChanges.forEachPosition { change in
            switch change {
            case let .insert(path): touchedNew.insert(path.section)
            case let .delete(path): touchedOld.insert(path.section)
            case let .move(from, to, _), let .update(from, to):
                touchedOld.insert(from.section)
                touchedNew.insert(to.section)
            }
        }
        guard !touchedOld.isEmpty || !touchedNew.isEmpty else { return self }
        return addingSectionUpdates(from: old, to: new) { touchedOld.contains($0) || touchedNew.contains($1) }
    }
}
