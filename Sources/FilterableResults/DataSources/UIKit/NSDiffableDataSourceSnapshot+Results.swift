#if canImport(UIKit) && !os(watchOS)
import UIKit

extension NSDiffableDataSourceSnapshot {
    /// The table after `update` as a diffable data source's snapshot: its
    /// sections, identified by ``ResultsUpdate/SectionIdentifier``, and the
    /// keys of their rows, with the rows the update changed reconfigured
    /// where `current`, the snapshot shown, shows them (every row it shows,
    /// after a reload). The logic is ``ResultsUpdate/Identifiers``', tested
    /// on every platform; this shell only copies it.
    ///
    ///     dataSource.apply(NSDiffableDataSourceSnapshot(update, replacing: dataSource.snapshot()), animatingDifferences: true) {
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows shown, plus UIKit's work.
    public init<Snapshot: ResultsTableSnapshot>(_ update: ResultsUpdate<Snapshot>, replacing current: Self)
    where SectionIdentifierType == ResultsUpdate<Snapshot>.SectionIdentifier, ItemIdentifierType == Snapshot.Key {
        let identifiers = ResultsUpdate<Snapshot>.Identifiers(update)
        self.init()
        appendSections(identifiers.sectionIdentifiers)
        for (section, keys) in identifiers.sections { appendItems(keys, toSection: section) }
        let reconfigured = identifiers.keysToReconfigure { current.indexOfItem($0) != nil }
        if !reconfigured.isEmpty { self.reconfigureItems(reconfigured) }   // `self.` so .ci/availability sees the call
    }
}
#endif
