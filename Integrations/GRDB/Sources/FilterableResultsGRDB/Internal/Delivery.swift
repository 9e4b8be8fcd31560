import FilterableResults
import GRDB

/// What the writer side sends the main actor, in commit order.
enum Delivery<Record: Sendable, Key: DatabaseValueConvertible & Hashable & Sendable>: Sendable {
    /// One commit: the entries of the rows inserted or updated that match
    /// the request now, and the rows that left (deleted or no longer
    /// matching); the records of the rows that came or changed as they are
    /// after the commit, and of those that left as they were before it
    /// (each empty when the commit changed more rows than the cache holds).
    /// `updated` are the rows whose content changed: an `UPDATE` that wrote
    /// the values a row had is not a change. `verified`, when the commit
    /// may have removed rows unseen (`REPLACE` through a unique index) and
    /// they could not be found, is every key the request matches after
    /// it (after a failure, every key the table has): the rows shown that
    /// are not among them left too. `titles` are the titles of the
    /// upserted rows' sections, by id (with a section title column).
    /// `returned` are the keys that left and are present again (a key
    /// rewritten to one equal as a `Key`, a row deleted and inserted
    /// again): the rows upserted under them replace those that left.
    case changes(
        upserted: [IndexEntry<Key>], titles: [DatabaseValue: String], removed: [Key], returned: Set<Key>, updated: [Key],
        records: [Key: Record], leaving: [Key: Record], verified: Set<Key>?)
    /// The whole table read again after a change the observer could not
    /// follow row by row (a schema change, an untracked change): a reload.
    case reload(FetchedEntries<Key>)
    /// A new request's rows, read in the writer's order, for the main actor
    /// to animate (sorted and sectioned anew when the request's order or
    /// sections are not those shown); `done`
    /// resumes its caller. With `refresh`, the rows' content may have
    /// changed unseen (the schema changed, or commits went unfollowed after
    /// an error): every row kept is reported updated, no record cached is kept.
    case refetch(EntryQuery, FetchedEntries<Key>, refresh: Bool, done: @Sendable () -> Void)
    /// A narrower request's matching keys, read on the writer among
    /// `candidates` (or all rows), with the records of the candidates that
    /// leave (empty when too many): the main actor removes the rows shown
    /// that are not `matched`, and calls `done` with `false` without
    /// changing anything when it shows a row outside `candidates`.
    /// It narrows the request of serial `from`: shown another, the main
    /// actor changes nothing either.
    case narrow(EntryQuery, from: Int, matched: Set<Key>, candidates: Set<Key>?, leaving: [Key: Record], done: @Sendable (Bool) -> Void)
    /// A narrower request whose search columns are all ordering columns:
    /// the main actor tests the ordering values it holds (at its place
    /// among the deliveries, they are the database's values as the writer
    /// asked for it) at positions `columns` for `folded` text, and removes
    /// the rows that do not match; `done` as for `narrow`.
    case narrowInMemory(EntryQuery, from: Int, columns: [Int], folded: String, done: @Sendable (Bool) -> Void)
    /// The database could not be followed: the source keeps its last table.
    case failure(ResultsError)
    /// The records held for the rows a commit deleted (see
    /// `RecordCache.hold`), one hold per key, follow the commit's delivery:
    /// the main actor lets them go once the update it applied is reported.
    case release([Key])
    /// Every earlier delivery has been applied.
    case marker(@Sendable () -> Void)
}
