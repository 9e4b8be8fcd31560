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
    /// The visible table last reported, by row identity.
    @usableFromInline var reportedTable: [VisibleSection]
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
        self.reportedTable = store.visibleTable
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
        if !takeChangeset().isEmpty { notifyReload() }
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
        let changeset = takeChangeset()
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

    /// Takes the store's changes and makes its visible table the one
    /// reported, before anyone is told.
    @inlinable func takeChangeset() -> ResultsChangeset<Element, Key> {
        let changeset = _store.takeChangeset()
        if !changeset.isEmpty { reportedTable = _store.visibleTable }
        return changeset
    }

    @inlinable func notifyReload() {
        isNotifying = true
        defer { isNotifying = false }
        delegate?.controllerShouldReload(self)
        onChange?(.reload)
    }
}

/// The visible table as last reported: what a table or collection view's
/// data source serves. It changes only when changes are reported (it is the
/// new table already inside the delegate's callbacks), so it always agrees
/// with the rows the view has been told about, even while a batch is open
/// or updates are disabled.
extension ResultsController {
    /// The number of sections in the table last reported.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { reportedTable.count }

    /// The number of rows in a section of the table last reported; 0 for a
    /// section that does not exist.
    ///
    /// - Complexity: O(1).
    @inlinable public func numberOfObjects(inSection section: Int) -> Int {
        reportedTable.indices.contains(section) ? reportedTable[section].rows.count : 0
    }

    /// The name of a section of the table last reported, if it has one.
    ///
    /// - Complexity: O(1).
    @inlinable public func name(ofSection section: Int) -> String? {
        reportedTable.indices.contains(section) ? reportedTable[section].name : nil
    }

    /// The object at an index path of the table last reported, or `nil`.
    ///
    /// - Complexity: O(1).
    @inlinable public func object(at indexPath: ResultsIndexPath) -> Element? {
        guard reportedTable.indices.contains(indexPath.section) else { return nil }
        let rows = reportedTable[indexPath.section].rows
        return rows.indices.contains(indexPath.row) ? _store.element(ofRow: rows[indexPath.row]) : nil
    }
}
