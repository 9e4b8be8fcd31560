import Foundation
import FilterableResults
import GRDB

/// What the source keeps in memory for one row: its rowid, the values its
/// order and section need, and a stamp that changes when the database
/// reports the row's content changed (so the engine reports an update).
struct IndexEntry: Sendable, Equatable {
    var rowID: Int64
    var values: [DatabaseValue]
    var section: String
    var stamp: Int64

    /// The sort key of a request's ordering: its columns, then the rowid.
    ///
    /// While a new request's order is set, the engine may compare entries
    /// read for the old one (fewer values): those compare on the values
    /// both have, and are replaced in the same batch.
    static func sortKey(_ ordering: [DatabaseResultsRequest.Ordering]) -> ResultsSortKey<IndexEntry> {
        let descending = ordering.map(\.isDescending)
        return ResultsSortKey { lhs, rhs in
            for index in 0..<min(descending.count, lhs.values.count, rhs.values.count) {
                let order = SQLiteOrder.compare(lhs.values[index], rhs.values[index])
                if order != .orderedSame { return descending[index] ? (order == .orderedAscending ? .orderedDescending : .orderedAscending) : order }
            }
            return lhs.rowID < rhs.rowID ? .orderedAscending : lhs.rowID == rhs.rowID ? .orderedSame : .orderedDescending
        }
    }

    /// Whether `other` has the same order values and section, compared as
    /// SQLite compares them (so text differing only in normalisation differs).
    func hasSamePlace(as other: IndexEntry) -> Bool {
        section.utf8.elementsEqual(other.section.utf8) && values.count == other.values.count
            && zip(values, other.values).allSatisfy { SQLiteOrder.compare($0, $1) == .orderedSame && SQLiteOrder.rank($0) == SQLiteOrder.rank($1) }
    }

    /// The name of the section of a section column's value, as the core
    /// names sections: text as is, numbers by their description, `NULL` as `""`.
    static func sectionName(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: ""
        case let .int64(value): String(value)
        case let .double(value): String(value)
        case let .string(value): value
        case let .blob(data): data.map { String(format: "%02x", $0) }.joined()
        }
    }
}
