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
                let collapsed = composition.isCollapsed(ResultsComposition<SoakRow>.SectionID(part: id, name: section.name))
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
}

// MARK: - Validating composed batches

extension SoakComposition {
    /// MERGE: switch this function to the composition-aware overload of
    /// `BatchUpdateValidator` (written in another branch) when merging.
    ///
    /// Validates one batch of the composed table against the table before
    /// it with the existing validator, which identifies rows by key and
    /// sections by name: rows are given their identity across parts
    /// (``SoakRow/identity``), and sections a name unique in the composed
    /// table, from their part and name (their index in the part, unnamed),
    /// or for a placeholder, its part (the section changes name them so
    /// too); so that a placeholder section and a data section at one index
    /// are never read as one section.
    func validateComposedBatch(_ update: ResultsComposition<SoakRow>.Update, from old: ResultsComposition<SoakRow>.Snapshot) -> [String] {
        let changes = update.changeset
        if changes.sectionChanges.isEmpty && changes.elementChanges.isEmpty {
            // Empty parts moved past each other: the composition only refreshes
            // headers, which the validator, reading identities, cannot take.
            return Self.looksTheSame(old, update.snapshot) ? [] : ["only section updates, but the table changed"]
        }
        let (before, after) = (Self.identified(old), Self.identified(update.snapshot))
        let identified = ResultsChangeset<SoakRow, String>(
            sectionChanges: changes.sectionChanges.map { change in
                switch change {
                case let .insert(index, _): .insert(at: index, name: after[index].name)
                case let .delete(index, _): .delete(at: index, name: before[index].name)
                case let .move(from, to, _): .move(from: from, to: to, name: after[to].name)
                }
            },
            elementChanges: changes.elementChanges.map { ElementChange(Self.byIdentity($0.change), key: $0.element.identity, element: $0.element) },
            sectionUpdates: changes.sectionUpdates.map { .init(index: $0.index, newIndex: $0.newIndex) })
        return BatchUpdateValidator.violations(of: identified, from: before, to: after, key: \.identity, hidesEmptySections: true).map {
            "\($0) in \(changes) from \(Self.describe(before)) to \(Self.describe(after))"
        }
    }

    /// Whether two composed tables show the same: section names and rows.
    static func looksTheSame(_ lhs: ResultsComposition<SoakRow>.Snapshot, _ rhs: ResultsComposition<SoakRow>.Snapshot) -> Bool {
        lhs.sections.map(\.name) == rhs.sections.map(\.name) && lhs.sections.map { Array($0.elements) } == rhs.sections.map { Array($0.elements) }
    }

    /// The composed table, each section named by its identity.
    static func identified(_ snapshot: ResultsComposition<SoakRow>.Snapshot) -> [ResultsSection<SoakRow>] {
        snapshot.sections.enumerated().map { index, section in
            let name = switch (snapshot.sectionLocation(of: index), snapshot.sectionID(at: index)) {
            case let (.section(_, local)?, id?): "part \(id.part) \(id.name.map { "section \($0)" } ?? "unnamed section \(local)")"
            default: "placeholder \(snapshot.key(at: ResultsIndexPath(row: 0, section: index)).map { "\($0)" } ?? "")"
            }
            return ResultsSection(name: name, elements: Array(section.elements))
        }
    }

    /// A change of the composed table as a change of rows keyed by identity.
    static func byIdentity(_ change: ElementChange<SoakRow, ResultsComposition<SoakRow>.Key>.Change) -> ElementChange<SoakRow, String>.Change {
        switch change {
        case let .insert(path): .insert(at: path)
        case let .delete(path): .delete(at: path)
        case let .move(from, to, isUpdated): .move(from: from, to: to, isUpdated: isUpdated)
        case let .update(path, newPath): .update(at: path, newIndexPath: newPath)
        }
    }
}
