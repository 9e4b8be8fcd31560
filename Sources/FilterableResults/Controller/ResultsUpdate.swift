/// What a controller reports after an outermost batch: the changes to
/// animate and the visible table after them, or that everything must be
/// reloaded from that table.
///
/// Whoever serves a view keeps the ``snapshot`` of the last update it
/// applied, and swaps in the new one inside the view's batch update, which
/// ``apply(to:contentUpdates:updateDataSource:)`` does:
///
///     update.apply(to: view) { shown = update.snapshot }   // first, inside the batch
public struct ResultsUpdate<Element, Key: Hashable> {
    /// The changes to animate, in the coordinates of the table before
    /// (deletes, move sources) and after (inserts, move destinations);
    /// empty for a reload.
    public var changeset: ResultsChangeset<Element, Key>
    /// The visible table after the update.
    public var snapshot: ResultsSnapshot<Element, Key>
    /// Whether the view must reload everything from ``snapshot`` instead of
    /// animating (updates were re-enabled after a pause, or the batch
    /// passed the controller's reload threshold).
    public var isReload: Bool

    /// Creates an update.
    ///
    /// - Complexity: O(1).
    public init(changeset: ResultsChangeset<Element, Key>, snapshot: ResultsSnapshot<Element, Key>, isReload: Bool = false) {
        self.changeset = changeset
        self.snapshot = snapshot
        self.isReload = isReload
    }
}

extension ResultsUpdate: Sendable where Element: Sendable, Key: Sendable {}
