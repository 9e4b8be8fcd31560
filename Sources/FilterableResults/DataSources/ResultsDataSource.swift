import Foundation

/// The data source of a table or collection view that shows a source's
/// table (a controller's visible table, a composition of several parts, or
/// static sections), written against ``ResultsListView`` so that it runs and
/// is tested on every platform. On Apple platforms
/// `ResultsTableViewDataSource` and `ResultsCollectionViewDataSource` are
/// its `NSObject` shells, for UIKit's views and, on a Mac, for AppKit's
/// (`NSTableView`, `NSCollectionView`) under the same names.
///
/// It owns the snapshot it serves. When the source reports an update,
/// the data source swaps in the update's snapshot inside the view's batch
/// update, never before, then applies the changes, and reconfigures the
/// rows whose content changed after the batch. So a view that reads its
/// counts when a batch starts (a collection view off screen or not laid
/// out) reads the old table, and every view reads the new one at its end.
///
///     let dataSource = ResultsDataSource(controller: controller, view: listView) { indexPath, product in
///         Cell(title: product.name)
///     }
///     let screen = ResultsDataSource(source: composition, view: screenView) { indexPath, row in
///         Cell(row)
///     }
///
/// User editing goes through the snapshot the view shows, whatever the
/// source holds meanwhile: a swipe to delete removes the row the user
/// saw, and a row the user moved is moved in the model without the move
/// being sent back to the view.
@MainActor
public final class ResultsDataSource<Source: ResultsSource, Cell>: ListDataSource {
    /// The type of the elements shown.
    public typealias Element = Source.Element
    /// The type of the elements' identities.
    public typealias Key = Source.Key
    /// The type of the table the view shows.
    public typealias Snapshot = Source.Snapshot

    /// The source whose table the view shows.
    public let source: Source
    /// The view; held weakly.
    public weak var view: (any ResultsListView)?
    /// The table the view shows: the snapshot of the last update applied.
    ///
    /// - Complexity: O(1).
    public private(set) var snapshot: Snapshot
    /// Makes the cell for an element at an index path of ``snapshot``.
    public let cellProvider: (ResultsIndexPath, Element) -> Cell
    /// Makes the cell for a row of ``snapshot`` whose element its source
    /// cannot give: a database source's row whose record is gone or cannot
    /// be read (the file locked, deleted or corrupt). The row shows that
    /// cell until the view asks for it again (an update of the row, or the
    /// row scrolled back into view). The UIKit and AppKit data sources set
    /// an empty cell; without one, such a row stops the program with a
    /// message naming the row.
    public var missingElementCell: ((ResultsIndexPath) -> Cell)?
    /// The title of a section's header: by default the title of the
    /// section's value (see ``ResultsSectionValue``), or for a section
    /// without a value, its name.
    public var headerTitle: (_ section: Int, _ snapshot: Snapshot) -> String? = { section, snapshot in
        if let value = snapshot.value(ofSection: section) { value.title } else { snapshot.name(ofSection: section) }
    }
    /// The title of a section's footer: by default the footer title of the
    /// section's value, else none.
    public var footerTitle: (_ section: Int, _ snapshot: Snapshot) -> String? = { section, snapshot in
        snapshot.value(ofSection: section)?.footerTitle
    }
    /// The section index (the strip of titles at a table's side), if any.
    public var sectionIndex: SectionIndex?
    /// Whether the user may delete the row (swipe to delete); by default no.
    public var canDeleteRow: (_ indexPath: ResultsIndexPath, _ element: Element) -> Bool = { _, _ in false }
    /// Whether the user may move the row; by default no. It is asked only
    /// for rows the source lets move (see ``ResultsSource/canMoveRow(at:in:)``):
    /// a sorted or sectioned-by-value controller, a static row or a
    /// placeholder is never offered, whatever this says.
    public var canMoveRow: (_ indexPath: ResultsIndexPath, _ element: Element) -> Bool = { _, _ in false }
    /// How rows whose content changed are shown; by default reconfigured.
    public var contentUpdates: ResultsChangeset<Element, Key>.ContentUpdates = .reconfigure
    /// Called with every error of an edit the user made (a delete or move
    /// the source refused); the view is reloaded to what the model holds.
    public var onEditingError: ((ResultsError) -> Void)?
    /// Called when the user selects a row that has no action of its own
    /// (see ``ResultsSource/action(forRowAt:in:)``), with its index path in
    /// ``snapshot`` and its element.
    public var onSelectRow: ((_ indexPath: ResultsIndexPath, _ element: Element) -> Void)?
    /// Called when the view has finished showing an update: after the
    /// batch's animations, or at once after a reload (an update that is
    /// one, or any update while the view is not in a window, which is
    /// reloaded instead of animated). The place to scroll to a row or
    /// restore a selection: find it in ``snapshot``, what the view shows
    /// now (a later update may have been applied since this one). Capture
    /// `self` weakly in it, as in every stored closure.
    public var onUpdateFinished: ((Source.Update) -> Void)?
    /// What stays in place on screen when an update changes the rows
    /// above it; by default nothing (see ``Anchoring``).
    public var anchoring: Anchoring = .none

