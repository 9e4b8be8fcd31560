import FilterableResults

extension ListViewSimulator {
    /// What a simulated view shows on screen: the height of the visible
    /// area, and how tall rows, section headers and footers are.
    ///
    ///     view.viewport = ListViewSimulator.Viewport(height: 600) { cell in cell.hasPrefix("long") ? 120 : 60 }
    ///
    /// Rows are laid out one under the other, each section's header above
    /// its rows and its footer below them, as a plain `UITableView` lays
    /// them out (a collection view with a list layout alike). A row's
    /// height comes from the cell the view holds, so a row whose content
    /// grows grows when its cell is reloaded or reconfigured, as a
    /// self-sizing cell does.
    public struct Viewport {
        /// The height of what the user sees, in points.
        public var height: Double
        /// The height of a row showing a cell.
        public var rowHeight: (Cell) -> Double
        /// The height of a section's header, given its title.
        public var headerHeight: (String?) -> Double
        /// The height of a section's footer, given its title.
        public var footerHeight: (String?) -> Double

        /// Creates a viewport `height` points tall. By default rows are 44
        /// points tall, and a header or footer with a title 28 (none
        /// without one).
        ///
        /// - Complexity: O(1).
        /// The row heights come first, so that a trailing closure gives them.
        public init(
            height: Double,
            rowHeight: @escaping (Cell) -> Double = { _ in 44 },
            headerHeight: @escaping (String?) -> Double = { $0 == nil ? 0 : 28 },
            footerHeight: @escaping (String?) -> Double = { $0 == nil ? 0 : 28 }
        ) {
            self.height = height
            self.rowHeight = rowHeight
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
        }
    }
}

// MARK: - Geometry

extension ListViewSimulator {
    /// The layout of what the view shows: kept from the last question
    /// until the cells, titles or viewport change, as a table view keeps
    /// its layout between passes; `nil` without a ``viewport``.
    ///
    /// - Complexity: O(1) when kept; O(*n*) calls of the viewport's height
    ///   functions to lay out again, for *n* rows and sections.
    var layout: ListViewGeometry? {
        guard let viewport else { return nil }
        if let geometry { return geometry }
        let laidOut = ListViewGeometry(cells: cells, headerTitles: headerTitles, footerTitles: footerTitles, viewport: viewport)
        geometry = laidOut
        return laidOut
    }

    /// The height of everything the view shows, in points; 0 without a
    /// ``viewport``.
    ///
    /// - Complexity: O(1) from the layout kept since the view last changed;
    ///   O(*n*) to lay it out, for *n* rows and sections.
    public var contentHeight: Double { layout?.contentHeight ?? 0 }

    /// Where the row at `indexPath` lies, in points from the top of the
    /// content, from its top to its bottom; `nil` without a ``viewport`` or
    /// when the view has no such row.
    ///
    /// - Complexity: O(1) from the layout kept since the view last changed;
    ///   O(*n*) to lay it out, for *n* rows and sections.
    public func verticalBounds(ofRowAt indexPath: ResultsIndexPath) -> Range<Double>? {
        guard cell(at: indexPath) != nil, let layout else { return nil }
        return layout.bounds(ofRow: indexPath.row, inSection: indexPath.section)
    }

    /// The rows at least partly on screen, top to bottom; none without a
    /// ``viewport``.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* rows on screen, from the
    ///   layout kept since the view last changed; O(*n*) to lay it out,
    ///   for *n* rows and sections.
    public var indexPathsForVisibleRows: [ResultsIndexPath] {
        guard let viewport, let layout else { return [] }
        let visible = contentOffset..<contentOffset + viewport.height
        return layout.rows(in: visible) ?? walkedVisibleRows(in: visible, viewport: viewport)
    }

