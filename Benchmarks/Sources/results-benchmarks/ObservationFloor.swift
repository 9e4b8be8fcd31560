import Foundation
import Observation

/// The floor under T3's live path: the same changes seen by the
/// Observation module alone, with no controller. Each object is observed
/// as `tracksElements(reading:)` observes it (its `name` and `score` read
/// in `withObservationTracking`); a change notes the object under a lock
/// and schedules one hop to the main actor, where the objects changed are
/// observed again. What T3's live path adds over this is the library's.
final class ObservationFloor: @unchecked Sendable {
    let rows: [LiveRow]
    let lock = NSLock()
    /// Under `lock`: the objects changed since the last delivery.
    var changed: [Int] = []
    var isDeliveryScheduled = false
    /// On the main actor: how many deliveries have run.
    var deliveries = 0

    init(_ rows: [LiveRow]) { self.rows = rows }

    /// Observes the object at `index` until it changes once.
    @MainActor func observe(_ index: Int) {
        withObservationTracking {
            _ = rows[index].name
            _ = rows[index].score
        } onChange: { [self] in willChange(index) }
    }

    /// Notes a change and schedules one delivery on the main actor.
    func willChange(_ index: Int) {
        let schedules: Bool = lock.withLock {
            changed.append(index)
            defer { isDeliveryScheduled = true }
            return !isDeliveryScheduled
        }
        if schedules { Task { @MainActor in self.deliver() } }
    }

    /// Takes the changed objects and observes each again.
    @MainActor func deliver() {
        let indices: [Int] = lock.withLock {
            defer { changed = []; isDeliveryScheduled = false }
            return changed
        }
        for index in indices { observe(index) }
        deliveries += 1
    }
}
