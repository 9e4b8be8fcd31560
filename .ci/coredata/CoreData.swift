// A stand-in for the slice of Core Data's declarations this package uses,
// so CI on Linux type-checks the `#if canImport(CoreData)` code. Signatures
// follow Apple's documentation; bodies do nothing. It is not shipped and
// not a model of Core Data's behaviour. NSDiffableDataSourceSnapshotReference
// belongs to UIKit and AppKit; it is declared here so that this stand-in
// alone serves the check.
@_exported import Foundation

open class NSManagedObjectID: NSObject, @unchecked Sendable {}
open class NSManagedObject: NSObject {
    open var objectID: NSManagedObjectID { NSManagedObjectID() }
}
public protocol NSFetchRequestResult: NSObjectProtocol {}
extension NSManagedObject: NSFetchRequestResult {}
extension NSManagedObjectID: NSFetchRequestResult {}
open class NSManagedObjectContext: NSObject {
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject { NSManagedObject() }
}
public protocol NSFetchedResultsSectionInfo {
    var name: String { get }
    var numberOfObjects: Int { get }
    var objects: [Any]? { get }
}
// `ResultType: NSFetchRequestResult` in Core Data; an @objc protocol's
// existential conforms to it there, a Swift protocol's cannot here.
open class NSFetchedResultsController<ResultType>: NSObject {
    open weak var delegate: (any NSFetchedResultsControllerDelegate)?
    open var managedObjectContext: NSManagedObjectContext { NSManagedObjectContext() }
    open var sections: [any NSFetchedResultsSectionInfo]? { nil }
    open func performFetch() throws {}
}
// Apple's requirements are optional (@objc); the one the package implements
// is a requirement here.
public protocol NSFetchedResultsControllerDelegate: NSObjectProtocol {
    @available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, *)
    func controller(_ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChangeContentWith snapshot: NSDiffableDataSourceSnapshotReference)
}
@available(iOS 13, macOS 10.15, tvOS 13, *)
open class NSDiffableDataSourceSnapshotReference: NSObject {
    open var sectionIdentifiers: [Any] { [] }
    open func itemIdentifiersInSection(withIdentifier sectionIdentifier: Any) -> [Any] { [] }
    @available(iOS 15, macOS 12, tvOS 15, *) open var reloadedItemIdentifiers: [Any] { [] }
    @available(iOS 15, macOS 12, tvOS 15, *) open var reconfiguredItemIdentifiers: [Any] { [] }
}
