import Foundation

/// The identity of a store's contents at one moment: equal for two store
/// values exactly when neither has been edited since one was copied from
/// the other.
@usableFromInline
final class ResultsStoreVersion: Sendable {
    @inlinable init() {}
}
