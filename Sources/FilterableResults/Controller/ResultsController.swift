/// The results controller: owns a ``ResultsStore``, batches edits, and tells
/// its delegate what changed in the visible table after each outermost batch.
///
///     let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
///     controller.delegate = tableAdapter
///     try controller.performBatchUpdates {
///         try controller.merge(freshPage)
///         try controller.remove(key: 7)
///     }   // one willChange … didChange group
///
/// Every mutation outside a batch is a batch of its own. Inside a batch,
/// changes are coalesced by key: an object inserted and removed produces
/// nothing, one removed and added again is the same row.
///
/// A controller is used from one isolation domain at a time (usually the
/// main actor). Its delegate is held weakly.
public final class ResultsController<Element, Key: Hashable> {
    /// The store: raw data, filters, and the visible table.
    public var store: ResultsStore<Element, Key> { _store }
    @usableFromInline var _store: ResultsStore<Element, Key>
    /// Receives the changes; held weakly.
    public weak var delegate: (any ResultsControllerDelegate<Element, Key>)?
    /// Called after the delegate with each group of changes or a reload.
    public var onChange: ((ResultsUpdate<Element, Key>) -> Void)?
    /// When a batch has more changes than this, a reload is reported
    /// instead of the changes. `nil` (the default) never reloads.
    public var reloadThreshold: Int?
    /// Whether changes are reported. See ``setUpdatesEnabled(_:)``.
    public var updatesEnabled: Bool { _updatesEnabled }
    @usableFromInline var _updatesEnabled = true

    @usableFromInline var batchDepth = 0
    @usableFromInline var isNotifying = false

    /// Creates a controller owning `store`. The store's pending changes are
    /// dropped: the controller reports changes from its current table on.
    ///
    /// - Complexity: O(1).
    @inlinable public init(store: ResultsStore<Element, Key>) {
        self._store = store
        self._store.resetTracking()
    }

    /// Whether a batch is open.
    ///
    /// - Complexity: O(1).
    public var isBatching: Bool { batchDepth > 0 }

    /// Opens a batch; batches nest. Changes are reported when the outermost
    /// batch ends.
    ///
    /// - Throws: ``ResultsError/invalidOperation(_:)`` from inside a change
    ///   notification.
    /// - Complexity: O(1).
    @inlinable public func beginUpdates() throws(ResultsError) {
        try requireNotNotifying()
        batchDepth += 1
    }

    /// Closes a batch; closing the outermost one reports its changes.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open batch.
    /// - Complexity: that of the changeset (see ``ResultsStore/takeChangeset()``).
    @inlinable public func endUpdates() throws(ResultsError) {
        try requireNotNotifying()
        guard batchDepth > 0 else { throw .unbalancedEndUpdates }
        batchDepth -= 1
        if batchDepth == 0 { report() }
    }

    /// Runs `body` as one batch, atomically: if it throws, the store returns
    /// to its state before the batch, nothing is reported, and the error is
    /// rethrown.
    ///
    /// - Throws: what `body` throws, or ``ResultsError/invalidOperation(_:)``
    ///   from inside a change notification.
    /// - Complexity: O(*n*) more than the edits themselves: the state kept
    ///   for the rollback is copied on the first edit.
    @inlinable public func performBatchUpdates(_ body: () throws -> Void) throws {
        try requireNotNotifying()
        let saved = _store
        batchDepth += 1
        do {
            try body()
        } catch {
            _store = saved
            batchDepth -= 1
            throw error
        }
        batchDepth -= 1
        if batchDepth == 0 { report() }
    }

    /// Turns change reporting off or on. While off, the data changes and
    /// nothing is reported; turning it on reports one reload if the visible
    /// table differs from the one last reported.
    ///
    /// - Throws: ``ResultsError/invalidOperation(_:)`` while a batch is open.
    /// - Complexity: that of the changeset when turned on.
    @inlinable public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) {
        try requireNotNotifying()
        guard batchDepth == 0 else {
            throw .invalidOperation("updates cannot be enabled or disabled while a batch is open")
        }
        guard enabled != updatesEnabled else { return }
        _updatesEnabled = enabled
        guard enabled else { return }
        if !_store.takeChangeset().isEmpty { notifyReload() }
    }

    /// Replaces the store with one prepared elsewhere (for example a large
    /// merge done off the main actor): its data, sections and filters are
    /// diffed by key against what this controller holds now.
    ///
    /// - Throws: ``ResultsError/invalidOperation(_:)`` from inside a change
    ///   notification.
    /// - Complexity: O(*n* + *m*), as ``ResultsStore/setData(sections:)``.
    @inlinable public func apply(_ prepared: ResultsStore<Element, Key>) throws(ResultsError) {
        try mutate { store throws(ResultsError) in
            store.replaceFilters(with: prepared.filters)
            if store.sectioning != nil {
                try store.setData(prepared.allObjects)
            } else {
                try store.setData(sections: prepared.sections)
            }
        }
    }

    /// Runs one mutation of the store as a batch of its own, or as part of
    /// the open batch.
    @inlinable func mutate<Result>(
        _ body: (inout ResultsStore<Element, Key>) throws(ResultsError) -> Result
    ) throws(ResultsError) -> Result {
        try requireNotNotifying()
        let result = try body(&_store)
        if batchDepth == 0 { report() }
        return result
    }

    @inlinable func requireNotNotifying() throws(ResultsError) {
        if isNotifying {
            throw .invalidOperation("the controller cannot be changed from inside a change notification")
        }
    }

    /// Reports the changes since the last report, if updates are on.
    @inlinable func report() {
        guard updatesEnabled else { return }
        let changeset = _store.takeChangeset()
        guard !changeset.isEmpty else { return }
        if let reloadThreshold,
           changeset.sectionChanges.count + changeset.objectChanges.count > reloadThreshold {
            notifyReload()
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        if let delegate {
            delegate.controllerWillChangeContent(self)
            for change in changeset.sectionChanges { delegate.controller(self, didChange: change) }
            for change in changeset.objectChanges { delegate.controller(self, didChange: change) }
            delegate.controllerDidChangeContent(self)
        }
        onChange?(.changes(changeset))
    }

    @inlinable func notifyReload() {
        isNotifying = true
        defer { isNotifying = false }
        delegate?.controllerShouldReload(self)
        onChange?(.reload)
    }
}