    /// The rows at least partly in `visible`, found by a walk over every
    /// row: for heights that are negative or not numbers, where positions
    /// do not grow down the content.
    ///
    /// - Complexity: O(*n*), for *n* rows and sections.
    func walkedVisibleRows(in visible: Range<Double>, viewport: Viewport) -> [ResultsIndexPath] {
        var paths: [ResultsIndexPath] = []
        var top = 0.0
        for section in cells.indices {
            top += viewport.headerHeight(headerTitles[section])
            for (row, cell) in cells[section].enumerated() {
                let bottom = top + viewport.rowHeight(cell)
                if top < visible.upperBound && (bottom > visible.lowerBound || (bottom == top && top >= visible.lowerBound)) {
                    paths.append(ResultsIndexPath(row: row, section: section))
                }
                top = bottom
            }
            top += viewport.footerHeight(footerTitles[section])
            if top >= visible.upperBound { break }
        }
        return paths
    }

    /// The top of what the user sees (``contentOffset``); `nil` without a
    /// ``viewport``.
    ///
    /// - Complexity: O(1).
    public var visibleTop: Double? { viewport == nil ? nil : contentOffset }

    /// The highest top of what the user sees: the content's height less
    /// the viewport's, or 0 when the content is shorter.
    var greatestVisibleTop: Double { max(0, contentHeight - (viewport?.height ?? 0)) }
}

// MARK: - Scrolling

extension ListViewSimulator {
    /// Scrolls without animation so that the top of what the user sees is
    /// at `top`, as near as the content allows, and displays the rows that
    /// come on screen (``ListViewDataSource/willDisplayRow(at:)``), as a
    /// data source does when it sets a `UIScrollView`'s `contentOffset`.
    /// Without a ``viewport``, does nothing.
    ///
    /// - Complexity: O(*n*), for *n* rows and sections.
    public func scroll(toVisibleTop top: Double) {
        guard !hasCrashed, viewport != nil else { return }
        contentOffset = min(max(0, top), greatestVisibleTop)
        showVisibleRows()
    }

    /// The user scrolls so that the top of what they see is at `top` (as
    /// near as the content allows): the view displays the rows that come
    /// on screen. Scrolling needs a ``viewport``, and cannot happen inside
    /// a batch update.
    ///
    /// - Returns: Whether the view scrolled.
    /// - Complexity: O(*n*), for *n* rows and sections, plus the data source's work.
    @discardableResult
    public func userScrolls(toVisibleTop top: Double) -> Bool {
        guard !hasCrashed, !isPerformingBatchUpdates, viewport != nil else { return false }
        layoutIfNeeded()
        scroll(toVisibleTop: top)
        return true
    }

    /// The user scrolls to the end of the content, as far as it goes.
    ///
    /// - Returns: Whether the view scrolled.
    /// - Complexity: O(*n*), for *n* rows and sections, plus the data source's work.
    @discardableResult
    public func userScrollsToEnd() -> Bool {
        guard viewport != nil else { return false }
        layoutIfNeeded()
        return userScrolls(toVisibleTop: greatestVisibleTop)
    }

    /// Runs `changes` without animation: a batch update that completes in
    /// it counts in ``unanimatedBatchCount``.
    ///
    /// - Complexity: that of `changes`.
    public func performWithoutAnimation(_ changes: () -> Void) {
        let wasDisabled = animationsDisabled
        animationsDisabled = true
        defer { animationsDisabled = wasDisabled }
        changes()
    }

    /// Keeps the top of what the user sees within the content, then tells
    /// the data source about every row that came on screen since the last
    /// pass (a new cell, or a kept one that scrolled in), top to bottom, as
    /// UIKit calls `willDisplay` when it lays a cell out. Only outside a
    /// batch update, with a ``viewport``.
    func showVisibleRows() {
        guard !hasCrashed, !isPerformingBatchUpdates, isLoaded, viewport != nil else { return }
        contentOffset = min(max(0, contentOffset), greatestVisibleTop)
        let visible = indexPathsForVisibleRows
        let ids = visible.map { cellIDs[$0.section][$0.row] }
        let appearing = zip(visible, ids).filter { !displayedCellIDs.contains($0.1) }.map(\.0)
        displayedCellIDs = Set(ids)
        let version = layoutVersion
        for path in appearing {
            dataSourceOrEmpty.willDisplayRow(at: path)
            // A data source that changed the view from the call has had the
            // rows displayed again by that change: these paths are stale.
            guard layoutVersion == version, !hasCrashed else { return }
        }
    }
}
