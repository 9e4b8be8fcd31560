import FilterableResults

/// The row event naming each index path of a table, if one does: one event
/// number per row, laid out as the table is.
///
/// A `[ResultsIndexPath: Int]` of a 100k-row batch takes 6 MB of buckets;
/// this takes 4 bytes a row. Paths must be inside the table (the validator
/// checks them first, rule 1).
struct EventsByPath {
    /// Where each section's rows start in `numbers`.
    private let sectionStarts: [Int]
    /// The event number at each row, in table order; -1 where none.
    private var numbers: [Int32]

    /// A table with no event at any path, of sections with `rowCounts` rows.
    ///
    /// - Complexity: O(*n*), where *n* is the number of rows.
    init(rowCounts: [Int]) {
        var start = 0
        sectionStarts = rowCounts.map { count in
            defer { start += count }
            return start
        }
        numbers = Array(repeating: -1, count: start)
    }

    /// The number of the event naming `path`, or `nil`.
    ///
    /// - Complexity: O(1).
    subscript(path: ResultsIndexPath) -> Int? {
        get {
            let number = numbers[sectionStarts[path.section] + path.row]
            return number < 0 ? nil : Int(number)
        }
        set {
            precondition(newValue.map { $0 <= Int(Int32.max) } ?? true, "more row events than a batch can name")
            numbers[sectionStarts[path.section] + path.row] = newValue.map(Int32.init) ?? -1
        }
    }
}