    @usableFromInline var observation: ResultsObservation?
    /// The model move a user's drag is being written as, while it runs.
    @usableFromInline var userMove: (from: ResultsIndexPath, to: ResultsIndexPath)?
    /// The section index titles the view was last given.
    @usableFromInline var shownIndexTitles: [String]?
    /// The pager followed, if any (``loadPages(with:placeholderCell:)``).
    var paging: Paging?
    /// Whether an update is being applied.
    var isApplying = false

    /// Creates a data source showing `source`'s table in `view` (or in the
    /// view assigned to ``view`` later), and starts following its updates.
    ///
    /// - Complexity: O(1).
    public init(
        source: Source, view: (any ResultsListView)? = nil,
        cellProvider: @escaping (ResultsIndexPath, Source.Element) -> Cell
    ) {
        self.source = source
        self.view = view
        self.cellProvider = cellProvider
        self.snapshot = source.reportedSnapshot
        observation = source.observe { [weak self] update in self?.apply(update) }
    }
}

// MARK: - A controller's data source

extension ResultsDataSource {
    /// Creates a data source showing `controller`'s visible table in `view`
    /// (or in the view assigned to ``view`` later), and starts following the
    /// controller's updates.
    ///
    /// - Complexity: O(1).
    public convenience init<ControllerElement, ControllerKey>(
        controller: ResultsController<ControllerElement, ControllerKey>, view: (any ResultsListView)? = nil,
        cellProvider: @escaping (ResultsIndexPath, ControllerElement) -> Cell
    ) where Source == ResultsController<ControllerElement, ControllerKey> {
        self.init(source: controller, view: view, cellProvider: cellProvider)
    }

    /// The source whose table the view shows: for a data source made from
    /// a controller, that controller.
    ///
    /// - Complexity: O(1).
    public var controller: Source { source }
}

// MARK: - Serving the view

extension ResultsDataSource {
    /// The number of sections the view shows.
    ///
    /// - Complexity: O(1).
    public func numberOfSections() -> Int { snapshot.numberOfSections + (paging?.shown == nil ? 0 : 1) }

    /// The number of rows in a section the view shows.
    ///
    /// - Complexity: O(log *n*).
    public func numberOfRows(inSection section: Int) -> Int {
        if section == placeholderSection { return 1 }
        return snapshot.numberOfElements(inSection: section) ?? 0
    }

    /// The cell for a row the view shows, from the cell provider (from
    /// ``missingElementCell`` for a row whose element the source cannot give).
    ///
    /// - Complexity: O(log *n*), plus the cell provider.
    public func cell(at indexPath: ResultsIndexPath) -> Cell {
        if let paging, let shown = paging.shown, isPlaceholderRow(indexPath) { return paging.cell(indexPath, shown) }
        if view != nil, let object = snapshot.element(at: indexPath) { return cellProvider(indexPath, object) }
        if view != nil, let missingElementCell, snapshot.key(at: indexPath) != nil { return missingElementCell(indexPath) }
        preconditionFailure(noCellMessage(in: snapshot, at: indexPath, viewIsReleased: view == nil))
    }

