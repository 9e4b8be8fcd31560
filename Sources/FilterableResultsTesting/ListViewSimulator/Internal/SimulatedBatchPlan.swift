import FilterableResults

/// Where every cell of the table after a batch update comes from, as UIKit
/// works it out from the batch's calls.
struct SimulatedBatchPlan: Equatable {
    /// Where one row of a kept section comes from.
    enum RowSource: Equatable {
        /// A new cell from the data source (an insert, or a reload's re-insertion).
        case fresh
        /// The cell the view showed at this path before the update.
        case old(ResultsIndexPath)
    }

    /// Where one section after the update comes from.
    enum SectionSource: Equatable {
        /// Inserted or reloaded: its header and every one of its `rowCount`
        /// cells come from the data source.
        case fresh(rowCount: Int)
        /// An old section (moved or not) with its header and row sources.
        case kept(from: Int, rows: [RowSource])
    }

    /// One entry per section after the update.
    var sections: [SectionSource]
    /// Rows reconfigured inside the batch, by their paths after it.
    var reconfigured: [ResultsIndexPath]
}
