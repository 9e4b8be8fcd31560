import Foundation

/// Loading pages as the end of the table comes into view, with a
/// placeholder row (loading, or failed with retry) after the table.
extension ResultsDataSource {
    /// Follows `pager`: the view's rows near the end ask it for the next
    /// page (``willDisplayRow(at:)``, ``prefetchRows(at:)``, and a check
    /// of the rows on screen after every update), and its
    /// ``ResultsController/Pager/placeholder`` shows as one row in a
    /// section of its own after the table's sections, made by
    /// `placeholderCell`: a row the data source serves, never an element
    /// of the source. Selecting the row after a failure retries.
    ///
    ///     dataSource.loadPages(with: pager) { indexPath, placeholder in
    ///         switch placeholder {
    ///         case .loading: Cell(title: "Loading…")
    ///         case .failed: Cell(title: "Tap to try again")
    ///         }
    ///     }
    ///
    /// The placeholder comes and goes in batch updates of its own, after
    /// the update that merged the page, so every update of the source
    /// reaches the view unchanged. The source may be the pager's
    /// controller or any source that shows it (a composition).
    ///
    /// - Complexity: O(1), plus showing the pager's placeholder.
    public func loadPages<PageElement, PageKey>(
        with pager: ResultsController<PageElement, PageKey>.Pager,
        placeholderCell: @escaping (ResultsIndexPath, ResultsController<PageElement, PageKey>.Pager.Placeholder) -> Cell
    ) {
        let paging = Paging(
            current: {
                switch pager.placeholder {
                case nil: nil
                case .loading?: .loading
                case let .failed(error)?: .failed(error)
                }
            },
            cell: { indexPath, shown in
                switch shown {
                case .loading: placeholderCell(indexPath, .loading)
                case let .failed(error): placeholderCell(indexPath, .failed(error))
                }
            },
            preloadDistance: { pager.preloadDistance },
            rowAppeared: { pager.rowAppeared(rowsAfter: $0) },
            retry: { pager.retry() })
        self.paging = paging
        paging.observation = pager.observe { [weak self] _ in self?.showPagingState() }
        showPagingState()
        checkTheEnd()
    }

    /// The section of the placeholder row (the table's sections, plus
    /// one), or `nil` when no placeholder shows.
    ///
    /// - Complexity: O(1).
    public var placeholderSection: Int? {
        paging?.shown == nil ? nil : snapshot.numberOfSections
    }

    /// The view is about to show the row at `indexPath` (a table or
    /// collection view delegate's `willDisplay`): with a pager, the next
    /// page loads when the row is near enough the end. The UIKit shells
    /// call it from their delegate methods; a delegate of your own calls it.
    ///
    /// - Complexity: O(*s* log *n*) for the *s* sections after the row, at most.
    public func willDisplayRow(at indexPath: ResultsIndexPath) {
        guard let paging, let rowsAfter = rowsAfter(indexPath, upTo: paging.preloadDistance()) else { return }
        paging.rowAppeared(rowsAfter)
    }

    /// The view will soon show the rows at `indexPaths` (its prefetch data
    /// source's call): with a pager, the next page loads when the last of
    /// them is near enough the end.
    ///
    /// - Complexity: O(*k*) for *k* paths, plus ``willDisplayRow(at:)``.
    public func prefetchRows(at indexPaths: [ResultsIndexPath]) {
        if let last = indexPaths.filter({ $0.section < snapshot.numberOfSections }).max() { willDisplayRow(at: last) }
    }

    /// What the placeholder row shows.
    enum Placeholder {
        case loading
        case failed(any Error)

        /// Whether the two show the same kind of row (the errors aside).
        func isSameKind(as other: Placeholder?) -> Bool {
            switch (self, other) {
            case (.loading, .loading?), (.failed, .failed?): true
            default: false
            }
        }
    }

    /// A pager as the data source follows it, without its element type.
    @MainActor
    final class Paging {
        /// What the placeholder row shows now, as the view was told.
        var shown: Placeholder?
        /// What the pager's placeholder is now.
        let current: () -> Placeholder?
        /// The placeholder row's cell.
        let cell: (ResultsIndexPath, Placeholder) -> Cell
        /// The pager's preload distance.
        let preloadDistance: () -> Int
        /// Tells the pager a row with that many rows after it is shown.
        let rowAppeared: (Int) -> Void
        /// Retries the failed page.
        let retry: () -> Void
        /// The observation of the pager.
        var observation: ResultsObservation?
        /// Whether the pager changed while the data source applied an update.
        var changedMeanwhile = false

        init(
            current: @escaping () -> Placeholder?, cell: @escaping (ResultsIndexPath, Placeholder) -> Cell,
            preloadDistance: @escaping () -> Int, rowAppeared: @escaping (Int) -> Void, retry: @escaping () -> Void
        ) {
            self.current = current
            self.cell = cell
            self.preloadDistance = preloadDistance
            self.rowAppeared = rowAppeared
            self.retry = retry
        }
    }

    /// Whether `indexPath` is the placeholder row's.
    func isPlaceholderRow(_ indexPath: ResultsIndexPath) -> Bool {
        indexPath.row == 0 && indexPath.section == placeholderSection
    }

    /// The number of rows after `indexPath` in the table shown, counted
    /// up to just past `limit`; `nil` for a path the table does not have.
    func rowsAfter(_ indexPath: ResultsIndexPath, upTo limit: Int) -> Int? {
        guard let count = snapshot.numberOfElements(inSection: indexPath.section), indexPath.row >= 0, indexPath.row < count
        else { return nil }
        var after = count - indexPath.row - 1
        var section = indexPath.section + 1
        while after <= limit, section < snapshot.numberOfSections {
            after += snapshot.numberOfElements(inSection: section) ?? 0
            section += 1
        }
        return after
    }

    /// Shows the pager's placeholder as it is now: inserts, removes or
    /// replaces the placeholder row in a batch update of its own (a reload
    /// for a view that is not in a window). While an update is applied,
    /// waits for its end.
    func showPagingState() {
        guard let paging else { return }
        guard !isApplying else {
            paging.changedMeanwhile = true
            return
        }
        let (old, new) = (paging.shown, paging.current())
        let section = snapshot.numberOfSections
        let row = ResultsIndexPath(row: 0, section: section)
        switch (old, new) {
        case (nil, nil):
            // The pager changed without a row to show (a refresh ended): the
            // end may be on screen, with pages left.
            checkTheEnd()
            return
        case (.loading?, .loading?):
            return
        case (.failed?, .failed?):
            paging.shown = new   // another error: the same row, its text anew
            view?.reconfigureRows(at: [row])
            return
        default:
            break
        }
        guard let view, view.isInWindow else {
            paging.shown = new
            view?.reloadData()
            return
        }
        view.performBatchUpdates({
            paging.shown = new
            switch (old, new) {
            case (nil, _?): view.insertSections(IndexSet(integer: section))
            case (_?, nil): view.deleteSections(IndexSet(integer: section))
            default: view.reloadRows(at: [row])   // loading to failed or back: another kind of cell
            }
        }, completion: nil)
        checkTheEnd()
    }

    /// With a pager: tells it about the last row on screen, so that the
    /// next page loads when the end is still in view after an update (a
    /// search that hid most of the new rows, a page shorter than the
    /// screen).
    func checkTheEnd() {
        guard paging != nil, let view, view.isInWindow else { return }
        if let last = view.indexPathsForVisibleRows.filter({ $0.section < snapshot.numberOfSections }).max() {
            willDisplayRow(at: last)
        }
    }
}
