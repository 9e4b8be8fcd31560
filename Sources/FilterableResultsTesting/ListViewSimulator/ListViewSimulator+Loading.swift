import FilterableResults
import Foundation

extension ListViewSimulator {
    /// Reads the data source anew if the view has not loaded yet, as a view
    /// does when it first lays out. Every other entry point does this too.
    ///
    /// - Complexity: O(*n*) data-source calls on the first call, where *n* is
    ///   the number of rows and sections; O(1) afterwards.
    public func layoutIfNeeded() {
        guard !hasCrashed, !isLoaded else { return }
        load()
        showVisibleRows()
    }

    /// Reads the section index titles anew (`reloadSectionIndexTitles()`):
    /// UIKit does not read them after a batch update that inserts or deletes
    /// sections, only when it loads and when asked to.
    ///
    /// - Complexity: O(1) data-source calls.
    public func reloadSectionIndexTitles() {
        guard !hasCrashed else { return }
        layoutIfNeeded()
        indexTitles = dataSourceOrEmpty.sectionIndexTitles()
    }

    /// Reads every count, cell, header and footer title and index title from the data
    /// source.
    func load() {
        let counts = readCounts()
        cells = counts.enumerated().map { section, count in
            (0..<count).map { dataSourceOrEmpty.cell(at: ResultsIndexPath(row: $0, section: section)) }
        }
        headerTitles = counts.indices.map { dataSourceOrEmpty.titleForHeader(inSection: $0) }
        footerTitles = counts.indices.map { dataSourceOrEmpty.titleForFooter(inSection: $0) }
        indexTitles = dataSourceOrEmpty.sectionIndexTitles()
        cellIDs = counts.map { newCellIDs($0) }
        displayedCellIDs = []   // every cell is new: those on screen are displayed again
        layoutVersion += 1
        isLoaded = true
    }

    /// Identities for `count` new cells.
    func newCellIDs(_ count: Int) -> [Int] {
        defer { nextCellID += count }
        return Array(nextCellID..<nextCellID + count)
    }

    /// The data source's rows per section (negative counts read as 0).
    func readCounts() -> [Int] {
        (0..<max(0, dataSourceOrEmpty.numberOfSections())).map { max(0, dataSourceOrEmpty.numberOfRows(inSection: $0)) }
    }
}

// MARK: - ResultsListView: reloading

extension ListViewSimulator {
    /// Discards the cells and counts and reads the data source anew: counts,
    /// every cell, header titles and index titles. Inside a batch update the
    /// reloaded table becomes the one the batch is checked against.
    ///
    /// - Complexity: O(*n*) data-source calls, where *n* is the number of
    ///   rows and sections.
    public func reloadData() {
        guard !hasCrashed else { return }
        reloadCount += 1
        load()
        showVisibleRows()
    }

    /// Asks the data source for the rows' cells again and puts the new
    /// content in the existing cells (`reconfigureRows(at:)` /
    /// `reconfigureItems(at:)`). Outside a batch update the paths are the
    /// view's current ones; inside one they are paths before the update, and
    /// the rows are reconfigured where they land (rows the batch deletes or
    /// reloads are skipped). A path the view does not have raises
    /// ``ListViewException/Kind/reconfigureOutOfRange``.
    ///
    /// - Complexity: O(*k*) data-source calls, where *k* is the number of paths.
    public func reconfigureRows(at indexPaths: [ResultsIndexPath]) {
        guard !hasCrashed else { return }
        if isPerformingBatchUpdates {
            pendingBatch.rowReconfigures += indexPaths
            return
        }
        layoutIfNeeded()
        for path in indexPaths where cell(at: path) == nil {
            crash(with: wording.reconfigureOutOfRange(path, counts: rowCounts))
            return
        }
        for path in indexPaths { cells[path.section][path.row] = dataSourceOrEmpty.cell(at: path) }
        layoutVersion += 1
        showVisibleRows()   // a row whose content grew may push others off screen
    }
}

// MARK: - ResultsListView: headers and footers

extension ListViewSimulator {
    /// Asks the data source for the header and footer titles of `sections`
    /// again and shows them, cells kept, as the package's UIKit shells do
    /// with the header and footer views on screen. Outside a batch update
    /// the indexes are the view's current ones; inside one, of the table
    /// after it, and the titles are read when it ends. Sections the view
    /// does not have are skipped, as UIKit finds no view for them.
    ///
    /// - Complexity: O(*k*) data-source calls, where *k* is the number of sections.
    public func reconfigureSections(_ sections: IndexSet) {
        guard !hasCrashed else { return }
        if isPerformingBatchUpdates {
            pendingSectionReconfigures.formUnion(sections)
            return
        }
        layoutIfNeeded()
        for section in sections where headerTitles.indices.contains(section) {
            headerTitles[section] = dataSourceOrEmpty.titleForHeader(inSection: section)
            footerTitles[section] = dataSourceOrEmpty.titleForFooter(inSection: section)
        }
    }
}
