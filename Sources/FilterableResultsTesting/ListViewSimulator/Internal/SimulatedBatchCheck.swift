import FilterableResults

/// UIKit's check of one batch update: given the calls, the counts the view
/// held before the update and the counts its data source gives after it,
/// either the plan of the table after the update or the exception UIKit
/// raises.
///
/// The checks run in this order, and the first failure is reported:
/// section ranges, section conflicts, the section count, the section
/// mapping (``checkSections()``); then row ranges and rows inside changed
/// sections, row conflicts, reloaded rows' re-insertions, each section's
/// row count, and the placement of every row (``checkRows(in:)``).
struct SimulatedBatchCheck {
    let batch: SimulatedBatch
    /// Rows per section before the update.
    let oldCounts: [Int]
    /// Rows per section after the update, from the data source.
    let newCounts: [Int]
    let wording: ListViewWording

    var flavor: ListViewFlavor { wording.flavor }

    /// The table after the update, or the exception UIKit raises.
    func plan() throws(ListViewException) -> SimulatedBatchPlan {
        let sections = try checkSections()
        let rows = try checkRows(in: sections)
        let placed = try place(rows, in: sections)
        return SimulatedBatchPlan(
            sections: placed,
            reconfigured: try reconfiguredPaths(placed))
    }

    /// The new paths of the rows reconfigured inside the batch; rows the
    /// batch deletes or reloads are dropped.
    private func reconfiguredPaths(_ sections: [SimulatedBatchPlan.SectionSource]) throws(ListViewException)
        -> [ResultsIndexPath]
    {
        guard !batch.rowReconfigures.isEmpty else { return [] }
        for path in batch.rowReconfigures
        where !oldCounts.indices.contains(path.section) || !(0..<oldCounts[path.section]).contains(path.row) {
            throw wording.reconfigureOutOfRange(path, counts: oldCounts)
        }
        var newPath: [ResultsIndexPath: ResultsIndexPath] = [:]
        for (section, source) in sections.enumerated() {
            guard case let .kept(_, rows) = source else { continue }
            for (row, rowSource) in rows.enumerated() {
                if case let .old(old) = rowSource { newPath[old] = ResultsIndexPath(row: row, section: section) }
            }
        }
        return batch.rowReconfigures.compactMap { newPath[$0] }
    }
}
