import Foundation
import Observation

/// Elements that change themselves: `@Observable` objects a controller
/// holds, whose changes in place it reports as updates.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ResultsController where Element: AnyObject, Key: Sendable {
    /// Reports an element as updated when it changes in place: whatever
    /// `read` reads of an `@Observable` element (the properties its cell
    /// shows) is observed, and the elements changed since the main actor
    /// last ran are reported in one update, as ``markChanged(keys:)``
    /// reports them. Elements the controller gains later are observed too.
    ///
    ///     let tracking = controller.tracksElements { todo in
    ///         _ = todo.title
    ///         _ = todo.isDone
    ///     }   // keep it
    ///
    /// A changed element is placed again, so that a change to what the
    /// store sorts, sections or filters by moves, shows or hides its row.
    /// The report comes on the main actor after the change, or with the
    /// controller's next edit if that comes first (in the same turn), so
    /// that the edit finds every row in its place. Keep the
    /// returned observation for as long as you want these updates:
    /// cancelled or released, it stops them. A change the controller
    /// refuses (an element whose key changed in place, or one changed
    /// from inside the controller's own observers) is dropped, and the
    /// element observed again.
    ///
    /// - Complexity: O(*n*) for *n* elements, each read once by `read`;
    ///   then O(*k* log *n*) per update for *k* elements changed.
    @MainActor @inlinable
    public func tracksElements(reading read: @escaping @MainActor (Element) -> Void) -> ResultsObservation {
        let tracker = ElementTracker(controller: self, read: read)
        tracker.trackAll()
        let observation = observe { update in tracker.didUpdate(update) }
        // An edit first reports what changed in place before it.
        inPlaceChangeReporters[ObjectIdentifier(tracker)] = { [weak tracker] in tracker?.reportChangesBeforeAnEdit() ?? false }
        inPlaceWriteNotifiers[ObjectIdentifier(tracker)] = { [weak tracker] keys in tracker?.forgetChanges(to: keys) }
        return ResultsObservation {
            observation.cancel()
            tracker.stop()
        }
    }
}

/// What ``ResultsController/tracksElements(reading:)`` keeps: which element
/// of each key is observed, and the keys whose elements changed since the
/// last report.
///
/// The controller and `read` are used on the main actor only; `observed`,
/// `changed` and the flags are shared with the change handlers, which run
/// on whatever thread changes an element, under `lock`.
///
/// Inlinable, so that an app's build specialises it for its element and
/// key: unspecialised, the report's calls into the controller looked up
/// generic metadata at every step (T3: 8× the same report specialised).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@usableFromInline
final class ElementTracker<Element: AnyObject, Key: Hashable & Sendable>: @unchecked Sendable {
    /// An element observed, held weakly: a key whose element was replaced
    /// by another object (which may reuse the address of the first, gone)
    /// is observed again.
    @usableFromInline struct Observed {
        @usableFromInline weak var element: Element?

        @inlinable init(element: Element) {
            self.element = element
        }
    }

    @usableFromInline weak var controller: ResultsController<Element, Key>?
    @usableFromInline let read: @MainActor (Element) -> Void
    @usableFromInline let lock = NSLock()
    /// The element of each key whose observation has not fired yet.
    @usableFromInline var observed: [Key: Observed] = [:]
    /// The keys whose elements changed, with those elements' identities.
    @usableFromInline var changed: [Key: Identities] = [:]
    /// Elements reported before an edit inside an atomic batch, and the
    /// controller's rollback count then: reported again on the main
    /// actor's turn if a batch was rolled back since (which may have
    /// undone the report; at worst a batch that did not costs one update
    /// of a row that did not change).
    @usableFromInline var reportedEarly: [(Key, Element)] = []
    @usableFromInline var earlyReportRollbacks: Int?
    @usableFromInline var isReportScheduled = false
    @usableFromInline var isStopped = false

    /// The identities of the objects changed under one key: nearly always
    /// one, so no set is made for it.
    @usableFromInline struct Identities {
        @usableFromInline var first: ObjectIdentifier
        @usableFromInline var others: [ObjectIdentifier] = []

        @inlinable init(first: ObjectIdentifier) {
            self.first = first
        }

        @inlinable func contains(_ id: ObjectIdentifier) -> Bool { first == id || others.contains(id) }

        @inlinable mutating func insert(_ id: ObjectIdentifier) {
            if !contains(id) { others.append(id) }
        }
    }

    @inlinable init(controller: ResultsController<Element, Key>, read: @escaping @MainActor (Element) -> Void) {
        self.controller = controller
        self.read = read
    }

    /// Observes every element the controller holds.
    @MainActor @inlinable func trackAll() {
        guard let controller else { return }
        let store = controller.store
        for section in 0..<store.numberOfRawSections {
            for row in 0..<store.numberOfRawElements(inSection: section)! {
                let element = store.element(at: RawIndexPath(row: row, section: section))!
                track(element, key: store.table.keyOf(element)!)
            }
        }
    }

    /// Observes the elements an update inserted or changed (an element is
    /// observed until it changes once, then again once that is reported).
    @MainActor @inlinable func didUpdate(_ update: ResultsController<Element, Key>.Update) {
        if update.isReload { return trackAll() }
        for change in update.changeset.elementChanges {
            switch change.change {
            case .insert, .update, .move(_, _, true): track(change.element, key: change.key)
            case .delete, .move: break
            }
        }
    }

