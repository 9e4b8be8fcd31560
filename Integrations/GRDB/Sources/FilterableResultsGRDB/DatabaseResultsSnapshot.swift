import FilterableResults
import GRDB

/// The table a ``DatabaseResults`` reported: keys and ordering values in
/// memory, records read from the database in batches when a row is read.
///
/// A row's record is the one with the row's key: whatever the cache
/// holds, ``element(at:)`` never returns a record from another position.
/// A record is read as the database is when it is read (the content may be
/// newer than the snapshot; the update that reports the change follows).
public struct DatabaseResultsSnapshot<Record: FetchableRecord & Sendable, Key: DatabaseValueConvertible & Hashable & Sendable>:
    ResultsTableSnapshot, Sendable
{
    /// The records shown.
    public typealias Element = Record

    /// The keys, ordering values and sections, as the engine holds them.
    let entries: ResultsSnapshot<IndexEntry<Key>, Key>
    /// The records read so far.
    let cache: RecordCache<Record, Key>

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { entries.numberOfSections }

    /// The number of rows in `section`, or `nil` for a section that does not exist.
    ///
    /// - Complexity: O(log *n*).
    public func numberOfElements(inSection section: Int) -> Int? { entries.numberOfElements(inSection: section) }

    /// The name of `section`: the section column's value (with a section
    /// title column, the section's title), or `nil` without one.
    ///
    /// - Complexity: O(log *n*).
    public func name(ofSection section: Int) -> String? { entries.name(ofSection: section) }

    /// The id of `section`: with a section title column, the section
    /// column's value (a `DatabaseValue`); `nil` for sections by name.
    ///
    /// - Complexity: O(log *n*).
    public func id(ofSection section: Int) -> (any Hashable & Sendable)? { entries.id(ofSection: section) }

    /// The value of `section`, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    public func value(ofSection section: Int) -> ResultsSectionValue? { entries.value(ofSection: section) }

    /// The number of rows.
    ///
    /// - Complexity: O(1).
    public var count: Int { entries.count }

    /// The key at `indexPath`, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    public func key(at indexPath: ResultsIndexPath) -> Key? { entries.key(at: indexPath) }

    /// The index path of the row with `key`, or `nil` when the snapshot does not show it.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(forKey key: Key) -> ResultsIndexPath? { entries.indexPath(forKey: key) }

    /// Whether the snapshot shows a row with `key`.
    ///
    /// - Complexity: O(log *n*).
    public func contains(key: Key) -> Bool { entries.indexPath(forKey: key) != nil }

    /// The record of the row with `key`, read as ``element(at:)`` reads
    /// it; `nil` when the snapshot does not show the key (the database is
    /// not asked) or the database no longer has the row.
    ///
    /// - Complexity: O(log *n*), plus the read of ``element(at:)`` when
    ///   the record is not cached.
    public func element(forKey key: Key) -> Record? {
        guard let indexPath = entries.indexPath(forKey: key) else { return nil }
        return element(at: indexPath)
    }

    /// The record at `indexPath`: from the cache, or read from the database
    /// with the rows after it (one batch, ahead in the direction the reads
    /// go, so scrolling reads one batch per batch of rows); `nil` when there
    /// is no such row or the database no longer has it.
    ///
    /// A row the cache lacks is read on the calling thread (the main actor,
    /// for a view's cell): one read of at most `batchSize` rows by key
    /// (one statement per 500), each a lookup in the key's index,
    /// whatever the table's size or the request's order and filters.
    /// Through a `DatabasePool` it takes a reader connection, which never
    /// waits for the writer (it waits only while every reader is busy);
    /// through a `DatabaseQueue` it waits for the transaction in progress,
    /// if any, to end, so keep transactions short while a list is shown.
    /// A row a commit deleted while the view still shows it is served
    /// from the records held for it (see ``DatabaseResults``), after that
    /// one read.
    ///
    /// - Complexity: O(log *n*) when cached; otherwise that one read, plus
    ///   O(*b* log *n*) for the *b* keys of the batch.
    public func element(at indexPath: ResultsIndexPath) -> Record? {
        guard let key = Engine.key(at: indexPath, in: entries) else { return nil }
        return cache.record(key, section: indexPath.section, row: indexPath.row) { forward in
            IndexEntry.keys(around: indexPath, forward: forward, batchSize: cache.batchSize, in: entries)
        }
    }

    /// The keys of every section, in order.
    ///
    /// - Complexity: O(*n*).
    public var keysBySection: [[Key]] {
        (0..<numberOfSections).map { section in entries.elements(inSection: section).map(\.key) }
    }
}
