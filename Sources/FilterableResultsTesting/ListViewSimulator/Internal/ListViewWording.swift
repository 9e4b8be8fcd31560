import FilterableResults

/// UIKit's exception reasons for one flavour of view, with the numbers
/// filled in. See ``ListViewException/Kind`` for where each comes from.
struct ListViewWording {
    let flavor: ListViewFlavor

    /// "row" or "item".
    var row: String { flavor == .tableView ? "row" : "item" }
    /// "rows" or "items".
    var rows: String { flavor == .tableView ? "rows" : "items" }
    /// "a row" or "an item".
    var aRow: String { flavor == .tableView ? "a row" : "an item" }
    /// "table view" or "collection view".
    var view: String { flavor == .tableView ? "table view" : "collection view" }

    /// An index path as UIKit prints it, without the element's address.
    static func describe(_ path: ResultsIndexPath) -> String {
        "<NSIndexPath> {length = 2, path = \(path.section) - \(path.row)}"
    }

    private func exception(_ kind: ListViewException.Kind, _ reason: String) -> ListViewException {
        ListViewException(kind: kind, reason: reason)
    }
}

// MARK: - Counts

extension ListViewWording {
    func invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int) -> ListViewException {
        exception(
            .invalidNumberOfSections,
            "Invalid update: invalid number of sections. The number of sections contained in the \(view) "
                + "after the update (\(after)) must be equal to the number of sections contained in the \(view) "
                + "before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted).")
    }

    func invalidNumberOfRows(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
    ) -> ListViewException {
        exception(
            .invalidNumberOfRows,
            "Invalid update: invalid number of \(rows) in section \(section). The number of \(rows) contained "
                + "in an existing section after the update (\(after)) must be equal to the number of \(rows) "
                + "contained in that section before the update (\(before)), plus or minus the number of \(rows) "
                + "inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or "
                + "minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, "
                + "\(movedOut) moved out).")
    }

    func inconsistentUpdate() -> ListViewException {
        exception(
            .inconsistentUpdate,
            flavor == .tableView
                ? "Invalid table view update. The application has requested an update to the table view "
                    + "that is inconsistent with the state provided by the data source."
                : "Invalid update: the application has requested an update to the collection view "
                    + "that is inconsistent with the state provided by the data source.")
    }
}

// MARK: - Sections

extension ListViewWording {
    func deleteSectionOutOfRange(_ section: Int, sectionCount: Int) -> ListViewException {
        exception(
            .sectionOutOfRangeBeforeUpdate,
            "attempt to delete section \(section), but there are only \(sectionCount) sections before the update")
    }

    func moveSectionSourceOutOfRange(_ section: Int, sectionCount: Int) -> ListViewException {
        exception(
            .sectionOutOfRangeBeforeUpdate,
            "attempt to move section \(section), but there are only \(sectionCount) sections before the update")
    }

    func insertSectionOutOfRange(_ section: Int, sectionCount: Int) -> ListViewException {
        exception(
            .sectionOutOfRangeAfterUpdate,
            "attempt to insert section \(section) but there are only \(sectionCount) sections after the update")
    }

    func moveSectionDestinationOutOfRange(_ section: Int, to destination: Int, sectionCount: Int)
        -> ListViewException
    {
        exception(
            .sectionOutOfRangeAfterUpdate,
            "attempt to move section \(section) to section \(destination), but there are only \(sectionCount) "
                + "sections after the update")
    }

    /// `verb` is "delete", "insert" or "reload".
    func duplicateSection(_ verb: String, _ section: Int) -> ListViewException {
        exception(.duplicateSection, "attempt to \(verb) section \(section) more than once")
    }

    func deleteAndReloadSameSection(_ section: Int) -> ListViewException {
        exception(.deleteAndReloadSameSection, "attempt to delete and reload the same section (\(section))")
    }

    func deleteAndMoveFromSameSection(_ section: Int, reloaded: Bool) -> ListViewException {
        exception(
            reloaded ? .reloadAndMoveFromSameSection : .deleteAndMoveFromSameSection,
            "attempt to perform a delete and a move from the same section (\(section))")
    }

    func insertAndMoveToSameSection(_ section: Int, reloaded: Bool) -> ListViewException {
        exception(
            reloaded ? .reloadAndMoveToSameSection : .insertAndMoveToSameSection,
            "attempt to perform an insert and a move to the same section (\(section))")
    }

    func twoMovesFromSameSection(_ section: Int, to first: Int, and second: Int) -> ListViewException {
        exception(
            .twoMovesFromSameSection,
            "attempt to move section \(section) to both section \(first) and section \(second)")
    }

    func twoMovesToSameSection(_ first: Int, and second: Int, to destination: Int) -> ListViewException {
        exception(
            .twoMovesToSameSection,
            "attempt to move both section \(first) and section \(second) to section \(destination)")
    }
}

// MARK: - Rows

