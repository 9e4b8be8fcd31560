// A stand-in for the slice of SwiftData's declarations this package uses,
// so CI on Linux type-checks the `#if canImport(SwiftData)` code.
// Signatures and availability follow Apple's documentation; bodies do
// nothing. It is not shipped and not a model of SwiftData's behaviour.
@_exported import Foundation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable {
    public static func < (lhs: Self, rhs: Self) -> Bool { false }
}
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public protocol PersistentModel: AnyObject, Hashable, Identifiable {
    var persistentModelID: PersistentIdentifier { get }
}
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct FetchDescriptor<T: PersistentModel> {
    public init() {}
}
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public class ModelContext {
    public enum NotificationKey: String {
        case deletedIdentifiers, insertedIdentifiers, invalidatedAllIdentifiers, updatedIdentifiers, queryGeneration
    }
    public static let didSave = Notification.Name("ModelContextDidSave")
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] { [] }
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel { fatalError() }
}
