import Foundation

/// Drags in a list the store sorts: the dragged row is given a rank that
/// sorts it where the user dropped it.
extension ResultsController {
    /// How drags write ranks, once `allowsReordering(by:…)` is called.
    @usableFromInline struct Reordering {
        /// Writes into `row` a rank strictly between those of `lower` and
        /// `upper` (the rows it was dropped between; `nil` past an end of
        /// the section), in the section's direction; `false`, writing
        /// nothing, when no such rank exists.
        @usableFromInline let place: (_ row: inout Element, _ lower: Element?, _ upper: Element?, _ ascending: Bool) -> Bool
        /// Writes evenly spaced ranks into `rows`, in their order and the
        /// section's direction; `false` when they do not fit the rank's type.
        @usableFromInline let renumber: (_ rows: inout [Element], _ ascending: Bool) -> Bool
        /// Whether `first` ranks at most `last`: the section's direction.
        @usableFromInline let isAscending: (_ first: Element, _ last: Element) -> Bool
        /// Whether `keys` sort a lower rank first, asked of copies of
        /// `row` given the lowest and the highest rank, or for a class
        /// element (a copy would be the element itself) of `row` given
        /// each in turn, against `other`; `nil` when they do not tell (the
        /// rank is not among them, or for a class element, no `other`).
        @usableFromInline let sortsLowerRanksFirst: (_ row: Element, _ other: Element?, _ keys: [ResultsSortKey<Element>]) -> Bool?
        /// Notes the ranks of `rows`: what writes them back (a class
        /// element's rank is written in place, in the store's element too,
        /// so a drag refused or rolled back puts it back), and what tells
        /// which of them hold another rank now.
        @usableFromInline let noteRanks: (_ rows: [Element]) -> (restore: () -> Void, changed: () -> [Int])
        /// Told of the elements whose ranks a drag rewrote, to save them.
        @usableFromInline let didRerank: ([Element]) -> Void
    }

    /// Lets the user drag rows of a list sorted by `rank`: a drop writes
    /// into the dragged element a rank between the ranks of the rows it was
    /// dropped between (their midpoint), so that the sort puts it where it
    /// was dropped, and `didRerank` receives the elements written, for you
    /// to save. When no rank fits between them (equal ranks, or a
    /// midpoint the type cannot hold), the section's rows get ranks
    /// 0, 1, 2, … in their new order (… 2, 1, 0 in a section that
    /// ranks downwards), and `didRerank` receives them all.
    ///
    ///     let todos = ResultsController(store: ResultsStore<Todo, Todo.ID>(
    ///         key: \.id, sortedBy: [.ascending(\.rank)]))
    ///     todos.allowsReordering(by: \.rank) { moved in database.save(moved) }
    ///
    /// The view shows the drag as the user made it: the update the drag
    /// reports is that one move (the element updated), with the rows
    /// renumbered updated in place. A drag within a section is allowed
    /// in any store but one sectioned by value that does not sort (sort it
    /// by the rank); in a sorted store, a drag into
    /// another section, or one the sort keys before `rank` would undo, is
    /// refused with ``ResultsError/moveNotAllowed(from:to:reason:)`` and
    /// changes nothing. In a store that does not sort, the row is moved
    /// and its rank written all the same.
    ///
    /// - Complexity: O(1). A drag then costs O(*s* log *n*) for *s*
    ///   sections, or O(*r* log *n*) when it renumbers a section of *r* rows.
    public func allowsReordering<Rank: BinaryFloatingPoint>(
        by rank: WritableKeyPath<Element, Rank>, didRerank: @escaping ([Element]) -> Void = { _ in }
    ) {
        reordering = Reordering(
            place: { row, lower, upper, ascending in
                let (a, b) = (lower?[keyPath: rank], upper?[keyPath: rank])
                let step: Rank = ascending ? 1 : -1
                let new: Rank
                switch (a, b) {
                case (nil, nil): return true   // alone in its section: any rank places it
                case let (a?, nil): new = a + step
                case let (nil, b?): new = b - step
                case let (a?, b?): new = a + (b - a) / 2
                }
                let fits = new.isFinite
                    && (a.map { ascending ? $0 < new : $0 > new } ?? true)
                    && (b.map { ascending ? new < $0 : new > $0 } ?? true)
                if fits { row[keyPath: rank] = new }
                return fits
            },
            renumber: { rows, ascending in
                // Every integer up to 2^(significand bits + 1) is exact.
                guard Rank.significandBitCount >= Int.bitWidth - 2 || rows.count - 1 <= 1 << (Rank.significandBitCount + 1) else { return false }
                for index in rows.indices {
                    rows[index][keyPath: rank] = Rank(ascending ? index : rows.count - 1 - index)
                }
                return true
            },
            isAscending: { $0[keyPath: rank] <= $1[keyPath: rank] },
            sortsLowerRanksFirst: { row, other, keys in
                Self.sortsLowerRanksFirst(row, other, by: keys, rank: rank, low: -.infinity, high: .infinity)
            },
            noteRanks: Self.noteRanks(rank),
            didRerank: didRerank)
    }

