#if canImport(SwiftData)
import Foundation
import SwiftData

/// SwiftData: a controller of persistent identifiers fed by a fetch.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension ResultsController where Element == PersistentIdentifier, Key == PersistentIdentifier {
    /// Shows the models `descriptor` fetches from `context`, as persistent
    /// identifiers, fetched again each time a model context saves: each
    /// result is handed over whole to ``setTable(_:sectionValues:changedKeys:)``
    /// (one unnamed section), the models the save updated marked changed.
    /// Models are read on demand, where a cell is configured:
    /// `context.model(for: id)`.
    ///
    /// It follows until the observation is cancelled or released.
    ///
    /// - Parameter onError: called with what a fetch or a table failed with
    ///   (the table is then left as it was).
    /// - Throws: what the first fetch throws, or what
    ///   ``setTable(_:sectionValues:changedKeys:)`` throws for it.
    /// - Complexity: each save, the fetch plus that of
    ///   ``setTable(_:sectionValues:changedKeys:)``.
    @MainActor
    public func follow<Model: PersistentModel>(
        _ descriptor: FetchDescriptor<Model>, in context: ModelContext,
        onError: @escaping @MainActor (any Error) -> Void = { _ in }
    ) throws -> ResultsObservation {
        try setTable([ResultsSection(elements: try context.fetchIdentifiers(descriptor))])
        let refetch: @MainActor ([PersistentIdentifier]) -> Void = { [weak self] updated in
            do {
                try self?.setTable([ResultsSection(elements: try context.fetchIdentifiers(descriptor))], changedKeys: updated)
            } catch {
                onError(error)
            }
        }
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: .main) { notification in
            let updated = notification.userInfo?[ModelContext.NotificationKey.updatedIdentifiers.rawValue] as? [PersistentIdentifier] ?? []
            MainActor.assumeIsolated { refetch(updated) }
        }
        return ResultsObservation { NotificationCenter.default.removeObserver(token) }
    }
}
#endif
