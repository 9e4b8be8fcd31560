import Foundation

/// The position of a row in the visible table: a section index and a row
/// index within it, as a table or collection view shows them.
///
/// FilterableResults uses its own small index path rather than Foundation's
/// `IndexPath`: `IndexPath.section` and `.row` exist only on Apple platforms
/// (UIKit adds them), so a package that builds on Linux too cannot rely on
/// them, and a two-field value is cheaper to hash and compare than
/// `IndexPath`'s variable-length storage. Every initialiser is labelled, so
/// a section and a row cannot be swapped by accident. Convert with
/// ``init(_:)`` and ``indexPath``.
///
/// Positions in a store's raw data (filters ignored) are ``RawIndexPath``s,
/// a different type.
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

    /// Creates an index path for a collection view's `item` in `section`.
    ///
    /// - Complexity: O(1).
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// Creates an index path from a Foundation `IndexPath` of a table or
    /// collection view (`[section, row]`).
    ///
    /// - Precondition: `indexPath` has two indexes, as UIKit's do.
    /// - Complexity: O(1).
    public init(_ indexPath: IndexPath) {
        precondition(indexPath.count == 2, "ResultsIndexPath: a table or collection view index path has two indexes, not \(indexPath.count)")
        self.init(row: indexPath[1], section: indexPath[0])
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
