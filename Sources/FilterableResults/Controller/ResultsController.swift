/// The results controller: owns a ``ResultsStore``, batches edits, and tells
/// its delegate and observers what changed in the visible table after each
/// outermost batch, with the snapshot of the table after it.
///
///     let controller = ResultsController(store: ResultsStore<Product, Int>(key: \.id))
///     let observation = controller.observe { update in render(update) }
///     try controller.performBatchUpdates { () throws(ResultsError) in
///         try controller.merge(freshPage)
///         try controller.remove(key: 7)
///     }   // one update
///
/// Every mutation outside a batch is a batch of its own. Inside a batch,
/// changes are coalesced by key: an element inserted and removed produces
/// nothing, one removed and added again is the same row.
///
/// The controller's accessors and index paths describe its visible table as
/// it is now, every edit included, reported or not; a data source serves
/// the snapshot delivered with each update instead. Raw positions (filters
/// ignored) belong to the ``store``; reach them through ``modify(_:)``.
///
/// A controller is used from one isolation domain at a time (usually the
/// main actor). Its delegate is held weakly. While the controller runs your
/// closures (filters, sort keys, key functions, `update` bodies), reading
/// it gives the table as last reported, and changing it throws
/// ``ResultsError/changedDuringClosure``.
public final class ResultsController<Element, Key: Hashable> {
    /// The store: raw data, filters, and the visible table.
    ///
    /// - Complexity: O(1).
    public var store: ResultsStore<Element, Key> { _store }
    /// The box of the store readers see: the live one, or while a mutation
    /// runs, the one last reported.
    @exclusivity(unchecked) @usableFromInline var readersBox: StoreBox
    /// The box of the store last reported while the live one is in
    /// ``readersBox``; of the live one while a mutation edits it. The boxes
    /// are swapped, the stores never copied or moved.
    @exclusivity(unchecked) @usableFromInline var spareBox: StoreBox

    /// A store behind a reference, so that swapping two costs two pointers.
    @usableFromInline final class StoreBox {
        @exclusivity(unchecked) @usableFromInline var store: ResultsStore<Element, Key>
        @inlinable init(_ store: ResultsStore<Element, Key>) { self.store = store }
    }

    /// The store readers see.
    @inlinable var _store: ResultsStore<Element, Key> {
        _read { yield readersBox.store }
        _modify { yield &readersBox.store }
    }
    /// Receives the changes in NSFetchedResultsController's shape; held
    /// weakly. It is an observer like any other (see ``observe(_:)``),
    /// registered when it is set, so it gets each update in that order.
    ///
    /// - Complexity: O(1) to set; each update then costs the delegate's
    ///   callbacks, one per change.
    public var delegate: (any ResultsControllerDelegate<Element, Key>)? {
        @inlinable get { _delegate }
        // Inlinable, so that the walk over an update's changes is
        // specialized for the element and key types, as every other
        // observer's is (unspecialized, a 100k-row reorder's walk spent
        // most of its time looking up generic metadata).
        @inlinable set {
            _delegate = newValue
            delegateObservation = nil
            if newValue != nil {
                delegateObservation = observe { [unowned self] update in
                    if let delegate = self._delegate { self.deliver(update, to: delegate) }
                }
            }
        }
    }
    @usableFromInline weak var _delegate: (any ResultsControllerDelegate<Element, Key>)?
    /// The observation that forwards updates to ``delegate``.
    @usableFromInline var delegateObservation: ResultsObservation?
    /// When a batch has more changes than this, a reload is reported
    /// instead of the changes. `nil` (the default) never reloads.
    public var reloadThreshold: Int?
    /// Whether changes are reported. See ``setUpdatesEnabled(_:)``.
    public var updatesEnabled: Bool { _updatesEnabled }
    @usableFromInline var _updatesEnabled = true
    /// Derives each section's value; see ``setSectionValues(_:)``.
    @usableFromInline var sectionValue: ResultsSnapshot<Element, Key>.SectionValue?
    /// The section value function of the table last reported.
    @usableFromInline var reportedSectionValue: ResultsSnapshot<Element, Key>.SectionValue?
    /// Whether ``sectionValue`` was set since the last report, so that every
    /// section's value is compared, not only those of sections whose rows changed.
    @usableFromInline var sectionValueWasSet = false
    /// How many whole tables were handed over (see ``setTable(_:sectionValues:changedKeys:)``),
    /// so that a table prepared off the actor is dropped when a newer one came.
    @usableFromInline var tablesHandedOver = 0
    /// How a drag writes ranks, in a list sorted by them; see
    /// ``allowsReordering(by:didRerank:)``.
    @usableFromInline var reordering: Reordering?
    /// What reports the elements changed in place and not yet reported,
    /// by tracker (see ``tracksElements(reading:)``): run before every
    /// edit, so that the edit finds each row where its element now sorts.
    /// Each returns whether its tracker still tracks.
    @usableFromInline var inPlaceChangeReporters: [ObjectIdentifier: () -> Bool] = [:]
    /// What tells each tracker that the controller itself changed the
    /// elements of some keys in place (a drag writing a class element's
    /// rank), which its own edit reports: not to report them again.
    @usableFromInline var inPlaceWriteNotifiers: [ObjectIdentifier: ([Key]) -> Void] = [:]
    /// What writes back the ranks drags wrote in place inside atomic
    /// batches still open, with the depth of the innermost such batch.
    @usableFromInline var inPlaceUndos: [(batch: Int, writes: InPlaceWrites)] = []
    /// Whether those reports run (their own edits do not run them again).
    @usableFromInline var isReportingChangesInPlace = false
    /// How many atomic batches threw and were rolled back: a change in
    /// place reported inside one is reported again.
    @usableFromInline var rollbacks = 0

