import FilterableResults
import FilterableResultsTesting
import Testing

/// An item of a test outline: a file or folder.
struct Item: Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var parent: Int?
    var name: String
    var version = 0

    init(_ id: Int, under parent: Int? = nil, _ name: String? = nil, version: Int = 0) {
        self.id = id
        self.parent = parent
        self.name = name ?? "item \(id)"
        self.version = version
    }

    var description: String { "\(id)" }
}

typealias Outline = ResultsOutline<Item, Int>
typealias OutlineRow = Outline.Row

/// What a test reads of a row: its key, indented by its level, with `+`
/// for an expanded item with children, `-` for a collapsed one.
func describe(_ row: OutlineRow) -> String {
    String(repeating: " ", count: row.level) + "\(row.key)" + (row.hasChildren ? (row.isExpanded ? "+" : "-") : "")
}

/// The rows of a table, described, by section.
func described(_ snapshot: ResultsSnapshot<OutlineRow, Int>) -> [[String]] {
    snapshot.sections.map { $0.map(describe) }
}

/// An outline shown by a data source in a simulated view: every update
/// validated against the table before it, and the view checked after it.
@MainActor
final class OutlineScreen {
    let outline: Outline
    let view: ListViewSimulator<String>
    let dataSource: ResultsDataSource<Outline, String>
    private(set) var updates: [ResultsUpdate<ResultsSnapshot<OutlineRow, Int>>] = []
    private(set) var violations: [String] = []
    private var shown: ResultsSnapshot<OutlineRow, Int>
    private var observation: ResultsObservation?

    init(_ outline: Outline, flavor: ListViewFlavor = .tableView, countMode: ListViewCountMode = .readAtBatchStart) {
        self.outline = outline
        view = ListViewSimulator(flavor: flavor, countMode: countMode)
        dataSource = ResultsDataSource(source: outline, view: view) { _, row in describe(row) }
        view.dataSource = dataSource
        view.layoutIfNeeded()
        shown = outline.reportedSnapshot
        observation = outline.observe { [unowned self] update in
            if !update.isReload {
                violations += BatchUpdateValidator.violations(of: update.changeset, from: shown, to: update.snapshot).map(\.description)
            }
            shown = update.snapshot
            updates.append(update)
        }
    }

    /// The problems found so far: batch violations, view exceptions, and
    /// cells that are not the table reported.
    func problems() -> [String] {
        var problems = violations
        if let exception = view.exception { problems.append("view: \(exception)") }
        if view.cells != described(outline.reportedSnapshot) { problems.append("the view shows \(view.cells), the outline reported \(described(outline.reportedSnapshot))") }
        if !view.staleRows().isEmpty { problems.append("stale rows \(view.staleRows())") }
        return problems
    }

    /// The rows shown, described.
    var rows: [[String]] { described(outline.reportedSnapshot) }
}
