import FilterableResults
import FilterableResultsTesting
import TestSupport
import Testing

/// A controller whose every update is checked by the validator against the
/// table it replaces, and shown by a ``Screen`` in a simulated collection
/// view that reads its counts when a batch starts.
@MainActor
final class ValidatedController {
    let controller: ResultsController<Entry, Int>
    private(set) var updates: [ResultsUpdate<ResultsSnapshot<Entry, Int>>] = []
    private(set) var violations: [String] = []
    let screen: Screen
    private var shown: [ResultsSection<Entry>]
    private var observation: ResultsObservation?

    /// With `isSameContent`, the validator compares rows' content as a
    /// store given that comparison does (by default, as `==` does).
    init(_ store: ResultsStore<Entry, Int> = .items(), keys: [Int] = [], isSameContent: ((Entry, Entry) -> Bool)? = nil) throws {
        var store = store
        try store.setData(keys.map { Entry(id: $0) })
        controller = ResultsController(store: store)
        screen = Screen(controller, flavor: .collectionView, countMode: .readAtBatchStart)
        shown = controller.snapshot.sections.map(ResultsSection.init)
        observation = controller.observe { [unowned self] update in
            if !update.isReload {   // a reload replaces the whole table: nothing to validate
                let new = update.snapshot.sections.map(ResultsSection.init)
                let found = if let isSameContent {
                    BatchUpdateValidator.violations(of: update.changeset, from: shown, to: new, key: \.id, isSameContent: isSameContent)
                } else {
                    BatchUpdateValidator.violations(of: update.changeset, from: shown, to: new, key: \.id)
                }
                violations += found.map(\.description)
            }
            screen.expectConsistent("after update \(updates.count + 1)")
            shown = update.snapshot.sections.map(ResultsSection.init)
            updates.append(update)
        }
    }

    /// The keys shown, by section.
    var keys: [[Int]] { TestSupport.keys(controller.snapshot.sections.map(ResultsSection.init)) }
}
