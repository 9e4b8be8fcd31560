/// The UIKit view a ``ListViewSimulator`` stands in for.
///
/// The two views take the same batch-update calls and check them the same
/// way, with three differences the simulator models:
///
/// - the wording of their exception reasons: "rows" and "table view" for a
///   table view, "items" and "collection view" for a collection view;
/// - row changes inside a section that the same batch deletes, inserts or
///   reloads: a table view absorbs deletes, reloads and inserts there into
///   the section change (the usual NSFetchedResultsController delegate code
///   sends both), a collection view does not;
/// - row changes inside a section that the same batch moves: a table view
///   applies them, a collection view corrupts its data or crashes on them
///   (Apple bugs 26021018 and 48941906; DifferenceKit #106, IGListKit's
///   tracker), so the simulator raises.
///
/// Both place a reloaded row or section as if no section moved (Apple bug
/// 27041784, IGListKit #690), so reloads in a batch that moves sections can
/// land in the wrong section and break the arithmetic.
///
/// See ``ListViewException/Kind/itemChangeInChangedSection`` for the last two.
public enum ListViewFlavor: Hashable, Sendable, CaseIterable {
    /// `UITableView`: rows, "table view" in exception reasons.
    case tableView
    /// `UICollectionView`: items, "collection view" in exception reasons,
    /// and no item changes inside a changed section.
    case collectionView
}
