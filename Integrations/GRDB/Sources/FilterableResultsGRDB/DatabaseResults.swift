import FilterableResults
import GRDB

/// A ``ResultsSource`` over a table of a GRDB database (with tables joined
/// to it) or a view: the rows of a ``DatabaseResultsRequest`` (order,
/// section column, SQL filters), that follows every commit and reports
/// each as one animated batch.
///
///     let players = try await DatabaseResults<Player, Int64>(
///         pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")]))
///     let observation = players.observe { update in render(update) }   // keep it
///
/// Rows are identified by `Key`, the type of the request's key column:
/// the table's primary key by default (`Int64` for an `INTEGER PRIMARY
/// KEY`, `String`, `UUID`, any `DatabaseValueConvertible` type), a
/// `UNIQUE` column the request names, or the rowid of a table with no
/// primary key. A row whose key changes (an `UPDATE` of the key column) is
/// another row: the old key is deleted, the new one inserted. A rowid that
/// changes under a row (`VACUUM` renumbers the rowids of a table without
/// an `INTEGER PRIMARY KEY`, and tells no observer) changes nothing
/// shown, unless the rows are keyed by that rowid: they then show other
/// rows' records until the next commit reads them again, so give a table
/// that may be vacuumed a key of its own. Composite primary keys are not
/// supported (name a `UNIQUE` column as the key); `WITHOUT ROWID` tables
/// neither (SQLite reports no change of theirs), nor tables with a column
/// named `rowid`.
///
/// In memory it keeps only each row's key and the values its order and
/// section need; records are read by key in batches around the rows a
/// view reads, into a cache of at most `cacheCapacity` records.
///
/// A ``TransactionObserver`` collects the rowids each transaction inserts,
/// updates or deletes in the table, and two temporary triggers the keys
/// rows had before they were deleted or took another key; after the commit
/// it reads only those rows' keys and ordering values, on the writer
/// connection, and the engine (a ``ResultsController``) turns them into
/// one valid batch. Commits are
/// delivered to the main actor in commit order, from any connection of the
/// pool and any task. Other tables' and rolled-back transactions report
/// nothing. A schema change (a column added, dropped or renamed, the table
/// made again, an index) or a change GRDB reports without rows
/// (`notifyChanges(in:)`) reloads. A table or column the request needs
/// that is gone is a typed error in ``error``: the rows stay as they were,
/// except those the database no longer has, which leave (a dropped table
/// empties it), until a new request.
///
/// Rows SQLite removes without reporting them are followed too. An
/// `UPDATE` that changes a rowid is reported by the update hook under the
/// new rowid only, and a delete with no key: temporary triggers on the
/// writer connection, which name no column but the rowid and the key (so
/// an app's migrations still drop other columns), report the old rowid
/// and key (they are dropped with the source). The rows
/// an `INSERT OR REPLACE` or `UPDATE OR REPLACE` deletes through a unique
/// index other than the rowid (a `UNIQUE` remote id) are reported by
/// nothing: after a commit that wrote rows of a table with such an index,
/// they are looked up by the written rows' values in the state before the
/// commit, through the index (a pool), or the table is counted before and
/// after (a queue), and where that cannot tell, the request's rowids are
/// read again (O(*n*) for that commit).
///
/// What follows from the writer:
///
/// - A `DatabasePool` (WAL): a read-only connection holds the database as
///   it was before each commit (it lets a checkpoint catch up every 200
///   commits): every delete is animated with the record that left, an
///   `UPDATE` that writes the values a row had is no update, and rows
///   `REPLACE` deleted are found by index lookups: O(*k* log *n*) for *k*
///   rows written. A row written twice in one transaction, or an index
///   over an expression, costs a comparison of the table's rowids instead.
/// - A `DatabaseQueue` on a file (rollback journal, GRDB's default): the
///   state before a commit can be read only while the transaction runs,
///   so a read-only connection reads each row when a transaction first
///   touches it (up to 1,000 rows a transaction), and counts the table at
///   its first write when the table has a unique index other than the
///   rowid: O(*n*) for such commits, and the request's rowids are read
///   again when rows went unseen. Deletes, same-value updates and
///   `REPLACE` are otherwise as with a pool. A transaction too large for
///   SQLite's page cache takes the file before it commits: its deleted
///   rows whose records were never read then reload.
/// - An in-memory `DatabaseQueue`: no other connection can read it, so
///   there is no state before a commit: a delete of a row whose record was
///   never read (not in the cache) reloads, an `UPDATE` of the same values
///   is reported as an update, and every commit that writes a table with a
///   unique index other than the rowid reads the request's rowids again.
///
/// A view reads its cells from the table it was last told about, which
/// may still show rows a commit deleted (its update is on its way, the
/// app's batch is open, or updates are paused). The records of the rows
/// each commit deletes are read just before it commits (a pool: one read
/// of the *k* rows; a file queue: each row as SQLite reports it) and held
/// until the update that deletes them is reported: *k* records for that
/// time, whatever the cache's capacity. A cell the cache lacks is read on
/// the main actor in one bounded read (see
/// ``DatabaseResultsSnapshot/element(at:)``), and a row the database no
/// longer has is then served from those held records. Not held: the rows
/// `REPLACE` deletes unseen through a file queue (they are known only
/// after the commit, when the state before it is gone) and the rows an
/// in-memory database deletes (there is no state before a commit), unless
/// their records are cached.
///
/// An `UPDATE` that writes the values a row had is no update (up to 1,000
/// rows a transaction). A section with no matching row is not shown. A
/// batch that changes more rows than half the cache, or a request change
/// that swaps more than 10,000 rows, is reported as a reload.
///
/// Joined tables (``DatabaseResultsRequest/Join``) are observed too: a
/// commit that changes joined rows reports the rows whose join column
/// holds their referenced value, before (a trigger on the joined table
/// reports the old one) or after it, as updates: O(*k* log *n*) for the
/// *k* rows they lead to, through an index on that column. A write that
/// may `REPLACE` a joined row through another unique index of its table
/// (an `INSERT`, an `UPDATE` of that index's columns) reloads, as does any
/// commit to a table under a view (nothing leads from those rows to the
/// view's).
///
/// Writes through another `DatabasePool`, `DatabaseQueue` or process on
/// the same file are not seen (as with GRDB's own observation) until the
/// writer is told with `notifyChanges(in:)`, which reloads.
@MainActor
public final class DatabaseResults<Record: FetchableRecord & Sendable, Key: DatabaseValueConvertible & Hashable & Sendable> {
    /// The database observed.
    public let writer: any DatabaseWriter
    /// The request shown (changed by ``setRequest(_:)`` and the filter methods).
    public internal(set) var request: DatabaseResultsRequest
    /// The last error met following the database, or `nil`. The table
    /// shown stays as it was when an error is met; a request change that
    /// succeeds clears it.
    public internal(set) var error: ResultsError?
    /// Called on the main actor with each error met following the database.
    public var onError: ((ResultsError) -> Void)?

