#if canImport(CoreData) && !os(watchOS)
import CoreData
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Core Data: a controller of object IDs fed by an `NSFetchedResultsController`.
extension ResultsController where Element == NSManagedObjectID, Key == NSManagedObjectID {
    /// Shows what `fetchedResults` fetches, as object IDs: each snapshot it
    /// delivers (`controller(_:didChangeContentWith:)`) is handed over
    /// whole to ``setTable(_:sectionValues:changedKeys:)``, sections by name,
    /// so the controller's filters, search, compositions, data sources,
    /// validator and simulator work on it as on any list. Records are read
    /// on demand, where a cell is configured:
    /// `fetchedResults.managedObjectContext.object(with: id)`.
    ///
    /// The controller becomes the fetched results controller's delegate
    /// until the observation is cancelled or released, and fetches now.
    /// Objects the snapshot marks reloaded or reconfigured are updated.
    /// Use a fetched results controller of a main-queue context with a
    /// controller used on the main actor.
    ///
    /// - Parameter onError: called with what a table could not be set for
    ///   (the table is then left as it was).
    /// - Throws: what `performFetch()` throws, or what
    ///   ``setTable(_:sectionValues:changedKeys:)`` throws for the first
    ///   table.
    /// - Complexity: each snapshot, that of ``setTable(_:sectionValues:changedKeys:)``.
    public func follow<Result: NSFetchRequestResult>(
        _ fetchedResults: NSFetchedResultsController<Result>, onError: @escaping (any Error) -> Void = { _ in }
    ) throws -> ResultsObservation {
        let follower = FetchedResultsFollower(controller: self, onError: onError)
        fetchedResults.delegate = follower
        try fetchedResults.performFetch()
        try setTable((fetchedResults.sections ?? []).map { section in
            ResultsSection(name: section.name, elements: (section.objects ?? []).compactMap(FetchedResultsFollower.objectID))
        })
        return ResultsObservation { [weak fetchedResults] in
            if fetchedResults?.delegate === follower { fetchedResults?.delegate = nil }
        }
    }
}

/// The fetched results controller's delegate: hands each snapshot over.
final class FetchedResultsFollower: NSObject, NSFetchedResultsControllerDelegate {
    weak var controller: ResultsController<NSManagedObjectID, NSManagedObjectID>?
    let onError: (any Error) -> Void

    init(controller: ResultsController<NSManagedObjectID, NSManagedObjectID>, onError: @escaping (any Error) -> Void) {
        self.controller = controller
        self.onError = onError
    }

    /// The object ID a fetched result or a snapshot's item stands for.
    static func objectID(_ item: Any) -> NSManagedObjectID? {
        (item as? NSManagedObjectID) ?? (item as? NSManagedObject)?.objectID
    }

    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference) {
        let sections = snapshot.sectionIdentifiers.map { section in
            ResultsSection(
                name: section as? String ?? String(describing: section),
                elements: snapshot.itemIdentifiersInSection(withIdentifier: section).compactMap(Self.objectID))
        }
        let changed = (snapshot.reloadedItemIdentifiers + snapshot.reconfiguredItemIdentifiers).compactMap(Self.objectID)
        do {
            try self.controller?.setTable(sections, changedKeys: changed)
        } catch {
            onError(error)
        }
    }
}
#endif