    /// Observes what `read` reads of `element`, unless that element is
    /// observed already.
    @MainActor @inlinable func track(_ element: Element, key: Key) {
        let isObserved: Bool = lock.withLock {
            if isStopped || observed[key]?.element === element { return true }
            observed[key] = Observed(element: element)
            return false
        }
        guard !isObserved else { return }
        let id = ObjectIdentifier(element)
        withObservationTracking { read(element) } onChange: { [self] in elementWillChange(key, id) }
    }

    /// Notes a change (on the thread that makes it, before it is made) and
    /// has it reported on the main actor.
    @inlinable func elementWillChange(_ key: Key, _ id: ObjectIdentifier) {
        recordThenReport {
            guard !isStopped else { return false }
            if let element = observed[key]?.element, ObjectIdentifier(element) == id { observed[key] = nil }
            noteChange(of: id, under: key)
            return true
        }
    }

    /// Runs `record` under the lock and, when it returns `true`, has the
    /// changes reported on the main actor (one task, however many ask
    /// before it runs).
    @inlinable func recordThenReport(_ record: () -> Bool) {
        let schedules: Bool = lock.withLock {
            guard record() else { return false }
            defer { isReportScheduled = true }
            return !isReportScheduled
        }
        if schedules { Task { @MainActor in self.reportChanges() } }
    }

    /// Notes that the object `id` under `key` changed (under the lock).
    @inlinable func noteChange(of id: ObjectIdentifier, under key: Key) {
        if changed[key]?.insert(id) == nil { changed[key] = Identities(first: id) }
    }

    /// Reports the elements changed, still held under their keys, as
    /// updated, each in its place again: one update, or part of the open
    /// batch. The elements are observed again. Those reported early inside
    /// a batch that was then rolled back are reported again.
    @MainActor @inlinable func reportChanges() {
        let rollbacks = controller?.rollbacks
        lock.withLock {
            if !isStopped, let mark = earlyReportRollbacks, mark != rollbacks {
                for (key, element) in reportedEarly { noteChange(of: ObjectIdentifier(element), under: key) }
            }
            reportedEarly = []
            earlyReportRollbacks = nil
        }
        // The update tracked those it reported; rows that stayed hidden,
        // and changes while updates are off, are tracked here.
        for (key, element) in markChanges() { track(element, key: key) }
    }

    /// Reports the elements changed so far before an edit of the
    /// controller, and observes them again at once (a change later in the
    /// turn is then seen and reported too); `false` once tracking stopped.
    /// The controller is used on the main actor while it tracks elements.
    @inlinable func reportChangesBeforeAnEdit() -> Bool {
        guard !lock.withLock({ isStopped }) else { return false }
        MainActor.assumeIsolated {
            let held = markChanges()
            for (key, element) in held { track(element, key: key) }
            guard let controller, !held.isEmpty, !controller.frames.isEmpty else { return }
            recordThenReport {
                reportedEarly += held
                if earlyReportRollbacks == nil { earlyReportRollbacks = controller.rollbacks }
                return true
            }
        }
        return true
    }

    /// Forgets the changes to the elements under `keys` that the
    /// controller made itself, in an edit that reports them (or that it
    /// wrote back), and observes those elements again: hidden rows, and
    /// rows of a refused drag, are in no update that would.
    @inlinable func forgetChanges(to keys: [Key]) {
        lock.withLock { for key in keys { changed[key] = nil } }
        MainActor.assumeIsolated {
            guard let controller else { return }
            for key in keys {
                if let element = controller.store.element(forKey: key) { track(element, key: key) }
            }
        }
    }

    /// Marks the rows of the elements changed, still held under their
    /// keys, as changed in the controller, which places them again, and
    /// returns those elements (to observe again).
    ///
    /// The store is not given the elements again (they are the ones it
    /// holds): it marks their rows changed and places them again, which
    /// cannot fail halfway, so no copy of the store is kept to roll back
    /// to, and no chunk of elements the last reported table shares is
    /// copied.
    @inlinable func markChanges() -> [(Key, Element)] {
        let changed: [Key: Identities] = lock.withLock {
            defer { self.changed = [:]; isReportScheduled = false }
            return isStopped ? [:] : self.changed
        }
        guard let controller, !changed.isEmpty else { return [] }
        var held: [(Key, Element)] = []
        held.reserveCapacity(changed.count)
        do {
            _ = try controller.mutate { store in
                store.markChanged(keys: changed.keys) { key, element in
                    guard changed[key]!.contains(ObjectIdentifier(element)) else { return false }
                    held.append((key, element))
                    return true
                }
            }
        } catch {
            // Refused (changed from inside the controller's observers):
            // dropped, and the elements observed again.
            return changed.compactMap { key, ids in
                controller.store.element(forKey: key).flatMap { ids.contains(ObjectIdentifier($0)) ? (key, $0) : nil }
            }
        }
        return held
    }

    /// Stops observing: changes from now on are ignored.
    @inlinable func stop() {
        lock.withLock {
            isStopped = true
            observed = [:]
            changed = [:]
        }
    }
}