    /// The title of a section's header.
    ///
    /// - Complexity: that of ``headerTitle``; O(log *n*) by default, plus
    ///   the controller's section value function.
    public func titleForHeader(inSection section: Int) -> String? {
        section == placeholderSection ? nil : headerTitle(section, snapshot)
    }

    /// The title of a section's footer.
    ///
    /// - Complexity: that of ``footerTitle``; O(log *n*) by default, plus
    ///   the controller's section value function.
    public func titleForFooter(inSection section: Int) -> String? {
        section == placeholderSection ? nil : footerTitle(section, snapshot)
    }

    /// The section index titles, if there is a section index.
    ///
    /// - Complexity: that of the section index; O(*s*) for the first letters of *s* sections.
    public func sectionIndexTitles() -> [String]? { sectionIndex?.titles(snapshot) }

    /// The section to scroll to for a section index title.
    ///
    /// - Complexity: that of the section index; O(*s*) for the first letters of *s* sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        sectionIndex?.section(title, index, snapshot) ?? 0
    }
}

// MARK: - Applying updates

extension ResultsDataSource {
    /// Shows an update: swaps in its snapshot inside the view's batch update
    /// and applies its changes there, or reloads the view for a reload. The
    /// data source calls it for every update of its source.
    ///
    /// With ``anchoring``, the first row on screen stays where it is.
    ///
    /// - Complexity: O(*e*) for *e* changes, plus the view's own work.
    public func apply(_ update: Source.Update) {
        guard let view else {
            snapshot = update.snapshot
            onUpdateFinished?(update)
            return
        }
        isApplying = true
        defer {
            isApplying = false
            if let paging, paging.changedMeanwhile {
                paging.changedMeanwhile = false
                showPagingState()
            }
            checkTheEnd()
        }
        if let move = userMove {
            // The view already shows the user's move: only the model catches up.
            userMove = nil
            let changes = update.changeset
            if !update.isReload, changes.sectionChanges.isEmpty,
               let updated = Self.rowsUpdated(by: changes, beside: move, from: snapshot, to: update.snapshot) {
                snapshot = update.snapshot
                // A row dragged to another part of a composition may show
                // anew there; a rank written may renumber its neighbours.
                if !updated.isEmpty { view.reconfigureRows(at: updated) }
                changes.reconfigureUpdatedSections(in: view)
                onUpdateFinished?(update)
                return
            }
            snapshot = update.snapshot
            view.reloadData()
            shownIndexTitles = sectionIndexTitles()
            onUpdateFinished?(update)
            return
        }
        // With an anchor, the view scrolls after the batch and the rows
        // reconfigured after it; the app hears of the update after that.
        let anchor = anchor(for: update, in: view)
        var reloaded = false
        var isShown = false, hasFinished = false
        let show = { [self] in
            reloaded = update.apply(to: view, contentUpdates: contentUpdates, updateDataSource: { [self] in snapshot = update.snapshot }) {
                [weak self] _ in
                if isShown { self?.onUpdateFinished?(update) } else { hasFinished = true }
            }
            if let anchor { keep(anchor, in: view) }
            isShown = true
        }
        if let anchor, anchor.changesAbove { view.performWithoutAnimation(show) } else { show() }
        if hasFinished { onUpdateFinished?(update) }
        if reloaded {
            shownIndexTitles = sectionIndexTitles()
            return
        }
        if sectionIndex != nil {
            let titles = sectionIndexTitles()
            if titles != shownIndexTitles {
                shownIndexTitles = titles
                view.reloadSectionIndexTitles()
            }
        }
    }
}

// MARK: - Editing by the user

