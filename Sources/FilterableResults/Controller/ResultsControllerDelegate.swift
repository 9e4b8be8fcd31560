/// Receives a controller's changes, in NSFetchedResultsController's shape.
///
/// After every outermost batch that changed the visible table, the
/// controller calls ``controllerWillChangeContent(_:)``, then one call per
/// section change and per row change, then ``controllerDidChangeContent(_:)``:
/// apply them in one `performBatchUpdates`. When the table must be reloaded
/// instead (updates were re-enabled, or the batch passed the reload
/// threshold), it calls ``controllerShouldReload(_:)`` alone.
///
/// Every method has an empty default. The delegate must not mutate the
/// controller from inside these calls: such a mutation throws
/// ``ResultsError/invalidOperation(_:)``.
public protocol ResultsControllerDelegate<Element, Key>: AnyObject {
    /// The type of the controller's objects.
    associatedtype Element
    /// The type of the controller's keys.
    associatedtype Key: Hashable

    /// A group of changes begins.
    func controllerWillChangeContent(_ controller: ResultsController<Element, Key>)
    /// A section was inserted, deleted, moved or reloaded.
    func controller(_ controller: ResultsController<Element, Key>, didChange section: SectionChange)
    /// A row was inserted, deleted, moved or updated.
    func controller(_ controller: ResultsController<Element, Key>, didChange object: ObjectChange<Element, Key>)
    /// The group of changes ends: commit the batch update.
    func controllerDidChangeContent(_ controller: ResultsController<Element, Key>)
    /// Reload everything from the controller's current visible table.
    func controllerShouldReload(_ controller: ResultsController<Element, Key>)
}

extension ResultsControllerDelegate {
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: ResultsController<Element, Key>) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didChange section: SectionChange) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didChange object: ObjectChange<Element, Key>) {}
    /// Does nothing.
    public func controllerDidChangeContent(_ controller: ResultsController<Element, Key>) {}
    /// Does nothing.
    public func controllerShouldReload(_ controller: ResultsController<Element, Key>) {}
}
