import FilterableResults

extension ListViewSimulator {
    /// The rows whose cell differs from what the data source serves there
    /// now: rows whose content changed but that were neither reloaded nor
    /// reconfigured, rows a batch put in the wrong place, and rows the data
    /// source no longer has. Rows the data source has and the view does not
    /// are not listed; compare ``rowCounts`` with the data source for those.
    ///
    /// - Parameter isSame: Whether two cells show the same content.
    /// - Returns: The stale rows' paths, in order.
    /// - Complexity: O(*n*) data-source calls, where *n* is the number of rows.
    public func staleRows(by isSame: (Cell, Cell) -> Bool) -> [ResultsIndexPath] {
        let counts = readCounts()
        var stale: [ResultsIndexPath] = []
        for (section, sectionCells) in cells.enumerated() {
            for (row, cell) in sectionCells.enumerated() {
                let path = ResultsIndexPath(row: row, section: section)
                guard counts.indices.contains(section), row < counts[section],
                    isSame(cell, dataSourceOrEmpty.cell(at: path))
                else {
                    stale.append(path)
                    continue
                }
            }
        }
        return stale
    }

    /// The sections whose header or footer title differs from the data
    /// source's now (UIKit keeps a section's header and footer through
    /// batch updates unless the section is reloaded or reconfigured), or
    /// that the data source no longer has.
    ///
    /// - Complexity: O(*s*) data-source calls, where *s* is the number of sections.
    public func staleHeaderSections() -> [Int] {
        let sectionCount = max(0, dataSourceOrEmpty.numberOfSections())
        return headerTitles.indices.filter { section in
            section >= sectionCount || headerTitles[section] != dataSourceOrEmpty.titleForHeader(inSection: section)
                || footerTitles[section] != dataSourceOrEmpty.titleForFooter(inSection: section)
        }
    }

    /// Whether the section index differs from the data source's now (UIKit
    /// reads it only on load and ``reloadSectionIndexTitles()``).
    ///
    /// - Complexity: O(*t*), where *t* is the number of index titles.
    public var indexTitlesAreStale: Bool { indexTitles != dataSourceOrEmpty.sectionIndexTitles() }

    /// Whether the view shows as many sections and rows as the data source
    /// has now.
    ///
    /// - Complexity: O(*s*) data-source calls, where *s* is the number of sections.
    public var rowCountsMatchDataSource: Bool { rowCounts == readCounts() }
}

extension ListViewSimulator where Cell: Equatable {
    /// The rows whose cell differs from what the data source serves there
    /// now, comparing cells with `==`; see ``staleRows(by:)``.
    ///
    /// - Complexity: O(*n*) data-source calls, where *n* is the number of rows.
    public func staleRows() -> [ResultsIndexPath] { staleRows { $0 == $1 } }
}
