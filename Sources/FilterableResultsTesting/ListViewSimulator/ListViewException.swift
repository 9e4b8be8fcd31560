/// What a `UITableView` or `UICollectionView` raises for a batch update it
/// cannot apply (an `NSInternalInconsistencyException` on device), as a
/// ``ListViewSimulator`` reports it.
///
/// ``reason`` carries UIKit's wording, with the numbers and index paths
/// filled in, as the exception reason reads in crash reports; index paths
/// read `<NSIndexPath> {length = 2, path = S - R}` (UIKit prints the
/// element's address too). ``kind`` names the rule, so a test can check it
/// without matching text. Where no public report records UIKit's exact
/// words, the reason is the simulator's own, in UIKit's style; each
/// ``Kind`` says which.
public struct ListViewException: Error, Hashable, Sendable {
    /// The rule the batch (or call) broke.
    ///
    /// - Complexity: O(1).
    public var kind: Kind
    /// The exception reason, in UIKit's words where they are known.
    ///
    /// - Complexity: O(1).
    public var reason: String

    /// Creates an exception of `kind` with `reason`.
    ///
    /// - Complexity: O(1).
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}

extension ListViewException: CustomStringConvertible {
    /// The reason, then the kind, as in
    /// `attempt to delete row 3 from section 0 which only contains 3 rows before the update (rowOutOfRangeBeforeUpdate)`.
    ///
    /// - Complexity: O(*m*), where *m* is the length of the reason.
    public var description: String { "\(reason) (\(kind))" }
}
