/// Updates prepared off the controller's actor (see ``PreparedUpdate``).
extension ResultsController where Element: Sendable, Key: Sendable {
    /// Applies an update prepared from this controller's store: adopts its
    /// result when the controller has not changed since the update's base
    /// was copied, and otherwise re-runs its operations on the store as it
    /// is now (or refuses, with ``PreparedUpdate/ConflictPolicy/refuse``).
    /// The changes are reported as one batch of their own, or with the
    /// open batch.
    ///
    /// An applied update holds the table it replaced until it is released,
    /// which for a large refresh means freeing every row the refresh
    /// dropped or changed. Once applied, it is released in a background
    /// task (at utility priority), so that the applying actor pays for the
    /// report and not for that: the elements the refresh dropped are
    /// deinitialised there, shortly after this returns, unless the caller
    /// or an observer still holds them (a copy of the update the caller
    /// keeps holds the table until the caller drops it). An update that
    /// fails to apply is released as usual.
    ///
    /// - Throws: ``ResultsError/staleUpdate`` when the controller changed
    ///   and the policy refuses; ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``; what the operations throw when
    ///   they run again. Nothing changes then.
    /// - Complexity: O(1) plus the report when adopted; the operations'
    ///   own cost when they run again.
    @inlinable @discardableResult
    public func apply(
        _ prepared: consuming PreparedUpdate,
        onConflict policy: PreparedUpdate.ConflictPolicy = .reapply
    ) throws -> PreparedUpdate.Outcome {
        try requireIdle()
        let outcome = try withSpareStore(atomically: true) { store throws in
            if store.version === prepared.baseVersion {
                store = prepared.store
                return PreparedUpdate.Outcome.adopted
            }
            guard policy == .reapply else { throw ResultsError.staleUpdate }
            try prepared.operations(&store)
            return .reapplied
        }
        Self.releaseInBackground(prepared)
        return outcome
    }

    /// Drops `retired` in a background task: when it holds the last
    /// reference to a table, that table is freed there.
    @usableFromInline static func releaseInBackground(_ retired: consuming PreparedUpdate) {
        let retired = consume retired
        Task.detached(priority: .utility) { withExtendedLifetime(retired) {} }
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
        // The copy is the task's alone, and the update is handed to `apply`
        // without a copy kept here, so neither keeps the old table alive
        // on this actor after `apply` has released it.
        let prepared = await Task.detached { [base = store] in
            Result { try PreparedUpdate(from: base, operations) }
        }.value
        switch consume prepared {
        case .success(let update): return try apply(update, onConflict: policy)
        case .failure(let error): throw error
        }
    }
}
