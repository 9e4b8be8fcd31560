import FilterableResults
import Foundation

// MARK: - ResultsListView: batch updates

extension ListViewSimulator {
    /// Runs `updates` as one batch update and checks it when it returns, as
    /// UIKit does: the view reads its data source's counts (and, in
    /// ``ListViewCountMode/readAtBatchStart``, reads them before `updates`
    /// too), checks the calls against them, and either applies the batch
    /// (moving and keeping cells, fetching new ones for inserted and
    /// reloaded rows and sections) and calls `completion` with `true`, or
    /// records the exception UIKit raises and crashes; `completion` is then
    /// never called. Nested calls join the outermost batch.
    ///
    /// - Complexity: O(*n* + *e*) plus one data-source call per section and
    ///   per new cell, where *n* is the number of rows and *e* of calls.
    public func performBatchUpdates(_ updates: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        performBatch(updates, completion: completion)
    }

    /// The batch update behind both entry points, for a closure that does not escape.
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        guard !hasCrashed else { return }
        if batchDepth == 0 { beginBatch() }
        batchDepth += 1
        updates()
        batchDepth -= 1
        guard !hasCrashed else { return }
        if let completion { pendingCompletions.append(completion) }
        if batchDepth == 0 { endBatch() }
    }

    /// Runs `updates` as one batch update, like
    /// ``performBatchUpdates(_:completion:)``, and throws the exception UIKit
    /// raises for it. Throws at once if the view has already crashed.
    /// Inside another batch the check waits for the outermost batch to end.
    ///
    /// - Throws: The ``ListViewException`` that crashed the view.
    /// - Complexity: As ``performBatchUpdates(_:completion:)``.
    public func performBatchUpdatesChecked(_ updates: () -> Void) throws(ListViewException) {
        if let exception { throw exception }
        performBatch(updates, completion: nil)
        if let exception { throw exception }
    }

    /// Inserts sections, by their indexes after the batch.
    ///
    /// - Complexity: O(*k*), where *k* is the number of sections; outside a
    ///   batch, as a batch of this one call.
    public func insertSections(_ sections: IndexSet) {
        record { $0.sectionInserts += sections }
    }

    /// Deletes sections, by their indexes before the batch.
    ///
    /// - Complexity: O(*k*), where *k* is the number of sections; outside a
    ///   batch, as a batch of this one call.
    public func deleteSections(_ sections: IndexSet) {
        record { $0.sectionDeletes += sections }
    }

    /// Reloads sections, by their indexes before the batch: inside UIKit a
    /// delete plus an insert at the index the section would have if no
    /// section moved; the section's header and cells are fetched anew.
    ///
    /// - Complexity: O(*k*), where *k* is the number of sections; outside a
    ///   batch, as a batch of this one call.
    public func reloadSections(_ sections: IndexSet) {
        record { $0.sectionReloads += sections }
    }

    /// Moves a section from its index before the batch to its index after
    /// it, with its header and cells.
    ///
    /// - Complexity: O(1); outside a batch, as a batch of this one call.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.sectionMoves.append((section, newSection)) }
    }

    /// Inserts rows, by their index paths after the batch; their cells are
    /// fetched when the batch ends.
    ///
    /// - Complexity: O(*k*), where *k* is the number of paths; outside a
    ///   batch, as a batch of this one call.
    public func insertRows(at indexPaths: [ResultsIndexPath]) {
        record { $0.rowInserts += indexPaths }
    }

    /// Deletes rows, by their index paths before the batch.
    ///
    /// - Complexity: O(*k*), where *k* is the number of paths; outside a
    ///   batch, as a batch of this one call.
    public func deleteRows(at indexPaths: [ResultsIndexPath]) {
        record { $0.rowDeletes += indexPaths }
    }

    /// Reloads rows, by their index paths before the batch: inside UIKit a
    /// delete plus an insert where a new cell is fetched, at the row's new
    /// index but in the section its section would be at if no section moved.
    ///
    /// - Complexity: O(*k*), where *k* is the number of paths; outside a
    ///   batch, as a batch of this one call.
    public func reloadRows(at indexPaths: [ResultsIndexPath]) {
        record { $0.rowReloads += indexPaths }
    }

    /// Moves a row, with its cell, from its index path before the batch to
    /// its index path after it.
    ///
    /// - Complexity: O(1); outside a batch, as a batch of this one call.
    public func moveRow(at indexPath: ResultsIndexPath, to newIndexPath: ResultsIndexPath) {
        record { $0.rowMoves.append((indexPath, newIndexPath)) }
    }
}

