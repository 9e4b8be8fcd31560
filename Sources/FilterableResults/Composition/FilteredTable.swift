/// A part's table as a composition with a filter shows it: the rows that
/// pass, section by section, every section kept.
@usableFromInline
struct FilteredTable<Element>: PartTable {
    /// The part's own table.
    @usableFromInline let base: any PartTable<Element>
    /// For each section, the rows of `base` that pass, in order.
    let rows: [[Int]]
    @usableFromInline let count: Int

    /// The rows of `base` that `isIncluded` accepts.
    ///
    /// - Complexity: O(*n* log *n*) for *n* rows of `base`, plus the filter.
    @usableFromInline init(_ base: any PartTable<Element>, isIncluded: (Element) -> Bool) {
        self.base = base
        rows = (0..<base.numberOfSections).map { section in
            (0..<base.numberOfRows(inSection: section)).filter { row in
                base.row(at: ResultsIndexPath(row: row, section: section)).map(isIncluded) ?? false
            }
        }
        count = rows.reduce(0) { $0 + $1.count }
    }

    @usableFromInline var numberOfSections: Int { base.numberOfSections }
    @usableFromInline func numberOfRows(inSection section: Int) -> Int { rows.indices.contains(section) ? rows[section].count : 0 }
    @usableFromInline func name(ofSection section: Int) -> String? { base.name(ofSection: section) }
    @usableFromInline func id(ofSection section: Int) -> (any Hashable & Sendable)? { base.id(ofSection: section) }
    @usableFromInline func value(ofSection section: Int) -> ResultsSectionValue? { base.value(ofSection: section) }
    @usableFromInline func row(at indexPath: ResultsIndexPath) -> Element? { basePath(indexPath).flatMap(base.row(at:)) }
    @usableFromInline func key(at indexPath: ResultsIndexPath) -> ResultsComposition<Element>.PartKey? { basePath(indexPath).flatMap(base.key(at:)) }
    @usableFromInline func identity(ofSection section: Int) -> (AnyHashable, description: String)? { base.identity(ofSection: section) }

    /// The path in `base` of the row at `indexPath`, or `nil` when there is none.
    func basePath(_ indexPath: ResultsIndexPath) -> ResultsIndexPath? {
        guard rows.indices.contains(indexPath.section), rows[indexPath.section].indices.contains(indexPath.row) else { return nil }
        return ResultsIndexPath(row: rows[indexPath.section][indexPath.row], section: indexPath.section)
    }

    /// The place in `base` of a row dropped at `destination` of this table,
    /// both after the move of the row at `source` (a path of this table)
    /// out of it, if it is one of this table's rows: before the row it was
    /// dropped above, or after the last row shown before it.
    func baseDrop(_ destination: ResultsIndexPath, leaving source: ResultsIndexPath?) -> ResultsIndexPath {
        guard rows.indices.contains(destination.section) else { return destination }
        let moved = source.flatMap(basePath).flatMap { $0.section == destination.section ? $0.row : nil }
        let others = rows[destination.section].filter { $0 != moved }
        let target = destination.row < others.count ? others[max(0, destination.row)] : (others.last.map { $0 + 1 } ?? 0)
        return ResultsIndexPath(row: target - (moved.map { $0 < target ? 1 : 0 } ?? 0), section: destination.section)
    }
}
