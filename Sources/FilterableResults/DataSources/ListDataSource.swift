/// What a list view reads of the table its data source serves: the
/// counts and header titles. ``ResultsDataSource`` serves them; the flat
/// list that shows a sectioned table in one column (an `NSTableView`)
/// reads its layout through it.
@MainActor
protocol ListDataSource: AnyObject {
    /// The number of sections the view shows.
    func numberOfSections() -> Int
    /// The number of rows in a section the view shows.
    func numberOfRows(inSection section: Int) -> Int
    /// The title of a section's header, or `nil`.
    func titleForHeader(inSection section: Int) -> String?
}
