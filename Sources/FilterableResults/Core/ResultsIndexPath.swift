import Foundation

/// The position of a row: a section index and a row index within it.
///
/// FilterableResults uses its own small index path rather than Foundation's
/// `IndexPath`: `IndexPath.section` and `.row` exist only on Apple platforms
/// (UIKit adds them), so a package that builds on Linux too cannot rely on
/// them, and a two-field value is cheaper to hash and compare than
/// `IndexPath`'s variable-length storage. Convert with ``indexPath`` where a
/// Foundation `IndexPath` is needed.
public struct ResultsIndexPath: Hashable, Comparable, Sendable {
    /// The index of the section.
    public var section: Int
    /// The index of the row within its section.
    public var row: Int

    /// Creates an index path for `row` in `section`.
    ///
    /// - Complexity: O(1).
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// Creates an index path from a `[section, row]` pair.
    ///
    /// - Complexity: O(1).
    public init(_ section: Int, _ row: Int) {
        self.init(row: row, section: section)
    }

    /// Orders index paths by section, then row.
    ///
    /// - Complexity: O(1).
    public static func < (lhs: ResultsIndexPath, rhs: ResultsIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// The same position as a Foundation `IndexPath` of two indexes
    /// (`[section, row]`), as UIKit's table and collection views take it.
    ///
    /// - Complexity: O(1).
    public var indexPath: IndexPath { IndexPath(indexes: [section, row]) }
}

extension ResultsIndexPath: CustomStringConvertible {
    /// The index path as `[section, row]`.
    public var description: String { "[\(section), \(row)]" }
}
