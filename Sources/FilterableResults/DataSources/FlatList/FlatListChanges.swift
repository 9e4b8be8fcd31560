import Foundation

/// One batch in UIKit's vocabulary (the calls of ``ResultsListView``), as
/// recorded for a list without sections, and the calls that make
/// `NSTableView` show it: ``calls(from:to:)``.
///
/// A UIKit batch names deleted rows and move sources in the table before
/// it and inserted rows and move destinations in the table after it, and
/// UIKit works out the rest. `NSTableView` applies each call at once, in
/// order, so the rows must be named as the calls before left the list. The
/// calls are made in this order, inside `beginUpdates()`/`endUpdates()`:
///
/// 1. one `removeRows`: every row that goes (deleted sections, deleted
///    rows, headers that go), in the list before the batch;
/// 2. one `moveRow` per row that changes place among the rows that stay
///    (moved rows, and the header and rows of a moved section), taken in
///    the order of the list after the batch, each put just after the row
///    that precedes it there; the rows that stay and do not move keep
///    their order and are never moved;
/// 3. one `insertRows`: every new row, at its row in the list after the
///    batch (the list now holds the rows that stay in their final order,
///    so the new rows land where the data source serves them).
///
/// After `endUpdates()`, rows whose content changed (reloaded in the batch,
/// or reconfigured) are reloaded at their rows in the list after it. A
/// header whose title changed is removed and inserted.
struct FlatListChanges {
    /// Sections deleted, by their indexes before the batch.
    var deletedSections = IndexSet()
    /// Sections inserted, by their indexes after the batch.
    var insertedSections = IndexSet()
    /// Sections reloaded, by their indexes before the batch.
    var reloadedSections = IndexSet()
    /// Sections moved, from their index before to their index after the batch.
    var sectionMoves: [(from: Int, to: Int)] = []
    /// Elements deleted, by their index paths before the batch.
    var deletedRows: [ResultsIndexPath] = []
    /// Elements inserted, by their index paths after the batch.
    var insertedRows: [ResultsIndexPath] = []
    /// Elements reloaded or reconfigured, by their index paths before the batch.
    var reloadedRows: [ResultsIndexPath] = []
    /// Elements moved, from their index path before to their index path after the batch.
    var rowMoves: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []

    /// The calls that turn the list of `old` into the list of `new`, in the
    /// order to make them; or `nil` when the batch does not lead from one to
    /// the other by UIKit's rules (a count that does not add up, an index
    /// out of range, a row change inside a section that is itself inserted,
    /// deleted, moved or reloaded): reload the list then.
    ///
    /// - Complexity: O((*c* + *s*) log *c*) for *c* changed rows (the rows
    ///   of a moved section count) and *s* sections; the rows that stay in
    ///   place are never visited.
    func calls(from old: FlatListLayout, to new: FlatListLayout) -> [FlatListCall]? {
        guard let plan = FlatListPlan(self, from: old, to: new) else { return nil }
        var calls: [FlatListCall] = []
        if !plan.removed.isEmpty || !plan.moves.isEmpty || !plan.inserted.isEmpty {
            calls.append(.beginUpdates)
            if !plan.removed.isEmpty { calls.append(.removeRows(plan.removed)) }
            calls += plan.moves.map { .moveRow(from: $0.from, to: $0.to) }
            if !plan.inserted.isEmpty { calls.append(.insertRows(plan.inserted)) }
            calls.append(.endUpdates)
        }
        if !plan.reloaded.isEmpty { calls.append(.reloadRows(plan.reloaded)) }
        return calls
    }
}

/// The rows a batch removes, moves, inserts and reloads in a list without
/// sections, worked out from the batch and the sections before and after it.
private struct FlatListPlan {
    /// Rows of the list before the batch that go.
    var removed = IndexSet()
    /// Rows of the list after the batch that are new.
    var inserted = IndexSet()
    /// The moves, each in the list as the calls before it left it.
    var moves: [(from: Int, to: Int)] = []
    /// Rows of the list after the batch to reload after it.
    var reloaded = IndexSet()

    /// What the batch does to a section of the table before it.
    private enum Fate: Equatable {
        case kept, reloaded, deleted
        case moved(to: Int)
    }