    /// Lets the user drag rows of a list sorted by an integer `rank`, as
    /// the floating-point form does: a drop writes the midpoint of its
    /// neighbours' ranks, `spacing` past the last (or before the first);
    /// when neighbours' ranks are adjacent or equal, the section is
    /// renumbered 0, `spacing`, 2 × `spacing`, … (as dense as the type
    /// needs, when that overflows).
    ///
    ///     items.allowsReordering(by: \.displayOrder, spacing: 1_000) { moved in save(moved) }
    ///
    /// - Complexity: O(1). A drag then costs O(*s* log *n*) for *s*
    ///   sections, or O(*r* log *n*) when it renumbers a section of *r* rows.
    public func allowsReordering<Rank: FixedWidthInteger>(
        by rank: WritableKeyPath<Element, Rank>, spacing: Rank = Rank(clamping: 1_024),
        didRerank: @escaping ([Element]) -> Void = { _ in }
    ) {
        let spacing = Swift.max(spacing, 1)
        reordering = Reordering(
            place: { row, lower, upper, ascending in
                let (a, b) = (lower?[keyPath: rank], upper?[keyPath: rank])
                let new: (partialValue: Rank, overflow: Bool)
                switch (a, b) {
                case (nil, nil): return true
                case let (a?, nil): new = ascending ? a.addingReportingOverflow(spacing) : a.subtractingReportingOverflow(spacing)
                case let (nil, b?): new = ascending ? b.subtractingReportingOverflow(spacing) : b.addingReportingOverflow(spacing)
                case let (a?, b?):
                    // a / 2 + b / 2, with the halves' remainders: never overflows.
                    new = (a / 2 + b / 2 + (a % 2 + b % 2) / 2, false)
                }
                let value = new.partialValue
                let fits = !new.overflow
                    && (a.map { ascending ? $0 < value : $0 > value } ?? true)
                    && (b.map { ascending ? value < $0 : value > $0 } ?? true)
                if fits { row[keyPath: rank] = value }
                return fits
            },
            renumber: { rows, ascending in
                guard let last = Rank(exactly: rows.count - 1) else { return false }
                let step = last == 0 || last.multipliedReportingOverflow(by: spacing).overflow ? 1 : spacing
                for index in rows.indices {
                    rows[index][keyPath: rank] = Rank(ascending ? index : rows.count - 1 - index) * step
                }
                return true
            },
            isAscending: { $0[keyPath: rank] <= $1[keyPath: rank] },
            sortsLowerRanksFirst: { row, other, keys in Self.sortsLowerRanksFirst(row, other, by: keys, rank: rank, low: .min, high: .max) },
            noteRanks: Self.noteRanks(rank),
            didRerank: didRerank)
    }

    /// What notes the ranks of rows: what writes them back, and what tells
    /// which rows hold another rank now (a NaN rank written again is none).
    @inlinable static func noteRanks<Rank: Equatable>(
        _ rank: WritableKeyPath<Element, Rank>
    ) -> ([Element]) -> (restore: () -> Void, changed: () -> [Int]) {
        { rows in
            let ranks = rows.map { $0[keyPath: rank] }
            let restore = {
                for (row, old) in zip(rows, ranks) {
                    var row = row
                    row[keyPath: rank] = old
                }
            }
            let changed = {
                rows.indices.filter { index in
                    let (new, old) = (rows[index][keyPath: rank], ranks[index])
                    return new != old && (new == new || old == old)
                }
            }
            return (restore, changed)
        }
    }

