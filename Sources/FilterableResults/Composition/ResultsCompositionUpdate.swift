/// What a composition reports after a part changed, a section was
/// collapsed or expanded: the changes to animate in the composed table and
/// the table after them, or that the view must reload from that table.
///
///     update.apply(to: view) { shown = update.snapshot }   // first, inside the batch
public struct ResultsCompositionUpdate<Row>: ResultsTableUpdate {
    /// The changes to animate, in the coordinates of the composed table
    /// before (deletes, move sources) and after (inserts, move
    /// destinations); empty for a reload.
    public var changeset: ResultsChangeset<Row, ResultsCompositionKey>
    /// The composed table after the update.
    public var snapshot: ResultsCompositionSnapshot<Row>
    /// Whether the view must reload everything from ``snapshot`` instead of
    /// animating (a part reported a reload).
    public var isReload: Bool

    /// Creates an update.
    ///
    /// - Complexity: O(1).
    public init(changeset: ResultsChangeset<Row, ResultsCompositionKey>, snapshot: ResultsCompositionSnapshot<Row>, isReload: Bool = false) {
        self.changeset = changeset
        self.snapshot = snapshot
        self.isReload = isReload
    }
}
