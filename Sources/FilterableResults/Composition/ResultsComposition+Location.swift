extension ResultsComposition {
    /// Where a row of a composed table comes from: a row of one of its parts,
    /// at a path of that part's own table, or a placeholder row.
    public enum Location: Hashable, Sendable {
        /// The row at `indexPath` of the table of the part at index `part`.
        case row(part: Int, indexPath: ResultsIndexPath)
        /// The `row`-th row of a placeholder: of the part at index `part`, or
        /// of the composition itself when `part` is `nil`.
        case placeholder(part: Int?, row: Int)
    }
}
