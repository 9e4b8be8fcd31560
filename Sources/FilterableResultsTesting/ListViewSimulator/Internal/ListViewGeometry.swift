import FilterableResults

/// Where a simulated view lays its rows out: the top of every row, section
/// by section, computed once from the cells, titles and viewport it shows,
/// as a table view keeps its layout between passes instead of asking every
/// row's height at every question.
///
/// The positions add the heights in the order ``ListViewSimulator/verticalBounds(ofRowAt:)``
/// always did: the sections before (header and footer, then their rows),
/// this section's header, the rows before.
struct ListViewGeometry {
    /// For each section, the top of each of its rows, then the bottom of
    /// its last row (the top of its first row without rows).
    var rowTops: [[Double]]
    /// The height of everything shown.
    var contentHeight: Double
    /// Whether no height is negative (or not a number): then positions only
    /// grow down the content, and the rows on screen are found by binary
    /// search; else by the walk over every row they used to take.
    var isOrdered: Bool

    /// Lays out `cells` with `headerTitles` and `footerTitles` in `viewport`.
    ///
    /// - Complexity: O(*n*) calls of the viewport's height functions, for
    ///   *n* rows and sections.
    init<Cell>(
        cells: [[Cell]], headerTitles: [String?], footerTitles: [String?], viewport: ListViewSimulator<Cell>.Viewport
    ) {
        var start = 0.0
        var isOrdered = true
        rowTops = []
        rowTops.reserveCapacity(cells.count)
        for section in cells.indices {
            let header = viewport.headerHeight(headerTitles[section])
            let footer = viewport.footerHeight(footerTitles[section])
            if !(header >= 0 && footer >= 0) { isOrdered = false }
            var tops: [Double] = []
            tops.reserveCapacity(cells[section].count + 1)
            var top = start + header
            var end = start + (header + footer)
            tops.append(top)
            for cell in cells[section] {
                let height = viewport.rowHeight(cell)
                if !(height >= 0) { isOrdered = false }
                top += height
                end += height
                tops.append(top)
            }
            rowTops.append(tops)
            start = end
        }
        contentHeight = start
        self.isOrdered = isOrdered
    }

    /// Where the row at `row` of `section` lies, from its top to its bottom.
    ///
    /// - Complexity: O(1).
    func bounds(ofRow row: Int, inSection section: Int) -> Range<Double> {
        let tops = rowTops[section]
        // A negative height makes an empty range of the row, as its walk did
        // (a range cannot end before it starts).
        return tops[row]..<Swift.max(tops[row], tops[row + 1])
    }

    /// The rows at least partly in `visible` (a row of no height at its
    /// top counts), top to bottom; `nil` when some height is negative or
    /// not a number, or the range is not made of numbers.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* rows on screen, when the
    ///   sections on screen are few.
    func rows(in visible: Range<Double>) -> [ResultsIndexPath]? {
        guard isOrdered, !visible.lowerBound.isNaN, !visible.upperBound.isNaN else { return nil }
        let (lower, upper) = (visible.lowerBound, visible.upperBound)
        var paths: [ResultsIndexPath] = []
        // The first section whose rows reach the top of the viewport.
        var section = rowTops.indices.firstIndexOfSecondPart { rowTops[$0].last! >= lower }
        while section < rowTops.count {
            let tops = rowTops[section]
            guard tops[0] < upper else { break }
            let rows = 0..<tops.count - 1
            // Rows that start above the bottom, and end below the top (or,
            // of no height, start at or below it).
            let end = rows.firstIndexOfSecondPart { tops[$0] >= upper }
            let endingBelowTop = rows.firstIndexOfSecondPart { tops[$0 + 1] > lower }
            let startingAtTop = rows.firstIndexOfSecondPart { tops[$0] >= lower }
            for row in Swift.min(endingBelowTop, startingAtTop)..<Swift.max(end, Swift.min(endingBelowTop, startingAtTop)) {
                paths.append(ResultsIndexPath(row: row, section: section))
            }
            section += 1
        }
        return paths
    }
}

extension Range where Bound == Int {
    /// The first index in the range for which `isInSecondPart` holds,
    /// where it holds for a suffix of the range (the upper bound if none).
    ///
    /// - Complexity: O(log *n*) calls of `isInSecondPart`.
    func firstIndexOfSecondPart(_ isInSecondPart: (Int) -> Bool) -> Int {
        var (low, high) = (lowerBound, upperBound)
        while low < high {
            let middle = low + (high - low) / 2
            if isInSecondPart(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
