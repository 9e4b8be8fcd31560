import FilterableResults
import FilterableResultsTesting
import Testing

/// A model of UIKit's diffable data source fed by the bridge
/// (`dataSource.apply(update)`), in a simulated view: it holds the
/// identifiers it last applied, as a diffable data source holds its
/// snapshot, and shows each update as UIKit does: the batch that takes the
/// old identifiers to the new ones, matched by identity (keys, section
/// identifiers), then the rows the bridge says to reconfigure
/// (`keysToReconfigure(shownBefore:)`). Cells are the elements' contents,
/// so a row whose content changed and was not reconfigured shows stale.
///
/// The batch comes from ``ResultsStore/changeset(from:to:key:isSameContent:)``
/// over tables of keys, which throws on a repeated key or section name
/// (what `NSDiffableDataSourceSnapshot` refuses), and is checked by the
/// validator before the view applies it.
@MainActor
final class DiffableScreen<Snapshot: ResultsTableSnapshot>: ListViewDataSource where Snapshot.Key: SendableMetatype {
    typealias Identifiers = ResultsUpdate<Snapshot>.Identifiers

    let view: ListViewSimulator<String>
    /// Whether the model reconfigures what the bridge says (off: a control
    /// showing that a changed row would stay stale).
    var reconfigures = true
    private(set) var applied: Identifiers
    private(set) var problems: [String] = []
    private(set) var reconfiguredCount = 0
    private(set) var updateCount = 0
    private let describe: (Snapshot.Element) -> String
    private var contents: [Snapshot.Key: String] = [:]

    init(_ snapshot: Snapshot, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .cached, describe: @escaping (Snapshot.Element) -> String) {
        self.describe = describe
        view = ListViewSimulator(flavor: flavor, countMode: countMode)
        applied = Identifiers(snapshot)
        contents = Self.contents(of: snapshot, describe: describe)
        view.dataSource = self
        view.layoutIfNeeded()
    }

    /// Shows `update` as a diffable data source given `dataSource.apply(update)` does.
    func apply(_ update: ResultsUpdate<Snapshot>) {
        updateCount += 1
        let new = Identifiers(update)
        let (old, newTable) = (Self.table(applied), Self.table(new))
        let changes: ResultsChangeset<Snapshot.Key, Snapshot.Key>
        do {
            changes = try ResultsStore<Snapshot.Key, Snapshot.Key>.changeset(from: old, to: newTable, key: { $0 }, isSameContent: { _, _ in true })
        } catch {
            problems.append("update \(updateCount): a diffable snapshot would refuse it: \(error)")
            return
        }
        problems += BatchUpdateValidator.violations(of: changes, from: old, to: newTable, key: { $0 }, isSameContent: { _, _ in true })
            .map { "update \(updateCount): \($0)" }
        let shownBefore = Set(applied.sections.flatMap(\.keys))
        changes.apply(to: view) { [self] in
            applied = new
            contents = Self.contents(of: update.snapshot, describe: describe)
        }
        let reconfigured = new.keysToReconfigure { shownBefore.contains($0) }
        reconfiguredCount += reconfigured.count
        if reconfigures, !reconfigured.isEmpty {
            let paths = Dictionary(uniqueKeysWithValues: new.sections.enumerated().flatMap { section, entry in
                entry.keys.enumerated().map { row, key in (key, ResultsIndexPath(row: row, section: section)) }
            })
            view.reconfigureRows(at: reconfigured.map { paths[$0]! })
        }
    }

    /// The rows the view shows, by section.
    var shownRows: [[String]] { view.cells }

    /// Checks the view: no exception, no problem, every cell up to date and
    /// the table shown that of `snapshot` (each key once).
    func expectShows(_ snapshot: Snapshot, _ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(problems.isEmpty, "\(context()): \(problems)", sourceLocation: sourceLocation)
        #expect(view.exception == nil, "\(context()): \(view.exception.map(\.description) ?? "")", sourceLocation: sourceLocation)
        #expect(view.staleRows().isEmpty, "\(context()): stale rows \(view.staleRows())", sourceLocation: sourceLocation)
        let expected = Self.sections(of: snapshot, describe: describe)
        #expect(shownRows == expected, "\(context()): shows \(shownRows), the table is \(expected)", sourceLocation: sourceLocation)
        let identifiers = applied.sectionIdentifiers
        #expect(Set(identifiers).count == identifiers.count, "\(context()): repeated section identifiers \(identifiers)", sourceLocation: sourceLocation)
        #expect(view.headerTitles == identifiers.map(\.name), "\(context()): headers", sourceLocation: sourceLocation)
    }

    /// The identifiers as tables of keys, sections named by identifier.
    static func table(_ identifiers: Identifiers) -> [ResultsSection<Snapshot.Key>] {
        identifiers.sections.map { ResultsSection(name: $0.identifier.description, elements: $0.keys) }
    }

    /// Each key's content, as the table first shows it.
    static func contents(of snapshot: Snapshot, describe: (Snapshot.Element) -> String) -> [Snapshot.Key: String] {
        var contents: [Snapshot.Key: String] = [:]
        for section in 0..<snapshot.numberOfSections {
            for row in 0..<(snapshot.numberOfElements(inSection: section) ?? 0) {
                let path = ResultsIndexPath(row: row, section: section)
                if let key = snapshot.key(at: path), contents[key] == nil { contents[key] = snapshot.element(at: path).map(describe) }
            }
        }
        return contents
    }

    /// The table's rows, described, each key at its first position only.
    static func sections(of snapshot: Snapshot, describe: (Snapshot.Element) -> String) -> [[String]] {
        var seen = Set<Snapshot.Key>()
        return (0..<snapshot.numberOfSections).map { section in
            (0..<(snapshot.numberOfElements(inSection: section) ?? 0)).compactMap { row in
                let path = ResultsIndexPath(row: row, section: section)
                guard let key = snapshot.key(at: path), seen.insert(key).inserted else { return nil }
                return snapshot.element(at: path).map(describe)
            }
        }
    }

    // What the view asks of a diffable data source: counts and sections
    // from its identifiers, cells from the elements of the keys.

    func numberOfSections() -> Int { applied.sections.count }
    func numberOfRows(inSection section: Int) -> Int { applied.sections[section].keys.count }
    func cell(at indexPath: ResultsIndexPath) -> String { contents[applied.sections[indexPath.section].keys[indexPath.row]] ?? "?" }
    func titleForHeader(inSection section: Int) -> String? { applied.sections[section].identifier.name }
    func sectionIndexTitles() -> [String]? { nil }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { index }
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func commitDelete(at indexPath: ResultsIndexPath) {}
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
}

/// A diffable screen of each view kind, fed every update of `source`.
@MainActor
final class DiffableScreens<Source: ResultsSource> where Source.Key: SendableMetatype {
    let screens: [DiffableScreen<Source.Snapshot>]
    private var observation: ResultsObservation?

    init(_ source: Source, describe: @escaping (Source.Element) -> String) {
        let screens = everyViewKind.map { DiffableScreen(source.reportedSnapshot, flavor: $0.0, countMode: $0.1, describe: describe) }
        self.screens = screens
        observation = source.observe { update in
            for screen in screens { screen.apply(update) }
        }
    }

    func expectShows(_ snapshot: Source.Snapshot, _ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        let context = context()
        for screen in screens { screen.expectShows(snapshot, "\(context) (\(screen.view.flavor))", sourceLocation: sourceLocation) }
    }
}
