import Foundation
import GRDB

/// The records read so far, by rowid, at most `capacity` of them (the least
/// recently read go first), filled in batches of `batchSize` rows ahead of
/// the row a view reads, in the direction it scrolls.
///
/// Shared by every snapshot of one source; the lock makes it safe to read
/// from any thread, and a snapshot's rows are keys, so a row shows the
/// record with its own key whatever the cache holds.
final class RecordCache<Record: FetchableRecord & Sendable>: @unchecked Sendable {
    let reader: any DatabaseReader
    let table: String
    let capacity: Int
    let batchSize: Int
    private let lock = NSLock()
    private var records: [Int64: (record: Record, tick: UInt64)] = [:]
    /// The records of rows a commit deletes, read just before it commits
    /// and held until the main actor applies it: a snapshot the view still
    /// shows can always give the record of each of its rows.
    private var held: [Int64: Record] = [:]
    /// The records of rows as they were before the commit being applied
    /// changed or removed them, with the stamp of that version: what an
    /// update shows for a row that left or moved into a new section.
    private var versions: [Int64: (stamp: UInt32, record: Record)] = [:]
    private var tick: UInt64 = 0
    /// The position last read, to tell the direction a view scrolls.
    private var lastRead: (section: Int, row: Int)?
    private var batchesRead = 0

    init(reader: any DatabaseReader, table: String, capacity: Int, batchSize: Int) {
        self.reader = reader
        self.table = table
        self.capacity = capacity
        self.batchSize = batchSize
    }

    var count: Int { lock.withLock { records.count } }

    /// The number of batches read, for tests and benchmarks.
    var fetchCount: Int { lock.withLock { batchesRead } }

    /// The number of records held for deleted rows, for tests.
    var heldCount: Int { lock.withLock { held.count } }

    /// The cached record with `rowID`, if any.
    func cached(_ rowID: Int64) -> Record? {
        lock.withLock {
            guard let entry = records[rowID] else { return held[rowID] }
            tick += 1
            records[rowID] = (entry.record, tick)
            return entry.record
        }
    }

    /// The record with `rowID` at (`section`, `row`), reading `window` (the
    /// keys of a batch from it, ahead in the direction the reads go: `true`
    /// downwards) from the database when it is not cached; `nil` when the
    /// row is gone.
    func record(_ rowID: Int64, section: Int, row: Int, window: (_ forward: Bool) -> [Int64]) -> Record? {
        let forward: Bool = lock.withLock {
            let last = lastRead
            lastRead = (section, row)
            guard let last else { return true }
            return section > last.section || (section == last.section && row >= last.row)
        }
        if let record = cached(rowID) { return record }
        var keys = window(forward)
        if !keys.contains(rowID) { keys.append(rowID) }
        return load(keys)[rowID] ?? lock.withLock { held[rowID] }
    }

    /// Caches the records a commit sent, as it left the rows: a view that
    /// reads those rows while later commits are on their way reads them as
    /// the snapshot it shows has them.
    func insert(_ sent: [Int64: Record]) {
        guard !sent.isEmpty else { return }
        lock.withLock {
            for (rowID, record) in sent {
                tick += 1
                records[rowID] = (record, tick)
            }
            evictIfNeeded()
        }
    }

    /// Holds the records of rows about to be deleted (see `held`).
    func hold(_ leaving: [Int64: Record]) {
        lock.withLock { held.merge(leaving) { _, new in new } }
    }

    /// Lets go of the held records of `rowIDs`.
    func releaseHeld(_ rowIDs: some Sequence<Int64>) {
        lock.withLock { for rowID in rowIDs { held[rowID] = nil } }
    }

    /// Keeps `records`, each the version of its row with the stamp
    /// `stamp` gives (none: not kept), for ``version(_:stamp:)``.
    func keepVersions(_ records: [Int64: Record], stamp: (Int64) -> UInt32?) {
        guard !records.isEmpty else { return }
        var kept: [Int64: (stamp: UInt32, record: Record)] = [:]
        for (rowID, record) in records {
            if let stamp = stamp(rowID) { kept[rowID] = (stamp, record) }
        }
        lock.withLock { versions.merge(kept) { _, new in new } }
    }

    /// The record of the version of row `rowID` with `stamp`, if kept.
    func version(_ rowID: Int64, stamp: UInt32) -> Record? {
        lock.withLock { versions[rowID].flatMap { $0.stamp == stamp ? $0.record : nil } }
    }

    /// Lets go of the versions kept of `rowIDs`.
    func dropVersions(_ rowIDs: some Sequence<Int64>) {
        lock.withLock { for rowID in rowIDs { versions[rowID] = nil } }
    }

    /// Reads the records with `rowIDs` that are not cached, caches them and
    /// returns every one found.
    @discardableResult
    func load(_ rowIDs: [Int64]) -> [Int64: Record] {
        var found: [Int64: Record] = [:]
        var missing: [Int64] = []
        for rowID in rowIDs {
            if let record = cached(rowID) { found[rowID] = record } else { missing.append(rowID) }
        }
        guard !missing.isEmpty else { return found }
        let table = self.table
        let fetched: [Int64: Record] = (try? reader.read { db in try RecordQuery.fetch(missing, table: table, db) }) ?? [:]
        lock.withLock {
            batchesRead += 1
            for (rowID, record) in fetched {
                tick += 1
                records[rowID] = (record, tick)
            }
            evictIfNeeded()
        }
        for (rowID, record) in fetched { found[rowID] = record }
        return found
    }

    /// Forgets the records with `rowIDs` (their content changed or they left).
    func invalidate(_ rowIDs: some Sequence<Int64>) {
        lock.withLock { for rowID in rowIDs { records[rowID] = nil } }
    }

    /// Forgets every record.
    func invalidateAll() {
        lock.withLock { records.removeAll() }
    }

    /// Drops the least recently read records down to three quarters of the
    /// capacity once it is passed, so eviction costs O(1) per record read.
    private func evictIfNeeded() {
        guard records.count > capacity else { return }
        let keep = max(1, capacity * 3 / 4)
        // The cut-off tick from a sort of the ticks alone: a sort of the
        // (rowid, (record, tick)) pairs runs unspecialised over a generic
        // record, and cost more than the batch read it follows.
        var ticks = records.values.map(\.tick)
        ticks.sort(by: >)
        let cutoff = ticks[keep - 1]
        records = records.filter { $0.value.tick >= cutoff }
    }
}