    /// The batches open, innermost last.
    @exclusivity(unchecked) @usableFromInline var frames: [BatchFrame] = []
    @exclusivity(unchecked) @usableFromInline var isNotifying = false
    /// Whether a mutation is running (and with it, the caller's closures).
    @exclusivity(unchecked) @usableFromInline var isMutating = false
    /// Everything that observes the controller, the delegate's adapter included.
    @usableFromInline var observers = ObserverList<Update>()

    /// An open batch: one `beginUpdates()`, or one `performBatchUpdates`
    /// with the store to return to if its body throws.
    @usableFromInline enum BatchFrame {
        case manual
        /// The store, the section value function and whether it was set,
        /// as they were when the batch began.
        case atomic(ResultsStore<Element, Key>, ResultsSnapshot<Element, Key>.SectionValue?, Bool)
    }

    /// Creates a controller owning `store`. The store's pending changes are
    /// dropped: the controller reports changes from its current table on.
    ///
    /// - Complexity: O(1).
    @inlinable public init(store: ResultsStore<Element, Key>) {
        var store = store
        store.resetTracking()
        readersBox = StoreBox(store)
        spareBox = StoreBox(store.lastReported)
    }

    /// The visible table as it is now.
    ///
    /// - Complexity: O(1).
    @inlinable public var snapshot: ResultsSnapshot<Element, Key> { ResultsSnapshot(table: _store.table, sectionValue: sectionValue) }

    /// The visible table as last reported: what a view that applied every
    /// update shows.
    ///
    /// - Complexity: O(1).
    @inlinable public var reportedSnapshot: ResultsSnapshot<Element, Key> {
        ResultsSnapshot(table: _store.baseline, sectionValue: reportedSectionValue)
    }

    /// Whether a batch is open.
    ///
    /// - Complexity: O(1).
    @inlinable public var isBatching: Bool { !frames.isEmpty }
}

// MARK: - Batching

extension ResultsController {
    /// Opens a batch; batches nest. Changes are reported when the outermost
    /// batch ends.
    ///
    /// - Throws: ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``.
    /// - Complexity: O(1).
    @inlinable public func beginUpdates() throws(ResultsError) {
        try requireIdle()
        frames.append(.manual)
    }

