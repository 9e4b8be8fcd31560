import Foundation

extension ResultsController {
    /// Operations on a controller's store done ahead of time, off the main
    /// actor: the merge, the sort, the filtering and the diff, ready to be
    /// applied with ``ResultsController/apply(_:onConflict:)``.
    ///
    /// It starts from a copy of the controller's ``ResultsController/store``.
    /// Applied to a controller that has not changed since that copy, it costs
    /// the applying actor O(1) plus the report: the result is adopted as it
    /// is. Applied to a controller that has changed since, it re-runs the
    /// operations on the store as it is then (or, with
    /// ``ConflictPolicy/refuse``, throws ``ResultsError/staleUpdate`` and
    /// changes nothing): the controller's own edits are never reverted, and
    /// nothing the operations do not touch (filters, sort keys, sectioning)
    /// ever changes.
    ///
    ///     let base = products.store                                // on the main actor
    ///     let prepared = try await Task.detached {
    ///         try ResultsController.PreparedUpdate(from: base) { store in try store.merge(page, prune: true) }
    ///     }.value
    ///     try products.apply(prepared)                             // on the main actor again
    ///
    /// ``ResultsController/prepareAndApply(onConflict:isolation:_:)`` does the
    /// three steps in one call. Both need `Sendable` elements and keys: the
    /// update is made on one actor and applied on another.
    public struct PreparedUpdate {
        /// The version of the store the operations started from.
        @usableFromInline let baseVersion: ResultsStoreVersion
        /// The store after the operations, its changes computed, until an
        /// `apply` adopts it.
        @usableFromInline let contents: Contents
        /// The operations, to run again on a store that changed meanwhile.
        @usableFromInline let operations: @Sendable (inout ResultsStore<Element, Key>) throws -> Void

        /// What ``ResultsController/apply(_:onConflict:)`` does when the
        /// controller changed after the update was prepared.
        public enum ConflictPolicy: Sendable {
            /// Runs the operations again on the controller's store as it is,
            /// on the applying actor: the result is right, and costs the work
            /// the preparation was meant to save. The default.
            case reapply
            /// Throws ``ResultsError/staleUpdate`` and changes nothing, so the
            /// caller can prepare the update again.
            case refuse
        }

        /// How an update was applied.
        public enum Outcome: Sendable, Equatable {
            /// The prepared store was taken as it is: the controller had not changed.
            case adopted
            /// The operations ran again on the controller's store, which had changed.
            case reapplied
        }

        /// Runs `operations` on a copy of `base`, then computes the changes
        /// they make to the visible table: the work a controller's actor is
        /// spared. Call it off that actor.
        ///
        /// `operations` must do the same thing each time it runs: it runs
        /// again when the controller changed meanwhile.
        ///
        /// - Throws: what `operations` throws; nothing is prepared then.
        /// - Complexity: that of `operations`, plus the changeset.
        @inlinable public init<Failure: Error>(
            from base: ResultsStore<Element, Key>,
            _ operations: @escaping @Sendable (inout ResultsStore<Element, Key>) throws(Failure) -> Void
        ) throws(Failure) where Element: Sendable, Key: Sendable {
            var store = base
            try operations(&store)
            store.precomputeChangeset()
            self.baseVersion = base.version
            self.contents = Contents(store)
            self.operations = operations
        }

        /// A prepared store, held until it is taken: the copies of an
        /// update share it, so once `apply` has taken the store, none of
        /// them keeps it (or the table it replaced) alive.
        @usableFromInline final class Contents {
            @usableFromInline let lock = NSLock()
            @usableFromInline var store: ResultsStore<Element, Key>?

            @inlinable init(_ store: consuming ResultsStore<Element, Key>?) { self.store = store }

            /// The store, while it is not taken; the box keeps it.
            @inlinable func peek() -> ResultsStore<Element, Key>? {
                lock.lock()
                defer { lock.unlock() }
                return store
            }

            /// The store, the first time; `nil` after.
            @inlinable func take() -> ResultsStore<Element, Key>? {
                lock.lock()
                defer { lock.unlock() }
                return store.take()
            }
        }
    }
}

extension ResultsController.PreparedUpdate.Contents: @unchecked Sendable where Element: Sendable, Key: Sendable {}

extension ResultsController.PreparedUpdate: Sendable where Element: Sendable, Key: Sendable {}
