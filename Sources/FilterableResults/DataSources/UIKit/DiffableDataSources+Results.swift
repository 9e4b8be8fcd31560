#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UITableViewDiffableDataSource {
    /// Shows `update` (a source's update, or `ResultsUpdate(snapshot:)` for
    /// a first table): its table as this data source's snapshot, the rows
    /// it changed reconfigured in place, without animation for a reload.
    ///
    ///     let observation = products.observe { update in dataSource.apply(update) }
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows shown, plus UIKit's diff.
    public func apply<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, animatingDifferences: Bool = true)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        apply(NSDiffableDataSourceSnapshot(update, replacing: snapshot()), animatingDifferences: animatingDifferences && !update.isReload)
    }
}

extension UICollectionViewDiffableDataSource {
    /// Shows `update` (a source's update, or `ResultsUpdate(snapshot:)` for
    /// a first table): its table as this data source's snapshot, the items
    /// it changed reconfigured in place, without animation for a reload.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items shown, plus UIKit's diff.
    public func apply<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, animatingDifferences: Bool = true)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        apply(NSDiffableDataSourceSnapshot(update, replacing: snapshot()), animatingDifferences: animatingDifferences && !update.isReload)
    }
}
#endif