// MARK: - Running a batch

extension ListViewSimulator {
    /// Adds a call to the open batch, or runs it as a batch of its own, as
    /// UIKit does with an update call outside `performBatchUpdates`.
    private func record(_ call: (inout SimulatedBatch) -> Void) {
        guard !hasCrashed else { return }
        if isPerformingBatchUpdates {
            call(&pendingBatch)
        } else {
            performBatch({ call(&self.pendingBatch) }, completion: nil)
        }
    }

    /// Opens the outermost batch: loads the view if it has not loaded, and
    /// in ``ListViewCountMode/readAtBatchStart`` reads the counts again,
    /// reloading if they changed.
    private func beginBatch() {
        pendingBatch = SimulatedBatch()
        pendingCompletions = []
        if !isLoaded {
            load()
        } else if countMode == .readAtBatchStart, readCounts() != rowCounts {
            load()
        }
    }

    /// Closes the outermost batch: reads the counts after it, checks it and
    /// applies it, or crashes.
    private func endBatch() {
        let batch = pendingBatch
        let completions = pendingCompletions
        let sectionReconfigures = pendingSectionReconfigures
        pendingBatch = SimulatedBatch()
        pendingCompletions = []
        pendingSectionReconfigures = []
        let check = SimulatedBatchCheck(batch: batch, oldCounts: rowCounts, newCounts: readCounts(), wording: wording)
        do throws(ListViewException) {
            apply(try check.plan())
        } catch {
            crash(with: error)
            return
        }
        completedBatchCount += 1
        if animationsDisabled { unanimatedBatchCount += 1 }
        if !sectionReconfigures.isEmpty { reconfigureSections(sectionReconfigures) }
        showVisibleRows()   // UIKit lays the new table out before the batch's animations end
        for completion in completions { completion(true) }
    }

    /// Puts every cell, header and footer where the plan says, fetching the new ones.
    private func apply(_ plan: SimulatedBatchPlan) {
        var newCells: [[Cell]] = []
        var newIDs: [[Int]] = []
        var newHeaders: [String?] = [], newFooters: [String?] = []
        newCells.reserveCapacity(plan.sections.count)
        newIDs.reserveCapacity(plan.sections.count)
        for (section, source) in plan.sections.enumerated() {
            switch source {
            case let .fresh(count):
                newCells.append((0..<count).map { dataSourceOrEmpty.cell(at: ResultsIndexPath(row: $0, section: section)) })
                newIDs.append(newCellIDs(count))
                newHeaders.append(dataSourceOrEmpty.titleForHeader(inSection: section))
                newFooters.append(dataSourceOrEmpty.titleForFooter(inSection: section))
            case let .kept(old, rows):
                newCells.append(
                    rows.enumerated().map { row, rowSource in
                        switch rowSource {
                        case .fresh: dataSourceOrEmpty.cell(at: ResultsIndexPath(row: row, section: section))
                        case let .old(path): cells[path.section][path.row]
                        }
                    })
                newIDs.append(
                    rows.map { rowSource in
                        switch rowSource {
                        case .fresh: newCellIDs(1)[0]
                        case let .old(path): cellIDs[path.section][path.row]
                        }
                    })
                newHeaders.append(headerTitles[old])
                newFooters.append(footerTitles[old])
            }
        }
        cells = newCells
        cellIDs = newIDs
        headerTitles = newHeaders
        footerTitles = newFooters
        layoutVersion += 1
        for path in plan.reconfigured { cells[path.section][path.row] = dataSourceOrEmpty.cell(at: path) }
    }
}
