/// What a ``ResultsSource`` reports after a batch: the changes to animate
/// and the table after them, or that the view must reload from that table.
/// A controller's ``ResultsUpdate`` and a composition's
/// ``ResultsCompositionUpdate``.
public protocol ResultsTableUpdate<Element, Key> {
    /// The type of the objects shown.
    associatedtype Element
    /// The type of the objects' identities.
    associatedtype Key: Hashable
    /// The type of the table after the update.
    associatedtype Snapshot: ResultsTableSnapshot<Element, Key>

    /// The changes to animate, in the coordinates of the table before
    /// (deletes, move sources) and after (inserts, move destinations);
    /// empty for a reload.
    ///
    /// - Complexity: O(1).
    var changeset: ResultsChangeset<Element, Key> { get }
    /// The table after the update.
    ///
    /// - Complexity: O(1).
    var snapshot: Snapshot { get }
    /// Whether the view must reload everything from ``snapshot`` instead
    /// of animating.
    ///
    /// - Complexity: O(1).
    var isReload: Bool { get }
}

extension ResultsUpdate: ResultsTableUpdate {}
