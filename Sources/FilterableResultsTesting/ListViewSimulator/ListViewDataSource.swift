import FilterableResults

/// What a table or collection view asks of its data source, in
/// ``/FilterableResults/ResultsIndexPath`` coordinates: the platform-free core of
/// `UITableViewDataSource` and `UICollectionViewDataSource`.
///
/// ``ListViewSimulator`` calls it as UIKit would. The package's
/// ``/FilterableResults/ResultsDataSource`` implements it; so can a data
/// source of your own, to test it against the simulator.
@MainActor
public protocol ListViewDataSource<Cell>: AnyObject {
    /// The view's cell type.
    associatedtype Cell

    /// The number of sections the view shows.
    func numberOfSections() -> Int
    /// The number of rows (items) in a section the view shows.
    func numberOfRows(inSection section: Int) -> Int
    /// A configured cell for the row at `indexPath` of the table the data
    /// source serves now.
    func cell(at indexPath: ResultsIndexPath) -> Cell

    /// The title of a section's header, if it has one.
    func titleForHeader(inSection section: Int) -> String?
    /// The title of a section's footer, if it has one.
    func titleForFooter(inSection section: Int) -> String?
    /// The titles of the section index (the strip at a table's side), if any.
    func sectionIndexTitles() -> [String]?
    /// The section to scroll to when the user taps the section-index title
    /// `title`, the `index`-th of ``sectionIndexTitles()``.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int

    /// Whether the user may delete (or otherwise edit) the row.
    func canEditRow(at indexPath: ResultsIndexPath) -> Bool
    /// The user deleted the row at `indexPath` (swipe to delete): update the
    /// model; the view is then told about the deletion like any other change.
    func commitDelete(at indexPath: ResultsIndexPath)
    /// Whether the user may move the row.
    func canMoveRow(at indexPath: ResultsIndexPath) -> Bool
    /// The user moved a row: the view already shows it at `destination`, so
    /// the data source updates its model and must not tell the view about
    /// the move again.
    func moveRow(at source: ResultsIndexPath, to destination: ResultsIndexPath)
    /// The user selected (tapped) the row at `indexPath`.
    func didSelectRow(at indexPath: ResultsIndexPath)
    /// The view is about to show the row at `indexPath` on screen
    /// (`tableView(_:willDisplay:forRowAt:)`, a delegate call in UIKit): it
    /// came on screen, or its cell is new.
    func willDisplayRow(at indexPath: ResultsIndexPath)
}

extension ListViewDataSource {
    /// No section has a footer.
    public func titleForFooter(inSection section: Int) -> String? { nil }

    /// Selecting a row does nothing.
    public func didSelectRow(at indexPath: ResultsIndexPath) {}

    /// Showing a row does nothing.
    public func willDisplayRow(at indexPath: ResultsIndexPath) {}
}

extension ResultsDataSource: ListViewDataSource {}
