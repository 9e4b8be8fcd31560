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

    /// The composition's own state a batch restores when its body throws:
    /// its parts (with the observations that follow them), the table as
    /// reported, its filters and folded sections, and the next part's number.
    struct SavedState {
        let parts: [PartRecord]
        let reportedSnapshot: Snapshot
        let filters: [ResultsFilter<Element>]
        let nextPartID: Int
    }

    /// Opens a batch: the changes of every part, and the composition's own
    /// (parts inserted, filters, folded sections), are reported together as
    /// one update when the outermost batch ends. Each part's own batch is
    /// opened too, so a part that changes many times reports once.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` from inside an
    ///   observer of the composition; nothing changes then.
    /// - Complexity: O(*p*) for *p* parts.
    public func beginUpdates() throws(ResultsError) {
        try requireIdle()
        openBatch()
        for part in parts { try part.connection.beginUpdates() }
        manualBatchParts.append(parts.map(\.id))
    }

    /// Closes the batch ``beginUpdates()`` opened (and the parts' batches it
    /// opened); the outermost reports every change made in it as one update.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open
    ///   batch; nothing changes then.
    /// - Complexity: O(*p*) for *p* parts, plus the update reported.
    public func endUpdates() throws(ResultsError) {
        try requireIdle()
        guard let opened = manualBatchParts.popLast() else { throw .unbalancedEndUpdates }
        for part in parts.reversed() where opened.contains(part.id) { try part.connection.endUpdates() }
        closeBatch()
    }

    /// Runs `body` as one batch, atomically: the changes it makes to any
    /// part, through the parts' own sources, and to the composition are
    /// reported as one update, one animation for a change that spans parts.
    /// When `body` throws, every part returns to its state before the call
    /// (each part's own batch is atomic), as do the composition's parts,
    /// filters and folded sections; nothing is reported and the error is
    /// rethrown.
    ///
    ///     try composition.performBatchUpdates { () throws(ResultsError) in
    ///         try friends.add(newFriend)
    ///         try suggestions.remove(key: newFriend.id)
    ///     }
    ///
    /// Batches nest; the outermost reports. A part added inside the batch
    /// is removed again when `body` throws; its own source keeps what was
    /// done to it.
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body`, plus O(*p*) for *p* parts, plus
    ///   O(*n* + *k* log *k*) for *n* rows composed and *k* kept when the
    ///   batch ends.
    public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let saved = SavedState(parts: parts, reportedSnapshot: reportedSnapshot, filters: appliedFilters, nextPartID: nextPartID)
        let savedBatch = batch
        openBatch()
        do {
            try Self.nesting(parts.map(\.connection)[...], around: body)
        } catch {
            // Every part rolled back and reported nothing; the composition
            // goes back to its state, with observations of its parts again.
            parts = saved.parts
            for index in parts.indices { connect(index) }
            reportedSnapshot = saved.reportedSnapshot
            appliedFilters = saved.filters
            nextPartID = saved.nextPartID
            batch = savedBatch
            throw error
        }
        closeBatch()
    }

    /// Runs `body` inside each part's atomic batch, the first part's
    /// outermost: a throw rolls back every part.
    static func nesting<Failure: Error>(
        _ connections: ArraySlice<PartConnection>, around body: () throws(Failure) -> Void
    ) throws(Failure) {
        guard let first = connections.first else { return try body() }
        do {
            try first.performBatchUpdates { try nesting(connections.dropFirst(), around: body) }
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("ResultsComposition: a part's batch threw \(error), which its body did not")
        }
    }

    /// Opens one more level of the composition's batch.
    func openBatch() {
        if batch == nil { batch = Batch(start: reportedSnapshot) }
        batch!.depth += 1
    }

    /// Closes one level of the composition's batch; the outermost reports.
    func closeBatch() {
        batch!.depth -= 1
        if batch!.depth == 0 { endBatch() }
    }

    /// Pauses reporting changes (`false`), or resumes it (`true`) with one
    /// reload of the composed table when anything changed meanwhile.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` inside a batch,
    ///   ``ResultsError/changedDuringNotification`` from inside an observer.
    /// - Complexity: O(1), plus the reload.
    public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) {
        try requireIdle()
        guard batch == nil else { throw .updatesToggledDuringBatch }
        guard enabled == isPaused else { return }
        isPaused = !enabled
        if enabled && changedWhilePaused {
            changedWhilePaused = false
            report(Update(changeset: ResultsChangeset(), snapshot: reportedSnapshot, isReload: true))
        }
    }

    /// Refuses the composition's own changes from inside one of its
    /// observers (a part may still change: its update is delivered after
    /// the current one).
    func requireIdle() throws(ResultsError) {
        if isNotifying { throw .changedDuringNotification }
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
