/// Updates prepared off the controller's actor (see ``PreparedUpdate``).
extension ResultsController where Element: Sendable, Key: Sendable {
    /// Applies an update prepared from this controller's store: adopts its
    /// result when the controller has not changed since the update's base
    /// was copied, and otherwise re-runs its operations on the store as it
    /// is now (or refuses, with ``PreparedUpdate/ConflictPolicy/refuse``).
    /// The changes are reported as one batch of their own, or with the
    /// open batch.
    ///
    /// An update is adopted once: `apply` takes its store, which every copy
    /// of the update then lacks, so applied again it runs its operations
    /// again (or refuses). The store taken holds the table it replaced,
    /// which for a large refresh means every row the refresh dropped or
    /// changed: it is released in a background task (at utility priority),
    /// so that the applying actor pays for the report and not for freeing
    /// that table. The elements the refresh dropped are deinitialised in
    /// that task, shortly after this returns, unless an observer still
    /// holds them.
    ///
    /// - Throws: ``ResultsError/staleUpdate`` when the controller changed
    ///   and the policy refuses; ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``; what the operations throw when
    ///   they run again. Nothing changes then.
    /// - Complexity: O(1) plus the report when adopted; the operations'
    ///   own cost when they run again.
    @inlinable @discardableResult
    public func apply(
        _ prepared: PreparedUpdate,
        onConflict policy: PreparedUpdate.ConflictPolicy = .reapply
    ) throws -> PreparedUpdate.Outcome {
        try requireIdle()
        // Elements changed in place and not yet reported are, first (the
        // store then differs from the one the update was prepared from).
        if !inPlaceChangeReporters.isEmpty { reportChangesInPlace() }
        // The prepared store, once taken from the update (which every copy
        // of the update then lacks), holds the table it replaced.
        var retired: ResultsStore<Element, Key>?
        let outcome = try withSpareStore(atomically: true) { store throws in
            if store.version === prepared.baseVersion, let adopted = prepared.contents.take() {
                store = adopted
                retired = adopted
                return PreparedUpdate.Outcome.adopted
            }
            guard policy == .reapply else { throw ResultsError.staleUpdate }
            try prepared.operations(&store)
            retired = prepared.contents.take()
            return .reapplied
        }
        Self.releaseInBackground(retired.take())
        return outcome
    }

    /// Drops `retired` in a background task: when it holds the last
    /// reference to a table, that table is freed there. The task takes it
    /// out of a box, so no reference left on this side can outlive it.
    @usableFromInline static func releaseInBackground(_ retired: consuming ResultsStore<Element, Key>?) {
        let box = PreparedUpdate.Contents(consume retired)
        Task.detached(priority: .utility) { _ = box.take() }
    }

    /// Prepares `operations` on a copy of the store in a detached task,
    /// then applies the result here, on the caller's actor: the merge,
    /// sort, filtering and diff run off it.
    ///
    ///     try await products.prepareAndApply { store in
    ///         try store.merge(page, prune: true)
    ///     }
    ///
    /// Edits made here while the task runs are kept: the operations then
    /// run again on the store as it is (see ``apply(_:onConflict:)``). The
    /// update is applied even if the calling task is cancelled meanwhile.
    ///
    /// - Throws: what `operations` throws, or what
    ///   ``apply(_:onConflict:)`` throws; nothing changes then.
    /// - Complexity: on the caller's actor, O(1) plus the report when the
    ///   controller did not change meanwhile.
    @discardableResult
    public func prepareAndApply(
        onConflict policy: PreparedUpdate.ConflictPolicy = .reapply,
        isolation: isolated (any Actor)? = #isolation,
        _ operations: @escaping @Sendable (inout ResultsStore<Element, Key>) throws -> Void
    ) async throws -> PreparedUpdate.Outcome {
        try requireIdle()
        let prepared = await Task.detached { [base = store] in
            Result { try PreparedUpdate(from: base, operations) }
        }.value
        return try apply(prepared.get(), onConflict: policy)
    }
}