    /// Closes the batch `beginUpdates()` opened; closing the outermost one
    /// reports its changes.
    ///
    /// - Throws: ``ResultsError/unbalancedEndUpdates`` without an open batch,
    ///   or when the innermost batch is a ``performBatchUpdates(_:)``, which
    ///   only its own end closes.
    /// - Complexity: that of the changeset (see ``ResultsStore/takeChangeset()``).
    @inlinable public func endUpdates() throws(ResultsError) {
        try requireIdle()
        guard case .manual? = frames.last else { throw .unbalancedEndUpdates }
        frames.removeLast()
        if frames.isEmpty { report() }
    }

    /// Runs `body` as one batch, atomically: if it throws, the store (and
    /// the section value function) return to their state before the batch,
    /// nothing is reported, and the error is
    /// rethrown with its type (a body that throws only ``ResultsError``
    /// makes this throw only `ResultsError`).
    ///
    ///     try controller.performBatchUpdates { () throws(ResultsError) in
    ///         try controller.merge(page)
    ///         try controller.remove(key: 7)
    ///     }
    ///
    /// Batches the body opens with `beginUpdates()` and leaves open end with
    /// it. From inside a change notification, the body runs and each of its
    /// mutations throws ``ResultsError/changedDuringNotification``.
    ///
    /// - Complexity: the edits' own; the state kept for the rollback is O(1)
    ///   (a version of the persistent store).
    @inlinable public func performBatchUpdates<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        guard !isNotifying && !isMutating else { return try body() }
        let depth = frames.count
        frames.append(.atomic(_store, sectionValue, sectionValueWasSet))
        do {
            try body()
        } catch {
            guard frames.count > depth, case let .atomic(saved, savedSectionValue, savedWasSet) = frames[depth] else {
                preconditionFailure("performBatchUpdates: its batch was closed from inside its body")
            }
            frames.removeSubrange(depth...)
            _store = saved
            (sectionValue, sectionValueWasSet) = (savedSectionValue, savedWasSet)
            rollbacks &+= 1
            settleWritesInPlace(ofBatchAt: depth, rolledBack: true)
            throw error
        }
        frames.removeSubrange(depth...)
        settleWritesInPlace(ofBatchAt: depth, rolledBack: false)
        if frames.isEmpty { report() }
    }

    /// Turns change reporting off or on. While off, the data changes and
    /// nothing is reported; turning it on reports one reload if the visible
    /// table differs from the one last reported.
    ///
    /// - Throws: ``ResultsError/updatesToggledDuringBatch`` while a batch is
    ///   open.
    /// - Complexity: that of the changeset when turned on.
    @inlinable public func setUpdatesEnabled(_ enabled: Bool) throws(ResultsError) {
        try requireIdle()
        guard frames.isEmpty else {
            throw .updatesToggledDuringBatch
        }
        guard enabled != updatesEnabled else { return }
        _updatesEnabled = enabled
        guard enabled else { return }
        // A table whose counts changed differs: the reload needs no diff
        // (a reload of a million rows would spend most of its time on one).
        let (old, new) = (reportedSnapshot, snapshot)
        var changed = sectionValueWasSet || old.count != new.count || old.numberOfSections != new.numberOfSections
        if changed {
            dropChangeset()
        } else {
            changed = !takeChangeset().isEmpty
        }
        if changed { notify(Update(changeset: ResultsChangeset(), snapshot: snapshot, isReload: true)) }
    }
}

// MARK: - Mutating

extension ResultsController {
    /// Runs a change of the store, raw positions and all, as one mutation:
    /// reported as a batch of its own, or with the open batch.
    ///
    ///     try controller.modify { store throws(ResultsError) in
    ///         try store.insert(item, at: RawIndexPath(row: 3, section: 0))
    ///     }
    ///
    /// It is atomic: if `body` throws, the store is left as it was.
    ///
    /// - Throws: what `body` throws, or
    ///   ``ResultsError/changedDuringNotification`` or
    ///   ``ResultsError/changedDuringClosure``.
    /// - Complexity: that of `body`, plus the changeset when reported.
    @inlinable @discardableResult
    public func modify<Result>(_ body: (inout ResultsStore<Element, Key>) throws(ResultsError) -> Result) throws(ResultsError) -> Result {
        try mutate(atomically: true, body)
    }

