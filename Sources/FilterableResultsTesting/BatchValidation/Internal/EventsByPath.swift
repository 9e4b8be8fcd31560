import FilterableResults

/// The row event naming each index path of a table, if one does: one event
/// number per row, laid out as the table is.
///
/// A `[ResultsIndexPath: Int]` of a 100k-row batch takes 6 MB of buckets;
/// this takes 4 bytes a row. Paths must be inside the table (the validator
/// checks them first, rule 1).
@usableFromInline struct EventsByPath {
    /// Where each section's rows start in `numbers`, and after the last
    /// section, the number of rows.
    @usableFromInline let sectionStarts: [Int]
    /// The event number at each row, in table order; -1 where none.
    @usableFromInline var numbers: [Int32]

    /// A table with no event at any path, of sections with `rowCounts` rows.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    @inlinable init(rowCounts: [Int]) {
        var starts = [0]
        for count in rowCounts { starts.append(starts[starts.count - 1] + count) }
        sectionStarts = starts
        numbers = Array(repeating: -1, count: starts[starts.count - 1])
    }

    /// The number of the event naming `path`, or `nil`.
    ///
    /// - Complexity: O(1).
    @inlinable subscript(path: ResultsIndexPath) -> Int? {
        get {
            let number = numbers[offset(of: path)]
            return number < 0 ? nil : Int(number)
        }
        set {
            precondition(newValue.map { $0 <= Int(Int32.max) } ?? true, "more row events than a batch can name")
            numbers[offset(of: path)] = newValue.map(Int32.init) ?? -1
        }
    }

    /// Where `path`'s number is in `numbers`; the path must be in the table.
    @inlinable func offset(of path: ResultsIndexPath) -> Int {
        precondition(path.section >= 0 && path.section < sectionStarts.count - 1, "\(path) is outside the table")
        let offset = sectionStarts[path.section] + path.row
        precondition(path.row >= 0 && offset < sectionStarts[path.section + 1], "\(path) is outside the table")
        return offset
    }
}
