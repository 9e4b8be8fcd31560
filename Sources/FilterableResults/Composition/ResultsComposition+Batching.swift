/// Batches that span parts: the changes of several parts, one animation.
extension ResultsComposition {
    /// What a batch has seen of the updates it holds back.
    struct Batch {
        /// The composed table when the batch began.
        let start: Snapshot
        /// How many ``performBatchUpdates(_:)`` calls are open.
        var depth = 0
        /// Whether an update was held back.
        var hasUpdates = false
        /// Whether an update held back was a reload.
        var isReload = false
        /// The rows an update held back reported as changed in content, or
        /// inserted (a row of the table before may come back changed).
        var changed: Set<Key> = []
        /// Rows that moved from one part to another: each key in a part
        /// after, with the key it had in the part before.
        var aliases: [Key: Key] = [:]

        /// Holds back `update`.
        mutating func absorb(_ update: Update) {
            hasUpdates = true
            if update.isReload { isReload = true }
            for change in update.changeset.elementChanges where change.kind != .delete && (change.kind != .move || change.isUpdated) {
                changed.insert(change.key)
            }
        }
    }

    /// Runs `body`, and reports the changes it makes to any parts, through
    /// their own sources, as one update of the composition: one animation
    /// for a change that spans parts. Batches nest; the outermost reports.
    ///
    ///     try composition.performBatchUpdates {
    ///         try friends.add(newFriend)
    ///         try suggestions.remove(key: newFriend.id)
    ///     }
    ///
    /// The update is the difference of the composed tables before and
    /// after: valid in one batch, with the fewest moves, the rows a part
    /// reported as changed updated, and the sections whose value changed
    /// updated. It is a reload if a part reported
    /// one. The parts' changes are theirs and stay if `body` throws: the
    /// changes made until then are reported, and the error rethrown.
    ///
    /// - Returns: What `body` returns.
    /// - Complexity: that of `body`, plus O(*n* + *k* log *k*) for *n* rows
    ///   composed and *k* kept when the batch ends.
    @discardableResult
    public func performBatchUpdates<Result>(_ body: () throws -> Result) rethrows -> Result {
        if batch == nil { batch = Batch(start: reportedSnapshot) }
        batch!.depth += 1
        defer {
            batch!.depth -= 1
            if batch!.depth == 0 { endBatch() }
        }
        return try body()
    }

    /// Reports what the batch held back, as one update.
    func endBatch() {
        guard let batch else { return }
        self.batch = nil
        guard batch.hasUpdates else { return }
        if batch.isReload {
            report(Update(changeset: ResultsChangeset(), snapshot: reportedSnapshot, isReload: true))
        } else {
            reportDifference(from: batch.start, changed: batch.changed, aliases: batch.aliases)
        }
    }

    /// Reports the difference of `old` and the composed table as last
    /// reported (see ``difference(from:to:changed:aliases:)``): nothing when
    /// the view would show the same table, a reload when the tables cannot
    /// be told apart by identity.
    func reportDifference(from old: Snapshot, changed: Set<Key> = [], aliases: [Key: Key] = [:]) {
        let new = reportedSnapshot
        if let changeset = Self.difference(from: old, to: new, changed: changed, aliases: aliases) {
            if changeset.isEmpty { _checkInvariants() } else { report(Update(changeset: changeset, snapshot: new)) }
        } else {
            report(Update(changeset: ResultsChangeset(), snapshot: new, isReload: true))
        }
    }