extension ListViewWording {
    /// For deletes and reloads (a reload is a delete inside UIKit).
    func deleteRowOutOfRange(_ path: ResultsIndexPath, rowCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeBeforeUpdate,
            "attempt to delete \(row) \(path.row) from section \(path.section) which only contains "
                + "\(rowCount) \(rows) before the update")
    }

    func deleteRowSectionOutOfRange(_ path: ResultsIndexPath, sectionCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeBeforeUpdate,
            "attempt to delete \(row) \(path.row) from section \(path.section), but there are only "
                + "\(sectionCount) sections before the update")
    }

    func insertRowOutOfRange(_ path: ResultsIndexPath, rowCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeAfterUpdate,
            "attempt to insert \(row) \(path.row) into section \(path.section), but there are only "
                + "\(rowCount) \(rows) in section \(path.section) after the update")
    }

    func insertRowSectionOutOfRange(_ path: ResultsIndexPath, sectionCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeAfterUpdate,
            "attempt to insert \(row) \(path.row) into section \(path.section), but there are only "
                + "\(sectionCount) sections after the update")
    }

    func moveSourceOutOfRange(_ path: ResultsIndexPath, rowCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeBeforeUpdate,
            "attempt to move index path (\(Self.describe(path))) that does not exist - there are only "
                + "\(rowCount) \(rows) in section \(path.section) before the update")
    }

    func moveSourceSectionOutOfRange(_ path: ResultsIndexPath, sectionCount: Int) -> ListViewException {
        exception(
            .rowOutOfRangeBeforeUpdate,
            "attempt to move index path (\(Self.describe(path))) that does not exist - there are only "
                + "\(sectionCount) sections before the update")
    }

    func moveDestinationOutOfRange(_ from: ResultsIndexPath, to: ResultsIndexPath, rowCount: Int)
        -> ListViewException
    {
        exception(
            .rowOutOfRangeAfterUpdate,
            "attempt to move index path (\(Self.describe(from))) to index path (\(Self.describe(to))) that "
                + "does not exist - there are only \(rowCount) \(rows) in section \(to.section) after the update")
    }

    func moveDestinationSectionOutOfRange(_ from: ResultsIndexPath, to: ResultsIndexPath, sectionCount: Int)
        -> ListViewException
    {
        exception(
            .rowOutOfRangeAfterUpdate,
            "attempt to move index path (\(Self.describe(from))) to index path (\(Self.describe(to))) that "
                + "does not exist - there are only \(sectionCount) sections after the update")
    }

    /// `phrase` is "delete row R from", "insert row R into" or "reload row R in".
    func duplicateIndexPath(_ phrase: String, _ path: ResultsIndexPath) -> ListViewException {
        exception(.duplicateIndexPath, "attempt to \(phrase) section \(path.section) more than once")
    }

    func deleteAndReloadSameIndexPath(_ path: ResultsIndexPath) -> ListViewException {
        exception(
            .deleteAndReloadSameIndexPath,
            "attempt to delete and reload the same index path (\(Self.describe(path)))")
    }

    func deleteAndMoveFromSameIndexPath(_ path: ResultsIndexPath, reloaded: Bool) -> ListViewException {
        exception(
            reloaded ? .reloadAndMoveFromSameIndexPath : .deleteAndMoveFromSameIndexPath,
            "attempt to perform a delete and a move from the same index path (\(Self.describe(path)))")
    }

    func insertAndMoveToSameIndexPath(_ path: ResultsIndexPath, reloaded: Bool) -> ListViewException {
        exception(
            reloaded ? .reloadAndMoveToSameIndexPath : .insertAndMoveToSameIndexPath,
            "attempt to perform an insert and a move to the same index path (\(Self.describe(path)))")
    }

    func twoMovesFromSameIndexPath(_ path: ResultsIndexPath, to first: ResultsIndexPath, and second: ResultsIndexPath)
        -> ListViewException
    {
        exception(
            .twoMovesFromSameIndexPath,
            "attempt to move index path (\(Self.describe(path))) to both (\(Self.describe(first))) and "
                + "(\(Self.describe(second)))")
    }

    func twoMovesToSameIndexPath(_ first: ResultsIndexPath, and second: ResultsIndexPath, to destination: ResultsIndexPath)
        -> ListViewException
    {
        exception(
            .twoMovesToSameIndexPath,
            "attempt to move both \(row) at index path \(Self.describe(first)) and \(Self.describe(second)) "
                + "to \(Self.describe(destination))")
    }

    func moveFromDeletedSection() -> ListViewException {
        exception(.moveFromDeletedSection, "cannot move \(aRow) from a deleted section")
    }

    func moveIntoInsertedSection(_ section: Int) -> ListViewException {
        exception(.moveIntoInsertedSection, "cannot move \(aRow) into a newly inserted section (\(section))")
    }

    /// `phrase` is, for example, "delete item 2 from" or "move an item into";
    /// `fate` is "inserted", "deleted", "reloaded" or "moved".
    func itemChangeInChangedSection(_ phrase: String, section: Int, fate: String) -> ListViewException {
        exception(
            .itemChangeInChangedSection,
            "attempt to \(phrase) section \(section), which is itself \(fate) in the same update: "
                + "UICollectionView corrupts its data or crashes on item changes inside a section that is "
                + "inserted, deleted, reloaded or moved in the same update")
    }
}

// MARK: - Outside batch updates

extension ListViewWording {
    func reconfigureOutOfRange(_ path: ResultsIndexPath, counts: [Int]) -> ListViewException {
        guard counts.indices.contains(path.section) else {
            return exception(
                .reconfigureOutOfRange,
                "attempt to reconfigure \(row) \(path.row) in section \(path.section), but there are only "
                    + "\(counts.count) sections")
        }
        return exception(
            .reconfigureOutOfRange,
            "attempt to reconfigure \(row) \(path.row) in section \(path.section), but there are only "
                + "\(counts[path.section]) \(rows) in section \(path.section)")
    }

    func invalidUserAction(_ description: String) -> ListViewException {
        exception(.invalidUserAction, description)
    }
}
