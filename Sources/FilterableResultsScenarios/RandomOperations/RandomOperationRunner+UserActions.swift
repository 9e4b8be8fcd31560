import FilterableResults
import FilterableResultsTesting

/// The user's swipes and drags, run between and inside batches.
extension RandomOperationRunner {
    /// Runs one user action and brings the model along (see ``follow(_:)``):
    /// a delete removes the key; a move takes the row where the store put
    /// it, once the store is checked to hold every other row where the
    /// model has it; an action that changed nothing must have left the
    /// store as the model holds it.
    func userStep(_ action: @MainActor (inout SeededRandomNumberGenerator) -> RandomUserEdit<Key>) {
        operationCount += 1
        userActionCount += 1
        var random = generator.random
        nonisolated(unsafe) var taken: RandomUserEdit<Key>?   // made and read on this thread, the main one
        MainActor.assumeIsolated { taken = action(&random) }
        generator.random = random
        guard let edit = taken else { return }
        follow(edit)
    }

    /// Brings the model along with an edit a user made on a view of the
    /// controller (through ``userAction``, or a screen the runner does not
    /// know of, such as a composition the controller is part of), and
    /// checks the store as ``userAction`` says; what is wrong is reported
    /// at the next check.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public func follow(_ edit: RandomUserEdit<Key>) {
        remember(edit)
        let store = controller.store
        switch edit {
        case let .deleted(key):
            model.remove(key: key)
        case let .moved(key):
            guard let place = Self.path(of: key, in: store.rawSections, key: self.key) else {
                return note("the user's move of \(key) took it out of the store")
            }
            let keyPath = self.key
            let others = { (sections: [ResultsSection<Element>]) in
                sections.map { ResultsSection(name: $0.name, elements: $0.elements.filter { $0[keyPath: keyPath] != key }) }
            }
            guard Self.same(others(store.rawSections), others(model.sections)) else {
                return note("the user's move of \(key) moved other rows: the store holds \(Self.describe(store.rawSections)), the model \(Self.describe(model.sections))")
            }
            model.remove(key: key)
            do throws(ResultsError) {
                try model.insert(store.rawSections[place.section].elements[place.row], at: place)
            } catch {
                note("the model cannot take the user's move of \(key) to \(place): \(error)")
            }
        case let .unchanged(reason):
            if !Self.same(store.rawSections, model.sections) {
                note("a user action that changed nothing (\(reason)) left \(Self.describe(store.rawSections)), the model holds \(Self.describe(model.sections))")
            }
        case let .failed(message):
            note(message)
        }
    }

    /// Keeps the first disagreement found in a batch.
    func note(_ message: String) {
        if pendingFailure == nil { pendingFailure = message }
    }

    /// The raw index path of the object with `key` in `sections`, if any.
    static func path(of key: Key, in sections: [ResultsSection<Element>], key keyPath: KeyPath<Element, Key>) -> RawIndexPath? {
        for (section, rows) in sections.enumerated() {
            if let row = rows.elements.firstIndex(where: { $0[keyPath: keyPath] == key }) { return RawIndexPath(row: row, section: section) }
        }
        return nil
    }
}
