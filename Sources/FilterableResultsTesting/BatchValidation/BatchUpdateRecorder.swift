import FilterableResults

/// A ``/FilterableResults/BatchUpdateTarget`` that records the calls it receives, in order:
/// what a table or collection view would be told by
/// `ResultsChangeset.apply(to:)`.
///
///     var recorder = BatchUpdateRecorder()
///     changeset.apply(to: &recorder)
///     #expect(recorder.calls == [.deleteRows([ResultsIndexPath(row: 1, section: 0)])])
public struct BatchUpdateRecorder: BatchUpdateTarget, Hashable, Sendable {
    /// One call a batch update makes.
    public enum Call: Hashable, Sendable {
        /// Sections deleted, by old index.
        case deleteSections([Int])
        /// Sections inserted, by new index.
        case insertSections([Int])
        /// A section moved from its old index to its new one.
        case moveSection(Int, to: Int)
        /// Sections reloaded, by old index.
        case reloadSections([Int])
        /// Rows deleted, by old index path.
        case deleteRows([ResultsIndexPath])
        /// Rows inserted, by new index path.
        case insertRows([ResultsIndexPath])
        /// A row moved from its old index path to its new one.
        case moveRow(ResultsIndexPath, to: ResultsIndexPath)
        /// Rows reloaded, by old index path.
        case reloadRows([ResultsIndexPath])
    }

    /// The calls received so far, in order.
    ///
    /// - Complexity: O(1).
    public private(set) var calls: [Call] = []

    /// Creates a recorder with no calls.
    ///
    /// - Complexity: O(1).
    public init() {}
}

extension BatchUpdateRecorder {
    /// Records a `deleteSections` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func deleteSections(_ indexes: [Int]) { calls.append(.deleteSections(indexes)) }

    /// Records an `insertSections` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func insertSections(_ indexes: [Int]) { calls.append(.insertSections(indexes)) }

    /// Records a `moveSection` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func moveSection(_ index: Int, toSection newIndex: Int) { calls.append(.moveSection(index, to: newIndex)) }

    /// Records a `reloadSections` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func reloadSections(_ indexes: [Int]) { calls.append(.reloadSections(indexes)) }

    /// Records a `deleteRows` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func deleteRows(at indexPaths: [ResultsIndexPath]) { calls.append(.deleteRows(indexPaths)) }

    /// Records an `insertRows` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func insertRows(at indexPaths: [ResultsIndexPath]) { calls.append(.insertRows(indexPaths)) }

    /// Records a `moveRow` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        calls.append(.moveRow(indexPath, to: newIndexPath))
    }

    /// Records a `reloadRows` call.
    ///
    /// - Complexity: Amortized O(1).
    public mutating func reloadRows(at indexPaths: [ResultsIndexPath]) { calls.append(.reloadRows(indexPaths)) }
}
