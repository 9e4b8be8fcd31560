import FilterableResults
import FilterableResultsTesting
import Foundation
import TestSupport
import Testing

/// A data source holding sections of strings: a row's cell is its string,
/// a section's header title is its title. Tests swap ``sections`` (and
/// ``titles``) to change the data, before or inside a batch update.
@MainActor
final class StringTable: ListViewDataSource {
    var sections: [[String]]
    var titles: [String?]
    var footers: [Int: String] = [:]
    var indexTitles: [String]?
    /// Whether the user may delete or move a row.
    var isEditable: (ResultsIndexPath) -> Bool = { _ in true }
    /// What the data source does when the user deletes a row.
    var onCommitDelete: ((ResultsIndexPath) -> Void)?
    /// What the data source does after updating its model for a user move.
    var onUserMove: ((ResultsIndexPath, ResultsIndexPath) -> Void)?
    /// Every path a cell was asked for, in order.
    private(set) var requestedCells: [ResultsIndexPath] = []
    /// How many times the view asked for the number of sections.
    private(set) var sectionCountReads = 0

    init(_ sections: [[String]], titles: [String?]? = nil, indexTitles: [String]? = nil) {
        self.sections = sections
        self.titles = titles ?? sections.indices.map { "S\($0)" }
        self.indexTitles = indexTitles
    }

    /// Replaces the data; titles default to the current ones, extended with `nil`.
    func set(_ newSections: [[String]], titles newTitles: [String?]? = nil) {
        sections = newSections
        titles = newTitles ?? newSections.indices.map { titles.indices.contains($0) ? titles[$0] : nil }
    }

    func forgetRequests() { requestedCells = [] }

    func numberOfSections() -> Int {
        sectionCountReads += 1
        return sections.count
    }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func cell(at indexPath: ResultsIndexPath) -> String {
        requestedCells.append(indexPath)
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.row)
        else { return "<none>" }
        return sections[indexPath.section][indexPath.row]
    }

    func titleForHeader(inSection section: Int) -> String? {
        titles.indices.contains(section) ? titles[section] : nil
    }

    func titleForFooter(inSection section: Int) -> String? { footers[section] }

    func sectionIndexTitles() -> [String]? { indexTitles }

    func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        titles.firstIndex(of: title) ?? index
    }

    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { isEditable(indexPath) }

    func commitDelete(at indexPath: ResultsIndexPath) { onCommitDelete?(indexPath) }

    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { isEditable(indexPath) }

    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {
        let row = sections[source.section].remove(at: source.row)
        sections[destination.section].insert(row, at: destination.row)
        onUserMove?(source, destination)
    }
}

typealias Simulator = ListViewSimulator<String>

/// `[section, row]`.
func ip(_ section: Int, _ row: Int) -> ResultsIndexPath { ResultsIndexPath(row: row, section: section) }

/// A loaded simulator over `table`.
@MainActor
func loadedSimulator(
    _ table: StringTable, _ flavor: ListViewFlavor = .tableView, _ mode: ListViewCountMode = .cached
) -> Simulator {
    let view = Simulator(dataSource: table, flavor: flavor, countMode: mode)
    view.reloadData()
    return view
}

/// The exception `updates` raise as one batch, or `nil` if it passes.
@MainActor
func exception(in view: Simulator, _ updates: () -> Void) -> ListViewException? {
    do throws(ListViewException) {
        try view.performBatchUpdatesChecked(updates)
        return nil
    } catch {
        return error
    }
}

/// "row"/"rows"/"table view" or "item"/"items"/"collection view".
func words(_ flavor: ListViewFlavor) -> (row: String, rows: String, view: String) {
    flavor == .tableView ? ("row", "rows", "table view") : ("item", "items", "collection view")
}

/// An index path as the simulator prints it.
func printed(_ section: Int, _ row: Int) -> String { "<NSIndexPath> {length = 2, path = \(section) - \(row)}" }
