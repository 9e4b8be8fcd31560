import FilterableResults
import TestSupport

/// Records what a controller reports, and can misbehave on demand.
final class RecordingDelegate: ResultsControllerDelegate {
    typealias Element = Entry
    typealias Key = Int

    var calls: [String] = []
    var changesets: [ResultsChangeset<Entry, Int>] = []
    var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
    var pendingSections: [SectionChange] = []
    var pendingObjects: [ResultsChangeset<Entry, Int>.ElementChange] = []
    var mutationError: ResultsError?
    var mutatesInCallback = false

    func controllerWillChangeContent(_ controller: ResultsController<Entry, Int>) {
        calls.append("will")
        pendingSections = []
        pendingObjects = []
        if mutatesInCallback {
            do { try controller.add(Entry(id: 999)) } catch { mutationError = error }
        }
    }

    func controller(_ controller: ResultsController<Entry, Int>, didChange section: SectionChange) {
        calls.append("section \(section.kind)")
        pendingSections.append(section)
    }

    func controller(_ controller: ResultsController<Entry, Int>, didChange change: ResultsChangeset<Entry, Int>.ElementChange) {
        calls.append("\(change.kind) \(change.key)")
        pendingObjects.append(change)
    }

    func controllerDidChangeContent(_ controller: ResultsController<Entry, Int>) {
        calls.append("did")
        changesets.append(ResultsChangeset(sectionChanges: pendingSections, elementChanges: pendingObjects))
    }

    func controllerShouldReload(_ controller: ResultsController<Entry, Int>) {
        calls.append("reload")
    }

    func controller(_ controller: ResultsController<Entry, Int>, didUpdate update: ResultsUpdate<ResultsSnapshot<Entry, Int>>) {
        updates.append(update)
    }
}
