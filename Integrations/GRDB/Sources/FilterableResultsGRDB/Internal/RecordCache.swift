import Foundation
import GRDB

/// The records read so far, by key, at most `capacity` of them (the least
/// recently read go first), filled in batches of `batchSize` rows ahead of
/// the row a view reads, in the direction it scrolls.
///
/// Shared by every snapshot of one source; the lock makes it safe to read
/// from any thread, and a snapshot's rows are keys, so a row shows the
/// record with its own key whatever the cache holds.
///
/// What a scroll and a commit call is specialised for `Int64` and `String`
/// keys (the record left generic): the dictionaries by key cost several
/// times as much through the key's metadata.
final class RecordCache<Record: FetchableRecord & Sendable, Key: DatabaseValueConvertible & Hashable & Sendable>: @unchecked Sendable {
    let reader: any DatabaseReader
    /// Reads records by key.
    let query: RecordQuery
    let capacity: Int
    let batchSize: Int
    private let lock = NSLock()
    private var records: [Key: (record: Record, tick: UInt64)] = [:]
    /// The records of rows commits delete, read just before each commits
    /// and held until the update that reports the delete is reported (the
    /// view shows the table before it until then: a later commit, updates
    /// paused, the app's batch): a snapshot a view still shows can always
    /// give the record of each of its rows, whatever the cache evicted. A
    /// key held by several commits in flight is held as many times.
    /// Consulted only after the database: a key deleted and inserted again
    /// shows its new record.
    private var held: [Key: (record: Record, holds: Int)] = [:]
    /// The records of rows as they were before the commit being applied
    /// changed or removed them, with the stamp of that version: what an
    /// update shows for a row that left or moved into a new section.
    private var versions: [Key: (stamp: UInt32, record: Record)] = [:]
    private var tick: UInt64 = 0
    /// Every read of a record from `oldestRead` on, oldest first: its key
    /// and tick. A read whose tick is not its record's (read again since,
    /// or forgotten) is stale; eviction takes the records of the oldest
    /// reads that are not, without sorting or walking the cache.
    private var reads: [(key: Key, tick: UInt64)] = []
    private var oldestRead = 0
    /// The position last read, to tell the direction a view scrolls.
    private var lastRead: (section: Int, row: Int)?
    private var batchesRead = 0
    /// Told of a read that failed (the file locked, deleted or corrupt):
    /// the rows it was for show no record, and the source reports the
    /// error, once until a read succeeds again (a view reading a screenful
    /// of rows would fail once a row). Set once, before the cache is shared.
    var onReadError: (@Sendable (any Error) -> Void)?
    private var readsFail = false

    init(reader: any DatabaseReader, query: RecordQuery, capacity: Int, batchSize: Int) {
        self.reader = reader
        self.query = query
        self.capacity = capacity
        self.batchSize = batchSize
    }

    var count: Int { lock.withLock { records.count } }

    /// The number of batches read, for tests and benchmarks.
    var fetchCount: Int { lock.withLock { batchesRead } }

    /// The number of records held for deleted rows, for tests.
    var heldCount: Int { lock.withLock { held.count } }

    /// The cached record with `key`, if any (not one held for a deleted row).
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func cached(_ key: Key) -> Record? {
        lock.withLock {
            guard let entry = records[key] else { return nil }
            touch(key, entry.record)
            return entry.record
        }
    }

    /// The record held for the deleted row with `key`, if any.
    func heldRecord(_ key: Key) -> Record? { lock.withLock { held[key]?.record } }

    /// The record with `key` at (`section`, `row`), reading `window` (the
    /// keys of a batch from it, ahead in the direction the reads go: `true`
    /// downwards) from the database when it is not cached; `nil` when the
    /// row is gone.
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func record(_ key: Key, section: Int, row: Int, window: (_ forward: Bool) -> [Key]) -> Record? {
        // One turn of the lock for a cached row: the direction, the record.
        let (forward, cached): (Bool, Record?) = lock.withLock {
            let last = lastRead
            lastRead = (section, row)
            let forward = last.map { section > $0.section || (section == $0.section && row >= $0.row) } ?? true
            guard let record = records[key]?.record else { return (forward, nil) }
            touch(key, record)
            return (forward, record)
        }
        if let cached { return cached }
        var keys = window(forward)
        if !keys.contains(key) { keys.append(key) }
        return load(keys)[key] ?? heldRecord(key)
    }

    /// Caches the records a commit sent, as it left the rows: a view that
    /// reads those rows while later commits are on their way reads them as
    /// the snapshot it shows has them.
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func insert(_ sent: [Key: Record]) {
        guard !sent.isEmpty else { return }
        lock.withLock {
            for (key, record) in sent { touch(key, record) }
            evictIfNeeded()
        }
    }

