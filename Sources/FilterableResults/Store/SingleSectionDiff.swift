/// The whole-table diff of a table that is one section before and after,
/// the same section (a refreshed flat list): the case ``TableDiff`` spends
/// most of its passes on, done in one walk over the new rows.
///
/// The rows kept are cut into runs: rows that follow each other in the new
/// table and were next to each other in the old one. A refresh of a list
/// mostly repeats its order, so the runs are few, and the fewest moves are
/// found among them, not among the rows: runs cover disjoint stretches of
/// old positions, so an increasing subsequence of rows can always take
/// whole runs, and a longest one is a heaviest increasing subsequence of
/// the runs, each weighing its row count. The rows of the runs left out
/// move; every other row kept is reported only if its content changed.
///
/// It reports what ``TableDiff`` reports for such a table: the same
/// deletes, inserts and updated rows, as many moves (it may pick other
/// rows of equal number when several choices are minimal), in the same
/// order (deletes by old row, then inserts, moves and updates by new row).
@usableFromInline
struct SingleSectionDiff {
    /// Rows kept that follow each other in both tables: new rows
    /// `newStart..<newStart + count` were old rows `oldStart..<oldStart + count`.
    @usableFromInline struct Run {
        @usableFromInline var newStart: Int32
        @usableFromInline var oldStart: Int32
        @usableFromInline var count: Int32

        @inlinable init(newStart: Int32, oldStart: Int32, count: Int32) {
            self.newStart = newStart
            self.oldStart = oldStart
            self.count = count
        }
    }

    /// The rows of the section before and after, by identity.
    @usableFromInline let old: [Int32]
    @usableFromInline let new: [Int32]
    /// Whether each row's content changed, by identity; empty for none.
    @usableFromInline let changed: [Bool]
    @inlinable init(old: [Int32], new: [Int32], changed: [Bool]) {
        self.old = old
        self.new = new
        self.changed = changed
    }

    @inlinable func isChanged(_ id: Int32) -> Bool { !changed.isEmpty && changed[Int(id)] }

    @inlinable func path(_ row: Int32) -> ResultsIndexPath { ResultsIndexPath(row: Int(row), section: 0) }

    /// The row events, deletes first (by old row), then inserts, moves and
    /// updates (by new row); `slotCount` bounds the row identities.
    ///
    /// - Complexity: O(*n* + *m* + *s*) for *n* old and *m* new rows and
    ///   *s* row identities (`slotCount`), plus O(*r* log *r*) for *r* runs
    ///   when rows moved.
    @inlinable func events<Element, Key>(slotCount: Int) -> [ResultsChangeset<Element, Key>.RowEvent] {
        typealias Event = ResultsChangeset<Element, Key>.RowEvent
        // Each old row's position, by identity (-1: not in the old section).
        var oldPosition = [Int32](repeating: -1, count: slotCount)
        oldPosition.withUnsafeMutableBufferPointer { oldPosition in
            old.withUnsafeBufferPointer { old in
                for position in old.indices { oldPosition[Int(old[position])] = Int32(position) }
            }
        }

        var inserts: [Event] = []
        var runs: [Run] = []
        // The changed rows kept, as (run, new row), in new order.
        var changedRows: [(run: Int32, row: Int32)] = []
        oldPosition.withUnsafeBufferPointer { oldPosition in
            new.withUnsafeBufferPointer { new in
                // The run being read: its first new row, first old row and length.
                var run = Run(newStart: 0, oldStart: -2, count: 0)
                for row in new.indices {
                    let id = new[row]
                    let position = oldPosition[Int(id)]
                    if position < 0 {
                        inserts.append(Event(.insert(at: path(Int32(row))), id: id))
                        if run.count > 0 { runs.append(run) }
                        run = Run(newStart: 0, oldStart: -2, count: 0)
                        continue
                    }
                    if position != run.oldStart &+ run.count {
                        if run.count > 0 { runs.append(run) }
                        run = Run(newStart: Int32(row), oldStart: position, count: 0)
                    }
                    run.count &+= 1
                    if isChanged(id) { changedRows.append((Int32(runs.count), Int32(row))) }
                }
                if run.count > 0 { runs.append(run) }
            }
        }

        // Which runs stay: all, when they keep their order; else a
        // heaviest increasing subsequence of their old places.
        var byOldStart = Array(runs.indices)
        var stays: [Bool]
        if zip(runs, runs.dropFirst()).allSatisfy({ $0.oldStart < $1.oldStart }) {
            stays = Array(repeating: true, count: runs.count)
        } else {
            var rank = [Int](repeating: 0, count: runs.count)
            if runs.count &* 8 >= old.count {
                // Many runs (the rows reordered): ranked in one pass over
                // the old positions, each run found where it starts.
                var runStarting = [Int32](repeating: -1, count: old.count)
                for (index, run) in runs.enumerated() { runStarting[Int(run.oldStart)] = Int32(index) }
                var order = 0
                for run in runStarting where run >= 0 {
                    byOldStart[order] = Int(run)
                    rank[Int(run)] = order
                    order += 1
                }
            } else {
                // Few runs (a refresh): their old starts, which are
                // distinct, sorted with their run in the low bits.
                var keys = runs.indices.map { UInt64(UInt32(runs[$0].oldStart)) << 32 | UInt64($0) }
                keys.sort()
                for (order, key) in keys.enumerated() {
                    let run = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
                    byOldStart[order] = run
                    rank[run] = order
                }
            }
            stays = heaviestIncreasingSubsequence(rank, weights: runs.map { Int($0.count) }, bound: runs.count)
        }

        var moves: [Event] = []
        moves.reserveCapacity(zip(runs, stays).reduce(0) { $0 + ($1.1 ? 0 : Int($1.0.count)) })
        for (index, run) in runs.enumerated() where !stays[index] {
            for offset in 0..<run.count {
                let id = new[Int(run.newStart + offset)]
                moves.append(Event(
                    .move(from: path(run.oldStart + offset), to: path(run.newStart + offset), isUpdated: isChanged(id)), id: id))
            }
        }
        var updates: [Event] = []
        updates.reserveCapacity(changedRows.count)
        for (run, row) in changedRows where stays[Int(run)] {
            let start = runs[Int(run)]
            updates.append(Event(.update(at: path(start.oldStart + (row - start.newStart)), newIndexPath: path(row)), id: new[Int(row)]))
        }

        // The old rows no run covers are gone.
        var events: [Event] = []
        let kept = runs.reduce(0) { $0 + Int($1.count) }
        events.reserveCapacity(old.count - kept + inserts.count + moves.count + updates.count)
        var next: Int32 = 0
        for index in byOldStart {
            let run = runs[index]
            while next < run.oldStart {
                events.append(Event(.delete(at: path(next)), id: old[Int(next)]))
                next += 1
            }
            next = run.oldStart + run.count
        }
        while next < Int32(old.count) {
            events.append(Event(.delete(at: path(next)), id: old[Int(next)]))
            next += 1
        }
        events += inserts
        events += moves
        events += updates
        return events
    }
}
