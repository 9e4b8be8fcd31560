import FilterableResults
import FilterableResultsTesting
import GRDB
@testable import FilterableResultsGRDB

/// Validates every engine batch of a source against the tables before and
/// after it, and counts updates and reloads.
@MainActor
final class UpdateChecker<Key: DatabaseValueConvertible & Hashable & Sendable> {
    private(set) var violations: [String] = []
    private(set) var updates = 0
    private(set) var reloads = 0
    private(set) var insertedKeys: [Key] = []
    private var shown: ResultsSnapshot<IndexEntry<Key>, Key>
    private var observation: ResultsObservation?

    init<Record>(_ results: DatabaseResults<Record, Key>) {
        shown = results.controller.reportedSnapshot
        observation = results.controller.observe { [unowned self] update in
            updates += 1
            if update.isReload { reloads += 1 }
            if !update.isReload {
                let old = shown.sections.map { ResultsSection($0) }
                let new = update.snapshot.sections.map { ResultsSection($0) }
                violations += BatchUpdateValidator.violations(
                    of: update.changeset, from: old, to: new, key: \.key, isSameContent: { $0.stamp == $1.stamp }
                ).map(\.description)
                insertedKeys += update.changeset.elementChanges.filter { $0.kind == .insert }.map(\.key)
                // The rows of an inserted section come with it.
                for case let .insert(section, _) in update.changeset.sectionChanges {
                    insertedKeys += update.snapshot.elements(inSection: section).map(\.key)
                }
            }
            shown = update.snapshot
        }
    }
}
