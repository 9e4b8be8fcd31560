/// Everything that changed in the visible table in one outermost batch, as a
/// value: the section and row changes a table or collection view applies in
/// one batch update.
///
/// Every changeset the store emits obeys UIKit's batch-update rules: old
/// coordinates for deletes, reloads and move sources, new ones for inserts
/// and move destinations; nothing inside a section that is itself inserted,
/// deleted or moved; the fewest moves.
///
/// A changeset the store computed holds its row events compactly and reads
/// each event's key and element from the tables before and after the batch
/// only when the event is read, so computing one costs nothing per element.
public struct ResultsChangeset<Element, Key: Hashable> {
    /// Section changes: deletes, then inserts, then moves.
    public var sectionChanges: [SectionChange]
    /// Row changes: deletes, then inserts, moves and updates.
    public var elementChanges: ElementChanges
    /// Sections that keep their identity and rows but whose value (header,
    /// footer: see ``ResultsSectionValue``) changed: refresh them in place
    /// after the batch. Never a reload: UIKit's `reloadSections` would
    /// replace every cell of the section.
    public var sectionUpdates: [SectionUpdate] = []
    /// The element of the rows (as a name that the nested collection
    /// ``ElementChanges``, whose own `Element` is a change, can use).
    public typealias RowElement = Element

    /// Creates a changeset from its changes.
    ///
    /// - Complexity: O(1).
    @inlinable public init(
        sectionChanges: [SectionChange] = [], elementChanges: [ElementChange] = [], sectionUpdates: [SectionUpdate] = []
    ) {
        self.sectionChanges = sectionChanges
        self.elementChanges = ElementChanges(elementChanges)
        self.sectionUpdates = sectionUpdates
    }

    @inlinable init(sectionChanges: [SectionChange], events: [RowEvent], old: RowTable<Element, Key>, new: RowTable<Element, Key>) {
        self.sectionChanges = sectionChanges
        self.elementChanges = ElementChanges(storage: .events(ElementChanges.Events(events, old: old, new: new)))
    }

    /// Whether nothing changed.
    ///
    /// - Complexity: O(1).
    @inlinable public var isEmpty: Bool { sectionChanges.isEmpty && elementChanges.isEmpty && sectionUpdates.isEmpty }

    /// The number of section and row changes, section updates included.
    ///
    /// - Complexity: O(1).
    @inlinable public var count: Int { sectionChanges.count + elementChanges.count + sectionUpdates.count }

    /// A row change by internal identity, before its key and element are read.
    @usableFromInline
    struct RowEvent: Sendable {
        @usableFromInline var change: RowChange
        @usableFromInline var id: Int32

        @inlinable init(_ change: RowChange, id: Int32) {
            self.change = change
            self.id = id
        }
    }
}

extension ResultsChangeset {
    /// The new index paths of rows that moved and changed: reconfigure them
    /// after the batch update (UIKit cannot move and reload one row at once).
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    @inlinable public var rowsToReconfigureAfterUpdate: [ResultsIndexPath] {
        var paths: [ResultsIndexPath] = []
        elementChanges.forEachPosition { change in
            if case let .move(_, to, true) = change { paths.append(to) }
        }
        return paths
    }
}

/// The changes grouped as a batch update takes them.
extension ResultsChangeset {
    /// The indexes of the sections changed this way: old indexes for
    /// deletes, new ones for inserts; empty for moves (see ``sectionMoves``)
    /// and updates (sections are never reloaded).
    ///
    /// - Complexity: O(*n*), where *n* is the number of section changes.
    @inlinable public func sectionIndexes(_ kind: RowChange.Kind) -> [Int] {
        sectionChanges.compactMap { change in
            switch (kind, change) {
            case let (.insert, .insert(index, _)), let (.delete, .delete(index, _)): index
            default: nil
            }
        }
    }

    /// The section moves, from old index to new index.
    ///
    /// - Complexity: O(*n*), where *n* is the number of section changes.
    @inlinable public var sectionMoves: [(from: Int, to: Int)] {
        sectionChanges.compactMap { if case let .move(from, to, _) = $0 { (from, to) } else { nil } }
    }

    /// The index paths of the rows changed this way: old paths for deletes
    /// and updates (reloads), new ones for inserts; empty for moves (see
    /// ``rowMoves``).
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    @inlinable public func rowIndexPaths(_ kind: RowChange.Kind) -> [ResultsIndexPath] {
        var paths: [ResultsIndexPath] = []
        elementChanges.forEachPosition { change in
            switch (kind, change) {
            case let (.insert, .insert(path)), let (.delete, .delete(path)), let (.update, .update(path, _)): paths.append(path)
            default: break
            }
        }
        return paths
    }

    /// The rows updated in place, from old index path (where UIKit reloads
    /// them) to new index path (where they end up).
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    @inlinable public var rowUpdates: [(from: ResultsIndexPath, to: ResultsIndexPath)] {
        var updates: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []
        elementChanges.forEachPosition { change in
            if case let .update(from, to) = change { updates.append((from, to)) }
        }
        return updates
    }

    /// The row moves, from old index path to new index path.
    ///
    /// - Complexity: O(*n*), where *n* is the number of row changes.
    @inlinable public var rowMoves: [(from: ResultsIndexPath, to: ResultsIndexPath)] {
        var moves: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []
        elementChanges.forEachPosition { change in
            if case let .move(from, to, _) = change { moves.append((from, to)) }
        }
        return moves
    }
}

extension ResultsChangeset: @unchecked Sendable where Element: Sendable, Key: Sendable {}
extension ResultsChangeset: Equatable where Element: Equatable {}
