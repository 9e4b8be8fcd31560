// A SwiftData list: a ResultsController of persistent identifiers follows a
// FetchDescriptor, fetched again on each save (type-checked by
// .ci/swiftdata/typecheck against the SwiftData stand-in; Linux has no SwiftData).
import FilterableResults
import SwiftData

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class TripsModel {
    let trips = ResultsController(store: ResultsStore<PersistentIdentifier, PersistentIdentifier>())
    var observation: ResultsObservation?

    func start<Trip: PersistentModel>(_ descriptor: FetchDescriptor<Trip>, in context: ModelContext) throws {
        observation = try trips.follow(descriptor, in: context)
    }
}
