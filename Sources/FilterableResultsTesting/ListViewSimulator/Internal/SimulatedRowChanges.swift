import FilterableResults

/// The row calls of a batch that take part in UIKit's arithmetic: those
/// that passed the range checks, without the ones a table view absorbs into
/// a section change, plus where each reloaded row is re-inserted.
struct SimulatedRowChanges {
    /// Deleted rows, by old path.
    var deletes: [ResultsIndexPath] = []
    /// Reloaded rows, by old path.
    var reloads: [ResultsIndexPath] = []
    /// Moved rows, from old path to new path.
    var moves: [(from: ResultsIndexPath, to: ResultsIndexPath)] = []
    /// Inserted rows, by new path.
    var inserts: [ResultsIndexPath] = []
    /// Where each reloaded row is inserted again (same order as `reloads`):
    /// its row's new index, in the section its section would be at if no
    /// section moved.
    var reinsertions: [ResultsIndexPath] = []

    /// What the batch does to one old index path.
    enum OldUse: Equatable {
        case delete
        case reload
        case moveFrom(to: ResultsIndexPath)
    }

    /// What the batch puts at one new index path.
    enum NewUse: Equatable {
        case insert
        case moveTo(from: ResultsIndexPath)
        case reinsertion
    }
}