    init?(_ changes: FlatListChanges, from old: FlatListLayout, to new: FlatListLayout) {
        // Sections: what becomes of each, and where the ones that stay go
        // (kept sections keep their order, as in UIKit).
        var fates = [Fate](repeating: .kept, count: old.numberOfSections)
        var taken = [Bool](repeating: false, count: new.numberOfSections)  // inserted or a move's destination
        for section in changes.deletedSections {
            guard section < fates.count, fates[section] == .kept else { return nil }
            fates[section] = .deleted
        }
        for section in changes.reloadedSections {
            guard section < fates.count, fates[section] == .kept else { return nil }
            fates[section] = .reloaded
        }
        for (from, to) in changes.sectionMoves {
            guard fates.indices.contains(from), fates[from] == .kept, taken.indices.contains(to), !taken[to] else { return nil }
            fates[from] = .moved(to: to)
            taken[to] = true
        }
        for section in changes.insertedSections {
            guard section < taken.count, !taken[section] else { return nil }
            taken[section] = true
        }
        var newSection = [Int?](repeating: nil, count: old.numberOfSections)  // of a kept or reloaded section
        var oldSection = [Int?](repeating: nil, count: new.numberOfSections)
        var next = 0
        for section in fates.indices where fates[section] == .kept || fates[section] == .reloaded {
            while next < taken.count, taken[next] { next += 1 }
            guard next < taken.count else { return nil }
            newSection[section] = next
            oldSection[next] = section
            next += 1
        }
        while next < taken.count, taken[next] { next += 1 }
        guard next == taken.count else { return nil }

        // Rows: only in kept sections, each named once, counts that add up.
        func keptOld(_ path: ResultsIndexPath) -> Bool { old.contains(path) && fates[path.section] == .kept }
        func keptNew(_ path: ResultsIndexPath) -> Bool {
            new.contains(path) && oldSection[path.section].map { fates[$0] == .kept } == true
        }
        var leaving = Set<ResultsIndexPath>()
        var arriving = Set<ResultsIndexPath>()
        var left = [Int](repeating: 0, count: old.numberOfSections)
        var arrived = [Int](repeating: 0, count: new.numberOfSections)
        for path in changes.deletedRows {
            guard keptOld(path), leaving.insert(path).inserted else { return nil }
            left[path.section] += 1
        }
        for path in changes.insertedRows {
            guard keptNew(path), arriving.insert(path).inserted else { return nil }
            arrived[path.section] += 1
        }
        for (from, to) in changes.rowMoves {
            guard keptOld(from), leaving.insert(from).inserted, keptNew(to), arriving.insert(to).inserted else { return nil }
            left[from.section] += 1
            arrived[to.section] += 1
        }
        for section in fates.indices {
            switch fates[section] {
            case .kept:
                let target = newSection[section]!
                guard old.numberOfElements(inSection: section) - left[section]
                        == new.numberOfElements(inSection: target) - arrived[target] else { return nil }
            case let .moved(target):
                guard old.numberOfElements(inSection: section) == new.numberOfElements(inSection: target) else { return nil }
            case .deleted, .reloaded:
                break
            }
        }

        // The rows of the list that go, come and move.
        var movers: [(old: Int, new: Int)] = []
        for section in fates.indices {
            switch fates[section] {
            case .deleted:
                removed.insert(integersIn: old.rows(ofSection: section))
            case .reloaded:
                removed.insert(integersIn: old.rows(ofSection: section))
                inserted.insert(integersIn: new.rows(ofSection: newSection[section]!))
            case .kept, .moved:
                let target: Int
                let moves: Bool
                if case let .moved(to) = fates[section] { (target, moves) = (to, true) } else { (target, moves) = (newSection[section]!, false) }
                switch (old.headerRow(ofSection: section), new.headerRow(ofSection: target)) {
                case let (from?, to?) where old.title(ofSection: section) == new.title(ofSection: target):
                    if moves { movers.append((from, to)) }  // a kept section's header stays in place
                case let (from?, to?):
                    removed.insert(from)
                    inserted.insert(to)
                case let (from?, nil):
                    removed.insert(from)
                case let (nil, to?):
                    inserted.insert(to)
                case (nil, nil):
                    break
                }
                if moves {
                    for row in 0..<old.numberOfElements(inSection: section) {
                        movers.append((old.row(for: ResultsIndexPath(row: row, section: section)),
                                       new.row(for: ResultsIndexPath(row: row, section: target))))
                    }
                }
            }
        }
        for section in changes.insertedSections { inserted.insert(integersIn: new.rows(ofSection: section)) }
        for path in changes.deletedRows { removed.insert(old.row(for: path)) }
        for path in changes.insertedRows { inserted.insert(new.row(for: path)) }
        for (from, to) in changes.rowMoves { movers.append((old.row(for: from), new.row(for: to))) }
        let staying = old.numberOfRows - removed.count
        guard staying == new.numberOfRows - inserted.count else { return nil }

        // The moves, among the rows that stay: positions in that list.
        let removedRows = PositionSet(removed)
        let insertedRows = PositionSet(inserted)
        let moving = movers.map { (old: $0.old - removedRows.count(below: $0.old), new: $0.new - insertedRows.count(below: $0.new)) }
        let movedBefore = PositionSet(sorted: moving.map(\.old).sorted())
        let movedAfter = PositionSet(sorted: moving.map(\.new).sorted())
        guard movedBefore.count == moving.count, movedAfter.count == moving.count else { return nil }
        moves = Self.moves(moving, staying: staying, movedBefore: movedBefore, movedAfter: movedAfter)

        // Reloads, at the rows they have after the batch.
        guard changes.reloadedRows.allSatisfy(old.contains) else { return nil }
        if !changes.reloadedRows.isEmpty {
            let destinations = Dictionary(movers.map { ($0.old, $0.new) }, uniquingKeysWith: { first, _ in first })
            for path in changes.reloadedRows where fates[path.section] != .deleted && fates[path.section] != .reloaded {
                let row = old.row(for: path)
                if let destination = destinations[row] {
                    reloaded.insert(destination)
                } else if !removedRows.contains(row) {
                    // A row that stays in place: the k-th of the rows that
                    // neither go nor move, before and after.
                    let position = row - removedRows.count(below: row)
                    let after = movedAfter.nonMember(at: position - movedBefore.count(below: position))
                    reloaded.insert(insertedRows.nonMember(at: after))
                }
            }
        }
    }

