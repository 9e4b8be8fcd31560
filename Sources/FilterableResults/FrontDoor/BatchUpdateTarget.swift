/// Anything that applies UIKit-style batch updates: a table view, a
/// collection view, or a model of one in a test.
///
/// ``ResultsChangeset/apply(to:)`` calls these in one batch. Indexes follow
/// UIKit's rules: deletes, reloads and move sources are in the old table;
/// inserts and move destinations in the new one.
public protocol BatchUpdateTarget {
    /// Deletes whole sections, by old index.
    mutating func deleteSections(_ indexes: [Int])
    /// Inserts whole sections, by new index.
    mutating func insertSections(_ indexes: [Int])
    /// Moves a section from its old index to its new one.
    mutating func moveSection(_ index: Int, toSection newIndex: Int)
    /// Deletes rows, by old index path.
    mutating func deleteRows(at indexPaths: [ResultsIndexPath])
    /// Inserts rows, by new index path.
    mutating func insertRows(at indexPaths: [ResultsIndexPath])
    /// Moves a row from its old index path to its new one.
    mutating func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath)
    /// Reloads rows, by old index path.
    mutating func reloadRows(at indexPaths: [ResultsIndexPath])
}
