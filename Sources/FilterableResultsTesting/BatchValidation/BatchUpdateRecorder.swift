import FilterableResults
import Foundation

/// A list view that records the calls a batch update makes, in order: to
/// check what a changeset asks of UIKit, or what a data source of your own
/// sends its view.
///
///     let recorder = BatchUpdateRecorder()
///     changeset.apply(to: recorder, contentUpdates: .reload, updateDataSource: {})
///     #expect(recorder.calls == [.insertSections([1]), .deleteRows([path(0, 0)]), .reloadRows([path(0, 1)])])
///
/// It is a ``/FilterableResults/ResultsListView`` like any other: the one apply the package
/// has drives it, as it drives a table view. The batch's start and end are
/// not calls of their own: the calls inside it are recorded in its order.
@MainActor
public final class BatchUpdateRecorder: ResultsListView {
    /// One call a view received.
    public enum Call: Hashable, Sendable {
        /// Sections deleted, by their old indexes.
        case deleteSections([Int])
        /// Sections inserted, by their new indexes.
        case insertSections([Int])
        /// A section moved.
        case moveSection(Int, to: Int)
        /// Sections reloaded (their cells replaced).
        case reloadSections([Int])
        /// Rows deleted, by their old paths.
        case deleteRows([ResultsIndexPath])
        /// Rows inserted, by their new paths.
        case insertRows([ResultsIndexPath])
        /// A row moved.
        case moveRow(ResultsIndexPath, to: ResultsIndexPath)
        /// Rows reloaded (their cells replaced), by their old paths.
        case reloadRows([ResultsIndexPath])
        /// Rows reconfigured after a batch (their cells kept), by their new paths.
        case reconfigureRows([ResultsIndexPath])
        /// Sections whose headers and footers are refreshed after a batch.
        case reconfigureSections([Int])
        /// The whole table read anew.
        case reloadData
        /// The section index read anew.
        case reloadSectionIndexTitles
    }

    /// The calls received, in order.
    public private(set) var calls: [Call] = []
    /// The number of batch updates received.
    public private(set) var batchCount = 0

    /// Creates a recorder with no calls.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Records nothing of its own; runs `updates`, then `completion`.
    ///
    /// - Complexity: that of `updates`.
    public func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        batchCount += 1
        updates()
        completion?(true)
    }

    /// Records a reload.
    ///
    /// - Complexity: O(1).
    public func reloadData() { calls.append(.reloadData) }
    /// Records inserted sections.
    ///
    /// - Complexity: O(*s*).
    public func insertSections(_ sections: IndexSet) { calls.append(.insertSections(Array(sections))) }
    /// Records deleted sections.
    ///
    /// - Complexity: O(*s*).
    public func deleteSections(_ sections: IndexSet) { calls.append(.deleteSections(Array(sections))) }
    /// Records reloaded sections.
    ///
    /// - Complexity: O(*s*).
    public func reloadSections(_ sections: IndexSet) { calls.append(.reloadSections(Array(sections))) }
    /// Records a section's move.
    ///
    /// - Complexity: O(1).
    public func moveSection(_ section: Int, toSection newSection: Int) { calls.append(.moveSection(section, to: newSection)) }
    /// Records inserted rows.
    ///
    /// - Complexity: O(*n*).
    public func insertRows(at indexPaths: [ResultsIndexPath]) { calls.append(.insertRows(indexPaths)) }
    /// Records deleted rows.
    ///
    /// - Complexity: O(*n*).
    public func deleteRows(at indexPaths: [ResultsIndexPath]) { calls.append(.deleteRows(indexPaths)) }
    /// Records reloaded rows.
    ///
    /// - Complexity: O(*n*).
    public func reloadRows(at indexPaths: [ResultsIndexPath]) { calls.append(.reloadRows(indexPaths)) }
    /// Records a row's move.
    ///
    /// - Complexity: O(1).
    public func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) { calls.append(.moveRow(indexPath, to: newIndexPath)) }
    /// Records reconfigured rows.
    ///
    /// - Complexity: O(*n*).
    public func reconfigureRows(at indexPaths: [ResultsIndexPath]) { calls.append(.reconfigureRows(indexPaths)) }
    /// Records reconfigured sections.
    ///
    /// - Complexity: O(*s*).
    public func reconfigureSections(_ sections: IndexSet) { calls.append(.reconfigureSections(Array(sections))) }
    /// Records a reload of the section index.
    ///
    /// - Complexity: O(1).
    public func reloadSectionIndexTitles() { calls.append(.reloadSectionIndexTitles) }
}