    /// The `moveRow` calls that put the rows that stay in their order after
    /// the batch, in the list of the `staying` rows that stay (each move in
    /// the list as the moves before it left it).
    ///
    /// The rows in `moving` change places; the others keep their order.
    /// Moving rows are taken in their order after the batch, and each goes
    /// just after the row that precedes it there, so every pair of rows that
    /// are neighbours after the batch ends up side by side: one move per
    /// moving row (none for one that is already there).
    ///
    /// Where a row is, between the moves, is counted without walking the
    /// list. At the move of the row that ends at `t`, the rows that stay put
    /// and the rows moved so far are in their final order, and each row
    /// still to move sits in the gap between the two rows that stay put
    /// around it before the batch, after the rows moved into that gap, in
    /// its order before the batch.
    ///
    /// - Complexity: O(*m* log *m*) for *m* moving rows.
    static func moves(
        _ moving: [(old: Int, new: Int)], staying: Int, movedBefore: PositionSet, movedAfter: PositionSet
    ) -> [(from: Int, to: Int)] {
        var unmoved = RankCounter(count: moving.count)  // by rank of their position before the batch
        var moves: [(from: Int, to: Int)] = []
        for row in moving.sorted(by: { $0.new < $1.new }) {
            let rank = movedBefore.count(below: row.old)
            // Where it is: after every row in place whose final position is
            // below that of the next row that stays put after it before the
            // batch, and after the rows still to move that came before it.
            let nextStill = movedBefore.firstNonMember(atOrAfter: row.old + 1)
            let bound = nextStill < staying ? movedAfter.nonMember(at: nextStill - movedBefore.count(below: nextStill)) : staying
            let placedBelowBound = bound - max(0, movedAfter.count(below: bound) - movedAfter.count(below: row.new))
            let from = placedBelowBound + unmoved.count(below: rank)
            // Where it goes: just after its predecessor in the final order,
            // which sits after the `row.new - 1` rows in place before it and
            // after the rows still to move that lie before the last row that
            // stays put at or before it.
            var to = 0
            if row.new > 0 {
                let still = movedAfter.lastNonMember(atOrBefore: row.new - 1)
                var unmovedBefore = 0
                if still >= 0 {
                    let stillOld = movedBefore.nonMember(at: still - movedAfter.count(below: still))
                    unmovedBefore = unmoved.count(below: movedBefore.count(below: stillOld))
                }
                let predecessor = row.new - 1 + unmovedBefore
                to = from < predecessor ? predecessor : predecessor + 1
            }
            if from != to { moves.append((from, to)) }
            unmoved.remove(rank)
        }
        return moves
    }
}