    /// The engine: keys, ordering values and sections.
    let controller: ResultsController<IndexEntry<Key>, Key>
    /// The sections' titles by id, with a section title column.
    let sectionTitles: SectionTitles
    let cache: RecordCache<Record, Key>
    let observer: ChangeObserver<Record, Key>
    let feed: AsyncStream<Delivery<Record, Key>>.Continuation
    /// The latest keystroke of each live search.
    let searchTicket = SearchTicket()
    /// The request changes on their way, in the order they were asked
    /// for: each change starts from the request shown with their edits, so
    /// that two changes in flight (a filter and a keystroke) do not undo
    /// each other.
    var pendingChanges: [PendingRequestChange] = []
    /// How many request changes failed so far.
    var failedRequestChanges = 0
    /// The serial of the last request change asked for.
    var lastRequestSerial = 0
    /// What the request's rows are read from (the table, with its joins, or
    /// the view): the same for every request of the source, kept here so
    /// that the main actor does not read the observer's query, which the
    /// writer replaces.
    let rowSource: String
    /// The keys whose records commits applied hold for the rows they
    /// deleted, let go once their updates are reported (one entry per hold).
    var heldUntilReported: [Key] = []

    /// Reads the request's rows and starts following the database, in one
    /// access of the writer so that no commit falls between them.
    ///
    /// - Parameters:
    ///   - batchSize: The number of records read at once around a row a view reads.
    ///   - cacheCapacity: The most records kept in memory.
    /// - Throws: ``ResultsError`` naming a missing table or column, an
    ///   invalid filter, a key column that is not unique
    ///   (``ResultsError/invalidKey(_:reason:)``), a row whose key is
    ///   `NULL` or not a `Key` (the same, naming the value), two rows whose
    ///   keys are equal as `Key`s though not in SQLite (text differing only
    ///   in Unicode normalisation: ``ResultsError/duplicateKey(_:)``), or
    ///   the database's error.
    /// - Complexity: O(*n* log *n*) for *n* matching rows, plus the query.
    public init(
        _ writer: any DatabaseWriter, request: DatabaseResultsRequest, batchSize: Int = 50, cacheCapacity: Int = 500
    ) async throws(ResultsError) {
        guard batchSize > 0 else { throw .invalidArgument("batchSize \(batchSize) must be positive") }
        guard cacheCapacity >= batchSize else {
            throw .invalidArgument("cacheCapacity \(cacheCapacity) must be at least batchSize \(batchSize)")
        }
        // A request taken from another source carries that source's
        // serial: this source numbers its own changes from 0.
        var numbered = request
        numbered.serial = 0
        numbered.organization = 0
        let request = numbered
        let (stream, feed) = AsyncStream<Delivery<Record, Key>>.makeStream()
        let opened: (ChangeObserver<Record, Key>, FetchedEntries<Key>, RecordCache<Record, Key>)
        do {
            opened = try await writer.writeWithoutTransaction { db in
                let query = try EntryQuery(request, in: db)
                let cache = RecordCache<Record, Key>(reader: writer, query: query.records, capacity: cacheCapacity, batchSize: batchSize)
                let observer = ChangeObserver<Record, Key>(
                    query: query, schemaVersion: try db.schemaVersion(), feed: feed,
                    before: BeforeState(db, path: writer.path), recordLimit: cacheCapacity / 2, cache: cache, writer: writer)
                let entries: FetchedEntries<Key> = try query.fetchAll(db)
                observer.trackKeyChanges(db)
                db.add(transactionObserver: observer, extent: .observerLifetime)
                return (observer, entries, cache)
            }
        } catch {
            throw EntryQuery.typed(error)
        }
        self.writer = writer
        self.request = request
        self.feed = feed
        self.observer = opened.0
        self.rowSource = opened.0.query.source
        self.cache = opened.2
        let sectionTitles = SectionTitles(opened.1.titles)
        self.sectionTitles = sectionTitles
        var store = ResultsStore<IndexEntry<Key>, Key>(
            key: \.key, isSameContent: { $0.stamp == $1.stamp },
            sortedBy: [IndexEntry.sortKey(request.ordering)], sectionedBy: IndexEntry.sectioning(request, titles: sectionTitles))
        let summary: ResultsStore<IndexEntry<Key>, Key>.MergeSummary
        do {
            summary = try Engine.setData(&store, opened.1.entries)
        } catch {
            Self.stopFollowing(opened.0, on: writer, feed: feed)
            throw .invalidArgument("\(error)")
        }
        if summary.foldedDuplicates > 0 {
            Self.stopFollowing(opened.0, on: writer, feed: feed)
            throw Self.duplicateKey(in: opened.1.entries, table: request.table)
        }
        controller = ResultsController(store: store)
        // A record the view cannot read is an error the app hears of.
        cache.onReadError = { [weak self] error in
            Task { @MainActor in self?.fail(EntryQuery.typed(error)) }
        }
        Task { [weak self] in
            for await delivery in stream {
                guard let self else { return }
                self.handle(delivery)
            }
        }
    }