    /// The changes that take the composed table `old` to `new`: rows
    /// matched by key (a row in `aliases` as the row it stands for),
    /// sections by their part's identity and name; rows
    /// of an `Equatable` type compared with `==`, others updated when in
    /// `changed`; `nil` if the tables cannot be told apart by identity
    /// (which the composition's invariants rule out).
    static func difference(
        from old: Snapshot, to new: Snapshot, changed: Set<Key>, aliases: [Key: Key] = [:]
    ) -> ResultsChangeset<Element, Key>? {
        var identities: [AnyHashable: String] = [:]
        let (before, oldNames) = identified(old, identities: &identities)
        var (after, newNames) = identified(new, identities: &identities)
        if !aliases.isEmpty {
            for section in after.indices {
                after[section].elements = after[section].elements.map { row in
                    aliases[row.key].map { IdentifiedRow(identity: $0, key: row.key, element: row.element) } ?? row
                }
            }
        }
        nonisolated(unsafe) let changed = changed
        guard let changes = try? ResultsStore<IdentifiedRow, Key>.changeset(
            from: before, to: after, key: { $0.identity },
            isSameContent: { old, new in Self.areEqual(old.element, new.element) ?? !changed.contains(new.key) })
        else { return nil }
        if changes.elementChanges.isEmpty && looksTheSame(old, new) {
            // Only sections that show nothing alike traded places (empty parts moved past each other).
            return ResultsChangeset().addingSectionUpdates(from: old, to: new)
        }
        let sections = changes.sectionChanges.map { change -> SectionChange in
            switch change {
            case let .insert(index, identity): .insert(at: index, name: identity.flatMap { newNames[$0] } ?? nil)
            case let .delete(index, identity): .delete(at: index, name: identity.flatMap { oldNames[$0] } ?? nil)
            case let .move(from, to, identity): .move(from: from, to: to, name: identity.flatMap { newNames[$0] } ?? nil)
            }
        }
        return ResultsChangeset(
            sectionChanges: sections,
            elementChanges: changes.elementChanges.map { ResultsChangeset<Element, Key>.ElementChange($0.change, key: $0.element.key, element: $0.element.element) }
        ).addingSectionUpdates(from: old, to: new)
    }

    /// Whether a view showing `old` would show `new` unchanged: the same
    /// sections, names and row counts, and the same rows by key.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows.
    static func looksTheSame(_ old: Snapshot, _ new: Snapshot) -> Bool {
        guard old.numberOfSections == new.numberOfSections, old.count == new.count else { return false }
        return (0..<old.numberOfSections).allSatisfy { section in
            let count = old.numberOfElements(inSection: section)
            return count == new.numberOfElements(inSection: section)
                && SectionName.same(old.name(ofSection: section), new.name(ofSection: section))
                && (0..<(count ?? 0)).allSatisfy { row in
                    let path = ResultsIndexPath(row: row, section: section)
                    return old.key(at: path) == new.key(at: path)
                }
        }
    }

    /// Whether two rows are equal, when their type is `Equatable`.
    static func areEqual(_ lhs: Element, _ rhs: Element) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return isEqual(lhs, rhs)
    }

    /// Whether `rhs` is a `Value` equal to `lhs`.
    private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        (rhs as? Value).map { lhs == $0 } ?? false
    }

    /// A composed row: its identity in the difference (its key, or for a
    /// row that came from another part, the key it had there), its key in
    /// its table, and itself.
    struct IdentifiedRow {
        let identity: Key
        let key: Key
        let element: Element
    }

    /// The composed table with every section named by its identity, as
    /// ``ResultsSections/Section/id`` gives it (its part's identity and its
    /// name, or its index among the part's sections when unnamed; in a
    /// nested composition, the identity that one gives it; a placeholder by
    /// its part), written as a number `identities` assigns (shared by the
    /// tables compared), and the real names by identity.
    static func identified(
        _ snapshot: Snapshot, identities: inout [AnyHashable: String]
    ) -> (sections: [ResultsSection<IdentifiedRow>], names: [String: String?]) {
        var sections: [ResultsSection<IdentifiedRow>] = []
        var names: [String: String?] = [:]
        for section in 0..<snapshot.numberOfSections {
            let (id, _) = snapshot.identity(ofSection: section)
            let identity = identities[id, default: "\(identities.count)"]
            identities[id] = identity
            let rows = (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).map { row in
                let path = ResultsIndexPath(row: row, section: section)
                let key = snapshot.key(at: path)!
                return IdentifiedRow(identity: key, key: key, element: snapshot.element(at: path)!)
            }
            sections.append(ResultsSection(name: identity, elements: rows))
            names[identity] = snapshot.name(ofSection: section)
        }
        return (sections, names)
    }
}
