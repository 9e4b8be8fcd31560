import Foundation

/// A list without sections (`NSTableView`) as a ``ResultsListView``: it
/// records each batch in UIKit's vocabulary and hands ``perform`` the calls
/// that make the list show it, in order (``FlatListChanges``). The
/// platform-free logic of the `NSTableView` shell, which forwards each call to
/// its table view; tests replay them on an array.
///
/// It keeps the ``layout`` the list shows: read from ``dataSource`` at a
/// reload and inside each batch (after the data source swapped in the new
/// table), never while the list is between two tables.
@MainActor
final class FlatListAdapter: ResultsListView {
    /// The data source whose sections and header titles make the rows; held weakly.
    weak var dataSource: (any ListDataSource)?
    /// Receives the list's calls, in the order to make them.
    var perform: (FlatListCall) -> Void
    /// The rows the list shows.
    private(set) var layout = FlatListLayout()
    /// The batch being recorded, while ``performBatchUpdates(_:completion:)`` runs its updates.
    private var changes: FlatListChanges?

    /// An adapter whose calls go to `perform`.
    ///
    /// - Complexity: O(1).
    init(perform: @escaping (FlatListCall) -> Void = { _ in }) {
        self.perform = perform
    }

    /// Reads the rows from the data source: the list shows them from now on.
    ///
    /// - Complexity: O(*s*) data source calls for *s* sections.
    @discardableResult
    func loadLayout() -> FlatListLayout {
        layout = dataSource.map { FlatListLayout($0) } ?? FlatListLayout()
        return layout
    }

    /// Reads the rows anew and, when they differ from those shown (a header
    /// title changed by a setting, say), reloads the list.
    ///
    /// - Complexity: O(*s*) data source calls for *s* sections.
    func reloadIfRowsChanged() {
        let shown = layout
        if loadLayout() != shown { perform(.reloadData) }
    }

    /// The calls of one batch: the updates run, recorded, then the list's
    /// calls are made (or, for a batch that does not add up, a reload).
    /// Nested batches are part of the outermost one.
    private func batch(_ updates: () -> Void) {
        guard changes == nil else { return updates() }
        let old = layout
        changes = FlatListChanges()
        updates()
        let recorded = changes!
        changes = nil
        let new = loadLayout()
        guard let calls = recorded.calls(from: old, to: new) else { return perform(.reloadData) }
        calls.forEach(perform)
    }

    /// Records a change: in the batch being run, or as a batch of its own
    /// (the data source already serves the table after it, as UIKit asks).
    private func record(_ change: (inout FlatListChanges) -> Void) {
        if changes != nil {
            change(&changes!)
        } else {
            batch { change(&changes!) }
        }
    }

    /// Reads the rows anew and reloads the list.
    func reloadData() {
        loadLayout()
        perform(.reloadData)
    }

    /// Runs `updates`, then makes the list's calls; `completion` is called
    /// when they are made (the list's animations may still run).
    func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        batch(updates)
        completion?(true)
    }

    func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }
    func moveSection(_ section: Int, toSection newSection: Int) { record { $0.sectionMoves.append((section, newSection)) } }
    func insertRows(at indexPaths: [ResultsIndexPath]) { record { $0.insertedRows += indexPaths } }
    func deleteRows(at indexPaths: [ResultsIndexPath]) { record { $0.deletedRows += indexPaths } }
    func reloadRows(at indexPaths: [ResultsIndexPath]) { record { $0.reloadedRows += indexPaths } }
    func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        record { $0.rowMoves.append((indexPath, newIndexPath)) }
    }

    /// Inside a batch, recorded as reloads (the list has no reconfiguring);
    /// outside one, the rows shown are reloaded now.
    func reconfigureRows(at indexPaths: [ResultsIndexPath]) {
        if changes != nil { return record { $0.reloadedRows += indexPaths } }
        let rows = IndexSet(indexPaths.lazy.filter(layout.contains).map(layout.row(for:)))
        if !rows.isEmpty { perform(.reloadRows(rows)) }
    }

    /// Reads the header titles anew after a batch: the header rows of
    /// `sections` whose title changed are reloaded in place; a header that
    /// appears or goes away (a title set or cleared) reloads the list.
    func reconfigureSections(_ sections: IndexSet) {
        let shown = layout
        let new = loadLayout()
        guard new.starts == shown.starts else { return perform(.reloadData) }
        let rows = IndexSet(sections.lazy.filter { $0 < new.numberOfSections && new.title(ofSection: $0) != shown.title(ofSection: $0) }
            .compactMap(new.headerRow(ofSection:)))
        if !rows.isEmpty { perform(.reloadRows(rows)) }
    }

    /// Does nothing: a list without sections has no section index.
    func reloadSectionIndexTitles() {}
}
