import GRDB

/// The rows a request reads: their entries in the request's order, and
/// with a section title column, the title of each of their sections by id.
struct FetchedEntries<Key: DatabaseValueConvertible & Hashable & Sendable>: Sendable {
    var entries: [IndexEntry<Key>] = []
    /// Each section's title, by the section column's value (empty without
    /// a section title column).
    var titles: [DatabaseValue: String] = [:]
}