    /// Runs one mutation of the store moved out of the controller: the live
    /// store and the spare one last reported change places, so the
    /// caller's closures can read the controller (they see the table as
    /// last reported) without conflicting with the edit, and nothing is
    /// copied.
    ///
    /// Every store operation changes nothing when it throws, so a single
    /// one needs no copy to return to; `atomically` keeps one for a body
    /// that may throw after changing the store.
    @inlinable func mutate<Result>(
        atomically: Bool = false, _ body: (inout ResultsStore<Element, Key>) throws(ResultsError) -> Result
    ) throws(ResultsError) -> Result {
        try requireIdle()
        if !inPlaceChangeReporters.isEmpty { reportChangesInPlace() }
        return try withSpareStore(atomically: atomically, body)
    }

    /// Reports the elements changed in place and not yet reported, before
    /// an edit: an element whose sort value changed would be out of place
    /// for the edit's search, and the edit's report would not place it
    /// again.
    @usableFromInline func reportChangesInPlace() {
        // The report is an edit itself: it does not report again.
        guard !isReportingChangesInPlace else { return }
        isReportingChangesInPlace = true
        defer { isReportingChangesInPlace = false }
        for (id, report) in inPlaceChangeReporters where !report() { inPlaceChangeReporters[id] = nil }
    }

    /// Tells the trackers of changes in place that this controller
    /// changed the elements under `keys` in place itself, in an edit that
    /// reports them or in one rolled back (a drag writing class elements'
    /// ranks, or writing them back).
    @usableFromInline func didWriteInPlace(_ keys: [Key]) {
        guard !keys.isEmpty else { return }
        for (id, notify) in inPlaceWriteNotifiers {
            if inPlaceChangeReporters[id] == nil { inPlaceWriteNotifiers[id] = nil } else { notify(keys) }
        }
    }

    /// Keeps what writes back the ranks a drag wrote in place, while an
    /// atomic batch that may roll back is open: under the innermost one.
    @usableFromInline func keepForRollback(_ writes: InPlaceWrites) {
        guard !writes.restore.isEmpty, let batch = innermostAtomicBatch(below: frames.count) else { return }
        inPlaceUndos.append((batch: batch, writes: writes))
    }

    /// The depth of the innermost atomic batch among the first `count`
    /// batches open, or `nil` when there is none.
    @usableFromInline func innermostAtomicBatch(below count: Int) -> Int? {
        frames[..<count].lastIndex { if case .atomic = $0 { true } else { false } }
    }

    /// Settles the writes in place kept under the atomic batch at `depth`,
    /// which ends: rolled back, they are written back (the latest first);
    /// else kept under the atomic batch around it, which may still roll
    /// back (a manual batch between them does not).
    @usableFromInline func settleWritesInPlace(ofBatchAt depth: Int, rolledBack: Bool) {
        guard !inPlaceUndos.isEmpty else { return }
        let ending = inPlaceUndos.filter { $0.batch >= depth }
        inPlaceUndos.removeAll { $0.batch >= depth }
        if rolledBack {
            for undo in ending.reversed() { undo.writes.undo() }
            didWriteInPlace(ending.flatMap(\.writes.keys))
        } else if let outer = innermostAtomicBatch(below: depth) {
            inPlaceUndos += ending.map { (batch: outer, writes: $0.writes) }
        }
    }

