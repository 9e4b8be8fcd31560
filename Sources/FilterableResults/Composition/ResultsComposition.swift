/// Several sources shown as one table: static sections, the visible
/// tables of results controllers and other compositions, one after the
/// other, with foldable sections and placeholders. It reports one valid
/// batch of the joined table per change of any part, and a data source
/// shows it as it shows a single controller.
///
///     enum Element: Hashable { case profile, signOut, friend(Person), noResults }
///
///     let header = try StaticSections<Element> {
///         StaticSection("Account") {
///             StaticRow(.profile)
///             StaticRow(.signOut)
///         }
///     }
///     let screen = ResultsComposition<Element>([
///         .part(header),
///         .part(friends, as: Element.friend, placeholder: .row(.noResults)),
///     ])
///     let dataSource = ResultsDataSource(source: screen, view: view) { indexPath, row in … }
///
/// The composed table has one row type of your choosing, typically an enum
/// the cell provider switches on; each part turns its elements into rows.
/// The composition has no diff of its own: a part's batch, computed by
/// its own source, becomes a batch of the composed table, its sections
/// shifted past the sections of the parts before it and its changes read
/// only when the batch is read. Its row changes in folded sections are
/// left out (a row that moves into a folded section is deleted, one that
/// moves out of one is inserted), rows the composition's filter hides
/// likewise, and placeholder sections are inserted or deleted in the same
/// batch when a part (or the whole table) loses its last row or gets its
/// first. A batch across parts joins each part's changes end to end.
///
/// Parts come and go at run time (``insertPart(_:at:)``,
/// ``removePart(at:)``, ``movePart(from:to:)``), each change animated;
/// their contents change through their own sources, each change its own
/// update, or one update for changes to several parts (and to the parts
/// themselves) made in ``performBatchUpdates(_:)``. A composition holds
/// its parts' sources, and is used from the isolation domain they are
/// (usually the main actor).
public final class ResultsComposition<Element> {
    /// A part and the composition's state for it.
    @usableFromInline
    struct PartRecord {
        /// The part's identity for as long as it is in the composition,
        /// whatever its index: what keeps its rows and sections the same
        /// when parts before it come, go or move.
        @usableFromInline let id: Int
        @usableFromInline let connection: any PartConnection<Element>
        @usableFromInline let placeholder: Placeholder?
        /// The identities of the part's sections that are folded.
        @usableFromInline var folded: Set<FoldedSection> = []
        @usableFromInline var observation: ResultsObservation?
    }

    /// The parts, in order.
    @usableFromInline var parts: [PartRecord]
    /// The composition's own placeholder.
    @usableFromInline let placeholder: Placeholder?
    /// The composed table as last reported: what a view that applied every
    /// update shows, and what index paths given to the composition refer to.
    ///
    /// - Complexity: O(1).
    @inlinable public var reportedSnapshot: Snapshot { _reportedSnapshot }
    /// The storage of ``reportedSnapshot``.
    @usableFromInline var _reportedSnapshot: Snapshot
    /// Everything that observes the composition.
    @usableFromInline var observers = ObserverList<Update>()
    /// Updates made but not yet delivered, in order.
    @usableFromInline var outbox: [Update] = []
    /// Whether updates are being delivered (so that an update made by an
    /// observer waits for the one being delivered to reach everyone).
    @usableFromInline var isNotifying = false
    /// The batch open with ``performBatchUpdates(_:)``, if any.
    @usableFromInline var batch: Batch?
    /// The parts whose batches each open ``beginUpdates()`` opened: each is
    /// closed by the matching ``endUpdates()``, even if removed meanwhile.
    var manualBatchParts: [[any PartConnection<Element>]] = []
    /// Whether ``setUpdatesEnabled(_:)`` paused the composition.
    @usableFromInline var isPaused = false
    /// Whether the composed table changed while updates were paused.
    @usableFromInline var changedWhilePaused = false
    /// The identity the next part added gets.
    var nextPartID: Int
    /// Which rows show, across every part; see ``addFilter(_:)``.
    @usableFromInline var appliedFilters: [ResultsFilter<Element>] = []
    /// How many times the filters were set: a part shown under other
    /// filters shows other rows.
    @usableFromInline var filtersVersion = 0

    /// Whether two rows are equal, when the row type is `Equatable`: a row
    /// dragged from one part to another is marked updated unless its row
    /// value is the same in both.
    @usableFromInline let areSameRows: ((Element, Element) -> Bool)?
    /// Shows a part's update and reports it (``partDidUpdate(_:_:)``):
    /// made in the inlinable initializers, where the row type is known, so
    /// that the path from a part's change to the composed update runs
    /// specialized in an app's build.
    @usableFromInline let didUpdatePart: (ResultsComposition, Int, PartUpdate) -> Void

    /// Joins `parts`, in order, into one table; `placeholder` shows after
    /// them while none of them has a row.
    ///
    /// - Complexity: O(*p* + *c*) for *p* parts and *c* folded sections.
    @inlinable public convenience init(_ parts: [Part], placeholder: Placeholder? = nil) {
        self.init(parts: parts, placeholder: placeholder, areSameRows: nil, didUpdatePart: { $0.partDidUpdate($1, $2) })
    }

