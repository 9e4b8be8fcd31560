import FilterableResults
import FilterableResultsScenarios
import FilterableResultsTesting

/// The checks after every step.
extension SoakComposition {
    /// What is wrong after the step, if anything: problems found on the
    /// way (a part's runner failed, a batch broke the rules, a refused user
    /// edit changed the view), an exception, a view that does not show the
    /// composed table, or a composed table that is not the parts' tables
    /// joined.
    func check() -> [String] {
        defer { problems = [] }
        // Empty parts that moved past each other without a report: the
        // composition reads its sections in their new places from now on.
        if Self.looksTheSame(shown, composition.reportedSnapshot) { shown = composition.reportedSnapshot }
        var found = problems
        let reported = composition.reportedSnapshot.sections.map { section in ResultsSection(name: section.name, elements: section.elements) }
        if let exception = view.exception { found.append("the view raised \(exception)") }
        if view.cells != reported.map({ $0.elements.map(\.description) }) { found.append("the view shows \(view.cells), the composition reported \(Self.describe(reported))") }
        let expected = joinedParts()
        if reported.map(\.name) != expected.map(\.name) || reported.map(\.elements) != expected.map(\.elements) {
            found.append("the composition shows \(Self.describe(reported)), its parts \(Self.describe(expected))")
        }
        return found
    }

    /// The naive model: the parts' tables one after the other, rows the
    /// filter leaves out and rows of collapsed sections left out, a part's
    /// placeholder where it has no row (collapsed rows count), the
    /// composition's own where no part has one.
    func joinedParts() -> [ResultsSection<SoakRow>] {
        var joined: [ResultsSection<SoakRow>] = []
        var total = 0
        for (id, part) in parts {
            var count = 0
            for section in part.sections {
                let rows = section.elements.filter { row in
                    guard filtered, case let .entry(_, entry) = row else { return true }
                    return entry.value != 3
                }
                count += rows.count
                // A section with an id of its own is folded by its id, whatever its title.
                let identity = section.id.map { ResultsComposition<SoakRow>.SectionID(part: id, id: $0, name: section.name) }
                    ?? ResultsComposition<SoakRow>.SectionID(part: id, name: section.name)
                let collapsed = composition.isFolded(identity)
                joined.append(ResultsSection(name: section.name, elements: collapsed ? [] : rows))
            }
            total += count
            if count == 0, let placeholder = part.placeholder { joined.append(ResultsSection(name: placeholder.title, elements: placeholder.rows)) }
        }
        if total == 0 { joined.append(ResultsSection(name: Self.placeholder.title, elements: Self.placeholder.rows)) }
        return joined
    }

    /// A table in one line: `x:[e0:1:0a] -:[]`.
    static func describe(_ sections: [ResultsSection<SoakRow>]) -> String {
        sections.map { "\($0.name ?? "-"):\($0.elements)" }.joined(separator: " ")
    }

    /// A composed table in one line.
    static func describe(_ snapshot: ResultsComposition<SoakRow>.Snapshot) -> String {
        describe(snapshot.sections.map { ResultsSection(name: $0.name, elements: Array($0.elements)) })
    }
}

// MARK: - Validating composed batches

extension SoakComposition {
    /// Validates one batch of the composed table against the table before
    /// it, with the validator that reads the snapshots' own keys and
    /// section identities (a placeholder is its part's, never a data
    /// section's at the same index).
    func validateComposedBatch(_ update: ResultsComposition<SoakRow>.Update, from old: ResultsComposition<SoakRow>.Snapshot) -> [String] {
        BatchUpdateValidator.violations(of: update.changeset, from: old, to: update.snapshot).map {
            "\($0) in \(update.changeset) from \(Self.describe(old)) to \(Self.describe(update.snapshot))"
        }
    }

    /// Whether two composed tables show the same: section names, ids of
    /// their own and rows.
    static func looksTheSame(_ lhs: ResultsComposition<SoakRow>.Snapshot, _ rhs: ResultsComposition<SoakRow>.Snapshot) -> Bool {
        func ids(_ snapshot: ResultsComposition<SoakRow>.Snapshot) -> [AnyHashable?] {
            (0..<snapshot.numberOfSections).map { section in snapshot.id(ofSection: section).map { AnyHashable($0) } }
        }
        return lhs.sections.map(\.name) == rhs.sections.map(\.name) && ids(lhs) == ids(rhs)
            && lhs.sections.map { Array($0.elements) } == rhs.sections.map { Array($0.elements) }
    }
}
