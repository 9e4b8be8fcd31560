/// Batches that span parts: the changes of several parts, one animation.
extension ResultsComposition {
    /// What a batch holds back.
    @usableFromInline
    struct Batch {
        /// The composed table when the batch began.
        let start: Snapshot
        /// How many ``performBatchUpdates(_:)`` calls are open.
        var depth = 0
        /// Whether the composed table changed.
        var hasChanges = false
        /// Whether the view must reload: a part reloaded, or one of the
        /// parts the batch began with changed twice (its changes no longer
        /// start from the table the batch began with).
        var isReload = false
        /// The changes of the parts the batch began with, by identity.
        var partUpdates: [Int: PartUpdate] = [:]
        /// Rows that moved from one part to another: each key in a part
        /// after, with the key it had in the part before.
        var aliases: [Key: Key] = [:]

        /// Holds back a change of the composed table, with the changes of
        /// the parts it comes from.
        @usableFromInline mutating func record(_ updates: [Int: PartUpdate], isReload: Bool) {
            hasChanges = true
            if isReload { self.isReload = true }
            for (part, update) in updates where start.index(ofPart: part) != nil {
                if partUpdates.updateValue(update, forKey: part) != nil { self.isReload = true }
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
    ///   observer of the composition or of a part; nothing changes then
    ///   (the parts' batches opened before the one refused are closed).
    /// - Complexity: O(*p*) for *p* parts.
    public func beginUpdates() throws(ResultsError) {
        try requireIdle()
        var opened: [any PartConnection<Element>] = []
        opened.reserveCapacity(parts.count)
        for part in parts {
            do {
                try part.connection.beginUpdates()
            } catch {
                // Each batch was opened empty here, so closing it reports nothing.
                for connection in opened.reversed() { try? connection.endUpdates() }
                throw error
            }
            opened.append(part.connection)
        }
        openBatch()
        manualBatchParts.append(opened)
    }

    /// Closes the batch ``beginUpdates()`` opened (and the parts' batches it
    /// opened); the outermost reports every change made in it as one update.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open
    ///   batch; nothing changes then. When a part's batch was closed
    ///   already (by a call on the part itself), the batch ends all the
    ///   same, every other part's with it, and the part's error is thrown
    ///   after.
    /// - Complexity: O(*p*) for *p* parts, plus the update reported.
    public func endUpdates() throws(ResultsError) {
        try requireIdle()
        guard let opened = manualBatchParts.popLast() else { throw .unbalancedEndUpdates }
        // Parts removed meanwhile too: their own observers wait for it.
        var refusal: ResultsError?
        for connection in opened.reversed() {
            do { try connection.endUpdates() } catch { refusal = refusal ?? error }
        }
        closeBatch()
        if let refusal { throw refusal }
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
    /// done to it. Batches `body` opens with ``beginUpdates()`` and leaves
    /// open end with it, as a controller's do.
    ///
    /// - Throws: what `body` throws.
    /// - Complexity: that of `body`, plus O(*p*) for *p* parts, plus, when
    ///   the batch ends, the parts' changes joined: O(*s* + *e*) for *s*
    ///   sections and *e* changes, O(*n*) for the *n* rows of a part the
    ///   composition's filter or a fold changed.
    public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let saved = SavedState(parts: parts, reportedSnapshot: reportedSnapshot, filters: appliedFilters, nextPartID: nextPartID)
        let savedBatch = batch
        let manualBatches = manualBatchParts.count
        openBatch()
        do {
            try Self.nesting(parts.map(\.connection)[...], around: body)
        } catch {
            manualBatchParts.removeLast(manualBatchParts.count - manualBatches)
            // Every part rolled back and reported nothing; the composition
            // goes back to its state, with observations of its parts again.
            parts = saved.parts
            for index in parts.indices { connect(index) }
            _reportedSnapshot = saved.reportedSnapshot
            appliedFilters = saved.filters
            nextPartID = saved.nextPartID
            batch = savedBatch
            throw error
        }
        // The parts' batches `body` opened with `beginUpdates()` and left
        // open ended with the parts' own atomic batches: the composition's
        // levels end here, before its own.
        while manualBatchParts.count > manualBatches {
            manualBatchParts.removeLast()
            closeBatch()
        }
        closeBatch()
    }

    /// Runs `body` inside each part's atomic batch, the first part's
    /// outermost: a throw rolls back every part.
    static func nesting<Failure: Error>(
        _ connections: ArraySlice<any PartConnection<Element>>, around body: () throws(Failure) -> Void
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
        guard batch.hasChanges else { return }
        reportChange(from: batch.start, partUpdates: batch.partUpdates, aliases: batch.aliases, isReload: batch.isReload)
    }

    /// Reports the change from `old` to the composed table as last
    /// reported, made by `partUpdates` (each part's own, by identity) and
    /// by the composition itself: held back in a batch; else the joined
    /// changes (see ``changes(from:to:updates:aliases:)``), nothing when
    /// the view would show the same table, a reload when asked or when the
    /// changes do not add up.
    @inlinable func reportChange(
        from old: Snapshot, partUpdates: [Int: PartUpdate] = [:], aliases: [Key: Key] = [:], isReload: Bool = false
    ) {
        if batch != nil {
            batch!.record(partUpdates, isReload: isReload)
            _checkInvariants()
            return
        }
        guard !isReload, let changeset = changes(from: old, to: _reportedSnapshot, updates: partUpdates, aliases: aliases) else {
            report(Update(changeset: ResultsChangeset(), snapshot: _reportedSnapshot, isReload: true))
            return
        }
        if changeset.isEmpty { _checkInvariants() } else { report(Update(changeset: changeset, snapshot: _reportedSnapshot)) }
    }
}