    /// Runs `body` on the spare store while readers see the store as last
    /// reported, then reports unless a batch is open; when `body` throws,
    /// keeps the store as it was if `atomically`, as `body` left it if not.
    /// The caller has checked that the controller is idle.
    @inlinable func withSpareStore<Result, Failure: Error>(
        atomically: Bool, _ body: (inout ResultsStore<Element, Key>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let original = atomically ? _store : nil
        swap(&readersBox, &spareBox)
        isMutating = true
        defer { isMutating = false }
        do {
            let result = try body(&spareBox.store)
            swap(&readersBox, &spareBox)
            if frames.isEmpty { report() }
            return result
        } catch {
            swap(&readersBox, &spareBox)
            if let original { _store = original }
            throw error
        }
    }

    /// Takes the store's changes, and keeps the spare store in step with
    /// the new table last reported.
    @inlinable func takeChangeset() -> ResultsChangeset<Element, Key> {
        let changeset = _store.takeChangeset()
        spareBox.store = _store.lastReported
        reportedSectionValue = sectionValue
        sectionValueWasSet = false
        return changeset
    }

    /// Makes the table the one last reported without computing its
    /// changes, as ``takeChangeset()`` does with them.
    @inlinable func dropChangeset() {
        _store.resetTracking()
        spareBox.store = _store.lastReported
        reportedSectionValue = sectionValue
        sectionValueWasSet = false
    }

    @inlinable func requireIdle() throws(ResultsError) {
        if isNotifying { throw .changedDuringNotification }
        if isMutating { throw .changedDuringClosure }
    }
}

// MARK: - Reporting

extension ResultsController {
    /// Reports the changes since the last report, if updates are on.
    @inlinable func report() {
        guard updatesEnabled, _store.tracker.hasChanges || sectionValueWasSet else { return }
        let (old, valueWasSet) = (reportedSnapshot, sectionValueWasSet)
        var changeset = takeChangeset()
        if sectionValue != nil || valueWasSet {
            changeset = changeset.addingSectionValueUpdates(from: old, to: snapshot, comparingAll: valueWasSet)
        }
        guard !changeset.isEmpty else { return }
        if let reloadThreshold, changeset.count > reloadThreshold {
            notify(Update(changeset: ResultsChangeset(), snapshot: snapshot, isReload: true))
        } else {
            notify(Update(changeset: changeset, snapshot: snapshot))
        }
    }

    /// Tells every observer, in the order they were registered.
    @inlinable func notify(_ update: Update) {
        isNotifying = true
        defer { isNotifying = false }
        observers.send(update)
    }
}

// MARK: - Observing

extension ResultsController {
    /// Calls `handler` with every update from now on, after the observers
    /// registered before it, until the returned observation is cancelled or
    /// released.
    ///
    ///     let observation = controller.observe { update in … }   // keep it
    ///
    /// Keep the observation for as long as you want updates: one that is
    /// not kept (`_ = controller.observe { … }`) is released at once and
    /// delivers nothing.
    ///
    /// - Complexity: O(1).
    @inlinable public func observe(_ handler: @escaping (ResultsUpdate<ResultsSnapshot<Element, Key>>) -> Void) -> ResultsObservation {
        let id = observers.add(handler)
        return ResultsObservation { [weak self] in self?.observers.remove(id) }
    }
}

// MARK: - The visible table

/// The visible table as it is now, every edit included: what the view
/// will show once the changes so far are reported.
extension ResultsController {
    /// The number of sections shown.
    ///
    /// - Complexity: O(1).
    @inlinable public var numberOfSections: Int { snapshot.numberOfSections }

    /// The number of elements shown in a section, or `nil` for a section
    /// that does not exist.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func numberOfElements(inSection section: Int) -> Int? { snapshot.numberOfElements(inSection: section) }

    /// The name of a section shown, if it has one.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func name(ofSection section: Int) -> String? { snapshot.name(ofSection: section) }

    /// The element at an index path of the visible table, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func element(at indexPath: ResultsIndexPath) -> Element? { snapshot.element(at: indexPath) }

    /// The index path in the visible table of the element with `key`, or
    /// `nil` when it is not shown.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func indexPath(forKey key: Key) -> ResultsIndexPath? { snapshot.indexPath(forKey: key) }

    /// The element with `key` if the visible table shows it, or `nil` when
    /// no element has the key or a filter hides it; the store's
    /// ``ResultsStore/element(forKey:)`` finds hidden elements too.
    ///
    ///     if let product = controller.visibleElement(forKey: id) { show(product) }
    ///     let anyProduct = controller.store.element(forKey: id)   // shown or hidden
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func visibleElement(forKey key: Key) -> Element? { snapshot.visibleElement(forKey: key) }

    /// The index path in the visible table of the element with `element`'s
    /// key, or `nil` when it is not shown.
    ///
    /// - Complexity: O(log *n*).
    @inlinable public func indexPath(of element: Element) -> ResultsIndexPath? { snapshot.indexPath(of: element) }
}
