/// What a user's action on a view showing a controller did to the
/// controller's data, as the view's screen reports it to a
/// ``RandomOperationRunner`` (see ``RandomOperationRunner/userAction``), which
/// brings its model along and checks the store.
public enum RandomUserEdit<Key: Hashable>: CustomStringConvertible {
    /// The user swiped to delete the row with this key: the model loses
    /// the key (a row removed meanwhile stays removed).
    case deleted(Key)
    /// The user dragged the row with this key and the controller placed
    /// it: the model follows where the store put it, every other row
    /// staying where it was.
    case moved(Key)
    /// Nothing changed, for the reason given: no row to act on, a row the
    /// source does not let move, or an edit refused with a typed error.
    case unchanged(String)
    /// What went wrong: the view raised, a refused edit changed the view, or
    /// a drag landed elsewhere than where the user dropped it.
    case failed(String)

    /// The edit in a few words, as a failure report quotes it.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case let .deleted(key): "user deletes \(key)"
        case let .moved(key): "user moves \(key)"
        case let .unchanged(reason): "user action changes nothing: \(reason)"
        case let .failed(message): "user action failed: \(message)"
        }
    }
}

extension RandomUserEdit: Sendable where Key: Sendable {}
