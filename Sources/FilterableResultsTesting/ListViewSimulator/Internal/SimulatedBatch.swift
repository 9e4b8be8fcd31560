import FilterableResults

/// The calls a ``ListViewSimulator`` received during one batch update, in
/// the coordinates UIKit gives them: deletes, reloads, move sources and
/// reconfigures in the table before the update; inserts and move
/// destinations in the table after it.
struct SimulatedBatch {
    var sectionDeletes: [Int] = []
    var sectionInserts: [Int] = []
    var sectionReloads: [Int] = []
    var sectionMoves: [(from: Int, to: Int)] = []
    var rowDeletes: [ResultsIndexPath] = []
    var rowInserts: [ResultsIndexPath] = []
    var rowReloads: [ResultsIndexPath] = []
    var rowMoves: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []
    /// Rows reconfigured inside the batch, by their paths before it; their
    /// cells are updated where the rows land.
    var rowReconfigures: [ResultsIndexPath] = []
}
