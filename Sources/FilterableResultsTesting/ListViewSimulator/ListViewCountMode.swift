/// When a ``ListViewSimulator`` asks its data source for counts.
///
/// Every view reads the counts when it loads (its first use, or
/// ``ListViewSimulator/reloadData()``) and again when a batch update ends,
/// to check the batch; after a batch that passes, the counts it read at the
/// end are its own. The modes differ in what happens when a batch *starts*.
///
/// The difference decides the classic crash: a data source that already
/// serves the new data before `performBatchUpdates` is called passes with
/// cached counts (the view still holds the old ones) but fails with counts
/// read at the start ("Invalid update: invalid number of items in section
/// …", because the inserts are applied on top of the new counts). Changing
/// the data inside the updates closure, before the first insert or delete
/// call, passes in both modes, which is why every mature library does it.
public enum ListViewCountMode: Hashable, Sendable, CaseIterable {
    /// The view uses the counts it holds: a `UITableView`, or a
    /// `UICollectionView` that is in a window and laid out.
    case cached

    /// The view asks its data source for counts again when
    /// `performBatchUpdates` starts, before the updates closure runs: a
    /// `UICollectionView` that is not in a window, has not been laid out
    /// since `reloadData`, or is flagged for layout (Apple bugs 15262692 and
    /// 28167779; workarounds in FirebaseUI-iOS #620, DTCollectionViewManager
    /// #23, HubFramework #59, Dwifft #21).
    ///
    /// When the counts it reads differ from the ones it holds, the view
    /// reloads: it fetches every cell, header title and index title anew,
    /// as a view with no valid layout does.
    case readAtBatchStart
}