    deinit {
        Self.stopFollowing(observer, on: writer, feed: feed)
    }

    /// Stops following the database: ends the consumer's loop (GRDB holds
    /// the observer weakly) and drops the triggers, which call their
    /// function on every statement that deletes a row or changes a key.
    nonisolated static func stopFollowing(
        _ observer: ChangeObserver<Record, Key>, on writer: any DatabaseWriter, feed: AsyncStream<Delivery<Record, Key>>.Continuation
    ) {
        feed.finish()
        // The observer's triggers are the writer's to read.
        writer.asyncWriteWithoutTransaction { db in for trigger in observer.triggers { trigger.remove(db) } }
    }

    /// The error naming the first key `entries` repeat: keys SQLite holds
    /// apart (its unique index compares bytes) that are equal as `Key`s.
    static func duplicateKey(in entries: [IndexEntry<Key>], table: String) -> ResultsError {
        var seen = Set<Key>()
        return duplicateKey(entries.first { !seen.insert($0.key).inserted }.map { "\($0.key)" } ?? "?", table: table)
    }

    /// The error of two rows of `table` whose keys are equal as `Key`s, one of them `key`.
    static func duplicateKey(_ key: String, table: String) -> ResultsError {
        .duplicateKey("\(key) (two rows of table \(table) have keys equal as \(Key.self) values)")
    }

    /// The table as it is now (every delivered commit applied).
    ///
    /// - Complexity: O(1).
    public var snapshot: Snapshot { Snapshot(entries: controller.snapshot, cache: cache) }

    /// The index path of the row with `key` in the table as it is now, or
    /// `nil` when it does not show the key.
    ///
    ///     let path = posts.indexPath(forKey: "hello-world")
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(forKey key: Key) -> ResultsIndexPath? { controller.indexPath(forKey: key) }

    /// Whether the table as it is now shows a row with `key`.
    ///
    /// - Complexity: O(log *n*).
    public func contains(key: Key) -> Bool { controller.indexPath(forKey: key) != nil }

    /// The record of the row with `key` in the table as it is now (from the
    /// cache, or read with the rows around it); `nil` when it does not show
    /// the key (the database is not asked) or the database no longer has the row.
    ///
    /// - Complexity: O(log *n*), plus one read when the record is not cached.
    public func element(forKey key: Key) -> Record? { snapshot.element(forKey: key) }

    /// Waits until every commit made before the call is reported.
    ///
    ///     try await pool.write { db in try player.insert(db) }
    ///     await players.synchronize()   // players.reportedSnapshot has the row
    ///
    /// - Complexity: O(1), plus waiting for the writer and the deliveries before.
    public func synchronize() async {
        let feed = self.feed
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            writer.asyncWriteWithoutTransaction { _ in
                feed.yield(.marker { continuation.resume() })
            }
        }
    }
}

extension DatabaseResults {
    /// How the commits that may have removed rows unseen were checked so
    /// far (read on the writer, after the commits before the call), for tests.
    var silentDeletionChecks: ChangeObserver<Record, Key>.SilentDeletionChecks {
        get async {
            let observer = self.observer
            return (try? await writer.writeWithoutTransaction { _ in observer.silentDeletionChecks }) ?? .init()
        }
    }
}
