import FilterableResults

/// What a ``ListViewSimulator`` without a data source reads: no sections,
/// as a UIKit view without one shows.
@MainActor
final class NoDataSource<Cell>: ListViewDataSource {
    func numberOfSections() -> Int { 0 }
    func numberOfRows(inSection section: Int) -> Int { 0 }
    func cell(at indexPath: ResultsIndexPath) -> Cell {
        preconditionFailure("ListViewSimulator: a cell was asked of no data source at \(indexPath)")
    }
    func titleForHeader(inSection section: Int) -> String? { nil }
    func sectionIndexTitles() -> [String]? { nil }
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { 0 }
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func commitDelete(at indexPath: ResultsIndexPath) {}
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool { false }
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath) {}
}
