extension Range where Bound == Int {
    /// The first index for which `isInSecondPart` is true, or `upperBound`
    /// when there is none: a binary search, for a predicate that is false
    /// for a prefix of the range and true for the rest.
    ///
    /// - Complexity: O(log *n*) calls of the predicate.
    @inlinable func partitioningIndex(where isInSecondPart: (Int) throws -> Bool) rethrows -> Int {
        var low = lowerBound
        var high = upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if try isInSecondPart(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
