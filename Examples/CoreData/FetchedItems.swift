// A Core Data list moved over: the fetched results controller stays, and a
// ResultsController of object IDs follows it (type-checked by
// .ci/coredata/typecheck against the Core Data stand-in; Linux has no Core Data).
import CoreData
import FilterableResults

final class Item: NSManagedObject {
    var title = ""
}

@MainActor
final class ItemsModel {
    let items = ResultsController(store: ResultsStore<NSManagedObjectID, NSManagedObjectID>())
    var observation: ResultsObservation?

    func start(_ fetchedResults: NSFetchedResultsController<Item>) throws {
        observation = try items.follow(fetchedResults)
    }

    func title(at indexPath: ResultsIndexPath, in context: NSManagedObjectContext) -> String? {
        items.element(at: indexPath).map { (context.object(with: $0) as? Item)?.title ?? "" }
    }
}
