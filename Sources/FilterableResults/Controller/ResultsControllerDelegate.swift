/// Receives a controller's changes, in NSFetchedResultsController's shape.
///
/// It is a thin adapter over the controller's one observation primitive
/// (``ResultsController/observe(_:)``): after every outermost batch that
/// changed the visible table, the controller calls
/// ``controllerWillChangeContent(_:)``, then one call per section change,
/// per row change and per section whose value changed (its header and
/// footer to refresh after the batch), then ``controllerDidChangeContent(_:)``,
/// and finally ``controller(_:didUpdate:)`` with the whole batch and the
/// snapshot of the table after it. When the table must be reloaded instead
/// (updates were re-enabled, or the batch passed the reload threshold), it
/// calls ``controllerShouldReload(_:)`` and then ``controller(_:didUpdate:)``
/// with an update whose `isReload` is set. Implement the callbacks you
/// need: every method has an empty default.
///
/// A view controller (on the main actor) adopts it with an isolated
/// conformance, so its methods stay on the main actor:
///
///     extension ProductCountViewController: @MainActor ResultsControllerDelegate {
///         func controller(_ controller: ResultsController<Product, Int>, didUpdate update: ResultsController<Product, Int>.Update) {
///             title = "Products (\(update.snapshot.count))"
///         }
///     }
///
/// The delegate must not mutate the controller from inside these calls:
/// such a mutation throws ``ResultsError/changedDuringNotification``.
public protocol ResultsControllerDelegate<Element, Key>: AnyObject {
    /// The type of the controller's elements.
    associatedtype Element
    /// The type of the controller's keys.
    associatedtype Key: Hashable

    /// A group of changes begins.
    func controllerWillChangeContent(_ controller: ResultsController<Element, Key>)
    /// A section was inserted, deleted or moved.
    func controller(_ controller: ResultsController<Element, Key>, didChange section: SectionChange)
    /// A row was inserted, deleted, moved or updated.
    func controller(_ controller: ResultsController<Element, Key>, didChange change: ResultsChangeset<Element, Key>.ElementChange)
    /// A section's value changed (see ``ResultsSectionValue``): refresh
    /// its header and footer, at its index after the batch, once the
    /// batch is applied.
    func controller(_ controller: ResultsController<Element, Key>, didUpdateSection section: ResultsChangeset<Element, Key>.SectionUpdate)
    /// The group of changes ends.
    func controllerDidChangeContent(_ controller: ResultsController<Element, Key>)
    /// Reload everything from the snapshot of ``controller(_:didUpdate:)``.
    func controllerShouldReload(_ controller: ResultsController<Element, Key>)
    /// The whole update at once, with the visible table after it: the form
    /// a data source applies (see ``ResultsUpdate``).
    func controller(_ controller: ResultsController<Element, Key>, didUpdate update: ResultsController<Element, Key>.Update)
}

extension ResultsControllerDelegate {
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: ResultsController<Element, Key>) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didChange section: SectionChange) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didChange change: ResultsChangeset<Element, Key>.ElementChange) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didUpdateSection section: ResultsChangeset<Element, Key>.SectionUpdate) {}
    /// Does nothing.
    public func controllerDidChangeContent(_ controller: ResultsController<Element, Key>) {}
    /// Does nothing.
    public func controllerShouldReload(_ controller: ResultsController<Element, Key>) {}
    /// Does nothing.
    public func controller(_ controller: ResultsController<Element, Key>, didUpdate update: ResultsController<Element, Key>.Update) {}
}

extension ResultsController {
    /// Delivers one update to `delegate` as its callbacks.
    ///
    /// - Complexity: O(*c*) callbacks for *c* changes.
    @inlinable func deliver(_ update: Update, to delegate: any ResultsControllerDelegate<Element, Key>) {
        if update.isReload {
            delegate.controllerShouldReload(self)
        } else {
            delegate.controllerWillChangeContent(self)
            for change in update.changeset.sectionChanges { delegate.controller(self, didChange: change) }
            for change in update.changeset.elementChanges { delegate.controller(self, didChange: change) }
            for section in update.changeset.sectionUpdates { delegate.controller(self, didUpdateSection: section) }
            delegate.controllerDidChangeContent(self)
        }
        delegate.controller(self, didUpdate: update)
    }
}
