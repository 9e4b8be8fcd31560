/// Following a row or a section through a changeset: where something the
/// view showed before the batch is after it, worked out as UIKit works it
/// out from the batch's calls.
extension ResultsChangeset {
    /// Where the row at `indexPath` of the table before the batch is in the
    /// table after it, or `nil` when the batch deletes the row (or its
    /// section). For an app that scrolls by hand: read the path of the row
    /// the user is reading before the batch, and find it after.
    ///
    ///     let reading = view.indexPathsForVisibleRows.min()
    ///     …
    ///     if let reading, let now = update.changeset.newIndexPath(forRowAt: reading) {
    ///         view.scrollToRow(at: now)   // UIKit's scrollToRow(at:at:animated:)
    ///     }
    ///
    /// A row the batch does not touch keeps its order among the rows that
    /// stay, and takes the places the batch's inserts and move destinations
    /// leave free, as UIKit places it; a row inside a section that moves
    /// moves with it. An update that is a reload
    /// (``ResultsUpdate/isReload``) has an empty changeset, which maps every
    /// path to itself: find the row by its key there. A path outside the
    /// table before the batch gives a path outside the table after it, or
    /// `nil` when it is negative.
    ///
    /// - Complexity: O(*e* + *m* log *m*), where *e* is the number of
    ///   changes and *m* the number of rows inserted or moved into the
    ///   row's new section.
    public func newIndexPath(forRowAt indexPath: ResultsIndexPath) -> ResultsIndexPath? {
        guard indexPath.row >= 0, let newSection = newIndex(forSection: indexPath.section) else { return nil }
        if sectionChanges.contains(where: { if case .move(indexPath.section, _, _) = $0 { true } else { false } }) {
            // UIKit takes a moved section's rows with it; a valid batch has no row change inside it.
            return ResultsIndexPath(row: indexPath.row, section: newSection)
        }
        var leftBefore = 0
        var taken: [Int] = []
        for index in elementChanges.indices {
            switch elementChanges.change(at: index) {
            case let .delete(old):
                if old == indexPath { return nil }
                if old.section == indexPath.section && old.row < indexPath.row { leftBefore += 1 }
            case let .insert(new):
                if new.section == newSection { taken.append(new.row) }
            case let .move(old, new, _):
                if old == indexPath { return new }
                if old.section == indexPath.section && old.row < indexPath.row { leftBefore += 1 }
                if new.section == newSection { taken.append(new.row) }
            case let .update(old, new):
                if old == indexPath { return new }
            }
        }
        return ResultsIndexPath(row: Self.freePlace(indexPath.row - leftBefore, among: taken), section: newSection)
    }

    /// Where the section at `section` of the table before the batch is in
    /// the table after it, or `nil` when the batch deletes it.
    ///
    /// - Complexity: O(*s* log *s*), where *s* is the number of section changes.
    public func newIndex(forSection section: Int) -> Int? {
        guard section >= 0 else { return nil }
        var leftBefore = 0
        var taken: [Int] = []
        for change in sectionChanges {
            switch change {
            case let .delete(old, _):
                if old == section { return nil }
                if old < section { leftBefore += 1 }
            case let .insert(new, _):
                taken.append(new)
            case let .move(old, new, _):
                if old == section { return new }
                if old < section { leftBefore += 1 }
                taken.append(new)
            }
        }
        return Self.freePlace(section - leftBefore, among: taken)
    }

    /// The place of the `rank`-th (from 0) of the things that stay, once
    /// the places in `taken` (inserts and move destinations, in the new
    /// order) are given to the things that arrive.
    static func freePlace(_ rank: Int, among taken: [Int]) -> Int {
        var place = rank
        for taken in taken.sorted() {
            guard taken <= place else { break }
            place += 1
        }
        return place
    }
}
