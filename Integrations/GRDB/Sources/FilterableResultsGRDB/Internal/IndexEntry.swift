import Foundation
@_spi(Integrations) import FilterableResults
import GRDB

/// What the source keeps in memory for one row: its key (the app's: the
/// primary key, a unique column, or the rowid of a table with neither),
/// the values its order and section need, and a stamp that changes when
/// the database reports the row's content changed (so the engine reports
/// an update).
///
/// With an `Int64` key, 88 bytes with no heap block when the order has at
/// most two columns, its text values and the section's value fit in 15
/// UTF-8 bytes.
struct IndexEntry<Key: DatabaseValueConvertible & Hashable & Sendable>: Sendable {
    var key: Key
    /// The row's section: its name as text (see ``sectionName(_:)``;
    /// `NULL` without a section column), or with a section title column,
    /// the section column's value, the section's id.
    var section: DatabaseValue
    /// The number of the commit that last changed the row's content
    /// (wrapping: only equality with the row's previous stamp matters).
    /// (Declared here, it fills the section value's padding.)
    var stamp: UInt32
    var values: OrderValues

    /// The sort key of a request's ordering: its columns, then the key (in
    /// SQLite's order of the key's values, as `ORDER BY key` with the
    /// `BINARY` collation).
    ///
    /// While a new request's order is set, the engine may compare entries
    /// read for the old one (fewer values): those compare on the values
    /// both have, and are replaced in the same batch.
    ///
    /// Specialised for the common keys: the comparison made in a generic
    /// context reads each entry's fields through its type's metadata and
    /// casts the keys at run time, and a source's first table makes one
    /// for every row it sorts.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func sortKey(_ ordering: [DatabaseResultsRequest.Ordering]) -> ResultsSortKey<IndexEntry> {
        let keyOrder = Self.keyOrder
        let descending = ordering.map(\.isDescending)
        let first = descending.first ?? false
        let second = descending.count > 1 ? descending[1] : false
        return ResultsSortKey { lhs, rhs in
            let count = min(descending.count, Int(lhs.values.count), Int(rhs.values.count))
            if count > 0 {
                let order = OrderValue.compare(lhs.values.first, rhs.values.first)
                if order != .orderedSame { return first ? SQLiteOrder.invert(order) : order }
            }
            if count > 1 {
                let order = OrderValue.compare(lhs.values.second, rhs.values.second)
                if order != .orderedSame { return second ? SQLiteOrder.invert(order) : order }
            }
            if count > 2 {
                for index in 2..<count {
                    let order = OrderValue.compare(lhs.values[index], rhs.values[index])
                    if order != .orderedSame { return descending[index] ? SQLiteOrder.invert(order) : order }
                }
            }
            return keyOrder(lhs.key, rhs.key)
        }
    }

    /// SQLite's order of two keys' values: integers and text compared
    /// directly, other keys through their database values.
    static var keyOrder: @Sendable (Key, Key) -> ComparisonResult {
        if Key.self == Int64.self { return { SQLiteOrder.order($0 as! Int64, $1 as! Int64) } }
        if Key.self == String.self { return { SQLiteOrder.text($0 as! String, $1 as! String) } }
        return { OrderValue.compare(OrderValue($0.databaseValue), OrderValue($1.databaseValue)) }
    }

    /// Whether `other` has the same order values and section, compared as
    /// SQLite compares them (so text differing only in normalisation differs).
    func hasSamePlace(as other: IndexEntry) -> Bool {
        Self.isSame(section, other.section) && values.isSame(as: other.values)
    }

    /// Whether two section values are the same bytes of the same storage
    /// class (so `1`, `1.0` and `'1'` differ, and so does text differing
    /// only in normalisation): a row whose value changes otherwise is
    /// put back in place, which finds its section whatever it is.
    static func isSame(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.string(a), .string(b)): a.utf8.elementsEqual(b.utf8)
        case let (.int64(a), .int64(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.blob(a), .blob(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The order of section ids, consistent with their equality as
    /// `DatabaseValue`s (the engine's identity of a section): numbers by
    /// value (`1` and `1.0` are one id), text by Swift's order, blobs by
    /// bytes, and between storage classes SQLite's (`NULL`, numbers, text,
    /// blobs). Swift orders text by its Unicode scalars in canonical
    /// composition, as SQLite's `BINARY` collation orders text in NFC (the
    /// usual case); text that differs only in normalisation is one id.
    static func sectionID(_ lhs: DatabaseValue, precedes rhs: DatabaseValue) -> Bool {
        if case let .string(a) = lhs.storage, case let .string(b) = rhs.storage { return a < b }
        return OrderValue.compare(OrderValue(lhs), OrderValue(rhs)) == .orderedAscending
    }

    /// How a request's rows are filed into sections, if it sections them:
    /// by the section column's value as a name, or with a title column,
    /// by that value as the section's id with `titles` as its title.
    /// Specialised for the common keys, as ``sortKey(_:)`` is: the store
    /// files every row of a first table.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func sectioning(_ request: DatabaseResultsRequest, titles: SectionTitles) -> ResultsSectioning<IndexEntry>? {
        guard request.sectionColumn != nil else { return nil }
        guard request.sectionTitleColumn != nil else {
            return ResultsSectioning(sectionName: { sectionName($0.section) }, areInIncreasingOrder: request.sectionOrder)
        }
        return ResultsSectioning(sectionID: { $0.section }, title: { titles[$0] }, areInIncreasingOrder: sectionID(_:precedes:))
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

    /// The entries of `snapshot` whose values at `columns` contain
    /// `folded` text (as live search's SQL function tests them), and the
    /// keys of the others, in order: a narrowing search over ordering
    /// columns, in memory. Specialised for the common keys, since a
    /// generic walk over a million entries costs microseconds each.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func partition(
        _ snapshot: ResultsSnapshot<IndexEntry, Key>, columns: [Int], folded: String
    ) -> (kept: [IndexEntry], removed: [Key]) {
        var kept: [IndexEntry] = []
        var removed: [Key] = []
        removed.reserveCapacity(snapshot.count)
        // In place: a first keystroke over a million rows keeps a hundredth
        // of them, and copying each entry out cost more than testing it.
        snapshot.forEachElementInPlace { entry in
            if columns.contains(where: { SearchMatch.contains(entry.pointee.values[$0], folded: folded) }) {
                kept.append(entry.pointee)
            } else {
                removed.append(entry.pointee.key)
            }
        }
        return (kept, removed)
    }

    /// The keys of the batch of `batchSize` rows to read around
    /// `indexPath`: ahead in the direction the reads go (`forward`:
    /// downwards), a few rows behind too, for a view that turns back.
    @_specialize(where Key == Int64)
    @_specialize(where Key == String)
    static func keys(
        around indexPath: ResultsIndexPath, forward: Bool, batchSize: Int, in entries: ResultsSnapshot<IndexEntry, Key>
    ) -> [Key] {
        let count = entries.numberOfElements(inSection: indexPath.section) ?? 0
        let behind = batchSize / 8
        let lower = forward ? max(0, indexPath.row - behind) : max(0, indexPath.row + behind + 1 - batchSize)
        let upper = min(count, lower + batchSize)
        return (lower..<upper).compactMap { entries.key(at: ResultsIndexPath(row: $0, section: indexPath.section)) }
    }
}