    /// Holds the records of rows about to be deleted (see `held`), once
    /// more each: every hold is let go by one ``releaseHeld(_:)``.
    func hold(_ leaving: [Key: Record]) {
        lock.withLock {
            for (key, record) in leaving { held[key] = (record, (held[key]?.holds ?? 0) + 1) }
        }
    }

    /// Lets go of one hold of each of `keys` (the keys one ``hold(_:)`` held).
    func releaseHeld(_ keys: some Sequence<Key>) {
        lock.withLock {
            for key in keys {
                guard let entry = held[key] else { continue }
                held[key] = entry.holds > 1 ? (entry.record, entry.holds - 1) : nil
            }
        }
    }

    /// Keeps `records`, each the version of its row with the stamp
    /// `stamp` gives (none: not kept), for ``version(_:stamp:)``.
    func keepVersions(_ records: [Key: Record], stamp: (Key) -> UInt32?) {
        guard !records.isEmpty else { return }
        var kept: [Key: (stamp: UInt32, record: Record)] = [:]
        for (key, record) in records {
            if let stamp = stamp(key) { kept[key] = (stamp, record) }
        }
        lock.withLock { versions.merge(kept) { _, new in new } }
    }

    /// The record of the version of row `key` with `stamp`, if kept.
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func version(_ key: Key, stamp: UInt32) -> Record? {
        lock.withLock { versions[key].flatMap { $0.stamp == stamp ? $0.record : nil } }
    }

    /// Lets go of the versions kept of `keys`.
    func dropVersions(_ keys: some Sequence<Key>) {
        lock.withLock { for key in keys { versions[key] = nil } }
    }

    /// Reads the records with `keys` that are not cached, caches them and
    /// returns every one found.
    @discardableResult
    @_specialize(kind: partial, where Key == Int64)
    @_specialize(kind: partial, where Key == String)
    func load(_ keys: [Key]) -> [Key: Record] {
        var found: [Key: Record] = [:]
        var missing: [Key] = []
        for key in keys {
            if let record = cached(key) { found[key] = record } else { missing.append(key) }
        }
        guard !missing.isEmpty else { return found }
        let query = self.query
        let fetched: [Key: Record]
        do {
            fetched = try reader.read { db in try query.records(keys: missing, db) }
        } catch {
            let isFirst = lock.withLock {
                defer { readsFail = true }
                return !readsFail
            }
            if isFirst { onReadError?(error) }
            return found
        }
        lock.withLock {
            readsFail = false
            batchesRead += 1
            for (key, record) in fetched { touch(key, record) }
            evictIfNeeded()
        }
        for (key, record) in fetched { found[key] = record }
        return found
    }

    /// Forgets the records with `keys` (their content changed or they left).
    func invalidate(_ keys: some Sequence<Key>) {
        lock.withLock {
            guard !records.isEmpty else { return }
            for key in keys { records[key] = nil }
        }
    }

    /// Forgets every record.
    func invalidateAll() {
        lock.withLock {
            records.removeAll()
            reads.removeAll()
            oldestRead = 0
        }
    }

    /// Caches `record` as the most recently read (under the lock).
    private func touch(_ key: Key, _ record: Record) {
        tick += 1
        records[key] = (record, tick)
        reads.append((key, tick))
        // Reads of records still cached pile up while nothing is evicted
        // (a view reading the same rows): past four times the capacity,
        // the reads are the cache's records again, by tick.
        if reads.count - oldestRead > 4 * capacity + 64 {
            reads = records.map { (key: $0.key, tick: $0.value.tick) }
            reads.sort { $0.tick < $1.tick }
            oldestRead = 0
        }
    }

    /// Drops the least recently read records down to three quarters of the
    /// capacity once it is passed: the records of the oldest reads not
    /// stale, so eviction costs O(1) per record read, amortised.
    ///
    /// (Down to half, the rollback-journal runs of
    /// `DatabaseDifferentialTests` show a reload reading a row that a
    /// commit in flight deleted through `REPLACE` unseen: such a row's
    /// record cannot be read before the commit, so it is held only while
    /// cached. See ``DatabaseResults``' notes on what a queue can follow.)
    private func evictIfNeeded() {
        guard records.count > capacity else { return }
        let keep = max(1, capacity * 3 / 4)
        while records.count > keep, oldestRead < reads.count {
            let read = reads[oldestRead]
            oldestRead += 1
            if records[read.key]?.tick == read.tick { records.removeValue(forKey: read.key) }
        }
        // The reads taken go once they are half the array.
        if oldestRead * 2 > reads.count {
            reads.removeFirst(oldestRead)
            oldestRead = 0
        }
    }
}
