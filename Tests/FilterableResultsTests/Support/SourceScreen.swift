import FilterableResults
import FilterableResultsTesting
import Testing

/// A source's table shown by a data source in a simulated collection
/// view that reads its counts when a batch starts, every update checked by
/// the validator.
@MainActor
final class SourceScreen<Source: ResultsSource> where Source.Element: Equatable {
    let source: Source
    let view = ListViewSimulator<String>(flavor: .collectionView, countMode: .readAtBatchStart)
    let dataSource: ResultsDataSource<Source, String>
    private(set) var violations: [String] = []
    private(set) var updates = 0
    private(set) var lastUpdate: ResultsUpdate<Source.Snapshot>?
    private var shown: Source.Snapshot
    private var observation: ResultsObservation?

    /// With `comparingDescriptions`, the batches are checked against the
    /// tables as they were described when reported (objects changed in
    /// place compare equal to themselves: their descriptions do not).
    init(_ source: Source, comparingDescriptions: Bool = false) {
        self.source = source
        dataSource = ResultsDataSource(source: source, view: view) { _, element in "\(element)" }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        shown = source.reportedSnapshot
        var described = Self.described(shown)
        observation = source.observe { [unowned self] update in
            if !update.isReload {
                if comparingDescriptions {
                    let new = Self.described(update.snapshot)
                    violations += BatchUpdateValidator.violations(
                        of: update.changeset.map { "\($0)" }, from: described.sections, to: new.sections,
                        key: { described.keys[$0] ?? new.keys[$0]! }, isSameContent: ==
                    ).map(\.description)
                } else {
                    violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot).map(\.description)
                }
            }
            shown = update.snapshot
            described = Self.described(shown)
            updates += 1
            lastUpdate = update
        }
    }

    /// `snapshot`'s rows as their descriptions, and the key of each description.
    static func described(_ snapshot: Source.Snapshot) -> (sections: [ResultsSection<String>], keys: [String: Source.Snapshot.Key]) {
        var keys: [String: Source.Snapshot.Key] = [:]
        let sections = (0..<snapshot.numberOfSections).map { section in
            ResultsSection(name: snapshot.name(ofSection: section), elements: (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).map { row in
                let path = ResultsIndexPath(row: row, section: section)
                let text = "\(snapshot.element(at: path)!)"
                keys[text] = snapshot.key(at: path)!
                return text
            })
        }
        return (sections, keys)
    }

    /// The rows of the table as last reported, by section.
    var rows: [[Source.Element]] {
        let table = source.reportedSnapshot
        return (0..<table.numberOfSections).map { section in
            (0..<(table.numberOfElements(inSection: section) ?? 0)).compactMap { table.element(at: ResultsIndexPath(row: $0, section: section)) }
        }
    }

    /// Checks the batches and the view: valid, no exception, the table reported, no stale row.
    func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
        #expect(view.exception == nil, "\(String(describing: view.exception))", sourceLocation: sourceLocation)
        #expect(view.cells == rows.map { $0.map { "\($0)" } }, "the view shows \(view.cells)", sourceLocation: sourceLocation)
        #expect(view.staleRows().isEmpty, "stale rows \(view.staleRows())", sourceLocation: sourceLocation)
    }
}
