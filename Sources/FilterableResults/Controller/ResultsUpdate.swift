/// What a controller reports after an outermost batch: the changes to
/// animate, or that everything must be reloaded.
public enum ResultsUpdate<Element, Key: Hashable> {
    /// Apply these changes in one batch update.
    case changes(ResultsChangeset<Element, Key>)
    /// Reload the whole table.
    case reload
}

extension ResultsUpdate: Sendable where Element: Sendable, Key: Sendable {}
