import FilterableResults
import FilterableResultsPredicates
import FilterableResultsTesting

/// The checks after each outermost batch.
extension RandomOperationRunner {
    /// Checks what was reported since the last check (an outermost batch
    /// the runner ran, or an edit it was told to ``follow(_:)``), and that
    /// the store agrees with the model; returns the first thing wrong.
    ///
    /// - Complexity: O(*n*) for *n* rows, plus the validator.
    public func check() -> RandomOperationFailure? {
        guard let message = firstProblem() else { return nil }
        return RandomOperationFailure(
            configuration: configuration.name, seed: seed, operationIndex: operationCount - 1,
            message: message, recentOperations: recent.map(\.description))
    }

    func firstProblem() -> String? {
        if let pendingFailure { return pendingFailure }
        let store = controller.store
        let visible = store.snapshot.sections.map(ResultsSection.init)
        let batch = updates
        updates = []
        if batch.count > 1 { return "\(batch.count) updates for one batch" }
        if !controller.updatesEnabled, !batch.isEmpty { return "an update while updates are off" }
        var overThreshold = false
        if let (count, threshold) = armedThreshold {
            armedThreshold = nil
            controller.reloadThreshold = nil
            let reloads = batch.first?.isReload ?? false
            if count > 0, reloads != threshold.map({ count > $0 }) ?? false {
                return "a batch of \(count) changes with the reload threshold at \(threshold.map(String.init) ?? "nil") was \(reloads ? "" : "not ")reported as a reload"
            }
            overThreshold = reloads
        }
        if let update = batch.first {
            if update.isReload {
                if !reenabled && !overThreshold { return "a reload that is not for turning updates back on" }
                if Self.same(reported, visible) { return "a reload though the visible table is as last reported" }
            } else {
                if !Self.same(update.snapshot.sections.map(ResultsSection.init), visible) { return "the update's snapshot is not the table after it" }
                let violations = BatchUpdateValidator.violations(of: update.changeset, from: reported, to: visible, key: { $0[keyPath: key] }, hidesEmptySections: configuration.hidesEmptySections)
                if !violations.isEmpty {
                    return "\(violations) from \(Self.describe(reported)) to \(Self.describe(visible)) (raw: \(Self.describe(store.rawSections))) by \(update.changeset.sectionChanges) \(update.changeset.elementChanges.map { "\($0.kind) \($0.key) \($0.change)" })"
                }
            }
            reported = visible
        } else if controller.updatesEnabled, !Self.same(reported, visible) {
            return "nothing reported, but the visible table went from \(Self.describe(reported)) to \(Self.describe(visible))"
        }
        if !Self.same(controller.reportedSnapshot.sections.map(ResultsSection.init), reported) { return "the controller's reported snapshot is not the table last reported" }
        if controller.updatesEnabled, !Self.same(controller.snapshot.sections.map(ResultsSection.init), visible) { return "the controller's snapshot is not its visible table" }
        if !Self.same(store.rawSections, model.sections) {
            return "the store holds \(Self.describe(store.rawSections)), the model \(Self.describe(model.sections))"
        }
        if !Self.same(visible, model.visibleSections) {
            return "the store shows \(Self.describe(visible)), the model \(Self.describe(model.visibleSections))"
        }
        if let afterBatch, let problem = MainActor.assumeIsolated({ afterBatch() }) { return problem }
        return nil
    }

    /// Whether two tables have the same section ids, the same section
    /// names, by their Unicode scalars as the store tells sections apart
    /// ("é" as one scalar is not "e" + U+0301), and the same objects.
    /// (Closures, not key paths: a generic key path is built anew at each use.)
    static func same(_ lhs: [ResultsSection<Element>], _ rhs: [ResultsSection<Element>]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { old, new in
            guard old.id.map({ AnyHashable($0) }) == new.id.map({ AnyHashable($0) }) else { return false }
            return switch (old.name, new.name) {
            case (nil, nil): old.elements == new.elements
            case let (a?, b?): a.unicodeScalars.elementsEqual(b.unicodeScalars) && old.elements == new.elements
            default: false
            }
        }
    }

    /// A table in one line: `x:[1:0a] -:[] Today#3:[2:3b]` (`#` before a section's id).
    static func describe(_ sections: [ResultsSection<Element>]) -> String {
        sections.map { "\($0.name ?? "-")\($0.id.map { "#\($0)" } ?? ""):\($0.elements)" }.joined(separator: " ")
    }
}
