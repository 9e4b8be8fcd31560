#if canImport(AppKit) && !canImport(UIKit)
import AppKit

extension NSDiffableDataSourceSnapshot {
    /// The table after `update` as a diffable data source's snapshot: its
    /// sections, identified by ``ResultsUpdate/SectionIdentifier``, and the
    /// keys of their rows, with the rows the update changed reloaded where
    /// `current`, the snapshot shown, shows them (every row it shows,
    /// after a reload). AppKit's snapshot cannot reconfigure. The logic is
    /// ``ResultsUpdate/Identifiers``', tested on every platform.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows shown, plus AppKit's work.
    public init<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, replacing current: Self)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        let identifiers = ResultsUpdate<Snapshot>.Identifiers(update)
        self.init()
        appendSections(identifiers.sectionIdentifiers)
        for (section, keys) in identifiers.sections { appendItems(keys, toSection: section) }
        let reloaded = identifiers.keysToReconfigure { current.indexOfItem($0) != nil }
        if !reloaded.isEmpty { reloadItems(reloaded) }
    }
}

extension NSTableViewDiffableDataSource {
    /// Shows `update` (a source's update, or `ResultsUpdate(snapshot:)` for
    /// a first table): its table as this data source's snapshot, the rows
    /// it changed reloaded, without animation for a reload.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows shown, plus AppKit's diff.
    public func apply<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, animatingDifferences: Bool = true)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        apply(NSDiffableDataSourceSnapshot(update, replacing: snapshot()), animatingDifferences: animatingDifferences && !update.isReload)
    }
}

extension NSCollectionViewDiffableDataSource {
    /// Shows `update` (a source's update, or `ResultsUpdate(snapshot:)` for
    /// a first table): its table as this data source's snapshot, the items
    /// it changed reloaded, without animation for a reload.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items shown, plus AppKit's diff.
    public func apply<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, animatingDifferences: Bool = true)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        apply(NSDiffableDataSourceSnapshot(update, replacing: snapshot()), animatingDifferences: animatingDifferences && !update.isReload)
    }
}
#endif
