import Foundation

/// One call to a list without sections (`NSTableView`), in the order
/// ``FlatListChanges/calls(from:to:)`` gives them.
///
/// Unlike a `UITableView` batch, where deletes name rows of the table
/// before it and inserts rows of the table after it, `NSTableView` applies
/// each call at once, in the order made: every row index is one of the
/// list as the calls before it left it.
enum FlatListCall: Hashable, Sendable {
    /// Discard every row and read the data source anew (`reloadData()`).
    case reloadData
    /// Open a group of calls animated together (`beginUpdates()`).
    case beginUpdates
    /// Close the group (`endUpdates()`).
    case endUpdates
    /// Remove rows, all at once: indexes of the list as it is before the call
    /// (`removeRows(at:withAnimation:)`).
    case removeRows(IndexSet)
    /// Insert rows: the indexes the new rows have after the call
    /// (`insertRows(at:withAnimation:)`).
    case insertRows(IndexSet)
    /// Move one row: it leaves `from` and is at `to` after the call, the
    /// rows between shifting by one (`moveRow(at:to:)`).
    case moveRow(from: Int, to: Int)
    /// Make the views of rows anew from the data source: indexes of the list
    /// as it is (`reloadData(forRowIndexes:columnIndexes:)`).
    case reloadRows(IndexSet)
}

extension FlatListCall: CustomStringConvertible {
    /// The call as `remove [1, 4…6]`, `move 3→0`.
    var description: String {
        switch self {
        case .reloadData: return "reloadData"
        case .beginUpdates: return "begin"
        case .endUpdates: return "end"
        case let .removeRows(set): return "remove \(set.rangesDescription)"
        case let .insertRows(set): return "insert \(set.rangesDescription)"
        case let .moveRow(from, to): return "move \(from)→\(to)"
        case let .reloadRows(set): return "reload \(set.rangesDescription)"
        }
    }
}