    /// Joins `parts`, rows of a type that compares its values, with rows
    /// that are the same value compared.
    @usableFromInline init(
        parts: [Part], placeholder: Placeholder?, areSameRows: ((Element, Element) -> Bool)?,
        didUpdatePart: @escaping (ResultsComposition, Int, PartUpdate) -> Void
    ) {
        self.parts = parts.enumerated().map { PartRecord(id: $0.offset, connection: $0.element.connection, placeholder: $0.element.placeholder) }
        self.placeholder = placeholder
        self.areSameRows = areSameRows
        self.didUpdatePart = didUpdatePart
        nextPartID = parts.count
        _reportedSnapshot = Snapshot(parts: [], placeholder: nil)
        _reportedSnapshot = Snapshot(
            parts: self.parts.indices.map { snapshotPart($0, table: self.parts[$0].connection.reportedTable()) },
            placeholder: placeholder)
        for index in self.parts.indices { connect(index) }
        _checkInvariants()
    }

    /// Part `index` reported `update`: shows its new table, and reports the
    /// change of the composed table.
    ///
    /// - Complexity: O(*p* + *e*) for *p* parts and *e* changes while all
    ///   of the part's rows show; see ``changes(from:to:updates:aliases:)``.
    @inlinable func partDidUpdate(_ index: Int, _ update: PartUpdate) {
        let old = _reportedSnapshot
        _reportedSnapshot = replacingPart(index, table: update.table)
        reportChange(from: old, partUpdates: [parts[index].id: update], isReload: update.isReload)
    }

    /// Follows the updates of the part at `index`, wherever it moves.
    func connect(_ index: Int) {
        let id = parts[index].id
        parts[index].observation = parts[index].connection.observe { [weak self] update in
            guard let self, let index = self.parts.firstIndex(where: { $0.id == id }) else { return }
            self.didUpdatePart(self, index, update)
        }
    }

    /// How part `index` shows with `own`, its own table, given the
    /// filter and its folded sections.
    @inlinable func snapshotPart(_ index: Int, table own: any PartTable<Element>) -> Snapshot.Part {
        let table: any PartTable<Element> = filter.map { FilteredTable(own, isIncluded: $0) } ?? own
        let folded = parts[index].folded
        var foldedSections: [Int] = []
        var hiddenRows = 0
        if !folded.isEmpty {
            for section in 0..<table.numberOfSections where folded.contains(FoldedSection(section, of: table)) {
                foldedSections.append(section)
                hiddenRows += table.numberOfRows(inSection: section)
            }
        }
        return .init(
            id: parts[index].id, table: table, isFiltered: !appliedFilters.isEmpty, foldedSections: foldedSections, folded: folded, filtersVersion: filtersVersion, hiddenRows: hiddenRows,
            placeholder: parts[index].placeholder)
    }

    /// The snapshot with part `index` shown anew from `table`.
    @inlinable func replacingPart(_ index: Int, table: any PartTable<Element>) -> Snapshot {
        var parts = _reportedSnapshot.parts
        parts[index] = snapshotPart(index, table: table)
        return Snapshot(parts: parts, placeholder: placeholder)
    }
}

extension ResultsComposition where Element: Equatable {
    /// Joins `parts`, in order, into one table; `placeholder` shows after
    /// them while none of them has a row. A row dragged from one part to
    /// another is marked updated only when its row value changes.
    ///
    /// - Complexity: O(*p* + *c*) for *p* parts and *c* folded sections.
    @inlinable public convenience init(_ parts: [Part], placeholder: Placeholder? = nil) {
        self.init(parts: parts, placeholder: placeholder, areSameRows: ==, didUpdatePart: { $0.partDidUpdate($1, $2) })
    }
}

// MARK: - Observing

extension ResultsComposition {
    /// Calls `handler` with every update from now on, after the observers
    /// registered before it, until the returned observation is cancelled or
    /// released.
    ///
    ///     let observation = composition.observe { update in … }   // keep it
    ///
    /// Keep the observation for as long as you want updates: one that is
    /// not kept is released at once and delivers nothing.
    ///
    /// - Complexity: O(1).
    public func observe(_ handler: @escaping (Update) -> Void) -> ResultsObservation {
        let id = observers.add(handler)
        return ResultsObservation { [weak self] in self?.observers.remove(id) }
    }

    /// Reports an update: now, or after the one being delivered if an
    /// observer caused it, so that every observer gets updates in order.
    @inlinable func report(_ update: Update) {
        _checkInvariants()
        guard !isPaused else {
            changedWhilePaused = true
            return
        }
        outbox.append(update)
        guard !isNotifying else { return }
        isNotifying = true
        defer { isNotifying = false }
        while !outbox.isEmpty {
            let next = outbox.removeFirst()
            observers.send(next)
        }
    }
}
