import FilterableResults
import GRDB

/// A ``ResultsSource`` over one table of a GRDB database: the rows of a
/// ``DatabaseResultsRequest`` (order, section column, SQL filters), that
/// follows every commit and reports each as one animated batch.
///
///     let players = try await DatabaseResults<Player>(
///         pool, request: DatabaseResultsRequest(table: "player", orderedBy: [.ascending("name")]))
///     let observation = players.observe { update in render(update) }   // keep it
///
/// In memory it keeps only each row's rowid and the values its order and
/// section need; records are read in batches around the rows a view reads,
/// into a cache of at most `cacheCapacity` records.
///
/// A ``TransactionObserver`` collects the rowids each transaction inserts,
/// updates or deletes in the table; after the commit it reads only those
/// rows' ordering values, on the writer connection, and the engine (a
/// ``ResultsController``) turns them into one valid batch. Commits are
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
/// new rowid only: a temporary trigger on the writer connection, which
/// names no column but the rowid (so an app's migrations still drop
/// columns), reports the old one (it is dropped with the source). The rows
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
/// An `UPDATE` that writes the values a row had is no update (up to 1,000
/// rows a transaction). A section with no matching row is not shown. A
/// batch that changes more rows than half the cache, or a request change
/// that swaps more than 10,000 rows, is reported as a reload.
///
/// Writes through another `DatabasePool`, `DatabaseQueue` or process on
/// the same file are not seen (as with GRDB's own observation) until the
/// writer is told with `notifyChanges(in:)`, which reloads.
@MainActor
public final class DatabaseResults<Record: FetchableRecord & Sendable> {
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
    let controller: ResultsController<IndexEntry, Int64>
    let cache: RecordCache<Record>
    let observer: ChangeObserver<Record>
    let feed: AsyncStream<Delivery<Record>>.Continuation
    /// The latest live-search keystroke.
    let searchTicket = SearchTicket()
    /// The request with every change asked for so far, while one is on
    /// its way to the main actor: each change starts from it, so that two
    /// changes in flight (a filter and a keystroke) do not undo each other.
    var pendingRequest: DatabaseResultsRequest?
    /// The request changes on their way.
    var requestChangesInFlight = 0
    /// The serial of the last request change asked for.
    var lastRequestSerial = 0

    /// Reads the request's rows and starts following the database, in one
    /// access of the writer so that no commit falls between them.
    ///
    /// - Parameters:
    ///   - batchSize: The number of records read at once around a row a view reads.
    ///   - cacheCapacity: The most records kept in memory.
    /// - Throws: ``ResultsError`` naming a missing table or column,
    ///   an invalid filter, or the database's error.
    /// - Complexity: O(*n* log *n*) for *n* matching rows, plus the query.
    public init(
        _ writer: any DatabaseWriter, request: DatabaseResultsRequest, batchSize: Int = 50, cacheCapacity: Int = 500
    ) async throws(ResultsError) {
        guard batchSize > 0 else { throw .invalidArgument("batchSize \(batchSize) must be positive") }
        guard cacheCapacity >= batchSize else {
            throw .invalidArgument("cacheCapacity \(cacheCapacity) must be at least batchSize \(batchSize)")
        }
        let (stream, feed) = AsyncStream<Delivery<Record>>.makeStream()
        let cache = RecordCache<Record>(reader: writer, table: request.table, capacity: cacheCapacity, batchSize: batchSize)
        let opened: (ChangeObserver<Record>, [IndexEntry])
        do {
            opened = try await writer.writeWithoutTransaction { db in
                let query = try EntryQuery(request, in: db)
                let observer = ChangeObserver<Record>(
                    query: query, schemaVersion: try db.schemaVersion(), feed: feed,
                    before: BeforeState(db, path: writer.path), recordLimit: cacheCapacity / 2, cache: cache, writer: writer)
                let entries = try query.fetchAll(db)
                observer.trackRowidChanges(db)
                db.add(transactionObserver: observer, extent: .observerLifetime)
                return (observer, entries)
            }
        } catch {
            throw EntryQuery.typed(error)
        }
        self.writer = writer
        self.request = request
        self.feed = feed
        self.observer = opened.0
        self.cache = cache
        var store = ResultsStore<IndexEntry, Int64>(
            key: \.rowID, isSameContent: { $0.stamp == $1.stamp },
            sortedBy: [IndexEntry.sortKey(request.ordering)], sectionedBy: Self.sectioning(request))
        do {
            try store.setData(opened.1)
        } catch {
            throw .invalidArgument("\(error)")
        }
        controller = ResultsController(store: store)
        Task { [weak self] in
            for await delivery in stream {
                guard let self else { return }
                self.handle(delivery)
            }
        }
    }

    deinit {
        // Ends the consumer's loop; GRDB holds the observer weakly.
        feed.finish()
        // The trigger calls its function on every UPDATE that changes a rowid:
        // drop it, then the function.
        let trigger = observer.rowidTrigger!
        writer.asyncWriteWithoutTransaction { db in trigger.remove(db) }
    }

    /// The engine's sectioning for `request`.
    static func sectioning(_ request: DatabaseResultsRequest) -> ResultsSectioning<IndexEntry>? {
        guard request.sectionColumn != nil else { return nil }
        return ResultsSectioning(sectionName: { $0.section }, areInIncreasingOrder: request.sectionOrder)
    }

    /// The table as it is now (every delivered commit applied).
    ///
    /// - Complexity: O(1).
    public var snapshot: Snapshot { Snapshot(entries: controller.snapshot, cache: cache) }

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
    var silentDeletionChecks: ChangeObserver<Record>.SilentDeletionChecks {
        get async {
            let observer = self.observer
            return (try? await writer.writeWithoutTransaction { _ in observer.silentDeletionChecks }) ?? .init()
        }
    }
}
