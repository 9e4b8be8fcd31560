/// What the tree counts in a subtree.
@usableFromInline
struct TreeSummary: Hashable, Sendable {
    @usableFromInline var rows: Int32 = 0
    @usableFromInline var visibleRows: Int32 = 0
    @usableFromInline var headers: Int32 = 0
    @usableFromInline var nonEmptyHeaders: Int32 = 0

    @inlinable init() {}

    @inlinable init(rows: Int32, visibleRows: Int32, headers: Int32, nonEmptyHeaders: Int32) {
        self.rows = rows
        self.visibleRows = visibleRows
        self.headers = headers
        self.nonEmptyHeaders = nonEmptyHeaders
    }

    /// Rows and headers.
    @inlinable var items: Int32 { rows + headers }

    @inlinable static func += (lhs: inout TreeSummary, rhs: TreeSummary) {
        lhs.rows &+= rhs.rows
        lhs.visibleRows &+= rhs.visibleRows
        lhs.headers &+= rhs.headers
        lhs.nonEmptyHeaders &+= rhs.nonEmptyHeaders
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
