/// What the tree counts in a span of items (a subtree, or the items before
/// one).
///
/// Besides the totals, it counts the rows (and visible rows) after the
/// span's last section header: for the items before a row, that is the
/// row's index in its section, so one descent to a row gives its whole
/// index path. Summaries therefore combine in order (`+=` appends a span),
/// and are recomputed, not subtracted, when an item leaves a span.
@usableFromInline
struct TreeSummary: Hashable, Sendable {
    @usableFromInline var rows: Int32 = 0
    @usableFromInline var visibleRows: Int32 = 0
    @usableFromInline var headers: Int32 = 0
    @usableFromInline var nonEmptyHeaders: Int32 = 0
    /// Rows after the last header (all rows when there is none).
    @usableFromInline var rowsAfterLastHeader: Int32 = 0
    /// Visible rows after the last header (all when there is none).
    @usableFromInline var visibleRowsAfterLastHeader: Int32 = 0

    @inlinable init() {}

    @inlinable init(
        rows: Int32, visibleRows: Int32, headers: Int32, nonEmptyHeaders: Int32,
        rowsAfterLastHeader: Int32, visibleRowsAfterLastHeader: Int32
    ) {
        self.rows = rows
        self.visibleRows = visibleRows
        self.headers = headers
        self.nonEmptyHeaders = nonEmptyHeaders
        self.rowsAfterLastHeader = rowsAfterLastHeader
        self.visibleRowsAfterLastHeader = visibleRowsAfterLastHeader
    }

    /// Rows and headers.
    @inlinable var items: Int32 { rows + headers }

    /// Appends the span `rhs` to the span `lhs`.
    @inlinable static func += (lhs: inout TreeSummary, rhs: TreeSummary) {
        if rhs.headers > 0 {
            lhs.rowsAfterLastHeader = rhs.rowsAfterLastHeader
            lhs.visibleRowsAfterLastHeader = rhs.visibleRowsAfterLastHeader
        } else {
            lhs.rowsAfterLastHeader &+= rhs.rowsAfterLastHeader
            lhs.visibleRowsAfterLastHeader &+= rhs.visibleRowsAfterLastHeader
        }
        lhs.rows &+= rhs.rows
        lhs.visibleRows &+= rhs.visibleRows
        lhs.headers &+= rhs.headers
        lhs.nonEmptyHeaders &+= rhs.nonEmptyHeaders
    }

    /// What the span between two prefixes counts: the items after those
    /// `before` counts, up to those `after` counts (which includes them).
    @inlinable static func between(_ before: TreeSummary, and after: TreeSummary) -> TreeSummary {
        let headers = after.headers &- before.headers
        return TreeSummary(
            rows: after.rows &- before.rows,
            visibleRows: after.visibleRows &- before.visibleRows,
            headers: headers,
            nonEmptyHeaders: after.nonEmptyHeaders &- before.nonEmptyHeaders,
            rowsAfterLastHeader: headers > 0 ? after.rowsAfterLastHeader : after.rowsAfterLastHeader &- before.rowsAfterLastHeader,
            visibleRowsAfterLastHeader: headers > 0
                ? after.visibleRowsAfterLastHeader : after.visibleRowsAfterLastHeader &- before.visibleRowsAfterLastHeader)
    }

    /// The count of `measure`.
    @inlinable subscript(measure: TreeMeasure) -> Int32 {
        switch measure {
        case .items: items
        case .rows: rows
        case .visibleRows: visibleRows
        case .headers: headers
        case .nonEmptyHeaders: nonEmptyHeaders
        }
    }
}

/// A way of counting items, to find the *k*-th of them.
@usableFromInline
enum TreeMeasure: Sendable {
    case items, rows, visibleRows, headers, nonEmptyHeaders
}

/// An item's place in the tree: its index among all items, and what the
/// items before it count.
@usableFromInline
struct TreePlace: Hashable, Sendable {
    @usableFromInline var index: Int
    @usableFromInline var before: TreeSummary

    @inlinable init(index: Int, before: TreeSummary) {
        self.index = index
        self.before = before
    }
}
