/// What a source reports after a batch: the changes to animate and the
/// table after them, or that the view must reload from that table.
///
/// Every source reports this one type, over its own snapshot: a
/// controller's `ResultsUpdate<ResultsSnapshot<Element, Key>>` (spelled
/// `ResultsController<Element, Key>.Update`), a composition's
/// `ResultsComposition<Element>.Update`.
///
/// Whoever serves a view keeps the ``snapshot`` of the last update it
/// applied, and swaps in the new one inside the view's batch update, which
/// ``apply(to:contentUpdates:updateDataSource:completion:)`` does:
///
///     update.apply(to: view) { shown = update.snapshot }   // first, inside the batch
public struct ResultsUpdate<Snapshot: ResultsTableSnapshot> {
    /// The changes to animate, in the coordinates of the table before
    /// (deletes, move sources) and after (inserts, move destinations);
    /// empty for a reload.
    public var changeset: ResultsChangeset<Snapshot.Element, Snapshot.Key>
    /// The table after the update.
    public var snapshot: Snapshot
    /// Whether the view must reload everything from ``snapshot`` instead of
    /// animating (a controller's updates were re-enabled after a pause, or
    /// its batch passed the reload threshold; a part of a composition
    /// reloaded).
    public var isReload: Bool

    /// Creates an update; without a changeset, one that shows `snapshot`
    /// with nothing to animate (a first table for a diffable data source:
    /// `dataSource.apply(ResultsUpdate(snapshot: source.reportedSnapshot))`).
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(changeset: ResultsChangeset<Snapshot.Element, Snapshot.Key> = .init(), snapshot: Snapshot, isReload: Bool = false) {
        self.changeset = changeset
        self.snapshot = snapshot
        self.isReload = isReload
    }
}

extension ResultsUpdate: Sendable where Snapshot: Sendable, Snapshot.Element: Sendable, Snapshot.Key: Sendable {}