extension ResultsDataSource {
    /// When `changes` take `old` to `new` as the user's `move` did (which
    /// the view already shows), with rows updated in place, the rows to
    /// show anew, at their index paths after the move; `nil` for any other
    /// batch. The changes need not be that one move: a row dragged past
    /// its neighbour may be reported as the neighbour moving.
    ///
    /// - Complexity: O(*e* + *d* log *n*) for *e* changes and a drag over
    ///   *d* rows.
    static func rowsUpdated(
        by changes: ResultsChangeset<Element, Key>, beside move: (from: ResultsIndexPath, to: ResultsIndexPath),
        from old: Snapshot, to new: Snapshot
    ) -> [ResultsIndexPath]? {
        var isTheDrag = false, movesOthers = false
        var updated: [ResultsIndexPath] = []
        for change in changes.elementChanges {
            switch change.change {
            case let .move(from, to, isUpdated):
                if from == move.from && to == move.to { isTheDrag = true } else { movesOthers = true }
                if isUpdated { updated.append(to) }
            case let .update(_, newIndexPath):
                updated.append(newIndexPath)
            case .insert, .delete:
                return nil
            }
        }
        if isTheDrag && !movesOthers { return updated }
        // Other moves: they must reorder only the rows the drag passed, as it did.
        let section = move.from.section
        guard move.to.section == section, old.numberOfElements(inSection: section) == new.numberOfElements(inSection: section) else { return nil }
        let passed = min(move.from.row, move.to.row)...max(move.from.row, move.to.row)
        let within = changes.elementChanges.allSatisfy { change in
            guard case let .move(from, to, _) = change.change else { return true }
            return from.section == section && to.section == section && passed.contains(from.row) && passed.contains(to.row)
        }
        guard within else { return nil }
        for row in passed {
            // The row the view shows at `row` since the drag.
            let shownRow = row == move.to.row ? move.from.row : move.from.row < move.to.row ? row + 1 : row - 1
            guard let key = new.key(at: ResultsIndexPath(row: row, section: section)),
                  key == old.key(at: ResultsIndexPath(row: shownRow, section: section)) else { return nil }
        }
        return updated
    }
}

extension ResultsDataSource {
    /// Whether the user may delete the row.
    ///
    /// - Complexity: O(log *n*), plus ``canDeleteRow``.
    public func canEditRow(at indexPath: ResultsIndexPath) -> Bool {
        snapshot.element(at: indexPath).map { canDeleteRow(indexPath, $0) } ?? false
    }

    /// The user deleted the row at `indexPath` of the table the view shows:
    /// the element with that row's key is removed from the source, and the
    /// view learns of it as of any other change.
    ///
    /// - Complexity: O(log *n*), plus the source's report.
    public func commitDelete(at indexPath: ResultsIndexPath) {
        guard let key = snapshot.key(at: indexPath) else { return }
        do {
            try source.remove(key: key)
        } catch {
            editingFailed(error)
        }
    }

    /// Whether the user may move the row: the source lets it move and
    /// ``canMoveRow`` says yes.
    ///
    /// - Complexity: O(log *n*), plus the source's answer and ``canMoveRow``.
    public func canMoveRow(at indexPath: ResultsIndexPath) -> Bool {
        guard source.canMoveRow(at: indexPath, in: snapshot), let element = snapshot.element(at: indexPath) else { return false }
        return canMoveRow(indexPath, element)
    }

    /// The user moved a row: the view already shows it at `destination`, so
    /// the model is moved to match and the move is not sent back. Both
    /// index paths are read in the snapshot the view shows, so the row
    /// lands among the rows the user saw, whatever the source holds now.
    ///
    /// - Complexity: O(log *n*), plus the source's report.
    public func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {
        guard source != destination else { return }
        userMove = (source, destination)
        do {
            try self.source.moveRow(from: source, to: destination, in: snapshot)
            if self.source.isBatching || !self.source.updatesEnabled {
                // The model moves when the batch is reported; until then the
                // view shows a move its snapshot lacks.
                userMove = nil
                view?.reloadData()
            }
        } catch {
            userMove = nil
            editingFailed(error)
        }
    }

    /// The user dropped the row at `source` before the row at `position`
    /// of the table the view shows (`position.row` is the section's count
    /// at its end), in a view that does not move the row itself (AppKit's
    /// `NSTableView` and `NSCollectionView`): the source moves the element
    /// as ``moveRow(at:to:)`` does, with the same refusals, and the view
    /// shows the move as any other update. A drop where the row is does
    /// nothing; a refusal goes to ``onEditingError``.
    ///
    /// - Complexity: O(log *n*), plus the source's report.
    public func dropRow(at source: ResultsIndexPath, before position: ResultsIndexPath) {
        var destination = position
        if position.section == source.section && position.row > source.row { destination.row -= 1 }
        guard destination != source else { return }
        do {
            try self.source.moveRow(from: source, to: destination, in: snapshot)
        } catch {
            onEditingError?(error)
        }
    }

