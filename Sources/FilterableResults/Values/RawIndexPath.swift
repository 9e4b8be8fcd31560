/// A position in a store's raw data: every section, every element, filters
/// ignored.
///
/// The raw data and the visible table (what a view shows) are different
/// coordinate spaces, and a position in one is a different row in the
/// other once a filter hides rows or empty sections are hidden. So they are
/// different types: ``ResultsStore`` takes and returns `RawIndexPath`s;
/// ``ResultsController``, ``ResultsSnapshot`` and every change event speak
/// the visible table in ``ResultsIndexPath``s. Passing one where the other
/// is expected does not compile.
///
///     let raw = store.rawIndexPath(forKey: 7)          // RawIndexPath?
///     let shown = controller.indexPath(forKey: 7)      // ResultsIndexPath?
public struct RawIndexPath: Hashable, Comparable, Sendable {
    /// The index of the raw section.
    public var section: Int
    /// The index of the element within its raw section.
    public var row: Int

    /// Creates a raw position.
    ///
    /// - Complexity: O(1).
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// Orders positions by section, then row.
    ///
    /// - Complexity: O(1).
    public static func < (lhs: RawIndexPath, rhs: RawIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}

extension RawIndexPath: CustomStringConvertible {
    /// The position as `[section, row]`.
    public var description: String { "[\(section), \(row)]" }
}