    /// Whether `keys` sort copies of `row` with the rank `low` before those
    /// with `high`; `nil` when they sort them level.
    ///
    /// For a class element, a copy would be the element itself: `row` (the
    /// dragged element, whose rank the drag writes anyway) is given `low`,
    /// then `high`, in place, and compared with `other` each time, then
    /// given its own rank back; `nil` when the two comparisons agree (the
    /// rank does not decide between them) or there is no `other`.
    @inlinable static func sortsLowerRanksFirst<Rank>(
        _ row: Element, _ other: Element?, by keys: [ResultsSortKey<Element>], rank: WritableKeyPath<Element, Rank>, low: Rank, high: Rank
    ) -> Bool? {
        guard Element.self is AnyClass else {
            var (lower, higher) = (row, row)
            lower[keyPath: rank] = low
            higher[keyPath: rank] = high
            switch keys.compare(lower, higher) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return nil
            }
        }
        guard let other, (row as AnyObject) !== (other as AnyObject) else { return nil }
        var row = row
        let own = row[keyPath: rank]
        defer { row[keyPath: rank] = own }
        row[keyPath: rank] = low
        let lowFirst = keys.compare(row, other)
        row[keyPath: rank] = high
        let highFirst = keys.compare(row, other)
        guard lowFirst != highFirst else { return nil }
        // With the lowest rank it sorts earlier than with the highest.
        return lowFirst == .orderedAscending || highFirst == .orderedDescending
    }

    /// The ranks a drag wrote into class elements, in place: their keys
    /// (the elements trackers are told of, even when the drag was refused
    /// and wrote them back), and what writes them back.
    @usableFromInline struct InPlaceWrites {
        @usableFromInline var keys: [Key] = []
        @usableFromInline var restore: [() -> Void] = []

        @inlinable init() {}

        /// Writes every rank back, the latest writes first.
        @inlinable func undo() {
            for restore in restore.reversed() { restore() }
        }
    }

    /// Moves the row the user dragged from `from` to `to` (raw, `to` after
    /// the move; `source` and `destination` as the view showed them) by
    /// writing ranks with `reordering`: the elements written. Ranks written
    /// into class elements, in place, are added to `inPlaceWrites` (and
    /// written back when the drag is refused).
    ///
    /// - Complexity: O(log *n*), or O(*r* log *n*) to renumber *r* rows.
    @inlinable static func rerank(
        _ store: inout ResultsStore<Element, Key>, from: RawIndexPath, to: RawIndexPath,
        source: ResultsIndexPath, destination: ResultsIndexPath, with reordering: Reordering,
        writingInPlace inPlaceWrites: inout InPlaceWrites
    ) throws(ResultsError) -> [Element] {
        func refuse(_ reason: String) -> ResultsError { .moveNotAllowed(from: source, to: destination, reason: reason) }
        let sorts = store.placesRows
        if sorts && store.sortKeys.isEmpty {
            throw refuse("the list sections its rows by value and sorts them by nothing: sort it by the rank to reorder it")
        }
        if sorts && from.section != to.section { throw refuse("a sorted list reorders rows within their section") }
        let section = to.section
        let rows = store.numberOfRawElements(inSection: section)!
        // The direction the section's ends tell, before the drag.
        let endsAscend = rows < 2 || reordering.isAscending(
            store.element(at: RawIndexPath(row: 0, section: section))!,
            store.element(at: RawIndexPath(row: rows - 1, section: section))!)
        if !sorts { try store.move(from: from, to: to) }
        // The dragged row sits at `dragged` among the section's rows; the
        // others (those there before, less the row if it was one of them)
        // keep their order around it.
        let dragged = sorts ? from.row : to.row
        let others = from.section == section ? rows - 1 : rows
        func other(_ index: Int) -> Element {
            store.element(at: RawIndexPath(row: index + (index >= dragged ? 1 : 0), section: section))!
        }
        var row = store.element(at: RawIndexPath(row: dragged, section: section))!
        let key = store.table.keyOf(row)!
        let lower = to.row > 0 ? other(to.row - 1) : nil
        let upper = to.row < others ? other(to.row) : nil
        // A class element's rank is written in place, in the store's
        // element too: the rows whose rank changed are then placed again as
        // changed in place (several at once), and a refused drag writes
        // their old ranks back (the atomic edit restores only the store).
        // Trackers are told of every element written, even back.
        let inPlace = Element.self is AnyClass
        var writes = InPlaceWrites()
        if inPlace { writes.keys = [key] }
        // The section's direction: the sort keys', where the store sorts
        // (ends of equal or unordered ranks tell nothing), else its ends'.
        let sortsByRank = store.sortKeys.isEmpty ? nil : reordering.sortsLowerRanksFirst(row, lower ?? upper, store.sortKeys)
        let ascending = sortsByRank ?? endsAscend
        do throws(ResultsError) {
            var written: [Element]
            var marked = [key]
            if inPlace { writes.restore.append(reordering.noteRanks([row]).restore) }
            if reordering.place(&row, lower, upper, ascending) {
                // Sorted strictly between the rows it was dropped between, it
                // goes there with no search; else the store places it.
                if sorts, !inPlace, try store.replace(rowAt: from, with: row, ifSortedAt: to) { return [row] }
                written = [row]
            } else {
                written = (0..<others).map(other)
                written.insert(row, at: to.row)
                let kept = inPlace ? reordering.noteRanks(written) : nil
                guard reordering.renumber(&written, ascending) else { throw refuse("its section has more rows than the rank's type can number") }
                if let kept {
                    writes.restore.append(kept.restore)
                    // The dragged row moves whatever its rank; the others
                    // whose rank is the same are not changed.
                    marked += kept.changed().map { store.table.keyOf(written[$0])! }.filter { $0 != key }
                    // Every row is written, changed or not.
                    writes.keys += written.map { store.table.keyOf($0)! }
                }
            }
            if inPlace {
                store.markChanged(keys: marked)
            } else {
                for element in written { try store.replace(element) }
            }
            // The sort keys before the rank, if any, have the last word.
            let placed = written.count == 1
                ? store.rawIndexPath(forKey: key) == to
                : written.indices.allSatisfy { store.rawIndexPath(forKey: store.table.keyOf(written[$0])!) == RawIndexPath(row: $0, section: section) }
            guard placed else { throw refuse("its sort keys place it elsewhere: the rank must be the first") }
            inPlaceWrites.keys += writes.keys
            inPlaceWrites.restore += writes.restore
            return written
        } catch {
            writes.undo()
            inPlaceWrites.keys += writes.keys
            throw error
        }
    }
}
