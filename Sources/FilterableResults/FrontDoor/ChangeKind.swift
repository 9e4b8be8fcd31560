/// What happened to a section or a row, in NSFetchedResultsController's terms.
public enum ChangeKind: String, Hashable, Sendable, CaseIterable {
    /// It appeared: only a new index is given.
    case insert
    /// It disappeared: only an old index is given.
    case delete
    /// It moved: old and new indexes are given.
    case move
    /// It stayed and its content changed: UIKit reloads it at its old index.
    case update
}
