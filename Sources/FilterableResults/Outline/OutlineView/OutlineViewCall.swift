import Foundation

/// One call to an outline view (`NSOutlineView`), in the order
/// ``OutlineViewAdapter`` makes them. The view applies each call at once:
/// every index is one of the parent's children as the calls before left
/// them, as `NSTableView`'s row calls are (`FlatListCall`). The data
/// source already serves the tree as it is after the call when the call is
/// made.
enum OutlineViewCall<Element: SendableMetatype, Key: Hashable & SendableMetatype> {
    typealias Item = OutlineViewItem<Element, Key>

    /// Discard every item and read the data source anew (`reloadData()`).
    case reloadData
    /// Open a group of changes animated together (`beginUpdates()`).
    case beginUpdates
    /// Close the group (`endUpdates()`).
    case endUpdates
    /// Remove children of `parent`, all at once, by their indexes before
    /// the call (`removeItems(at:inParent:withAnimation:)`); their subtrees
    /// go with them.
    case removeItems(IndexSet, parent: Item)
    /// Insert children of `parent` at the indexes they have after the call
    /// (`insertItems(at:inParent:withAnimation:)`); the view reads them
    /// from the data source.
    case insertItems(IndexSet, parent: Item)
    /// Move one item, with its subtree: it leaves child `from` of `parent`
    /// and is child `to` of `newParent` after the call
    /// (`moveItem(at:inParent:to:inParent:)`).
    case moveItem(from: Int, parent: Item, to: Int, newParent: Item)
    /// Show an item's children (`expandItem(_:)`): the view reads them.
    case expandItem(Item)
    /// Hide an item's children (`collapseItem(_:)`).
    case collapseItem(Item)
    /// Make an item's row view anew (`reloadItem(_:)`).
    case reloadItem(Item)
}

extension OutlineViewCall: CustomStringConvertible {
    /// The call as `remove [1, 4…6] in 3`, `move 0 in root → 2 in 7`.
    var description: String {
        switch self {
        case .reloadData: return "reloadData"
        case .beginUpdates: return "begin"
        case .endUpdates: return "end"
        case let .removeItems(set, parent): return "remove \(set.rangesDescription) in \(parent)"
        case let .insertItems(set, parent): return "insert \(set.rangesDescription) in \(parent)"
        case let .moveItem(from, parent, to, newParent): return "move \(from) in \(parent) → \(to) in \(newParent)"
        case let .expandItem(item): return "expand \(item)"
        case let .collapseItem(item): return "collapse \(item)"
        case let .reloadItem(item): return "reload \(item)"
        }
    }
}
