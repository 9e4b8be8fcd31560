import FilterableResultsPredicates

/// The key lists of the objects parsed lately, so that objects with the same
/// keys in the same order (the rows of a data file) share one array rather
/// than each keeping its own.
struct ObjectShapes {
    /// The most recently used first; a handful, since a file's objects
    /// take few shapes and a miss only costs a new array.
    private var recent: [[String]] = []
    /// How many shapes `recent` keeps.
    private static let limit = 8

    /// The keys of `members` as an array shared with earlier objects of the
    /// same keys, by Unicode scalars, in the same order.
    ///
    /// - Complexity: O(*n*) for *n* members.
    mutating func keys(of members: [FieldObject.Member]) -> [String] {
        for index in recent.indices where FieldObject.keys(recent[index], match: members) {
            if index > 0 { recent.insert(recent.remove(at: index), at: 0) }
            return recent[0]
        }
        let keys = members.map(\.key)
        if recent.count == Self.limit { recent.removeLast() }
        recent.insert(keys, at: 0)
        return keys
    }
}