    /// Where a row dragged within a view of sections that proposes drops
    /// onto an item or before it (AppKit's `NSCollectionView`) goes, as the
    /// position of the table shown that ``dropRow(at:before:)`` takes: a
    /// drop onto an item goes before it, a drop before an item (or at a
    /// section's end) where it is proposed. `nil`, a drop the view must
    /// refuse, when the dragged row may not move (``canMoveRow(at:)``) or
    /// `proposed` is no such place in the table shown (not two indexes, a
    /// paging row's section, past a section's end).
    ///
    /// - Complexity: O(log *n*), plus ``canMoveRow(at:)``.
    func dropPosition(dragging source: ResultsIndexPath, proposed: IndexPath, onto: Bool) -> ResultsIndexPath? {
        guard proposed.count == 2, canMoveRow(at: source) else { return nil }
        let position = ResultsIndexPath(proposed)
        guard (0..<snapshot.numberOfSections).contains(position.section),
              let count = snapshot.numberOfElements(inSection: position.section),
              position.row >= 0, onto ? position.row < count : position.row <= count else { return nil }
        return position
    }

    /// The user deleted the rows at `indexPaths` of the table the view
    /// shows (several selected rows and the Delete key, say): those
    /// ``canDeleteRow`` allows are removed from the source, each as
    /// ``commitDelete(at:)`` removes one; a refusal stops there and goes to
    /// ``onEditingError``.
    ///
    /// - Complexity: O(*k* log *n*) for *k* rows, plus the source's reports.
    public func commitDelete(at indexPaths: [ResultsIndexPath]) {
        let keys = indexPaths.filter { canEditRow(at: $0) }.compactMap { snapshot.key(at: $0) }
        for key in keys {
            do {
                _ = try source.remove(key: key)
            } catch {
                return editingFailed(error)
            }
        }
    }

    /// The user selected the row at `indexPath` of the table the view
    /// shows: its own action runs (a static row's, in a composition too),
    /// else ``onSelectRow`` with its element. A path the view does not
    /// show does nothing.
    ///
    /// - Complexity: O(log *n*), plus the action or handler.
    public func didSelectRow(at indexPath: ResultsIndexPath) {
        if let paging, isPlaceholderRow(indexPath) {
            if case .failed? = paging.shown { paging.retry() }
            return
        }
        guard let element = snapshot.element(at: indexPath) else { return }
        if let action = source.action(forRowAt: indexPath, in: snapshot) {
            action()
        } else {
            onSelectRow?(indexPath, element)
        }
    }

    /// Puts the view back to the table the data source serves after an edit
    /// the source refused, and reports the error.
    func editingFailed(_ error: ResultsError) {
        view?.reloadData()
        onEditingError?(error)
    }
}

// MARK: - Why a cell cannot be served

/// Why there is no cell at `indexPath` of `snapshot`, the table a data
/// source told its view about: the view is gone, the path is outside that
/// table (with its counts), or the row is in it but its source cannot give
/// its element any more (it changed without reporting an update).
func noCellMessage(in snapshot: some ResultsTableSnapshot, at indexPath: ResultsIndexPath, viewIsReleased: Bool) -> String {
    let asked = "ResultsDataSource: a cell was asked for at \(indexPath)"
    if viewIsReleased {
        return "\(asked), but the data source has no view: the view it was given was released (or none was set); keep the data source with its view"
    }
    let sections = "\(snapshot.numberOfSections) \(snapshot.numberOfSections == 1 ? "section" : "sections")"
    guard let rows = snapshot.numberOfElements(inSection: indexPath.section) else {
        return "\(asked), outside the table the view was told about (\(sections))"
    }
    guard indexPath.row >= 0, indexPath.row < rows else {
        return "\(asked), outside the table the view was told about (\(sections); section \(indexPath.section) has \(rows) \(rows == 1 ? "row" : "rows"))"
    }
    let row = snapshot.key(at: indexPath).map { "the row with key \(String(reflecting: $0))" } ?? "the row"
    return "\(asked): \(row) is in the table the view was told about, but its source no longer gives its element: the source's table changed without reporting an update"
}
